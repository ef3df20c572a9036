/**
 * A sheet's cells changed in its own XML, without parsing the sheet into ExcelJS (issue 28): what a result, a round's
 * Grid columns, the cache sheets and the Log need — values and formulas written into cells, cached formula values
 * refreshed, rows appended. The sheet's XML is kept as the file has it; on saving, only the rows holding a changed
 * cell are rewritten, each changed `<c>` element replaced (or inserted in column order), every other byte of the sheet
 * (its other rows, styles, merges, notes' anchors, extensions) kept as it was. A batch that lays a sheet out
 * (formats, merges, clears, widths, printing) still goes through ExcelJS (`xlsx.ts`), which first parses the sheet
 * with these changes made (`patchedSheetXml`).
 *
 * The cells are written as ExcelJS writes them (ECMA-376 Part 1, §18.3.1.4 c, §18.3.1.40 f, §18.3.1.96 v): text as a
 * shared string (`t="s"`, §18.4), a number as `<v>`, a boolean as `t="b"`, a formula as `<f>` with its cached value
 * (`t="str"` for text), a spilling formula as an array formula over its spill (`<f t="array" ref="…">`, marked as a
 * dynamic array: `excelFormulaStorage.ts`), the custom functions under Excel's stored names (`_xldudf_GO_…`). A
 * changed cell keeps its style (`s`); a new one takes its row's style when the row has one (`customFormat`), else its
 * column's, as ExcelJS gives a new cell. A row's `spans` (an optional hint, §18.3.1.73) is dropped from a changed row,
 * and the sheet's `<dimension>` grows to cover the new cells.
 *
 * What the adapter reads of a patched sheet is the quick reading of its XML (`xlsxSheetReader.ts`) with the changes
 * made to it here, so every read and every expectation check sees the cells as they now are.
 */
import type { CellFormat, CellInput, CellValue } from './adapter';
import { isFormulaInput } from './adapter';
import { formulaBody } from './batch';
import { storedFormula } from './excelFormulaStorage';
import { attributeOf, type SheetCells } from './xlsxSheetReader';
import { attribute, formulaXmlText, withAttribute, xmlText } from './xlsxXml';
import { cellAddress, columnLetter, rangeAddress, type RangePosition } from '../cells/address';
import { formatsCells } from './xlsxStyles';

/** What `SheetPatch.restore` goes back to (`SheetPatch.snapshot`). */
export interface PatchSnapshot {
  readonly rows: number;
  readonly formulaRows: number;
  readonly valueLengths: Int32Array;
  readonly formulaLengths: Int32Array;
  /** The value and formula each overwritten cell had, two entries a cell; `at` its row and column (0-based), two a cell. */
  readonly journal: (CellValue | string | undefined)[];
  readonly at: number[];
  readonly changes: Map<number, CellChange>;
  readonly formats: { readonly range: RangePosition; readonly format: CellFormat }[];
  readonly heights: Map<number, number>;
}

/** A change to one cell: its content replaced, or (a formula's) cached value alone. */
export type CellChange = { readonly input: CellInput } | { readonly cached: CellValue };

/** Cells by `row * KEY + column`. */
const KEY = 1 << 15;

/** The cells of a sheet as now read, and the changes made to its XML since the file was read or saved. */
export class SheetPatch {
  /** Values and formulas as the adapter reads them (the quick reading, changed in place). */
  readonly values: CellValue[][];
  readonly formulas: (string | null)[][];
  readonly changes = new Map<number, CellChange>();
  /** The `format` ops applied to the sheet since, in order (their cells' formats are derived on saving). */
  readonly formats: { readonly range: RangePosition; readonly format: CellFormat }[] = [];
  /** Row heights set since, by row. */
  readonly heights = new Map<number, number>();
  /** The cells inside merged ranges other than their top-left (never written here: ExcelJS writes those). */
  private readonly slaves: ReadonlySet<string>;
  /**
   * The same cells by `row * KEY + column` (of those whose key is `row:column` in whole numbers), looked up without a
   * key text made for each (issue 28: a round's batch checks ~12,000 expected cells of sheets with merged headers).
   */
  private readonly slaveKeys = new Set<number>();

  /** `owned`: the cells are the patch's own (read for it, held by nothing else): taken as they are, not copied (issue 28). */
  constructor(cells: SheetCells, slaves: ReadonlySet<string>, owned = false) {
    this.values = owned ? cells.values : cells.values.map((row) => [...row]);
    this.formulas = owned ? cells.formulas : cells.formulas.map((row) => [...row]);
    this.slaves = slaves;
    for (const key of slaves) {
      const m = /^(\d+):(\d+)$/.exec(key);
      if (m && Number(m[1]) < 2 ** 31 && Number(m[2]) < KEY && `${Number(m[1])}:${Number(m[2])}` === key) this.slaveKeys.add(Number(m[1]) * KEY + Number(m[2]));
    }
  }

  get changed(): boolean {
    return this.changes.size > 0 || this.formats.length > 0 || this.heights.size > 0;
  }

  /** Forgets the changes (they are in the file now). */
  saved(): void {
    this.changes.clear();
    this.formats.length = 0;
    this.heights.clear();
  }

  /**
   * What to go back to should the batch fail: the changes, formats and heights as they are, the reading's extent, and
   * from now on a journal of each cell `set` overwrites within that extent (its value and formula before). Not a copy
   * of the whole reading (issue 28: copying a congress Grid's and its caches' 2,000 × 37 cells before every batch was
   * ~140 million instructions of writing a round, callgrind). The journal is kept until the next snapshot or `settled`.
   */
  snapshot(): PatchSnapshot {
    const journal: (CellValue | string | undefined)[] = [];
    const at: number[] = [];
    const s: PatchSnapshot = {
      rows: this.values.length,
      valueLengths: Int32Array.from(this.values, (r) => r.length),
      formulaLengths: Int32Array.from(this.formulas, (r) => r.length),
      formulaRows: this.formulas.length,
      journal,
      at,
      changes: new Map(this.changes),
      formats: [...this.formats],
      heights: new Map(this.heights),
    };
    this.journal = s;
    return s;
  }

  /** The batch applied: the journal is no longer needed. */
  settled(s: PatchSnapshot): void {
    if (this.journal === s) this.journal = undefined;
  }

  restore(s: PatchSnapshot): void {
    // The cells overwritten put back, the last overwrite first; then what grew cut back to the extent read.
    for (let i = s.at.length - 2, k = s.journal.length - 2; i >= 0; i -= 2, k -= 2) {
      const row = s.at[i];
      const column = s.at[i + 1];
      this.values[row][column] = s.journal[k] as CellValue;
      this.formulas[row][column] = s.journal[k + 1] as string | null;
    }
    this.values.length = s.rows;
    this.formulas.length = s.formulaRows;
    for (let r = 0; r < s.rows; r++) this.values[r].length = s.valueLengths[r];
    for (let r = 0; r < s.formulaRows; r++) this.formulas[r].length = s.formulaLengths[r];
    if (this.journal === s) this.journal = undefined;
    this.changes.clear();
    for (const [k, v] of s.changes) this.changes.set(k, v);
    this.formats.length = 0;
    this.formats.push(...s.formats);
    this.heights.clear();
    for (const [k, v] of s.heights) this.heights.set(k, v);
  }

  /** The snapshot whose journal `set` keeps (`snapshot`). */
  private journal: PatchSnapshot | undefined;

  /** Formats a range, as the `format` op does: its cells' formats derived on saving, its rows' height set. */
  format(range: RangePosition, format: CellFormat): void {
    if (format.rowHeight !== undefined) for (let r = range.top; r <= range.bottom; r++) this.heights.set(r, format.rowHeight);
    if (formatsCells(format)) this.formats.push({ range: { ...range }, format });
  }

  /** Whether a cell of the range lies inside a merged range, other than its top-left. */
  mergeSlaveWithin(range: RangePosition): boolean {
    for (const key of this.slaves) {
      const [r, c] = key.split(':').map(Number);
      if (r >= range.top && r <= range.bottom && c >= range.left && c <= range.right) return true;
    }
    return false;
  }

  /** Whether the sheet has merged ranges (else no cell is a merge slave: `isMergeSlave` is false for every cell). */
  get hasMergeSlaves(): boolean {
    return this.slaves.size > 0;
  }

  isMergeSlave(row: number, column: number): boolean {
    // A whole row and column below KEY: its key is in `slaveKeys` exactly when `row:column` is in `slaves`.
    if (Number.isInteger(row) && Number.isInteger(column) && row >= 0 && row < 2 ** 31 && column >= 0 && column < KEY) return this.slaveKeys.has(row * KEY + column);
    return this.slaves.has(`${row}:${column}`);
  }

  /** The cell as the adapter reads it. */
  found(row: number, column: number): { value: CellValue; formula?: string } {
    const value = this.values[row - 1]?.[column - 1] ?? null;
    const formula = this.formulas[row - 1]?.[column - 1] ?? null;
    return formula ? { value, formula } : { value };
  }

  /** The last row holding a value or a formula (0 on an empty sheet): where `append` writes below. */
  lastRow(): number {
    for (let r = this.values.length; r > 0; r--) {
      if (this.values[r - 1].some((v) => v !== null) || this.formulas[r - 1].some((f) => f !== null)) return r;
    }
    return 0;
  }

  /** Writes a rectangle of cells from (row, column), as the `write` op does. */
  write(row: number, column: number, cells: readonly (readonly CellInput[])[]): void {
    // Plain loops, not two closures an op (a round's batch writes ~7,000 ops into the Grid and its caches: issue 28).
    for (let i = 0; i < cells.length; i++) {
      const line = cells[i];
      const r = row + i;
      for (let j = 0; j < line.length; j++) {
        const c = line[j];
        const col = column + j;
        this.changes.set(r * KEY + col, { input: c });
        // The formula as read (with its "="): the op's own text when it has one, not its body sliced and joined again.
        if (isFormulaInput(c)) this.set(r, col, c.value ?? null, c.formula.charCodeAt(0) === 61 ? c.formula : `=${c.formula}`);
        else this.set(r, col, c, null);
      }
    }
  }

  /** Sets the cached value of the formula in each cell that holds one, as the `cached-values` op does. */
  cache(row: number, column: number, values: readonly (readonly CellValue[])[]): void {
    values.forEach((line, i) =>
      line.forEach((v, j) => {
        const r = row + i;
        const col = column + j;
        const formula = this.formulas[r - 1]?.[col - 1] ?? null;
        if (v === null || formula === null) return;
        const k = r * KEY + col;
        const was = this.changes.get(k);
        if (was && 'input' in was && isFormulaInput(was.input)) this.changes.set(k, { input: { ...was.input, value: v } });
        else this.changes.set(k, { cached: v });
        this.set(r, col, v, formula);
      }),
    );
  }

  private set(row: number, column: number, value: CellValue, formula: string | null): void {
    // The reading is a rectangle from A1: grown to hold the cell when it lies beyond it.
    const width = Math.max(this.values[0]?.length ?? 0, column);
    if (width > (this.values[0]?.length ?? 0)) {
      for (const r of this.values) while (r.length < width) r.push(null);
      for (const r of this.formulas) while (r.length < width) r.push(null);
    }
    while (this.values.length < row) {
      this.values.push(new Array<CellValue>(width).fill(null));
      this.formulas.push(new Array<string | null>(width).fill(null));
    }
    const j = this.journal;
    if (j !== undefined && row <= j.rows) {
      j.at.push(row - 1, column - 1);
      j.journal.push(this.values[row - 1][column - 1], this.formulas[row - 1][column - 1]);
    }
    // ExcelJS reads a cell holding the empty text as empty, a formula without a cached value as null.
    this.values[row - 1][column - 1] = value === '' && formula === null ? null : value;
    this.formulas[row - 1][column - 1] = formula;
  }
}

/**
 * What a patched sheet's XML needs from the rest of the package: a shared string's index for a text; without it
 * (the sheet parsed into ExcelJS right after, which writes its own strings) texts are written inline (`inlineStr`).
 */
export interface PatchContext {
  stringIndex?(text: string): number;
  /**
   * The workbook's format made of format `index` with `formats` applied (`StylesEditor`); without it the `format` ops
   * and row heights are left out (the sheet parsed into ExcelJS right after, which applies them itself).
   */
  style?(index: number, formats: readonly CellFormat[]): number;
}

/** Every text a sheet's changes write as a shared string (to be added to the shared strings before writing). */
export function patchTexts(patch: SheetPatch): string[] {
  const out: string[] = [];
  for (const c of patch.changes.values()) {
    const v = 'input' in c ? (isFormulaInput(c.input) ? null : c.input) : null;
    if (typeof v === 'string' && v !== '') out.push(v);
  }
  return out;
}

/** How many array (spilling) formulas the changes write: each a dynamic array, needing `xl/metadata.xml`. */
export function patchSpills(patch: SheetPatch): number {
  let n = 0;
  for (const c of patch.changes.values()) if ('input' in c && isFormulaInput(c.input) && c.input.spill && (c.input.spill.rows > 1 || c.input.spill.columns > 1)) n++;
  return n;
}

/** A text as an XML text node (`xlsxXml.ts`), here where the patch's tests have long found it. */
export { xmlText };

/** A text as a shared-string item (`<si>` content), as ExcelJS writes it. */
export function sharedStringItem(text: string): string {
  const preserve = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
  return `<t${preserve}>${xmlText(text)}</t>`;
}

function typeAndValue(v: CellValue, ctx: PatchContext, formula: boolean): { t?: string; v?: string } {
  if (v === null) return {};
  if (typeof v === 'number') return { v: String(v) };
  if (typeof v === 'boolean') return { t: 'b', v: v ? '1' : '0' };
  if (formula) return { t: 'str', v: formulaXmlText(v) };
  if (v === '') return {};
  if (!ctx.stringIndex) return { t: 'inlineStr', v: sharedStringItem(v) };
  return { t: 's', v: String(ctx.stringIndex(v)) };
}

/** The `<c>` element of a changed cell, `attrs` its attributes other than r, t and cm (its style kept). */
export function cellXml(ref: string, style: string | undefined, change: CellChange, was: string | undefined, ctx: PatchContext, row: number, column: number): string {
  const s = style !== undefined ? ` s="${style}"` : '';
  if ('cached' in change) {
    // The formula as the file has it (its array range, its shared index …), the cached value alone replaced.
    const f = /<f\b[^>]*?(?:\/>|>[\s\S]*?<\/f>)/.exec(was ?? '')?.[0] ?? '';
    const start = startTag(was) ?? `<c r="${ref}"${s}>`;
    const tv = typeAndValue(change.cached, ctx, true);
    const tag = withAttribute(withAttribute(start, 't', tv.t), 's', style);
    return `${tag}${f}${tv.v !== undefined ? `<v>${tv.v}</v>` : ''}</c>`;
  }
  const c = change.input;
  if (isFormulaInput(c)) {
    const body = formulaXmlText(storedFormula(formulaBody(c.formula)));
    const spill = c.spill && (c.spill.rows > 1 || c.spill.columns > 1) ? c.spill : undefined;
    const tv = typeAndValue(c.value ?? null, ctx, true);
    const f = spill ? `<f t="array" ref="${rangeAddress(row, column, row + spill.rows - 1, column + spill.columns - 1)}">${body}</f>` : `<f>${body}</f>`;
    return `<c r="${ref}"${s}${tv.t ? ` t="${tv.t}"` : ''}${spill ? ' cm="1"' : ''}>${f}${tv.v !== undefined ? `<v>${tv.v}</v>` : ''}</c>`;
  }
  const tv = typeAndValue(c, ctx, false);
  if (tv.v === undefined) return style !== undefined ? `<c r="${ref}"${s}/>` : '';
  if (tv.t === 'inlineStr') return `<c r="${ref}"${s} t="inlineStr"><is>${tv.v}</is></c>`;
  return `<c r="${ref}"${s}${tv.t ? ` t="${tv.t}"` : ''}><v>${tv.v}</v></c>`;
}

/** A `<c>` element's start tag as `<c …>` (its attributes changed with `withAttribute`), undefined without one. */
function startTag(cell: string | undefined): string | undefined {
  const m = cell === undefined ? null : /^<c\b[^>]*?(\/?)>/.exec(cell);
  return m ? `${m[0].slice(0, m[0].length - m[1].length - 1).trimEnd()}>` : undefined;
}

/** A cell kept as it was but for its format (`s`). */
export function restyled(cell: string, style: string | undefined): string {
  const m = /^<c\b[^>]*?(\/?)>/.exec(cell)!;
  const tag = withAttribute(startTag(cell)!, 's', style);
  return (m[1] ? tag.replace(/>$/, '/>') : tag) + cell.slice(m[0].length);
}

/**
 * The column of a `<c>` start tag's attributes: read at once where the address comes first (` r="B12"`, as every
 * program writes it), else found among the attributes (issue 28: a congress Grid's round rewrites some 30,000 cells).
 */
function cellColumn(attributes: string): number {
  if (attributes.startsWith(' r="')) {
    let n = 0;
    let i = 4;
    for (let ch = attributes.charCodeAt(i); ch >= 65 && ch <= 90; ch = attributes.charCodeAt(++i)) n = n * 26 + (ch - 64);
    const letters = i;
    for (let ch = attributes.charCodeAt(i); ch >= 48 && ch <= 57; ch = attributes.charCodeAt(++i));
    if (letters > 4 && i > letters && attributes.charCodeAt(i) === 34) return n;
  }
  return columnOf(/\sr="([A-Z]+)(\d+)"/.exec(attributes)![1]);
}

/**
 * The column of the cell tag at `at` when it starts `<c r="` and letters (its column as `columnOf` reads them, whatever
 * follows), else 0. Only compared with a changed column (`scanRowCells`): the letters' column is at or after it exactly
 * when `keptCells`' letters before it (`lettersBefore`) do not match them.
 */
export function leadingColumn(inner: string, at: number): number {
  if (!inner.startsWith('<c r="', at)) return 0;
  let n = 0;
  for (let i = at + 6, ch = inner.charCodeAt(i); ch >= 65 && ch <= 90; ch = inner.charCodeAt(++i)) n = n * 26 + (ch - 64);
  return n;
}

/**
 * A cell's style (`s`) from its start tag's attributes, as `attribute(attributes, 's')` reads it: at once where the
 * address comes first (` r="B12"`) followed by nothing or by ` s="3"` — the first ` s=` of the tag then, whose digits
 * need no unescaping — else by `attribute` (issue 28: a round rewrites some 25,000 cells of a congress workbook's
 * sheets, each style read by a regular expression).
 */
export function cellStyle(attributes: string): string | undefined {
  if (attributes.startsWith(' r="')) {
    let i = 4;
    for (let ch = attributes.charCodeAt(i); ch >= 65 && ch <= 90; ch = attributes.charCodeAt(++i));
    const letters = i;
    for (let ch = attributes.charCodeAt(i); ch >= 48 && ch <= 57; ch = attributes.charCodeAt(++i));
    if (letters > 4 && i > letters && attributes.charCodeAt(i) === 34) {
      // ` r="B12"` and nothing after: no ` s=` in the tag.
      if (i + 1 === attributes.length) return undefined;
      if (attributes.startsWith(' s="', i + 1)) {
        const from = i + 5;
        let j = from;
        for (let ch = attributes.charCodeAt(j); ch >= 48 && ch <= 57; ch = attributes.charCodeAt(++j));
        if (j > from && attributes.charCodeAt(j) === 34) return attributes.slice(from, j);
      }
    }
  }
  return attribute(attributes, 's');
}

export function columnOf(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n;
}

const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;

/**
 * The next `<c` from `from` that starts a tag named `c` as `/<c\b/` finds it (not followed by a letter, digit or
 * "_": never `<col`, `<cfRule`); -1 when none. A cell is the tag and what `/<c\b([^>]*?)(?:\/>|>[\s\S]*?<\/c>)/` takes.
 */
function nextCellTag(xml: string, from: number): number {
  for (let at = xml.indexOf('<c', from); at >= 0; at = xml.indexOf('<c', at + 1)) {
    const next = xml.charCodeAt(at + 2);
    const word = (next >= 48 && next <= 57) || (next >= 65 && next <= 90) || (next >= 97 && next <= 122) || next === 95;
    if (!word) return at;
  }
  return -1;
}

/**
 * Where the cells from `at` in a row's content end that the cell-by-cell reading of `patchedSheetXml` would keep as
 * they are, one after the other with nothing between them: cells whose address comes first (` r="B12"`, the column
 * read from it as `cellColumn` reads it), their column before `before` (0: any column), each its start tag to the
 * first `>` then, unless that closes it (`/>`), to the first `</c>`. `at` itself when the cell there is none such.
 * Matched by one regular expression over the run rather than cell by cell (issue 28: a round changes 2 to 5 of a
 * congress Grid row's 37 cells, on each of its 2,000 rows).
 */
function keptCells(inner: string, at: number, before: number): number {
  let pattern = KEPT_CELLS.get(before);
  if (!pattern) {
    const cell = `<c r="(?:${before === 0 ? '[A-Z]+' : lettersBefore(before)})\\d+"(?:[^>]*\\/>|[^>]*(?<!\\/)>[^<]*(?:<(?!\\/c>)[^<]*)*<\\/c>)`;
    KEPT_CELLS.set(before, (pattern = new RegExp(`(?:${cell})*`, 'y')));
  }
  pattern.lastIndex = at;
  return pattern.test(inner) ? pattern.lastIndex : at;
}

const KEPT_CELLS = new Map<number, RegExp>();

/**
 * A pattern of the column letters whose column (`columnOf`) is before `column`: fewer letters (every column of fewer
 * letters is before it), or as many and before its letters in the alphabet, letter by letter.
 */
function lettersBefore(column: number): string {
  const letters = columnLetter(column);
  const alternatives: string[] = [];
  if (letters.length > 1) alternatives.push(`[A-Z]{1,${letters.length - 1}}`);
  for (let i = 0; i < letters.length; i++) {
    if (letters[i] === 'A') continue;
    const below = letters[i] === 'B' ? 'A' : `[A-${String.fromCharCode(letters.charCodeAt(i) - 1)}]`;
    alternatives.push(`${letters.slice(0, i)}${below}${i + 1 < letters.length ? `[A-Z]{${letters.length - i - 1}}` : ''}`);
  }
  // Column 1 (A): no column is before it; a pattern that matches nothing.
  return alternatives.length > 0 ? alternatives.join('|') : '(?!)';
}

/** The style of each column from `<cols>` (§18.3.1.13 col: min, max, style). */
export function columnStyles(xml: string): (column: number) => string | undefined {
  const block = /<cols\b[^>]*>([\s\S]*?)<\/cols>/.exec(xml)?.[1];
  if (!block) return () => undefined;
  const cols = [...block.matchAll(/<col\b[^>]*>/g)].map((m) => ({ min: Number(attribute(m[0], 'min')), max: Number(attribute(m[0], 'max')), style: attribute(m[0], 'style') }));
  return (column) => cols.find((c) => c.min <= column && column <= c.max && c.style !== undefined && c.style !== '0')?.style;
}

/** A row's or a cell's address as its tag's first attribute (` r="12"`, ` r="B12"`), matched where the tag's name ends. */
const FIRST_ROW_ADDRESS = / r="\d+"/y;
const FIRST_CELL_ADDRESS = / r="[A-Z]+\d+"/y;

/**
 * Whether the sheet's XML can be patched here: every row and cell carries its address (`r`, optional in the schema),
 * as Excel, LibreOffice and ExcelJS write them. A sheet without is left to ExcelJS.
 */
export function patchable(xml: string, cellAddressesChecked = false, rowAddressesChecked = false): boolean {
  const start = xml.indexOf('<sheetData');
  if (start < 0) return false;
  const end = xml.indexOf('</sheetData>', start);
  const data = end < 0 ? '' : xml.slice(start, end);
  // Found by indexOf, not a regular expression over the whole sheet (a congress Grid is megabytes). The cells' tags
  // not again when the reading just found each with its address (`readSheetCellsChecked`, xlsxSheetReader.ts).
  // Nor the rows' tags when counting the sheet found each with its address first (`checkedSheet`, xlsxLimits.ts).
  const kinds = [['<row', /^\d+$/, FIRST_ROW_ADDRESS, rowAddressesChecked], ['<c', /^[A-Z]+\d+$/, FIRST_CELL_ADDRESS, cellAddressesChecked]] as const;
  for (const [name, address, first, checked] of kinds) {
    if (checked) continue;
    for (let at = data.indexOf(name); at >= 0; at = data.indexOf(name, at + name.length)) {
      // The address written first, as every program writes it: what attributeOf would find, at once (issue 28).
      first.lastIndex = at + name.length;
      if (first.test(data)) continue;
      const next = data.charCodeAt(at + name.length);
      if (!(next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13)) continue;
      const end = data.indexOf('>', at);
      if (!address.test(attributeOf(data.slice(at + name.length, end < 0 ? data.length : end), 'r') ?? '')) return false;
    }
  }
  return true;
}

/**
 * What patching changed in a sheet's `<row>` and `<c>` elements, counted as `xlsxLimits.ts` counts them on a whole
 * sheet: added to the counts of the sheet as read, they are the patched sheet's (issue 28: the limits of a sheet
 * written are checked without counting its megabytes again when a round changed a few of its rows).
 */
export interface PatchTally {
  /** `<row>` elements added. */
  rows: number;
  /** `<c>` elements added (less those taken away: a cell emptied of value and format). */
  cells: number;
  /** The last row added (0: none). */
  lastRow: number;
}

/** Whether the character after `<c` makes it a cell's tag as `xlsxLimits.ts` counts them (white space, `>` or `/`). */
export function countedCellTag(element: string): boolean {
  const next = element.charCodeAt(2);
  return next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13;
}

/**
 * What a patch changes in a sheet, found before its rows are written (`patchedSheetXml`, and the test's oracle of it):
 * the changes by row and column, the cells formatted with the formats each takes in turn, the rows given a height (each
 * also listed in `byRow`), the extent they reach, the columns' styles, where the sheet's data is, and the rows changed
 * in ascending order.
 */
export function patchPlan(xml: string, patch: SheetPatch, ctx: PatchContext): PatchPlan {
  const byRow = new Map<number, Map<number, CellChange>>();
  let maxRow = 0;
  let maxColumn = 0;
  // By `forEach`, in the same order, without an entry array made for each of a round's ~5,000 Grid changes (issue 28).
  patch.changes.forEach((change, k) => {
    const row = Math.floor(k / KEY);
    const column = k % KEY;
    let cells = byRow.get(row);
    if (!cells) byRow.set(row, (cells = new Map()));
    cells.set(column, change);
    if (row > maxRow) maxRow = row;
    if (column > maxColumn) maxColumn = column;
  });
  // The cells formatted, with the formats each takes in turn; the rows given a height.
  const styled = new Map<number, Map<number, CellFormat[]>>();
  const heights = ctx.style ? patch.heights : new Map<number, number>();
  if (ctx.style) {
    for (const { range, format } of patch.formats) {
      for (let r = range.top; r <= range.bottom; r++) {
        let cells = styled.get(r);
        if (!cells) styled.set(r, (cells = new Map()));
        for (let c = range.left; c <= range.right; c++) {
          const list = cells.get(c);
          if (list) list.push(format);
          else cells.set(c, [format]);
        }
      }
      maxRow = Math.max(maxRow, range.bottom);
      maxColumn = Math.max(maxColumn, range.right);
    }
  }
  for (const r of new Set([...styled.keys(), ...heights.keys()])) if (!byRow.has(r)) byRow.set(r, new Map());
  const colStyle = columnStyles(xml);
  const start = xml.indexOf('<sheetData');
  const openEnd = xml.indexOf('>', start);
  const selfClosing = xml[openEnd - 1] === '/';
  const dataStart = openEnd + 1;
  const dataEnd = selfClosing ? dataStart : xml.indexOf('</sheetData>', dataStart);
  const data = xml.slice(dataStart, dataEnd);
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  return { byRow, styled, heights, maxRow, maxColumn, colStyle, start, selfClosing, dataStart, dataEnd, data, rows };
}

export interface PatchPlan {
  readonly byRow: Map<number, Map<number, CellChange>>;
  readonly styled: Map<number, Map<number, CellFormat[]>>;
  readonly heights: ReadonlyMap<number, number>;
  readonly maxRow: number;
  readonly maxColumn: number;
  readonly colStyle: (column: number) => string | undefined;
  /** Where `<sheetData` starts, whether it closes itself (no data), where its content starts and ends, and that content. */
  readonly start: number;
  readonly selfClosing: boolean;
  readonly dataStart: number;
  readonly dataEnd: number;
  readonly data: string;
  readonly rows: number[];
}

/**
 * The sheet's XML with the patch's changes made (the rows without a change kept byte for byte); `tally`, when given,
 * receives what changed in its rows and cells (`PatchTally`).
 */
export function patchedSheetXml(xml: string, patch: SheetPatch, ctx: PatchContext, tally?: PatchTally): string {
  if (!patch.changed) return xml;
  const { byRow, styled, heights, maxRow, maxColumn, colStyle, start, selfClosing, dataStart, dataEnd, data, rows } = patchPlan(xml, patch, ctx);
  let next = 0;
  // The whole sheet joined once, its text before and after the data with it (issue 28: not the data joined, then
  // joined again with them when first read: a congress Grid's 6.5 MB copied once more).
  const out: string[] = [withDimension(xml.slice(0, start), maxRow, maxColumn), '<sheetData>'];
  const heightAttributes = (r: number) => (heights.has(r) ? ` ht="${heights.get(r)}" customHeight="1"` : '');
  // Cells written less cells replaced, each counted as `xlsxLimits.ts` counts a cell's tag.
  let cellsAdded = 0;
  let rowsAdded = 0;
  let lastRowAdded = 0;
  const newRow = (r: number) => {
    const cells = rowCells('', byRow.get(r)!, r, undefined, '', '');
    if (!(cells || heights.has(r))) return '';
    rowsAdded++;
    lastRowAdded = Math.max(lastRowAdded, r);
    return `<row r="${r}"${heightAttributes(r)}>${cells}</row>`;
  };
  /**
   * The row's cells with its changes made, between `open` and `close` (its tags: joined with them, not added after).
   * Joined here, row by row, not pushed as pieces onto the sheet's list to be joined once at the end: the pieces (cons
   * strings most) would live until then, and the young generation's collector copies each of them (measured, issue 28
   * session 20: 300 million more instructions writing a round into the 1,000 × 10 file than the row's copy saves).
   */
  const rowCells = (inner: string, changes: Map<number, CellChange>, r: number, rowStyle: string | undefined, open: string, close: string): string => {
    const parts: string[] = [open];
    const formats = styled.get(r);
    const emit = (column: number, was: string | undefined, found: string | undefined) => {
      // A cell written where there was none takes the row's format, else its column's.
      const base = was !== undefined ? found : (rowStyle ?? colStyle(column));
      const f = formats?.get(column);
      const style = f ? String(ctx.style!(Number(base ?? 0), f)) : base;
      const change = changes.get(column);
      if (was !== undefined && countedCellTag(was)) cellsAdded--;
      const cell = change ? cellXml(cellAddress(r, column), style, change, was, ctx, r, column) : was !== undefined ? restyled(was, style) : `<c r="${cellAddress(r, column)}"${style !== undefined ? ` s="${style}"` : ''}/>`;
      // A cell's content written anew is `<c r="…`, or nothing: counted without reading the text made (a string of
      // pieces, which reading would join: issue 28).
      const written = change !== undefined && 'input' in change ? cell !== '' : cell !== '' && countedCellTag(cell);
      if (written) cellsAdded++;
      parts.push(cell);
    };
    scanRowCells(inner, pendingColumns(changes, formats), emit, (from, to) => parts.push(inner.slice(from, to)));
    parts.push(close);
    return parts.join('');
  };
  ROW.lastIndex = 0;
  let copied = 0;
  for (let m = ROW.exec(data); m; m = ROW.exec(data)) {
    const r = Number(/\sr="(\d+)"/.exec(m[1])![1]);
    for (; next < rows.length && rows[next] < r; next++) {
      out.push(data.slice(copied, m.index));
      copied = m.index;
      out.push(newRow(rows[next]));
    }
    if (next < rows.length && rows[next] === r) {
      next++;
      out.push(data.slice(copied, m.index));
      // A tag without the text "spans" has no `spans` to drop, nor one without "customFormat" a row format.
      let open = m[1].includes('spans') ? withAttribute(`<row${m[1]}>`, 'spans', undefined) : `<row${m[1]}>`;
      if (heights.has(r)) open = withAttribute(withAttribute(open, 'ht', String(heights.get(r))), 'customHeight', '1');
      const rowStyle = open.includes('customFormat') && ['1', 'true'].includes(attribute(open, 'customFormat') ?? '') ? attribute(open, 's') : undefined;
      out.push(rowCells(m[2] ?? '', byRow.get(r)!, r, rowStyle, open, '</row>'));
      copied = m.index + m[0].length;
    }
  }
  out.push(data.slice(copied));
  for (; next < rows.length; next++) out.push(newRow(rows[next]));
  out.push('</sheetData>', xml.slice(selfClosing ? dataStart : dataEnd + '</sheetData>'.length));
  if (tally) {
    tally.rows += rowsAdded;
    tally.cells += cellsAdded;
    tally.lastRow = Math.max(tally.lastRow, lastRowAdded);
  }
  return out.join('');
}

/**
 * One pass over a row's cells (`inner`, the text between its tags) against the columns it changes (`pending`, ascending):
 * `emit` for each pending column in order, with the cell found there (its XML and its style) or none, and `keep` for
 * each stretch of cells kept, from the start of one to the end of the last, with nothing between them. The cells are
 * found as `/<c\b([^>]*?)(?:\/>|>[\s\S]*?<\/c>)/g` matches them (a start tag up to the first `>`, then to the first `</c>`
 * unless the tag closes itself), by indexOf rather than a match array a cell; what lies between two cells is dropped,
 * as the matches joined dropped it (issue 28: a round changes 2 to 5 of a congress Grid row's 37 cells, on 2,000
 * rows). `kept`: the cells before the next changed column matched at once (`keptCells`); off, one by one — the
 * patch oracle's way (test/workbook/patchOracle.ts), which the shortcut must equal.
 */
export function scanRowCells(
  inner: string,
  pending: ArrayLike<number>,
  emit: (column: number, was: string | undefined, base: string | undefined) => void,
  keep: (from: number, to: number) => void,
  kept = true,
): void {
  let p = 0;
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart >= 0) keep(runStart, runEnd);
    runStart = -1;
  };
  for (let at = nextCellTag(inner, 0); at >= 0; ) {
    // The cells from here that are kept (their columns before the next one changed), matched at once (`keptCells`).
    // A cell whose address says it is the next changed column's, or one after it, starts no run kept: `keptCells` would
    // find none there (issue 28: a round's Standings changes every one of its 11,000 cells; not a pattern tried on each).
    const before = p < pending.length ? pending[p] : 0;
    const keptTo = kept && !(before > 0 && leadingColumn(inner, at) >= before) ? keptCells(inner, at, before) : at;
    if (keptTo > at) {
      if (runStart >= 0 && runEnd === at) runEnd = keptTo;
      else {
        flush();
        runStart = at;
        runEnd = keptTo;
      }
      at = nextCellTag(inner, keptTo);
      continue;
    }
    const tagEnd = inner.indexOf('>', at + 2);
    if (tagEnd < 0) break;
    const closes = inner.charCodeAt(tagEnd - 1) === 47; // "/>"
    let end = tagEnd + 1;
    if (!closes) {
      const close = inner.indexOf('</c>', end);
      if (close < 0) {
        at = nextCellTag(inner, at + 1);
        continue;
      }
      end = close + 4;
    }
    const attributes = inner.slice(at + 2, closes ? tagEnd - 1 : tagEnd);
    const column = cellColumn(attributes);
    for (; p < pending.length && pending[p] < column; p++) {
      flush();
      emit(pending[p], undefined, undefined);
    }
    if (p < pending.length && pending[p] === column) {
      flush();
      emit(column, inner.slice(at, end), cellStyle(attributes));
      p++;
    } else if (runStart >= 0 && runEnd === at) runEnd = end;
    else {
      flush();
      runStart = at;
      runEnd = end;
    }
    at = nextCellTag(inner, end);
  }
  flush();
  for (; p < pending.length; p++) emit(pending[p], undefined, undefined);
}

/**
 * The columns of a row's changes and formats, each once, in ascending order: as `Float64Array.from(new Set([...changes.keys(),
 * ...formats.keys()])).sort()` gives them, without the iterators, the set and the typed array's sort called for every
 * row (issue 28: a round changes 1 to 3 cells of each of a congress Grid's 2,000 rows, mostly written in column order:
 * the sort was an eighth of writing the Grid). A list not in order is sorted as before.
 */
export function pendingColumns(changes: ReadonlyMap<number, unknown>, formats?: ReadonlyMap<number, unknown>): ArrayLike<number> {
  const out: number[] = [];
  let ordered = true;
  for (const column of changes.keys()) {
    if (out.length > 0 && out[out.length - 1] >= column) ordered = false;
    out.push(column);
  }
  if (formats) {
    for (const column of formats.keys()) {
      if (changes.has(column)) continue;
      if (out.length > 0 && out[out.length - 1] >= column) ordered = false;
      out.push(column);
    }
  }
  return ordered ? out : Float64Array.from(out).sort();
}

/** The `<dimension ref>` grown to cover (row, column). */
export function withDimension(head: string, row: number, column: number): string {
  return head.replace(/<dimension\b[^>]*?ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"[^>]*\/>/, (tag, l: string, t: string, r?: string, b?: string) => {
    const right = Math.max(columnOf(r ?? l), column);
    const bottom = Math.max(Number(b ?? t), row);
    return withAttribute(tag, 'ref', rangeAddress(Number(t), columnOf(l), bottom, right));
  });
}

/** The key of a cell in `SheetPatch.changes`. */
export function cellKey(row: number, column: number): number {
  return row * KEY + column;
}
