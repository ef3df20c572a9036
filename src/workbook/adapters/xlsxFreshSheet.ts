/**
 * A sheet the `.xlsx` adapter creates (issue 28): held in this small model of its own — cells, their formats, merges,
 * column widths, the frozen panes, the print settings — instead of an ExcelJS worksheet, and written straight to its
 * worksheet XML on saving (`xlsxSheetWriter.ts`). A new workbook (`tengen workbook`) is all such sheets, and a batch
 * that adds a round's printouts (Pairings, Tables, Slips) adds them so: ExcelJS is neither loaded nor run for them.
 *
 * The ops take effect as they do on an ExcelJS worksheet in `xlsx.ts` (the proof: test/workbook/xlsxFreshSheet.test.ts
 * writes the same batches both ways and compares what ExcelJS reads back, cell by cell):
 *  - `format` merges into the cell's format: the font keeps what it had and takes the name Calibri, the bold, italic,
 *    size and colour given; the alignment keeps what it had; the fill, number format and border are replaced;
 *  - `merge` unmerges the ranges it overlaps; the cells of the range other than its top-left become part of the merge
 *    (empty, with the top-left cell's format); a value written to one of them goes to the top-left cell, as ExcelJS does;
 *  - `clear` unmerges, then empties values and formats (row heights, widths and print settings stay);
 *  - `print` sets the settings given and keeps the others (ExcelJS's defaults for a new sheet).
 *
 * One deliberate difference: ExcelJS drops a column width of exactly 9 characters (its own default) and the column is
 * then as wide as the sheet's default (8.43); here the width asked for is written.
 */
import { isFormulaInput, type CellFormat, type CellInput, type CellValue, type PrintSettings } from './adapter';
import { formulaBody } from './batch';
import { columnNumber, MAX_COLUMNS, MAX_ROWS, parseCell, parseRange, rangeAddress, type RangePosition } from '../cells/address';

/** A font as ExcelJS models one (`name`, `bold`, `italic`, `size`, `color.argb`). */
export interface FreshFont {
  readonly name?: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly size?: number;
  /** ARGB, `FF808080`. */
  readonly color?: string;
}

/** A cell's format; every field optional, `{}` the sheet's default. */
export interface FreshStyle {
  readonly font?: FreshFont;
  /** A solid fill's ARGB colour. */
  readonly fill?: string;
  readonly numFmt?: string;
  readonly alignment?: { readonly horizontal?: 'left' | 'center' | 'right'; readonly wrapText?: boolean };
  /** A thin border on the four edges. */
  readonly border?: boolean;
}

/** A formula as the sheet holds it: its text without "=", its cached value, the array it spills over. */
export interface FreshFormula {
  readonly formula: string;
  readonly result?: CellValue;
  /** `A1:C9`: the formula is an array formula over this range (stored as a dynamic array on saving). */
  readonly ref?: string;
}

/** What a cell holds: a value, a formula, or (a cell of a merged range but its top-left) nothing of its own. */
export type FreshValue = CellValue | FreshFormula | typeof MERGED;

/** The value of a cell inside a merged range, other than its top-left. */
export const MERGED: unique symbol = Symbol('merged');

export function isFreshFormula(v: FreshValue | undefined): v is FreshFormula {
  return typeof v === 'object' && v !== null;
}

/** One row: its cells' values and format indexes (into `FreshSheet.styles`) by column − 1, and its height. */
interface Row {
  values: FreshValue[];
  styles: number[];
  height?: number;
}

/** The print settings as ExcelJS keeps them (`ws.pageSetup`), with its defaults for a new sheet. */
export interface FreshPageSetup {
  orientation: 'portrait' | 'landscape';
  paperSize?: number;
  fitToPage: boolean;
  fitToWidth: number;
  fitToHeight: number;
  scale: number;
  /** `A$1:D$359`, as ExcelJS holds it. */
  printArea?: string;
  printTitlesRow?: string;
}

/**
 * The page setup fields a print op sets (the others are left as they are), as ExcelJS's `ws.pageSetup` holds them:
 * both this model and the ExcelJS path of `xlsx.ts` take them from here.
 */
export function pageSetupOf(s: PrintSettings): Partial<FreshPageSetup> {
  const p: Partial<FreshPageSetup> = {};
  // ExcelJS writes the print area as `'Sheet'!$` + each corner, so `A1:D9` became `$A1:$D9` (rows relative), which
  // LibreOffice ignores; the rows are made absolute here so the defined name is `$A$1:$D$9`, as Excel writes it.
  if (s.printArea !== undefined) p.printArea = s.printArea.replace(/([A-Za-z]+)\$?(\d+)/g, '$1$$$2');
  if (s.repeatRows !== undefined) p.printTitlesRow = s.repeatRows;
  if (s.orientation !== undefined) p.orientation = s.orientation;
  // ECMA-376 Part 1, 18.3.1.64 pageSetup: paperSize 1 is Letter (8.5 × 11 in), 9 is A4 (210 × 297 mm).
  if (s.paperSize !== undefined) p.paperSize = s.paperSize === 'Letter' ? 1 : 9;
  if (s.fitToWidth !== undefined) {
    p.fitToPage = s.fitToWidth;
    if (s.fitToWidth) {
      p.fitToWidth = 1;
      p.fitToHeight = 0;
    }
  }
  if (s.scale !== undefined) {
    // A percentage scale: <pageSetup scale="…"/> with <pageSetUpPr fitToPage="0"/>, so the row breaks hold.
    p.fitToPage = false;
    p.scale = s.scale;
  }
  return p;
}

/** Worksheet elements kept from the file for a sheet rewritten whole (each its XML text). */
export interface KeptLayout {
  readonly sheetPr?: string;
  readonly sheetViews?: string;
  readonly sheetFormatPr?: string;
  readonly printOptions?: string;
  readonly pageMargins?: string;
  readonly pageSetup?: string;
}

export type FreshView = { readonly state: 'normal' } | { readonly state: 'frozen'; readonly xSplit: number; readonly ySplit: number; readonly topLeftCell: string };

/** The format registry of a sheet: index 0 is the default format. */
class Styles {
  readonly list: FreshStyle[] = [{}];
  private readonly byKey = new Map<string, number>([['{}', 0]]);
  private readonly derived = new Map<string, number>();

  intern(style: FreshStyle): number {
    const key = styleKey(style);
    let at = this.byKey.get(key);
    if (at === undefined) {
      at = this.list.length;
      this.list.push(style);
      this.byKey.set(key, at);
    }
    return at;
  }

  /** The format `index` with `f` applied, as `xlsx.ts` `format` applies it to an ExcelJS cell (memoised). */
  apply(index: number, f: CellFormat, fKey: string): number {
    const memo = `${index}|${fKey}`;
    const known = this.derived.get(memo);
    if (known !== undefined) return known;
    const was = this.list[index];
    let style: FreshStyle = { ...was };
    if (f.bold !== undefined || f.italic !== undefined || f.fontColor !== undefined || f.fontSize !== undefined) {
      style = {
        ...style,
        font: {
          name: 'Calibri',
          ...(was.font ?? {}),
          ...(f.bold !== undefined ? { bold: f.bold } : {}),
          ...(f.italic !== undefined ? { italic: f.italic } : {}),
          ...(f.fontSize !== undefined ? { size: f.fontSize } : {}),
          ...(f.fontColor !== undefined ? { color: `FF${f.fontColor.slice(1).toUpperCase()}` } : {}),
        },
      };
    }
    if (f.fill !== undefined) style = { ...style, fill: `FF${f.fill.slice(1).toUpperCase()}` };
    if (f.numberFormat !== undefined) style = { ...style, numFmt: f.numberFormat };
    if (f.horizontalAlignment !== undefined || f.wrap !== undefined) {
      style = {
        ...style,
        alignment: { ...(was.alignment ?? {}), ...(f.horizontalAlignment !== undefined ? { horizontal: f.horizontalAlignment } : {}), ...(f.wrap !== undefined ? { wrapText: f.wrap } : {}) },
      };
    }
    if (f.border) style = { ...style, border: true };
    const at = this.intern(style);
    this.derived.set(memo, at);
    return at;
  }
}

/** A canonical text of a format (its fields in one order), to find equal formats. */
export function styleKey(s: FreshStyle): string {
  const parts: string[] = [];
  if (s.font) parts.push(`f:${s.font.name ?? ''}|${s.font.bold ?? ''}|${s.font.italic ?? ''}|${s.font.size ?? ''}|${s.font.color ?? ''}`);
  if (s.fill !== undefined) parts.push(`p:${s.fill}`);
  if (s.numFmt !== undefined) parts.push(`n:${s.numFmt}`);
  if (s.alignment) parts.push(`a:${s.alignment.horizontal ?? ''}|${s.alignment.wrapText ?? ''}`);
  if (s.border) parts.push('b');
  return parts.length === 0 ? '{}' : parts.join(';');
}

/** A sheet created by the adapter, its ops applied in memory (see the file's comment). */
export class FreshSheet {
  rows: (Row | undefined)[] = [];
  styles = new Styles();
  /** Merged ranges by their top-left cell's key. */
  merges = new Map<number, RangePosition>();
  /** Widths by column − 1 (undefined: the default). */
  widths: (number | undefined)[] = [];
  views: FreshView[] = [];
  page: FreshPageSetup = { orientation: 'portrait', fitToPage: false, fitToWidth: 1, fitToHeight: 1, scale: 100 };
  /** Page breaks after these rows (ExcelJS's `addPageBreak`), in the order set. */
  breaksAfter: number[] = [];
  /**
   * A sheet of the file rewritten whole (`xlsxFreshFromSheet.ts`): the elements of its layout this model does not
   * hold, as the file has them, written back in their places (the page setup with the settings above over it).
   */
  kept: KeptLayout = {};
  /**
   * Of a sheet of the file rewritten whole: a column's attributes other than its width, as the file has them
   * (` style="3" hidden="1"`), by column − 1 (`xlsxFreshFromSheet.ts`).
   */
  columnAttributes: (string | undefined)[] = [];

  /** A deep copy, to go back to should a batch fail. */
  clone(): FreshSheet {
    const c = new FreshSheet();
    c.rows = this.rows.map((r) => (r ? { values: [...r.values], styles: [...r.styles], ...(r.height !== undefined ? { height: r.height } : {}) } : undefined));
    c.styles = this.styles; // formats are only ever added: the registry is shared
    c.merges = new Map(this.merges);
    c.widths = [...this.widths];
    c.views = [...this.views];
    c.page = { ...this.page };
    c.breaksAfter = [...this.breaksAfter];
    c.kept = this.kept;
    c.columnAttributes = this.columnAttributes;
    return c;
  }

  private row(r: number): Row {
    let row = this.rows[r - 1];
    if (!row) {
      while (this.rows.length < r - 1) this.rows.push(undefined);
      row = { values: [], styles: [] };
      this.rows[r - 1] = row;
    }
    return row;
  }

  /** Sets a row's height (points). */
  height(r: number, points: number): void {
    this.row(r).height = points;
  }

  value(r: number, c: number): FreshValue | undefined {
    return this.rows[r - 1]?.values[c - 1];
  }

  styleIndex(r: number, c: number): number {
    return this.rows[r - 1]?.styles[c - 1] ?? 0;
  }

  private setValue(r: number, c: number, v: FreshValue): void {
    const row = this.row(r);
    const at = c - 1;
    while (row.values.length < at) {
      row.values.push(null);
      row.styles.push(0);
    }
    row.values[at] = v;
    if (row.styles[at] === undefined) row.styles[at] = 0;
  }

  private setStyle(r: number, c: number, s: number): void {
    const row = this.row(r);
    const at = c - 1;
    while (row.values.length <= at) {
      row.values.push(null);
      row.styles.push(0);
    }
    row.styles[at] = s;
  }

  /** The top-left cell of the merged range holding (r, c), when (r, c) is another of its cells. */
  private masterOf(r: number, c: number): { row: number; column: number } | undefined {
    if (this.value(r, c) !== MERGED) return undefined;
    for (const m of this.merges.values()) if (r >= m.top && r <= m.bottom && c >= m.left && c <= m.right) return { row: m.top, column: m.left };
    return undefined;
  }

  /** Writes one cell as ExcelJS's `cell.value = …` does (a cell of a merge writes its top-left cell). */
  private put(r: number, c: number, v: FreshValue): void {
    const master = this.masterOf(r, c);
    if (master) this.setValue(master.row, master.column, v);
    else this.setValue(r, c, v);
  }

  write(row: number, column: number, cells: readonly (readonly CellInput[])[]): void {
    // Row by row, each row's arrays grown once (a congress grid is some 50,000 cells written in one op; issue 28).
    for (let i = 0; i < cells.length; i++) {
      const line = cells[i];
      const r = row + i;
      const target = this.row(r);
      const values = target.values;
      const styles = target.styles;
      const end = column - 1 + line.length;
      while (values.length < end) {
        values.push(null);
        styles.push(0);
      }
      for (let j = 0; j < line.length; j++) {
        const c = line[j];
        const col = column + j;
        let v: FreshValue;
        if (isFormulaInput(c)) {
          const result = c.value ?? undefined;
          const spill = c.spill && (c.spill.rows > 1 || c.spill.columns > 1) ? rangeAddress(r, col, r + c.spill.rows - 1, col + c.spill.columns - 1) : undefined;
          v = { formula: formulaBody(c.formula), ...(result !== undefined && result !== null ? { result } : {}), ...(spill ? { ref: spill } : {}) };
        } else v = c;
        // A cell of a merged range but its top-left writes the top-left cell, as ExcelJS's `cell.value = …` does.
        if (values[col - 1] === MERGED) this.put(r, col, v);
        else values[col - 1] = v;
      }
    }
  }

  /** The last row holding a value, merged cells but their top-left aside (0 on an empty sheet). */
  lastRow(): number {
    for (let r = this.rows.length; r > 0; r--) {
      const row = this.rows[r - 1];
      if (row && row.values.some((v) => v !== null && v !== undefined && v !== MERGED)) return r;
    }
    return 0;
  }

  append(cells: readonly (readonly CellInput[])[]): void {
    this.write(this.lastRow() + 1, 1, cells);
  }

  cache(row: number, column: number, values: readonly (readonly CellValue[])[]): void {
    values.forEach((line, i) =>
      line.forEach((v, j) => {
        const was = this.value(row + i, column + j);
        if (v === null || !isFreshFormula(was)) return;
        this.setValue(row + i, column + j, { ...was, result: v });
      }),
    );
  }

  format(range: RangePosition, f: CellFormat): void {
    const fKey = JSON.stringify(f);
    const changes = cellFormatChangesStyle(f);
    // Each format the range's cells have becomes one new format: found once per op.
    const derived: number[] = [];
    for (let r = range.top; r <= range.bottom; r++) {
      const row = this.row(r);
      if (f.rowHeight !== undefined) row.height = f.rowHeight;
      while (row.values.length < range.right) {
        row.values.push(null);
        row.styles.push(0);
      }
      if (!changes) continue;
      const styles = row.styles;
      for (let c = range.left - 1; c < range.right; c++) {
        const was = styles[c];
        styles[c] = derived[was] ??= this.styles.apply(was, f, fKey);
      }
    }
  }

  private unmergeWithin(range: RangePosition): void {
    for (const [key, m] of [...this.merges]) {
      const overlaps = m.left <= range.right && m.right >= range.left && m.top <= range.bottom && m.bottom >= range.top;
      if (!overlaps) continue;
      this.merges.delete(key);
      for (let r = m.top; r <= m.bottom; r++) for (let c = m.left; c <= m.right; c++) if (this.value(r, c) === MERGED) this.setValue(r, c, null);
    }
  }

  merge(range: RangePosition): void {
    this.unmergeWithin(range);
    if (range.top === range.bottom && range.left === range.right) return;
    const style = this.styleIndex(range.top, range.left);
    for (let r = range.top; r <= range.bottom; r++) {
      for (let c = range.left; c <= range.right; c++) {
        if (r === range.top && c === range.left) {
          this.setStyle(r, c, style);
          if (this.value(r, c) === undefined) this.setValue(r, c, null);
          continue;
        }
        this.setValue(r, c, MERGED);
        this.setStyle(r, c, style);
      }
    }
    this.merges.set(key(range.top, range.left), { ...range });
  }

  clear(range?: RangePosition): void {
    const whole = range ?? { top: 1, left: 1, bottom: MAX_ROWS, right: MAX_COLUMNS };
    this.unmergeWithin(whole);
    if (range === undefined) {
      for (const row of this.rows) {
        if (!row) continue;
        row.values.fill(null);
        row.styles.fill(0);
      }
      return;
    }
    for (let r = range.top; r <= range.bottom; r++) for (let c = range.left; c <= range.right; c++) {
      this.setValue(r, c, null);
      this.setStyle(r, c, 0);
    }
  }

  columnWidths(widths: readonly number[], from?: string): void {
    const start = from ? columnNumber(from)! : 1;
    widths.forEach((w, i) => {
      const at = start + i - 1;
      while (this.widths.length < at) this.widths.push(undefined);
      this.widths[at] = w;
    });
  }

  freeze(rows: number, columns: number): void {
    this.views = rows === 0 && columns === 0 ? [{ state: 'normal' }] : [{ state: 'frozen', xSplit: columns, ySplit: rows, topLeftCell: `${columnLetterOf(columns + 1)}${rows + 1}` }];
  }

  print(s: PrintSettings): void {
    Object.assign(this.page, pageSetupOf(s));
    if (s.rowBreaks !== undefined) {
      this.breaksAfter = [];
      for (const r of [...new Set(s.rowBreaks)].sort((a, b) => a - b)) if (!this.breaksAfter.includes(r - 1)) this.breaksAfter.push(r - 1);
    }
  }

  isMergeSlave(r: number, c: number): boolean {
    return this.value(r, c) === MERGED;
  }

  /** The cell as the adapter reads it (a formula with "="). */
  found(r: number, c: number): { value: CellValue; formula?: string } {
    const v = this.value(r, c);
    if (v === undefined || v === MERGED) return { value: null };
    if (isFreshFormula(v)) return { value: v.result ?? null, formula: `=${v.formula}` };
    return { value: v };
  }

  /** The rectangle from A1 to the last cell holding a value (merged cells but their top-left read empty). */
  private extent(): { rows: number; columns: number } {
    let rows = 0;
    let columns = 0;
    this.rows.forEach((row, i) => {
      if (!row) return;
      for (let c = row.values.length - 1; c >= 0; c--) {
        const v = row.values[c];
        if (v === null || v === undefined || v === MERGED) continue;
        rows = i + 1;
        columns = Math.max(columns, c + 1);
        break;
      }
    });
    return { rows, columns };
  }

  read<T>(cell: (v: FreshValue | undefined) => T, check: (rows: number, columns: number) => void): T[][] {
    const { rows, columns } = this.extent();
    check(rows, columns);
    const out: T[][] = [];
    for (let r = 0; r < rows; r++) {
      const values = this.rows[r]?.values;
      const line: T[] = new Array<T>(columns);
      for (let c = 0; c < columns; c++) line[c] = cell(values?.[c]);
      out.push(line);
    }
    return out;
  }

  values(check: (rows: number, columns: number) => void): CellValue[][] {
    return this.read((v) => (v === undefined || v === MERGED ? null : isFreshFormula(v) ? (v.result ?? null) : v), check);
  }

  formulas(check: (rows: number, columns: number) => void): (string | null)[][] {
    return this.read((v) => (isFreshFormula(v) ? `=${v.formula}` : null), check);
  }
}

/** Whether a `format` changes the cells' format (not only the rows' height). */
function cellFormatChangesStyle(f: CellFormat): boolean {
  return f.bold !== undefined || f.italic !== undefined || f.fontColor !== undefined || f.fontSize !== undefined || f.fill !== undefined || f.numberFormat !== undefined || f.horizontalAlignment !== undefined || f.wrap !== undefined || f.border === true;
}

function key(r: number, c: number): number {
  return r * (MAX_COLUMNS + 1) + c;
}

function columnLetterOf(column: number): string {
  let s = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The range an op names, parsed (the batch was validated: it is one). */
export function rangeOf(text: string): RangePosition {
  return parseRange(text)!;
}

export function cellOf(text: string): { row: number; column: number } {
  return parseCell(text)!;
}
