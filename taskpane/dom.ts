/**
 * The few DOM helpers the wizard needs: elements with attributes and children, labelled fields. No framework: the
 * pane is small, and every control must carry its label (a `<label for>` or an `aria-label`) for the keyboard and
 * screen readers.
 */
export type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined | null | ((e: Event) => void)>;

let uniqueId = 0;
/** A fresh element id with a readable prefix. */
export function newId(prefix: string): string {
  uniqueId += 1;
  return `${prefix}-${uniqueId}`;
}

/** `h('button', { type: 'button', onclick: f }, 'Preview')`. `on*` attributes become listeners; false/null are left out. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') {
      el.addEventListener(name.replace(/^on/, ''), value as EventListener);
    } else if (name === 'value' && 'value' in el) {
      (el as unknown as { value: string }).value = String(value);
    } else if (name === 'checked' && el instanceof HTMLInputElement) {
      el.checked = Boolean(value);
    } else {
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, ...children);
  return el;
}

export function append(el: Element, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/** A label above its control; the control gets an id when it has none. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  if (!control.id) control.id = newId('f');
  const hintEl = hint ? h('small', { id: `${control.id}-hint`, class: 'hint' }, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control, hintEl);
}

/** A checkbox with its label to the right. */
export function checkbox(label: string, attributes: Attributes = {}): { row: HTMLElement; input: HTMLInputElement } {
  const input = h('input', { type: 'checkbox', id: newId('c'), ...attributes });
  return { row: h('div', { class: 'field check' }, input, h('label', { for: input.id }, label)), input };
}

export function button(label: string, onClick: () => void, attributes: Attributes = {}): HTMLButtonElement {
  return h('button', { type: 'button', onclick: onClick, ...attributes }, label);
}

export function select(options: readonly (readonly [string, string])[], value?: string, attributes: Attributes = {}): HTMLSelectElement {
  const el = h('select', attributes, ...options.map(([v, text]) => h('option', { value: v }, text)));
  if (value !== undefined) el.value = value;
  return el;
}

/** A table from a header row and body rows (cells are text or nodes). */
export function table(caption: string, header: readonly string[], rows: readonly (readonly Child[])[], attributes: Attributes = {}): HTMLTableElement {
  return h(
    'table',
    attributes,
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...header.map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, c))))),
  );
}
