/**
 * The one way everything touches a workbook (DEVELOPERS.md, "The house"): the task pane, the standalone page, the
 * tests and the CLI read sheets and write batches through a `WorkbookAdapter`. Two implementations exist:
 *  - the `.xlsx` adapter (ExcelJS, `src/workbook/adapters/xlsx*.ts`), for files on disk and the standalone browser mode;
 *  - the Office.js adapter (`taskpane/`), for a workbook open in Excel.
 *
 * Nothing here imports Office or ExcelJS. A grid written through one adapter reads back identically through the other.
 *
 * ## Writes are batches
 * "Never overwrite a director's entries silently; writes to the workbook happen only after the director confirms, in
 * one batch that can be undone" (DEVELOPERS.md). So the only write is {@link WorkbookAdapter.apply}: the engine
 * prepares a whole {@link WorkbookBatch} (pure data, testable without any workbook), the director confirms it, and the
 * adapter applies it at once — the Office.js adapter in one `Excel.run` (one undo step only where Excel offers undo
 * grouping, ExcelApi 1.20, and the batch neither deletes nor moves sheets); the `.xlsx` adapter in memory, before the
 * file is saved.
 *
 * ## Compare, then write
 * A director may type into the workbook while a pane shows a preview, and two panes may share one workbook (Excel
 * co-authoring). So a batch carries what it expects to find — `expect` ops: the cells it changes as they were read
 * when the preview was made, `expect-missing` for a sheet it creates — and every adapter checks them in the same
 * apply (the same `Excel.run`) before writing anything; a mismatch refuses the whole batch with a
 * {@link WorkbookConflict} naming the cells. Writes touch only the cells they change: the session diffs what the
 * sheet should be against what was read (`changes.ts`), and the Log grows by `append`, placed at apply time below
 * whatever is there then, so two panes' Log lines never overwrite each other.
 */

/** What a cell holds, as a workbook reports it: text, a number, a boolean, or nothing. Dates are ISO text. */
export type CellValue = string | number | boolean | null;

/**
 * A formula to write, with the value it had when written (kept for readers without the add-in). A formula whose
 * answer is an array (`=GO.STANDINGS(…)`, `=GO.PLACE(grid, A16:A95)`) says so with `spill`: the size of the array,
 * its own cell at the top-left. Excel stores such a formula as a dynamic array and shows its answer in the cells
 * below and to the right ("spilled"); those cells hold no formula and nothing typed.
 */
export interface FormulaInput {
  readonly formula: string;
  readonly value?: CellValue;
  readonly spill?: { readonly rows: number; readonly columns: number };
}

/**
 * A cell to write: a plain value, or a formula.
 *
 * A spilling formula and the cells it spills into are written by ONE `write` op that holds them all: the formula
 * at the top-left, and in every other cell of the spill the value the formula gives there (its cached value, for
 * the `.xlsx` file: "every cell of the spill range holds its cached value"). Those values are never typed into
 * Excel — a value in a spill cell would block the spill (`#SPILL!`): the Office.js adapter writes them empty and
 * lets Excel fill them (`spilledBy`). So a batch that writes only the cells that changed must treat the formula
 * and its spill as one unit: when any of them changed, write them all, formula included.
 */
export type CellInput = CellValue | FormulaInput;

export function isFormulaInput(cell: CellInput): cell is FormulaInput {
  return typeof cell === 'object' && cell !== null;
}

/**
 * For a rectangle of cells to write: whether the cell at (row, column) — 0-based inside the rectangle — lies in
 * the spill of a formula of the same rectangle (and is not that formula's own cell).
 */
export function spilledBy(cells: readonly (readonly CellInput[])[]): (row: number, column: number) => boolean {
  const spills: { row: number; column: number; rows: number; columns: number }[] = [];
  cells.forEach((line, r) =>
    line.forEach((cell, c) => {
      if (isFormulaInput(cell) && cell.spill && (cell.spill.rows > 1 || cell.spill.columns > 1)) spills.push({ row: r, column: c, ...cell.spill });
    }),
  );
  if (spills.length === 0) return () => false;
  return (row, column) =>
    spills.some((s) => row >= s.row && row < s.row + s.rows && column >= s.column && column < s.column + s.columns && (row !== s.row || column !== s.column));
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
  /** The paper the sheet prints on (print/paper.ts, `paperOf`). */
  readonly paperSize?: 'A4' | 'Letter';
}

/** One step of a batch. Addresses are A1 style on the named sheet; `at` is a range's top-left cell. */
export type WorkbookOp =
  /**
   * Creates the sheet if missing (at the end, or before `before`); never clears an existing one. `hidden`: a sheet
   * Tengen keeps for itself (the cache sheets, liveCache.ts), created hidden (Excel: Format › Hide & Unhide).
   */
  | { readonly kind: 'ensure-sheet'; readonly sheet: string; readonly before?: string; readonly hidden?: boolean }
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
  | { readonly kind: 'print'; readonly sheet: string; readonly settings: PrintSettings }
  /**
   * Defines a workbook-level name (Formulas › Name Manager) as the absolute reference to `range` on `sheet`
   * (`TengenGrid` → `Grid!$A$1:$Q$95`), replacing an earlier definition of the same name: formulas read the name,
   * the batches keep it the size of what it names (`names.ts`).
   */
  | { readonly kind: 'define-name'; readonly sheet: string; readonly name: string; readonly range: string }
  /**
   * Refuses the whole batch, before anything is written, unless each cell holds what it held when the batch was
   * prepared: its formula when `formula` is given (`=…`), else its value (`null` = empty).
   */
  | { readonly kind: 'expect'; readonly sheet: string; readonly cells: readonly ExpectedCell[] }
  /** Refuses the whole batch, before anything is written, when the sheet exists (another pane created it since). */
  | { readonly kind: 'expect-missing'; readonly sheet: string }
  /** Writes rows (same shape rules as `write`, from column A) below the last non-empty row of the sheet, as it is then. */
  | { readonly kind: 'append'; readonly sheet: string; readonly cells: readonly (readonly CellInput[])[] }
  /**
   * The values formula cells now have, for readers that do not recalculate (ExcelJS, LibreOffice's default): set as
   * the cached result of the formula already in each cell; a cell without a formula, or a `null`, is left alone. Excel
   * recalculates by itself, so the Office.js adapter sends nothing for this op.
   */
  | { readonly kind: 'cached-values'; readonly sheet: string; readonly at: string; readonly values: readonly (readonly CellValue[])[] }
  /**
   * A PNG picture over the cells (a QR code on a printed slip): its top-left corner `offset` points right of and below
   * the top-left corner of cell `at`, `width` × `height` points. Placed where the spreadsheet then has that cell, so
   * it prints inside the cells the sheet lays out for it; it moves with the cell but is not sized with it.
   */
  | ImageOp
  /**
   * Deletes every picture of the sheet. Tengen's printout sheets are written whole (`clear` takes their cells and
   * formats, not their pictures): a round paired again gets its QR codes afresh, none stale. Within a batch, before
   * any `image` op of the same sheet.
   */
  | { readonly kind: 'delete-images'; readonly sheet: string };

/** See `WorkbookOp`, `image`. */
export interface ImageOp {
  readonly kind: 'image';
  readonly sheet: string;
  readonly at: string;
  /** The PNG's bytes in base64, without a `data:` prefix (what Office.js's `shapes.addImage` takes). */
  readonly png: string;
  readonly width: number;
  readonly height: number;
  readonly offset?: { readonly x: number; readonly y: number };
  /** The picture's name (alternative text for screen readers in Excel): "QR code: https://…". */
  readonly name: string;
}

/** A cell a batch expects to find as it was read: `at` is an A1 address on the op's sheet. */
export interface ExpectedCell {
  readonly at: string;
  readonly value: CellValue;
  /** The formula (with "=") when the cell held one: then the formula is compared, not its value (Excel recalculates). */
  readonly formula?: string;
}

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
  /**
   * Optional (the `.xlsx` adapter): a sheet's values and formulas as they are now, read only when first asked for;
   * refused now as `readSheet` would refuse it. Null when the adapter reads it now instead (`readSheet`).
   */
  readSheetLater?(sheet: string): Promise<(() => { readonly values: CellValue[][]; readonly formulas: (string | null)[][] }) | null>;
  /**
   * Applies a batch: all of it, or (on error) none of it, reporting which op failed. The batch's `expect` ops are
   * checked first, in the same call: a cell that changed since refuses the batch with a `WorkbookConflict`.
   */
  apply(batch: WorkbookBatch): Promise<void>;
}
