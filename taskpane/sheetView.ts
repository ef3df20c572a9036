/**
 * The standalone page's sheet view: a sheet of the page's workbook as an HTML table with row numbers and column
 * letters, like a spreadsheet, drawn a hundred rows at a time; after a write, the cells that changed are changed in the
 * table drawn (`viewPatch.ts`), nothing else redrawn (issue 28).
 */
import type { CellValue } from '../src/workbook/adapters/adapter';
import { cellAddress, columnLetter } from '../src/workbook/cells/address';
import { h } from './dom';
import type { ViewPatch } from './viewPatch';

/** A cell's text as the grid shows it. */
export function cellText(v: CellValue): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return v;
}

/** Rows of the sheet view drawn at a time: the first ones at once, the next as the director scrolls to them. */
export const SHEET_ROWS_AT_ONCE = 100;

/** Draws the rows of the last sheet view not drawn yet (the page is printed: the whole sheet goes on paper). */
let drawRest: (() => void) | undefined;
let printHooked = false;

/**
 * The sheet as an HTML table with row numbers and column letters, like a spreadsheet. A congress grid is thousands of
 * rows of dozens of cells: only the first `SHEET_ROWS_AT_ONCE` rows are drawn at once, the next when the last drawn
 * comes into view (or the page is printed), so drawing it never blocks the page (issue 28).
 */
export function renderSheet(name: string, values: readonly (readonly CellValue[])[]): HTMLTableElement {
  const width = values.reduce((w, row) => Math.max(w, row.length), 0);
  const header = h('tr', {}, h('th', { scope: 'col', class: 'corner' }, ''), ...Array.from({ length: width }, (_, c) => h('th', { scope: 'col' }, columnLetter(c + 1))));
  const row = (r: number) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, String(r + 1)),
      ...Array.from({ length: width }, (_, c) => {
        const v = values[r][c] ?? null;
        return h('td', { class: typeof v === 'number' ? 'num' : '', 'data-cell': cellAddress(r + 1, c + 1) }, cellText(v));
      }),
    );
  const body = h('tbody', {});
  let drawn = 0;
  const more = (rows: number) => {
    const until = Math.min(values.length, drawn + rows);
    const lines: HTMLElement[] = [];
    for (; drawn < until; drawn++) lines.push(row(drawn));
    body.append(...lines);
    return drawn < values.length;
  };
  const table = h('table', { class: 'sheet', 'data-testid': 'sheet-view', 'data-sheet': name, 'data-rows': values.length }, h('caption', {}, name), h('thead', {}, header), body);
  if (!more(SHEET_ROWS_AT_ONCE)) return table;
  table.setAttribute('data-drawn', String(drawn));
  const all = () => {
    more(values.length);
    table.setAttribute('data-drawn', String(drawn));
  };
  drawRest = all;
  if (!printHooked) window.addEventListener('beforeprint', () => drawRest?.());
  printHooked = true;
  if (typeof IntersectionObserver !== 'function') {
    all();
    return table;
  }
  // The last row drawn coming into view (or near it) draws the next rows.
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const left = more(SHEET_ROWS_AT_ONCE);
      table.setAttribute('data-drawn', String(drawn));
      if (left) observer.observe(body.lastElementChild!);
    },
    { rootMargin: '0px 0px 600px 0px' },
  );
  observer.observe(body.lastElementChild!);
  return table;
}

/** A cell of the table as `renderSheet` draws it: its text and its alignment. */
function setCell(td: HTMLTableCellElement, v: CellValue): void {
  td.textContent = cellText(v);
  td.className = typeof v === 'number' ? 'num' : '';
}

/**
 * The cells of `patch` changed in `table` (drawn by `renderSheet` from the values the patch was applied to): the rows
 * drawn already change now, the others are drawn from the values when the director scrolls to them.
 */
export function patchSheet(table: HTMLTableElement, patch: ViewPatch): void {
  const body = table.tBodies[0];
  for (const [r, c, v] of patch.cells) {
    // Row r is the body's row r (the header is in <thead>); its first cell is the row number.
    const td = body?.rows[r]?.cells[c + 1];
    if (td) setCell(td, v);
  }
}
