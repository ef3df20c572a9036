/**
 * The `.xlsx` adapter: a `WorkbookAdapter` over ExcelJS, for files on disk (through `xlsxFile.ts`), the CLI and the
 * standalone browser mode (webpack resolves `exceljs` to its browser build; nothing here touches the file system).
 *
 * `apply` is all or nothing: the whole batch is checked first (`validateBatch`: sheet names, addresses, shapes,
 * values; then its expectations, the cells as they were read when the batch was prepared, refusing with a
 * `WorkbookConflict`), then written; should ExcelJS still fail half-way, the workbook is put back and the error names
 * the op. A batch of cell writes (a result, Log lines) keeps the cells it touches before touching them and puts them
 * back; a batch that creates, deletes or lays out sheets is rolled back from a copy of the whole workbook taken
 * before it (slow on a big workbook, and only those batches pay for it).
 *
 * Formulas are stored without their leading "=" (ExcelJS's convention) with the value given as their cached result,
 * so readers that do not recalculate (ExcelJS itself, viewers, LibreOffice with its default "never recalculate"
 * on load) see the numbers; Excel recalculates on opening (`fullCalcOnLoad`), and both recalculate as soon as a
 * cell the formula reads is edited.
 *
 * Saving stores the formulas as Excel does and loading reads them back (`excelFormulaStorage.ts`): custom
 * functions as `_xldudf_GO_…`, spilling formulas as dynamic arrays. Names (`define-name`) are ExcelJS's
 * `definedNames`.
 *
 * Known limit: ExcelJS does not read page breaks back from a file, so a sheet's row breaks survive only while the
 * workbook stays in memory or the sheet is rewritten by a batch; `rowBreaks` this adapter wrote are kept across
 * `save`.
 */
import ExcelJS from 'exceljs';
import type { CellFormat, CellValue, PrintSettings, WorkbookAdapter, WorkbookBatch, WorkbookOp } from './adapter';
import { columnLetter, columnNumber, MAX_COLUMNS, MAX_ROWS, parseCell, parseRange, rangeAddress, sheetCell, type RangePosition } from '../cells/address';
import { BatchError, expectationConflicts, formulaBody, validateBatch, WorkbookConflict, type FoundCell } from './batch';
import { fromExcelStorage, toExcelStorage } from './excelFormulaStorage';
import { absoluteReference } from '../formulas/names';
import { checkWorkbookLimits, MAX_SHEET_CELLS, MAX_SHEET_ROWS } from './xlsxLimits';
import { TengenInputError } from '../../model/errors';

type Cell = ExcelJS.Cell;
/**
 * Worksheet fields ExcelJS has but does not declare: its row breaks, its tab position, and its merges by master cell
 * (`_merges`, what `mergeCells` records). The merges are read there rather than through `ws.model.merges`: the `model`
 * getter serialises every row and cell of the sheet, so reading it once per merge made writing a grid quadratic in its
 * rounds (a 3,000-round grid took 38 s, issue 12).
 */
type Sheet = ExcelJS.Worksheet & { rowBreaks: ExcelJS.RowBreak[]; orderNo: number; _merges?: Record<string, RangePosition> };
const inside = (ws: ExcelJS.Worksheet) => ws as Sheet;

/** The sheet's merged ranges. */
function mergesOf(ws: ExcelJS.Worksheet): RangePosition[] {
  return Object.values(inside(ws)._merges ?? {}).map((m) => ({ top: m.top, left: m.left, bottom: m.bottom, right: m.right }));
}

/** The workbook's font (ExcelJS's default style, as Excel's own default workbook). */
const DEFAULT_FONT = 'Calibri';

function argb(colour: string): string {
  return `FF${colour.slice(1).toUpperCase()}`;
}

/** A cell's value as the adapter reports it: text, number, boolean or null; dates as ISO text. */
function plainValue(v: ExcelJS.CellValue): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return plainValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('error' in v) return String((v as ExcelJS.CellErrorValue).error);
    if ('text' in v) return String((v as ExcelJS.CellHyperlinkValue).text);
  }
  return null;
}

function isMergeSlave(cell: Cell): boolean {
  return cell.isMerged && cell.master.address !== cell.address;
}

export class XlsxWorkbook implements WorkbookAdapter {
  private workbook: ExcelJS.Workbook;

  protected constructor(workbook: ExcelJS.Workbook) {
    this.workbook = workbook;
    this.workbook.calcProperties = { ...(this.workbook.calcProperties ?? {}), fullCalcOnLoad: true };
  }

  static create(): XlsxWorkbook {
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Tengen';
    return new XlsxWorkbook(wb);
  }

  /** Opens a file; one beyond what a tournament's workbook holds (`xlsxLimits.ts`) is refused first, naming the sheet. */
  static async load(data: ArrayBuffer | Uint8Array): Promise<XlsxWorkbook> {
    await checkWorkbookLimits(toUint8Array(data));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(toArrayBuffer(await fromExcelStorage(toUint8Array(data))));
    return new XlsxWorkbook(wb);
  }

  async save(): Promise<Uint8Array> {
    const buffer = await this.workbook.xlsx.writeBuffer();
    return toExcelStorage(new Uint8Array(buffer as ArrayBuffer));
  }

  /** The ExcelJS workbook underneath (tests, the CLI). */
  get excel(): ExcelJS.Workbook {
    return this.workbook;
  }

  async sheetNames(): Promise<string[]> {
    return this.workbook.worksheets.map((ws) => ws.name);
  }

  private rectangle<T>(sheet: string, read: (cell: Cell) => T, empty: T): T[][] | null {
    const ws = this.workbook.getWorksheet(sheet);
    if (!ws) return null;
    let rows = 0;
    let columns = 0;
    ws.eachRow({ includeEmpty: false }, (row, r) => {
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        if (isMergeSlave(cell)) return;
        if (cell.value === null || cell.value === undefined) return;
        rows = Math.max(rows, r);
        columns = Math.max(columns, c);
      });
    });
    // The sheet is read as a rectangle from A1: a stray entry far away (XFD1048576) would make it 17 billion cells.
    if (rows > MAX_SHEET_ROWS || rows * columns > MAX_SHEET_CELLS) {
      throw new TengenInputError([
        {
          where: sheetCell(sheet, rows, columns),
          message: `the sheet's last cell is row ${rows}, column ${columns}; a tournament's sheets hold far fewer (at most ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows and ${MAX_SHEET_CELLS.toLocaleString('en-US')} cells from A1): clear what lies beyond the tournament`,
        },
      ]);
    }
    const out: T[][] = [];
    for (let r = 1; r <= rows; r++) {
      const row = ws.getRow(r);
      const line: T[] = [];
      for (let c = 1; c <= columns; c++) {
        const cell = row.getCell(c);
        line.push(isMergeSlave(cell) ? empty : read(cell));
      }
      out.push(line);
    }
    return out;
  }

  async readSheet(sheet: string): Promise<CellValue[][] | null> {
    // A formula's cached result is read from `cell.result`: ExcelJS 4.4's `cell.value` leaves out a result of 0
    // (its FormulaValue copies only truthy fields), which would turn every score of 0 into an empty cell.
    return this.rectangle(sheet, (cell) => (cell.type === ExcelJS.ValueType.Formula ? plainValue(cell.result as ExcelJS.CellValue) : plainValue(cell.value)), null);
  }

  async readFormulas(sheet: string): Promise<(string | null)[][] | null> {
    return this.rectangle<string | null>(
      sheet,
      (cell) => {
        const f = cell.formula;
        return f ? `=${f}` : null;
      },
      null,
    );
  }

  /** A cell as the adapter reads it, with its formula: what a batch's expectations are compared with. */
  private found(sheet: string, row: number, column: number): FoundCell {
    const cell = this.workbook.getWorksheet(sheet)?.findCell(row, column);
    if (!cell || isMergeSlave(cell)) return { value: null };
    if (cell.type === ExcelJS.ValueType.Formula) return { value: plainValue(cell.result as ExcelJS.CellValue), formula: `=${cell.formula}` };
    return { value: plainValue(cell.value) };
  }

  async apply(batch: WorkbookBatch): Promise<void> {
    validateBatch(batch, this.workbook.worksheets.map((ws) => ws.name));
    const conflicts = expectationConflicts(batch, (name) => this.workbook.getWorksheet(name) !== undefined, (name, row, column) => this.found(name, row, column));
    if (conflicts.length > 0) throw new WorkbookConflict(batch.label, conflicts);
    if (batch.ops.every((op) => this.journaled(op))) return this.applyJournaled(batch);
    const snapshot = await this.workbook.xlsx.writeBuffer();
    const breaks = this.rowBreaksBySheet();
    let index = 0;
    try {
      for (; index < batch.ops.length; index++) this.applyOp(batch.ops[index]);
    } catch (e) {
      const restored = new ExcelJS.Workbook();
      await restored.xlsx.load(snapshot as ArrayBuffer);
      this.workbook = restored;
      this.workbook.calcProperties = { ...(this.workbook.calcProperties ?? {}), fullCalcOnLoad: true };
      for (const [name, b] of breaks) {
        const ws = this.workbook.getWorksheet(name);
        if (ws) inside(ws).rowBreaks = b;
      }
      throw new BatchError(batch.label, index, batch.ops[index], e instanceof Error ? e.message : String(e));
    }
  }

  /** Ops whose effect is a set of cells' values and styles (or nothing), which `applyJournaled` can take back. */
  private journaled(op: WorkbookOp): boolean {
    switch (op.kind) {
      case 'expect':
      case 'expect-missing':
      case 'write':
      case 'append':
      case 'cached-values':
      case 'format':
        return true;
      case 'ensure-sheet':
        return this.workbook.getWorksheet(op.sheet) !== undefined;
      case 'clear':
        return op.range !== undefined && !((ws) => ws && mergesOf(ws).length > 0)(this.workbook.getWorksheet(op.sheet));
      default:
        return false;
    }
  }

  /** Applies a batch of cell ops, keeping each touched cell's value and style first, to put them back on a failure. */
  private async applyJournaled(batch: WorkbookBatch): Promise<void> {
    const kept = new Map<Cell, { value: ExcelJS.CellValue; style: Partial<ExcelJS.Style> }>();
    this.beforeTouch = (cell) => {
      if (!kept.has(cell)) kept.set(cell, { value: cell.value, style: { ...cell.style } });
    };
    let index = 0;
    try {
      for (; index < batch.ops.length; index++) this.applyOp(batch.ops[index]);
    } catch (e) {
      for (const [cell, was] of kept) {
        cell.value = was.value;
        cell.style = was.style;
      }
      throw new BatchError(batch.label, index, batch.ops[index], e instanceof Error ? e.message : String(e));
    } finally {
      this.beforeTouch = undefined;
    }
  }

  /** Called with every cell an op is about to change, while `applyJournaled` runs. */
  private beforeTouch: ((cell: Cell) => void) | undefined;

  private touch(cell: Cell): Cell {
    this.beforeTouch?.(cell);
    return cell;
  }

  private rowBreaksBySheet(): Map<string, ExcelJS.RowBreak[]> {
    return new Map(this.workbook.worksheets.map((ws) => [ws.name, [...(inside(ws).rowBreaks ?? [])]]));
  }

  private sheet(name: string): ExcelJS.Worksheet {
    const ws = this.workbook.getWorksheet(name);
    if (!ws) throw new Error(`sheet "${name}" does not exist`);
    return ws;
  }

  /** One op, already validated. Protected so a test can make one fail and see the batch rolled back. */
  protected applyOp(op: WorkbookOp): void {
    switch (op.kind) {
      case 'ensure-sheet':
        this.ensureSheet(op.sheet, op.before, op.hidden);
        return;
      case 'delete-sheet': {
        const ws = this.workbook.getWorksheet(op.sheet);
        if (ws) this.workbook.removeWorksheet(ws.id);
        return;
      }
      case 'clear':
        this.clear(this.sheet(op.sheet), op.range === undefined ? undefined : parseRange(op.range)!);
        return;
      case 'expect':
      case 'expect-missing':
        return;
      case 'cached-values': {
        const ws = this.sheet(op.sheet);
        const at = parseCell(op.at)!;
        op.values.forEach((row, i) =>
          row.forEach((v, j) => {
            const cell = ws.findCell(at.row + i, at.column + j);
            if (v === null || !cell || cell.type !== ExcelJS.ValueType.Formula) return;
            // Keeps the rest of the formula's model (an array formula's `shareType` and `ref`: the spill, c2's storage).
            this.touch(cell).value = { ...(cell.value as ExcelJS.CellFormulaValue), formula: cell.formula, result: v } as ExcelJS.CellFormulaValue;
          }),
        );
        return;
      }
      case 'append':
      case 'write': {
        const ws = this.sheet(op.sheet);
        const at = op.kind === 'append' ? { row: this.lastRow(ws) + 1, column: 1 } : parseCell(op.at)!;
        op.cells.forEach((row, i) => {
          const r = ws.getRow(at.row + i);
          row.forEach((c, j) => {
            const cell = this.touch(r.getCell(at.column + j));
            if (c !== null && typeof c === 'object') {
              const result = c.value ?? undefined;
              // A spilling formula is an array formula over its spill (stored as a dynamic array on save); the
              // cells it spills into are written by the same op with their cached values.
              const spill = c.spill && (c.spill.rows > 1 || c.spill.columns > 1) ? { shareType: 'array', ref: rangeAddress(at.row + i, at.column + j, at.row + i + c.spill.rows - 1, at.column + j + c.spill.columns - 1) } : {};
              cell.value = { formula: formulaBody(c.formula), ...(result !== undefined && result !== null ? { result } : {}), ...spill } as ExcelJS.CellFormulaValue;
            } else {
              cell.value = c;
            }
          });
        });
        return;
      }
      case 'format':
        this.format(this.sheet(op.sheet), parseRange(op.range)!, op.format);
        return;
      case 'merge': {
        const ws = this.sheet(op.sheet);
        const range = parseRange(op.range)!;
        this.unmergeWithin(ws, range);
        if (range.top !== range.bottom || range.left !== range.right) ws.mergeCells(range.top, range.left, range.bottom, range.right);
        return;
      }
      case 'column-widths': {
        const ws = this.sheet(op.sheet);
        const from = op.from ? columnNumber(op.from)! : 1;
        op.widths.forEach((w, i) => {
          ws.getColumn(from + i).width = w;
        });
        return;
      }
      case 'freeze': {
        const ws = this.sheet(op.sheet);
        ws.views = op.rows === 0 && op.columns === 0 ? [{ state: 'normal' }] : [{ state: 'frozen', xSplit: op.columns, ySplit: op.rows, topLeftCell: `${columnLetter(op.columns + 1)}${op.rows + 1}` }];
        return;
      }
      case 'print':
        this.print(this.sheet(op.sheet), op.settings);
        return;
      case 'define-name': {
        // ExcelJS keeps names as cells per name; the model is the list { name, ranges }, replaced whole.
        const names = this.workbook.definedNames as unknown as { model: { name: string; ranges: string[] }[] };
        const others = names.model.filter((n) => n.name.toLowerCase() !== op.name.toLowerCase());
        names.model = [...others, { name: op.name, ranges: [absoluteReference(op.sheet, op.range)] }];
        return;
      }
    }
  }

  /** The last row holding a value (0 on an empty sheet): where `append` writes below. */
  private lastRow(ws: ExcelJS.Worksheet): number {
    let last = 0;
    ws.eachRow({ includeEmpty: false }, (row, r) => {
      let filled = false;
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.value !== null && cell.value !== undefined && !isMergeSlave(cell)) filled = true;
      });
      if (filled) last = r;
    });
    return last;
  }

  private ensureSheet(name: string, before?: string, hidden?: boolean): void {
    if (this.workbook.getWorksheet(name)) return;
    // ExcelJS writes `state` as the sheet's `<sheet state="hidden">` (ECMA-376 Part 1, §18.2.19 sheet, ST_SheetState).
    const ws = this.workbook.addWorksheet(name, hidden ? { state: 'hidden' } : undefined);
    if (before !== undefined) {
      const order = inside(this.workbook.getWorksheet(before)!).orderNo;
      for (const other of this.workbook.worksheets) if (other !== ws && inside(other).orderNo >= order) inside(other).orderNo += 1;
      inside(ws).orderNo = order;
    }
  }

  private unmergeWithin(ws: ExcelJS.Worksheet, range: RangePosition): void {
    for (const r of mergesOf(ws)) {
      const overlaps = r.left <= range.right && r.right >= range.left && r.top <= range.bottom && r.bottom >= range.top;
      if (overlaps) ws.unMergeCells(r.top, r.left, r.bottom, r.right);
    }
  }

  private clear(ws: ExcelJS.Worksheet, range?: RangePosition): void {
    if (range === undefined) {
      this.unmergeWithin(ws, { top: 1, left: 1, bottom: MAX_ROWS, right: MAX_COLUMNS });
      ws.eachRow({ includeEmpty: true }, (row) => {
        row.eachCell({ includeEmpty: true }, (cell) => {
          cell.value = null;
          cell.style = {};
        });
      });
      return;
    }
    this.unmergeWithin(ws, range);
    for (let r = range.top; r <= range.bottom; r++) {
      const row = ws.getRow(r);
      for (let c = range.left; c <= range.right; c++) {
        const cell = this.touch(row.getCell(c));
        cell.value = null;
        cell.style = {};
      }
    }
  }

  private format(ws: ExcelJS.Worksheet, range: RangePosition, f: CellFormat): void {
    const border: Partial<ExcelJS.Borders> = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
    for (let r = range.top; r <= range.bottom; r++) {
      const row = ws.getRow(r);
      if (f.rowHeight !== undefined) row.height = f.rowHeight;
      for (let c = range.left; c <= range.right; c++) {
        const cell = this.touch(row.getCell(c));
        if (f.bold !== undefined || f.italic !== undefined || f.fontColor !== undefined || f.fontSize !== undefined) {
          cell.font = {
            // A font written without its name is drawn in the reader's default font (LibreOffice: a serif), not
            // in the workbook's Calibri: the name is written with every font.
            name: DEFAULT_FONT,
            ...(cell.font ?? {}),
            ...(f.bold !== undefined ? { bold: f.bold } : {}),
            ...(f.italic !== undefined ? { italic: f.italic } : {}),
            ...(f.fontSize !== undefined ? { size: f.fontSize } : {}),
            ...(f.fontColor !== undefined ? { color: { argb: argb(f.fontColor) } } : {}),
          };
        }
        if (f.fill !== undefined) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(f.fill) } };
        if (f.numberFormat !== undefined) cell.numFmt = f.numberFormat;
        if (f.horizontalAlignment !== undefined || f.wrap !== undefined) {
          cell.alignment = {
            ...(cell.alignment ?? {}),
            ...(f.horizontalAlignment !== undefined ? { horizontal: f.horizontalAlignment } : {}),
            ...(f.wrap !== undefined ? { wrapText: f.wrap } : {}),
          };
        }
        if (f.border) cell.border = border;
      }
    }
  }

  private print(ws: ExcelJS.Worksheet, s: PrintSettings): void {
    const setup: Partial<ExcelJS.PageSetup> = { ...ws.pageSetup };
    // ExcelJS writes the print area as `'Sheet'!$` + each corner, so `A1:D9` became `$A1:$D9` (rows relative),
    // which LibreOffice ignores; the rows are made absolute here so the defined name is `$A$1:$D$9`, as Excel
    // writes it.
    if (s.printArea !== undefined) setup.printArea = s.printArea.replace(/([A-Za-z]+)\$?(\d+)/g, '$1$$$2');
    if (s.repeatRows !== undefined) setup.printTitlesRow = s.repeatRows;
    if (s.orientation !== undefined) setup.orientation = s.orientation;
    // ECMA-376 Part 1, 18.3.1.64 pageSetup: paperSize 1 is Letter (8.5 × 11 in), 9 is A4 (210 × 297 mm).
    if (s.paperSize !== undefined) setup.paperSize = (s.paperSize === 'Letter' ? 1 : 9) as ExcelJS.PaperSize; // ExcelJS's enum lacks Letter
    if (s.fitToWidth !== undefined) {
      setup.fitToPage = s.fitToWidth;
      if (s.fitToWidth) {
        setup.fitToWidth = 1;
        setup.fitToHeight = 0;
      }
    }
    if (s.scale !== undefined) {
      // A percentage scale: <pageSetup scale="…"/> with <pageSetUpPr fitToPage="0"/>, so the row breaks hold.
      setup.fitToPage = false;
      setup.scale = s.scale;
    }
    ws.pageSetup = setup as ExcelJS.PageSetup;
    if (s.rowBreaks !== undefined) {
      inside(ws).rowBreaks = [];
      // ExcelJS's break of a row is after it; a break "before row n" is after row n − 1.
      for (const r of [...new Set(s.rowBreaks)].sort((a, b) => a - b)) ws.getRow(r - 1).addPageBreak(1, 16384); // max = the last column, 16383 (0-based), as Excel writes it
    }
  }
}

function toUint8Array(data: ArrayBuffer | Uint8Array): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

function toArrayBuffer(data: ArrayBuffer | Uint8Array): ArrayBuffer {
  if (data instanceof Uint8Array) return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  return data;
}
