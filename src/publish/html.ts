/**
 * Writing HTML safely: every text from the tournament (names, clubs, the tournament's name) goes through `text()`,
 * which escapes the five characters HTML gives a meaning to, so a name such as `<b>Ö'Brien & Co</b>` reads as typed.
 * The pages are UTF-8 (`<meta charset="utf-8">`): accents and non-Latin names are written as they are.
 */

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML content or attribute value. */
export function text(value: string | number): string {
  const s = String(value);
  // Most texts (numbers, paths, most names) have nothing to escape: returned as they are, without a new string.
  return NEEDS_ESCAPE.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c]) : s;
}

const NEEDS_ESCAPE = /[&<>"']/;

/** A table: header cells, then rows of cells already HTML; `numeric` columns right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], numeric: ReadonlySet<number> = new Set(), caption?: string): string {
  const cls = (i: number) => (numeric.has(i) ? ' class="n"' : '');
  return (
    `<table>${caption ? `<caption>${caption}</caption>` : ''}<thead><tr>${header.map((h, i) => `<th scope="col"${cls(i)}>${h}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr>${r.map((c, i) => `<td${cls(i)}>${c}</td>`).join('')}</tr>`).join('\n')}</tbody></table>`
  );
}

/** A link; `href` is already a URL (relative path), `label` already HTML. */
export function link(href: string, label: string): string {
  return `<a href="${text(href)}">${label}</a>`;
}
