/**
 * The one way everything touches a workbook (DEVELOPERS.md, "The house"): the task pane, the standalone page, the
 * tests and the CLI read sheets and write batches through a `WorkbookAdapter`. Two implementations exist:
 *  - the `.xlsx` adapter (ExcelJS, `src/workbook/xlsx*.ts`), for files on disk and the standalone browser mode;
 *  - the Office.js adapter (`taskpane/`), for a workbook open in Excel.
 *
 * Nothing here imports Office or ExcelJS. A grid written through one adapter reads back identically through the other.
 *
 * ## Writes are batches
 * "Never overwrite a director's entries silently; writes to the workbook happen only after the director confirms, in
 * one batch that can be undone" (DEVELOPERS.md). So the only write is {@link WorkbookAdapter.apply}: the engine
 * prepares a whole {@link WorkbookBatch} (pure data, testable without any workbook), the director confirms it, and the
 * adapter applies it at once — the Office.js adapter in one `Excel.run` merged into one undo group with a bounded
 * number of `context.sync` calls; the `.xlsx` adapter in memory, before the file is saved.
 */

/** What a cell holds, as a workbook reports it: text, a number, a boolean, or nothing. Dates are ISO text. */
export type CellValue = string | number | boolean | null;

/** A cell to write: a plain value, or a formula with the value it had when written (kept for readers without the add-in). */
export type CellInput = CellValue | { readonly formula: string; readonly value?: CellValue };

export function isFormulaInput(cell: CellInput): cell is { readonly formula: string; readonly value?: CellValue } {
  return typeof cell === 'object' && cell !== null;
}

/** Cell formatting a batch may set on a range. Colours are `#RRGGBB`. */
export interface CellFormat {
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly fill?: string;
  readonly fontColor?: string;
  readonly fontSize?: number;
  readonly numberFormat?: string;
  readonly horizontalAlignment?: 'left' | 'center' | 'right';
  readonly wrap?: boolean;
  /** A thin border on every edge of every cell of the range. */
  readonly border?: boolean;
  /**
   * Height in points of every row of the range. Printouts set it for rows of large text: LibreOffice keeps a row
   * written without a height at the sheet's default (15 pt) whatever its font size.
   */
  readonly rowHeight?: number;
}

export interface PrintSettings {
  /** A1 range, e.g. `A1:Q40`. */
  readonly printArea?: string;
  /** Rows repeated at the top of every printed page, e.g. `4:5`. */
  readonly repeatRows?: string;
  readonly fitToWidth?: boolean;
  /**
   * Print at this percentage (10–400) instead of fitting to the page: a sheet with its own `rowBreaks` needs it,
   * since with fit-to-page the spreadsheet places the breaks itself (docs/excel-compatibility.md, printing).
   */
  readonly scale?: number;
  readonly orientation?: 'portrait' | 'landscape';
  /** Page breaks before these 1-based rows (a pairing sheet: 20 tables to a page); replaces the sheet's breaks. */
  readonly rowBreaks?: readonly number[];
}

/** One step of a batch. Addresses are A1 style on the named sheet; `at` is a range's top-left cell. */
export type WorkbookOp =
  /** Creates the sheet if missing (at the end, or before `before`); never clears an existing one. */
  | { readonly kind: 'ensure-sheet'; readonly sheet: string; readonly before?: string }
  /** Deletes the sheet if present. */
  | { readonly kind: 'delete-sheet'; readonly sheet: string }
  /** Clears values and formats of a range (the whole sheet when `range` is absent). */
  | { readonly kind: 'clear'; readonly sheet: string; readonly range?: string }
  /** Writes a rectangle of cells whose top-left is `at`; every row has the same length. */
  | { readonly kind: 'write'; readonly sheet: string; readonly at: string; readonly cells: readonly (readonly CellInput[])[] }
  | { readonly kind: 'format'; readonly sheet: string; readonly range: string; readonly format: CellFormat }
  | { readonly kind: 'merge'; readonly sheet: string; readonly range: string }
  /** Column widths in characters, from column A (or from `from`, a column letter). */
  | { readonly kind: 'column-widths'; readonly sheet: string; readonly widths: readonly number[]; readonly from?: string }
  | { readonly kind: 'freeze'; readonly sheet: string; readonly rows: number; readonly columns: number }
  | { readonly kind: 'print'; readonly sheet: string; readonly settings: PrintSettings };

/** The header row of every sheet Tengen writes: bold on grey, bordered. */
export const HEADER_FORMAT: CellFormat = { bold: true, fill: '#D9D9D9', border: true };

/** The first ops of a sheet written whole: created when missing, then emptied (values and formats). */
export function freshSheetOps(sheet: string): WorkbookOp[] {
  return [
    { kind: 'ensure-sheet', sheet },
    { kind: 'clear', sheet },
  ];
}

/** Everything one confirmed action writes, applied together or not at all. */
export interface WorkbookBatch {
  /** What the director confirmed, in words ("Pair round 2", "Results of round 1"): the undo label and the Log line. */
  readonly label: string;
  readonly ops: readonly WorkbookOp[];
}

export interface WorkbookAdapter {
  /** Sheet names in tab order. */
  sheetNames(): Promise<string[]>;
  /**
   * The values of a sheet's used range as a rectangle starting at A1 (rows and columns before the used range are
   * included, empty cells are `null`); `null` when the sheet does not exist. Formula cells give their value.
   */
  readSheet(sheet: string): Promise<CellValue[][] | null>;
  /** The formulas of a sheet's used range, same shape as `readSheet` (`null` where a cell holds no formula). */
  readFormulas(sheet: string): Promise<(string | null)[][] | null>;
  /** Applies a batch: all of it, or (on error) none of it, reporting which op failed. */
  apply(batch: WorkbookBatch): Promise<void>;
}
