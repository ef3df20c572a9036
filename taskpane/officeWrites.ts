/// <reference types="office-js" />
/**
 * Queuing a planned batch on Office.js proxies (nothing is sent until a `context.sync`), and cutting it into
 * requests under Excel on the web's payload limit.
 */
import type { CellFormat, CellInput, FormulaInput, PrintSettings } from '../src/workbook/adapters/adapter';
import { isFormulaInput, spilledBy } from '../src/workbook/adapters/adapter';
import { cellAddress as a1 } from '../src/workbook/cells/address';
import { columnLetter } from '../src/workbook/cells/address';
import { absoluteReference } from '../src/workbook/formulas/names';
import { boxAddress, type Box, type Step } from './officePlan';
import { jsonBytes } from './officeReads';

/** The most bytes of writes queued for one `context.sync`: under Excel on the web's 5 MB, with room for the envelope. */
export const REQUEST_LIMIT = 4 * 1024 * 1024;

/**
 * Rough size of what queuing a step sends: the cells' JSON in UTF-8 bytes (what goes over the wire; a JavaScript
 * length counts UTF-16 units, a third of the bytes of a CJK name), plus an envelope per range and property.
 */
function stepBytes(step: Step): number {
  const op = step.op;
  if (op.kind === 'write') return jsonBytes(op.cells) + 128;
  if (op.kind === 'format') return 128 * Math.max(1, Object.keys(op.format).length);
  if (op.kind === 'column-widths') return 128 * op.widths.length;
  return 128;
}

/**
 * The steps in requests of at most `REQUEST_LIMIT` bytes, in order; a write bigger than a request is cut into bands of
 * rows (each band its own range).
 */
export function requests(plan: readonly Step[]): Step[][] {
  const out: Step[][] = [];
  let current: Step[] = [];
  let bytes = 0;
  const push = (step: Step) => {
    const size = stepBytes(step);
    if (current.length > 0 && bytes + size > REQUEST_LIMIT) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(step);
    bytes += size;
  };
  for (const step of plan) {
    const op = step.op;
    if (op.kind !== 'write' || stepBytes(step) <= REQUEST_LIMIT / 4) {
      push(step);
      continue;
    }
    const box = (step as { box: Box }).box;
    const textCell = (step as { textCell?: (r: number, c: number) => boolean }).textCell;
    const spilled = spilledBy(op.cells);
    let first = 0;
    while (first < op.cells.length) {
      let last = first;
      let size = jsonBytes(op.cells[first]);
      while (last + 1 < op.cells.length && size + jsonBytes(op.cells[last + 1]) < REQUEST_LIMIT / 4) size += jsonBytes(op.cells[++last]);
      const from = first;
      push({
        op: { ...op, at: a1(box.row + from + 1, box.column + 1), cells: op.cells.slice(from, last + 1) },
        box: { ...box, row: box.row + from, rows: last - from + 1 },
        textCell: textCell && ((r: number, c: number) => textCell(r + from, c)),
        // A band keeps knowing which of its cells a formula of the whole write spills into (left to Excel).
        spilled: (r: number, c: number) => spilled(r + from, c),
      });
      first = last + 1;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Queuing: Office.js proxies only, nothing is sent until the final sync.

/** Excel column width in points for a width in characters (7 px per character of the default font + 5 px padding). */
function pointsForCharacters(chars: number): number {
  return Math.round((chars * 7 + 5) * 0.75 * 100) / 100;
}

function fill<T>(box: Box, value: T): T[][] {
  return Array.from({ length: box.rows }, () => new Array<T>(box.columns).fill(value));
}

/**
 * Text Excel would not keep as text when written through `values`/`formulas` — a formula (`=`, and `+`, `-`, `@` as
 * Lotus-style formula starts: the grid's jigo `=`, handicap `+2`, result `-!`), a number, date, time, percentage or
 * currency (`007`, `1/2`, `5d` is safe but costs nothing), a boolean or an error literal — is written with Excel's
 * quote prefix (`'`), which Excel stores as a flag, not as part of the text: the cell reads back exactly as given.
 * Cells the same batch formats as text (`@`) before writing them are written as they are: Excel keeps them as typed.
 */
export function excelText(text: string): string {
  if (/^[=+\-@'#]/.test(text) || /^\s*[$€£]?\s*[-+]?\.?\d/.test(text) || /^\s*(true|false)\s*$/i.test(text)) return `'${text}`;
  return text;
}

function excelCell(cell: CellInput, textFormatted: boolean): string | number | boolean {
  if (isFormulaInput(cell)) return cell.formula;
  if (cell === null) return '';
  return typeof cell === 'string' && !textFormatted ? excelText(cell) : cell;
}

function queueFormat(worksheet: Excel.Worksheet, box: Box, format: CellFormat): void {
  const range = worksheet.getRange(boxAddress(box));
  if (format.bold !== undefined) range.format.font.bold = format.bold;
  if (format.italic !== undefined) range.format.font.italic = format.italic;
  if (format.fontColor !== undefined) range.format.font.color = format.fontColor;
  if (format.fontSize !== undefined) range.format.font.size = format.fontSize;
  // RangeFormat.rowHeight, in points (ExcelApi 1.1).
  if (format.rowHeight !== undefined) range.format.rowHeight = format.rowHeight;
  if (format.fill !== undefined) range.format.fill.color = format.fill;
  if (format.horizontalAlignment !== undefined) {
    range.format.horizontalAlignment = ({ left: 'Left', center: 'Center', right: 'Right' } as const)[format.horizontalAlignment];
  }
  if (format.wrap !== undefined) range.format.wrapText = format.wrap;
  if (format.numberFormat !== undefined) range.numberFormat = fill(box, format.numberFormat);
  if (format.border) {
    const edges: ('EdgeTop' | 'EdgeBottom' | 'EdgeLeft' | 'EdgeRight' | 'InsideHorizontal' | 'InsideVertical')[] = ['EdgeTop', 'EdgeBottom', 'EdgeLeft', 'EdgeRight'];
    if (box.rows > 1) edges.push('InsideHorizontal');
    if (box.columns > 1) edges.push('InsideVertical');
    for (const edge of edges) range.format.borders.getItem(edge).style = 'Continuous';
  }
}

function queuePrint(worksheet: Excel.Worksheet, settings: PrintSettings): void {
  const layout = worksheet.pageLayout;
  if (settings.printArea !== undefined) layout.setPrintArea(settings.printArea);
  if (settings.repeatRows !== undefined) layout.setPrintTitleRows(settings.repeatRows.replace(/^\$?(\d+):\$?(\d+)$/, '$$$1:$$$2'));
  if (settings.orientation !== undefined) layout.orientation = settings.orientation === 'landscape' ? 'Landscape' : 'Portrait';
  // PageLayout.paperSize, Excel.PaperType "A4" / "Letter" (ExcelApi 1.9, learn.microsoft.com/javascript/api/excel/excel.pagelayout).
  if (settings.paperSize !== undefined) layout.paperSize = settings.paperSize === 'Letter' ? 'Letter' : 'A4';
  if (settings.fitToWidth) layout.zoom = { horizontalFitToPages: 1 };
  // PageLayoutZoomOptions.scale, 10–400, "null if fit to page tall or wide is specified" (ExcelApi 1.9,
  // learn.microsoft.com/javascript/api/excel/excel.pagelayoutzoomoptions).
  if (settings.scale !== undefined) layout.zoom = { scale: settings.scale };
  if (settings.rowBreaks !== undefined) {
    // A rewritten sheet keeps its old manual breaks (clearing cells does not remove them): remove them first
    // (PageBreakCollection.removePageBreaks, ExcelApi 1.9).
    worksheet.horizontalPageBreaks.removePageBreaks();
    for (const row of settings.rowBreaks) worksheet.horizontalPageBreaks.add(`A${row}`);
  }
}

/** The workbook's names, read before writing when a batch defines names. */
export interface WorkbookNames {
  readonly collection: Excel.NamedItemCollection;
  /** Lower-cased: Excel's names are case-insensitive. */
  readonly existing: Set<string>;
}

/** How a write is queued on this host. */
export interface QueueOptions {
  /**
   * The host spills dynamic arrays. Where it does not, a formula of a batch that spills is written as the values it
   * answers (the batch carries them: the formula's `value` and its spill's cells), which Tengen rewrites at each
   * write of the pane; `onFallback` is told, once per op (issue 21, R6).
   */
  readonly dynamicArrays: boolean;
  readonly onFallback?: () => void;
}

export function queueOp(worksheets: Excel.WorksheetCollection, step: Step, names?: WorkbookNames, options: QueueOptions = { dynamicArrays: true }): void {
  const op = step.op;
  switch (op.kind) {
    case 'ensure-sheet': {
      if (!('create' in step) || !step.create) return;
      const added = worksheets.add(op.sheet);
      if (step.position !== undefined) added.position = step.position;
      // Worksheet.visibility, ExcelApi 1.1 (learn.microsoft.com/javascript/api/excel/excel.worksheet#excel-excel-worksheet-visibility-member).
      if (op.hidden) added.visibility = 'Hidden';
      return;
    }
    case 'delete-sheet':
      if ('exists' in step && step.exists) worksheets.getItem(op.sheet).delete();
      return;
    default:
      break;
  }
  if (op.kind === 'define-name') {
    // A name that exists is redefined in place through NamedItem.formula ("The formula of the named item. Formulas
    // always start with an equal sign", ExcelApi 1.7, learn.microsoft.com/javascript/api/excel/excel.nameditem#excel-excel-nameditem-formula-member):
    // the formulas that read it keep reading it, which a delete then add would leave to Excel's re-binding (issue 21,
    // R10). A new one is added: NamedItemCollection.add(name, reference) (ExcelApi 1.4).
    if (!names) throw new Error('internal: the workbook names were not read');
    const key = op.name.toLowerCase();
    const reference = `=${absoluteReference(op.sheet, op.range)}`;
    if (names.existing.has(key)) names.collection.getItem(op.name).formula = reference;
    else names.collection.add(op.name, reference);
    names.existing.add(key);
    return;
  }
  const worksheet = worksheets.getItem(op.sheet);
  const box = 'box' in step ? step.box : undefined;
  switch (op.kind) {
    case 'clear':
      (box ? worksheet.getRange(boxAddress(box)) : worksheet.getRange()).clear('All');
      return;
    case 'write': {
      const range = worksheet.getRange(boxAddress(box!));
      const textCell = 'textCell' in step ? step.textCell : undefined;
      // The cells a formula of this write spills into are left empty for Excel to fill: a value there would block
      // the spill (#SPILL!, "Dynamic array formulas and spilled array behavior", Microsoft Support).
      // No dynamic arrays ("Dynamic array formulas in non-dynamic aware Excel", Microsoft Support: a spilling formula
      // shows its first value only; office-js #1066): a spilling formula's cell gets its value and its spill keeps the
      // values the batch carries, so the sheet still shows the whole table (issue 21, R6).
      const noSpill = !options.dynamicArrays;
      const spills = (cell: CellInput): cell is FormulaInput => isFormulaInput(cell) && cell.spill !== undefined && (cell.spill.rows > 1 || cell.spill.columns > 1);
      const asValue = (cell: CellInput): CellInput => (noSpill && spills(cell) ? (cell.value ?? null) : cell);
      if (noSpill && op.cells.some((row) => row.some(spills))) options.onFallback?.();
      const spilled = noSpill ? () => false : ('spilled' in step && step.spilled) || spilledBy(op.cells);
      const cells = op.cells.map((row, r) => row.map((cell, c) => excelCell(spilled(r, c) ? null : asValue(cell), textCell?.(r, c) ?? false)));
      // Formulas and constants go in together through `formulas` (a constant there is written as itself).
      if (op.cells.some((row) => row.some((cell) => isFormulaInput(asValue(cell))))) range.formulas = cells;
      else range.values = cells;
      return;
    }
    case 'format':
      queueFormat(worksheet, box!, op.format);
      return;
    case 'merge':
      worksheet.getRange(boxAddress(box!)).merge(false);
      return;
    case 'column-widths':
      op.widths.forEach((w, i) => {
        worksheet.getRange(`${columnLetter(box!.column + i + 1)}:${columnLetter(box!.column + i + 1)}`).format.columnWidth = pointsForCharacters(w);
      });
      return;
    case 'freeze':
      worksheet.freezePanes.unfreeze();
      if (op.rows > 0 && op.columns > 0) worksheet.freezePanes.freezeAt(worksheet.getRangeByIndexes(0, 0, op.rows, op.columns));
      else if (op.rows > 0) worksheet.freezePanes.freezeRows(op.rows);
      else if (op.columns > 0) worksheet.freezePanes.freezeColumns(op.columns);
      return;
    case 'print':
      queuePrint(worksheet, op.settings);
      return;
  }
}

