/**
 * Standalone mode: the same task pane in an ordinary browser, on a workbook held in the page (the `.xlsx` adapter).
 * The director opens an `.xlsx` (or starts a new one), runs the whole wizard, sees the grid drawn beside the pane,
 * and saves the `.xlsx` (a download). Nothing leaves the page: no server, no Office.
 */
import type { CellValue, WorkbookAdapter } from '../src/workbook/adapter';
import { cellAddress, columnLetter, parseCell } from '../src/workbook/address';
import { GRID_SHEET } from '../src/workbook/grid';
import { append, button, clear, field, h, select } from './dom';
import type { WizardServices } from './services';
import { Wizard } from './wizard';

/** A workbook the page holds: readable and writable through the adapter, and savable as `.xlsx` bytes. */
export interface PageWorkbook extends WorkbookAdapter {
  save(): Promise<Uint8Array>;
}

export interface PageWorkbookFactory {
  create(): PageWorkbook | Promise<PageWorkbook>;
  load(bytes: Uint8Array): PageWorkbook | Promise<PageWorkbook>;
}

/** A cell's text as the grid shows it. */
export function cellText(v: CellValue): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return v;
}

/** The sheet as an HTML table with row numbers and column letters, like a spreadsheet. */
export function renderSheet(name: string, values: readonly (readonly CellValue[])[]): HTMLTableElement {
  const width = values.reduce((w, row) => Math.max(w, row.length), 0);
  const header = h('tr', {}, h('th', { scope: 'col', class: 'corner' }, ''), ...Array.from({ length: width }, (_, c) => h('th', { scope: 'col' }, columnLetter(c + 1))));
  const body = values.map((row, r) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, String(r + 1)),
      ...Array.from({ length: width }, (_, c) => {
        const v = row[c] ?? null;
        return h('td', { class: typeof v === 'number' ? 'num' : '', 'data-cell': cellAddress(r + 1, c + 1) }, cellText(v));
      }),
    ),
  );
  return h('table', { class: 'sheet', 'data-testid': 'sheet-view', 'data-sheet': name }, h('caption', {}, name), h('thead', {}, header), h('tbody', {}, ...body));
}

function fileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase();
  return `${slug || 'tournament'}.xlsx`;
}

export class StandalonePage {
  private wb: PageWorkbook | null = null;
  private fileTitle = 'tournament';
  private shown = GRID_SHEET;
  private readonly pane: HTMLElement;
  private readonly gridEl: HTMLElement;
  private readonly toolbar: HTMLElement;
  private readonly messageEl: HTMLElement;

  constructor(
    container: HTMLElement,
    private readonly factory: PageWorkbookFactory,
    private readonly services: WizardServices,
  ) {
    clear(container);
    container.classList.add('standalone');
    this.messageEl = h('p', { class: 'page-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'page-status' });
    const open = h('input', { type: 'file', accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name: 'open-xlsx' });
    open.addEventListener('change', () => {
      const file = open.files?.[0];
      if (file) void this.openFile(file);
    });
    this.toolbar = h(
      'div',
      { class: 'toolbar', role: 'toolbar', 'aria-label': 'Workbook' },
      field('Open a workbook (.xlsx)', open),
      button('New workbook', () => void this.newWorkbook(), { 'data-testid': 'new-workbook' }),
      button('Save .xlsx', () => void this.save(), { 'data-testid': 'save-xlsx' }),
    );
    this.pane = h('div', { class: 'pane' });
    this.gridEl = h('section', { class: 'grid-view', 'aria-label': 'The workbook' });
    append(container, h('header', { class: 'page-header' }, h('span', { class: 'brand' }, 'Tengen — standalone'), this.toolbar, this.messageEl), h('div', { class: 'layout' }, this.pane, this.gridEl));
  }

  async newWorkbook(): Promise<void> {
    await this.mount(await this.factory.create(), 'tournament');
    this.messageEl.textContent = 'A new, empty workbook: create the tournament in the pane.';
  }

  async openFile(file: File): Promise<void> {
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      await this.mount(await this.factory.load(bytes), file.name.replace(/\.xlsx$/i, ''));
      this.messageEl.textContent = `Opened ${file.name}.`;
    } catch (e) {
      this.messageEl.textContent = `${file.name} could not be opened as an .xlsx workbook: ${(e as Error).message}`;
    }
  }

  private async mount(wb: PageWorkbook, title: string): Promise<void> {
    this.wb = wb;
    this.fileTitle = title;
    clear(this.pane);
    const wizard = new Wizard(this.pane, wb, this.services, {
      workbookName: `${title}.xlsx`,
      onWrite: (batch) => {
        this.messageEl.textContent = `${batch.label}: written in the page's workbook — Save .xlsx to keep it in a file.`;
        void this.drawGrid();
      },
    });
    await wizard.start();
    await this.drawGrid();
  }

  /** Draw the shown sheet (the Grid by default) of the page's workbook. */
  async drawGrid(): Promise<void> {
    const wb = this.wb;
    clear(this.gridEl);
    if (!wb) return;
    const names = await wb.sheetNames();
    if (!names.includes(this.shown)) this.shown = names.includes(GRID_SHEET) ? GRID_SHEET : names[0] ?? GRID_SHEET;
    const chooser = select(names.map((n) => [n, n] as const), this.shown, { name: 'sheet' });
    chooser.addEventListener('change', () => {
      this.shown = chooser.value;
      void this.drawGrid();
    });
    const values = names.length > 0 ? await wb.readSheet(this.shown) : null;
    const view = values ? renderSheet(this.shown, values) : null;
    append(
      this.gridEl,
      names.length > 0 ? h('div', { class: 'row sheet-tools' }, field('Sheet', chooser), values ? this.cellEditor(wb, this.shown, view!) : null) : null,
      view ? h('div', { class: 'sheet-scroll' }, view) : h('p', {}, 'The workbook has no sheet yet.'),
    );
  }

  /**
   * Typing in the grid, as a director does in Excel (then "Re-read the grid" in the pane): a cell address and its new
   * value; clicking a cell of the table fills both. The director's own entry, written as he types it.
   */
  private cellEditor(wb: PageWorkbook, sheet: string, view: HTMLTableElement): HTMLElement {
    const address = h('input', { type: 'text', name: 'cell-address', size: 6, placeholder: 'F16', autocomplete: 'off' });
    const value = h('input', { type: 'text', name: 'cell-value', size: 10, autocomplete: 'off' });
    view.addEventListener('click', (e) => {
      const td = (e.target as Element).closest('td[data-cell]');
      if (!td) return;
      address.value = td.getAttribute('data-cell') ?? '';
      value.value = td.textContent ?? '';
      value.focus();
      value.select();
    });
    const form = h('form', { class: 'row cell-editor', 'aria-label': `Type in ${sheet}` }, field('Cell', address), field('Value', value), h('button', { type: 'submit' }, 'Write cell'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const position = parseCell(address.value);
      if (!position) {
        this.messageEl.textContent = `Cell: "${address.value}" is not a cell address like F16`;
        return;
      }
      const at = cellAddress(position.row, position.column);
      const text = value.value.trim();
      const cell = text === '' ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
      void wb
        .apply({ label: `Typed in ${sheet}!${at}`, ops: [{ kind: 'write', sheet, at, cells: [[cell]] }] })
        .then(() => {
          this.messageEl.textContent = `${sheet}!${at} = ${text || '(empty)'}: re-read the grid in the pane to use it.`;
          return this.drawGrid();
        })
        .catch((err: Error) => (this.messageEl.textContent = `${sheet}!${at}: not written — ${err.message}`));
    });
    return form;
  }

  /** Download the workbook as `.xlsx`. */
  async save(): Promise<void> {
    if (!this.wb) {
      this.messageEl.textContent = 'Nothing to save: open a workbook or start a new one.';
      return;
    }
    const bytes = await this.wb.save();
    // A copy in a plain ArrayBuffer (a Blob takes no view of a shared buffer).
    const blob = new Blob([bytes.slice().buffer as ArrayBuffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: fileName(this.fileTitle) });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.messageEl.textContent = `Saved ${fileName(this.fileTitle)}.`;
  }
}
