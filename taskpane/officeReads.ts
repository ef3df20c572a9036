/// <reference types="office-js" />
/**
 * Reading through Office.js: the sheet list in tab order, a sheet's used range (values, and formulas) padded to start
 * at A1, any rectangle — each read in ONE `Excel.run`, cut into row bands so that no RESPONSE goes over Excel on the
 * web's limit.
 *
 * - Excel on the web limits requests AND responses to 5 MB ("Performance optimization using the Excel JavaScript
 *   API", https://learn.microsoft.com/office/dev/add-ins/excel/performance, "Payload size limit best practices": the
 *   limit applies to requests and responses alike; issue 21 measured a 1,500 × 10 Grid at ≈ 5.2 MiB): a used range is read in bands of rows sized from what the bands before it weighed (UTF-8 bytes of
 *   their JSON), at most `READ_LIMIT / 2` a band, and a band Excel refuses as too big
 *   (`ResponsePayloadSizeLimitExceeded`) is read again in halves;
 * - every run passes `delayForCellEdit` (Excel.RunOptions, https://learn.microsoft.com/javascript/api/excel/excel.runoptions:
 *   "Excel delays the batch request until the user exits cell edit mode"; without it the batch fails while the
 *   director is typing in a cell);
 * - the sheet is looked up in the sheet list first: no range is asked of a null worksheet
 *   (`getItemOrNullObject`, "*OrNullObject methods and properties": a null object has nothing to read).
 */
import type { CellValue } from '../src/workbook/adapters/adapter';
import type { ExcelHost } from './officeHost';

/** The options of every `Excel.run` of the pane: wait while the director edits a cell (ExcelApi 1.11). */
export const RUN_OPTIONS: Excel.RunOptions = { delayForCellEdit: true };

/** The most bytes one read answers: under the web's 5 MB, with room for the envelope. */
export const READ_LIMIT = 4 * 1024 * 1024;

/**
 * The first band of a read, in cells: a probe (about 50 KB of a grid's values and formulas) whose weight sizes the
 * bands after it.
 */
const FIRST_BAND_CELLS = 2_000;

/** UTF-8 bytes of a text: what a request or response weighs on the wire (JavaScript lengths count UTF-16 units). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair: one character of four bytes
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** UTF-8 bytes of a value's JSON. */
export function jsonBytes(value: unknown): number {
  return utf8Bytes(JSON.stringify(value) ?? '');
}

/** Excel on the web refusing a request or a response over its limit. */
export function payloadTooLarge(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return (typeof code === 'string' && /PayloadSizeLimitExceeded/.test(code)) || (e instanceof Error && /PayloadSizeLimitExceeded/.test(e.message));
}

export function inTabOrder(items: readonly { name: string; position: number }[]): string[] {
  return [...items].sort((a, b) => a.position - b.position).map((s) => s.name);
}

/** Excel reports an empty cell as ''. */
export function cellValue(v: unknown): CellValue {
  if (v === '' || v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

export async function sheetNames(host: ExcelHost): Promise<string[]> {
  return host.run(RUN_OPTIONS, async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name,items/position');
    await context.sync();
    return inTabOrder(sheets.items);
  });
}


/**
 * A rectangle of a sheet (0-based top row and left column) read in row bands, one `context.sync` each, so that no
 * response goes over `READ_LIMIT`: the first band `FIRST_BAND_CELLS` cells, the next ones sized so that rows twice
 * as heavy as the heaviest read so far still fit.
 */
export async function readBands(
  context: Excel.RequestContext,
  worksheet: Excel.Worksheet,
  box: { readonly row: number; readonly column: number; readonly rows: number; readonly columns: number },
  withFormulas: boolean,
): Promise<{ values: unknown[][]; formulas: unknown[][] }> {
  const out = { values: [] as unknown[][], formulas: [] as unknown[][] };
  let band = Math.max(1, Math.floor(FIRST_BAND_CELLS / Math.max(1, box.columns)));
  let heaviestRow = 0;
  let at = 0;
  while (at < box.rows) {
    const rows = Math.min(band, box.rows - at);
    const range = worksheet.getRangeByIndexes(box.row + at, box.column, rows, box.columns);
    if (withFormulas) range.load('values, formulas');
    else range.load('values');
    try {
      // One sync a band is the point: each answer stays under the limit (the rule's advice is for small reads).
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    } catch (e) {
      // Refused as too big all the same (rows much heavier than those before): the same rows in halves.
      if (payloadTooLarge(e) && rows > 1) {
        band = Math.ceil(rows / 2);
        continue;
      }
      throw e;
    }
    out.values.push(...(range.values as unknown[][]));
    if (withFormulas) out.formulas.push(...(range.formulas as unknown[][]));
    const bytes = jsonBytes(range.values) + (withFormulas ? jsonBytes(range.formulas) : 0);
    heaviestRow = Math.max(heaviestRow, bytes / rows);
    band = Math.max(1, Math.floor(READ_LIMIT / 2 / Math.max(1, heaviestRow)));
    at += rows;
  }
  return out;
}

/**
 * The used range's values (and formulas), padded to start at A1: the sheet list, then the used range's place, then
 * its cells in bands. Null for a sheet that does not exist.
 */
export async function readUsed(host: ExcelHost, sheet: string, withFormulas: boolean): Promise<{ values: unknown[][]; formulas: unknown[][] } | null> {
  return host.run(RUN_OPTIONS, async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name');
    await context.sync();
    const found = sheets.items.find((s) => s.name.toLowerCase() === sheet.toLowerCase());
    if (!found) return null;
    const worksheet = sheets.getItem(found.name);
    const used = worksheet.getUsedRangeOrNullObject();
    used.load(['rowIndex', 'columnIndex', 'rowCount', 'columnCount']);
    await context.sync();
    if (used.isNullObject) return { values: [], formulas: [] };
    const read = await readBands(context, worksheet, { row: used.rowIndex, column: used.columnIndex, rows: used.rowCount, columns: used.columnCount }, withFormulas);
    const left: unknown[] = new Array(used.columnIndex).fill(null);
    const pad = (grid: unknown[][]) => [
      ...Array.from({ length: used.rowIndex }, () => new Array(used.columnIndex + used.columnCount).fill(null)),
      ...grid.map((row) => [...left, ...row]),
    ];
    return { values: pad(read.values), formulas: withFormulas ? pad(read.formulas) : [] };
  });
}
