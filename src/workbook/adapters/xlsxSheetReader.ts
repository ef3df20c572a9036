/**
 * A sheet's values and formulas read straight from its XML (ECMA-376 Part 1, §18.3.1.4 c, §18.3.1.40 f, §18.3.1.96 v,
 * §18.3.1.53 is), without building ExcelJS's model of it: what the engine reads is values and formulas, and a
 * tournament's sheets are tens of thousands of cells (the Grid of the EGC 2024 Main Open, 53,000), which ExcelJS
 * parses at some 25 µs a cell. ExcelJS still parses a sheet a batch changes (`xlsx.ts`).
 *
 * It reads exactly what the adapter read through ExcelJS (test/workbook/xlsxSheetReader.test.ts compares both over
 * every workbook the tests make): a formula gives its cached value; text, numbers, booleans, errors (`#N/A`) as
 * ExcelJS gives them; a number in a date or time format as the ISO text of ExcelJS's date; a cell inside a merged
 * range other than its top-left is empty; rich text is its runs' text. A sheet it does not read the same way — a
 * formula shared between cells (`t="shared"`, whose text each cell derives), a cell or row without its address —
 * is left to ExcelJS (`undefined`).
 */
import type { CellValue } from './adapter';
import { MAX_SHEET_CELLS, MAX_SHEET_ROWS } from './xlsxLimits';
import { prefixedUnescaped, unescapeXml } from './xlsxXml';

export interface SheetCells {
  readonly values: CellValue[][];
  readonly formulas: (string | null)[][];
}

/** What the workbook's other parts say about cells: its strings, which formats are dates, its date system. */
export interface CellContext {
  readonly strings: readonly string[];
  readonly dateStyles: ReadonlySet<number>;
  readonly date1904: boolean;
}

/** The built-in number formats ExcelJS knows (its `defaultnumformats.js`), the ones that can be dates. */
const BUILT_IN_FORMATS: Record<number, string> = {
  14: 'mm-dd-yy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM', 19: 'h:mm:ss AM/PM', 20: 'h:mm', 21: 'h:mm:ss', 22: 'm/d/yy "h":mm',
  45: 'mm:ss', 46: '[h]:mm:ss', 47: 'mmss.0',
};

/** ExcelJS's test of a date format: a y, m, d, h, M, s or b outside quotes and brackets. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** The cell formats (`cellXfs` indexes) of a styles part whose number format is a date or time. */
export function dateStyles(stylesXml: string | undefined): Set<number> {
  const out = new Set<number>();
  if (!stylesXml) return out;
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<numFmt\b[^>]*>/g)) {
    const id = /\snumFmtId="(\d+)"/.exec(m[0])?.[1];
    const code = /\sformatCode="([^"]*)"/.exec(m[0])?.[1];
    if (id !== undefined && code !== undefined) custom.set(Number(id), unescapeXml(code));
  }
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  let i = 0;
  for (const m of xfs.matchAll(/<xf\b[^>]*>/g)) {
    const id = Number(/\snumFmtId="(\d+)"/.exec(m[0])?.[1] ?? 0);
    if (isDateFormat(custom.get(id) ?? BUILT_IN_FORMATS[id])) out.add(i);
    i++;
  }
  return out;
}

/** The text of each `<si>` of a shared-strings part (rich text: its runs joined; phonetic runs left out). */
export function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => textOf(m[1] ?? ''));
}

function textOf(inner: string): string {
  // One plain run, `<t>…</t>` (most strings of a workbook: names, clubs, marks): its text, found without the searches
  // below, which give the same for it (issue 28). Text holds no `<`: the first after `<t>` is the run's end.
  if (inner.startsWith('<t>') && inner.indexOf('<', 3) === inner.length - 4 && inner.endsWith('</t>')) return unescapeXml(inner.slice(3, -4));
  let out = '';
  for (const t of inner.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) out += unescapeXml(t[1] ?? '');
  return out;
}

function columnOf(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n;
}

/** Whether the character at `at` ends a tag's name (white space, `/` or `>`): `<c ` and `<c>`, never `<cols>`. */
function endsName(text: string, at: number): boolean {
  const ch = text.charCodeAt(at);
  return ch === 32 || ch === 62 || ch === 47 || ch === 9 || ch === 10 || ch === 13;
}

/** The value of attribute `name` in a start tag's attributes (`name="…"` after white space), or undefined. */
export function attributeOf(attrs: string, name: string): string | undefined {
  const key = `${name}="`;
  for (let at = attrs.indexOf(key); at >= 0; at = attrs.indexOf(key, at + 1)) {
    const before = attrs.charCodeAt(at - 1);
    if (at > 0 && (before === 32 || before === 9 || before === 10 || before === 13)) {
      const start = at + key.length;
      const end = attrs.indexOf('"', start);
      return end < 0 ? undefined : attrs.slice(start, end);
    }
  }
  return undefined;
}

/**
 * The text between `<name …>` and `</name>` of the first such element of `body`; one that closes itself gives
 * `selfClosed` (a formula `<f/>`: its text is empty; a value `<v/>`: there is none).
 */
function elementText(body: string, name: string, selfClosed: string | undefined): string | undefined {
  const open = `<${name}`;
  for (let at = body.indexOf(open); at >= 0; at = body.indexOf(open, at + open.length)) {
    if (!endsName(body, at + open.length)) continue;
    const tagEnd = body.indexOf('>', at);
    if (tagEnd < 0) return undefined;
    if (body.charCodeAt(tagEnd - 1) === 47) return selfClosed;
    const close = body.indexOf(`</${name}>`, tagEnd);
    return close < 0 ? undefined : body.slice(tagEnd + 1, close);
  }
  return undefined;
}

const REF = /^([A-Z]+)(\d+)$/;

/**
 * `<c r="B7" s="3" t="s"><f>…</f><v>…</v></c>` (attributes r, s, t in that order, each optional but r; formula and
 * value optional, without attributes; or self-closed): captures column letters, row, style, type, then whether the
 * cell has a body, its formula and its value.
 */
const CANONICAL_CELL = /<c r="([A-Z]+)(\d+)"(?: s="(\d+)")?(?: t="(\w+)")?(?:\/>|(>)(?:<f>([^<]*)<\/f>)?(?:<v>([^<]*)<\/v>)?<\/c>)/y;

/**
 * The sheet's cells as the adapter reads them, or undefined when the sheet is one for ExcelJS to read. `shown` gives
 * a formula's text as the adapter reads it (its custom functions under their shown names: excelFormulaStorage.ts).
 *
 * A scanner rather than regular expressions (issue 28): a congress Grid is megabytes of XML, read on every command.
 */
export function readSheetCells(xml: string, context: CellContext, limit: (rows: number, columns: number) => void, shown: (formula: string) => string = (f) => f): SheetCells | undefined {
  return readSheetCellsChecked(xml, context, limit, shown)?.cells;
}

/**
 * `readSheetCells`, saying too whether every `<c` tag of the sheet's data that `patchable` (xlsxSheetPatch.ts) looks at
 * was looked at here and found with its address (`cellAddresses`): then `patchable` need not look at them again (issue
 * 28: one pass over a congress Grid's 75,000 cells, not two). False where the scan skipped text that may hold one (a
 * cell's body read by the slow path, a tag cut short): `patchable` looks at all of them then.
 */
export function readSheetCellsChecked(
  xml: string,
  context: CellContext,
  limit: (rows: number, columns: number) => void,
  shown: (formula: string) => string = (f) => f,
): { cells: SheetCells; cellAddresses: boolean } | undefined {
  primeReadCells();
  return readCells(xml, context, limit, shown, true);
}

/**
 * A small sheet holding a cell of each form `readCells` reads — written as every program writes it (`<c r="A1" …>`,
 * matched by CANONICAL_CELL: text, a number, a date, a formula with its text value, a boolean, an error), written
 * otherwise (`cm="1"`, an inline string: the general scan) and a `<cols>` tag — with a merged range, read before the
 * first sheet (`primeReadCells`).
 */
export const PRIMING_SHEET =
  '<worksheet><sheetData>' +
  '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><v>2</v></c><c r="C1" s="2"><v>45000.5</v></c><c r="D1" t="str"><f>B1&amp;"x"</f><v>2x</v></c><c r="E1" t="b"><v>1</v></c><c r="F1" t="e"><v>#N/A</v></c><c r="G1"/></row>' +
  '<row r="2"><c r="A2" s="1" t="str" cm="1"><f>_xlfn.SORT(B1:B1)</f><v>a&amp;b</v></c><c r="B2" t="inlineStr"><is><t>c</t></is></c><c r="C2" s="1" t="n"><v>3</v></c><c r="D2" t="s"><v>1</v></c></row>' +
  '<row r="3"><cols/><c r="A3"><v>4</v></c><c r="B3"><v>5</v></c></row>' +
  '</sheetData><mergeCells count="1"><mergeCell ref="A3:B3"/></mergeCells></worksheet>';

/** What the priming sheet's cells need: two strings, style 2 a date. */
const PRIMING_CONTEXT: CellContext = { strings: ['p', 'q'], dateStyles: new Set([2]), date1904: false };

let primed = false;

/**
 * How often `primeReadCells` reads its sheet: V8 gives a function the feedback where it keeps what ran only once it has
 * run some eight times its bytecode's size (V8 11.3, `--interrupt-budget-factor-for-feedback-allocation`), some three
 * readings of this sheet; the rest are read with it.
 */
const PRIMING_RUNS = 12;

/**
 * `readCells` run over `PRIMING_SHEET` a few times before the first real sheet (issue 28), so that V8 has seen every
 * path of it run when it optimises it in the middle of the first big sheet. Optimised having seen only the cells of a
 * congress Grid (every one matched by CANONICAL_CELL), its code had no way through a cell written otherwise nor past
 * the loop: the Standings sheet's spilled formula (`cm="1"`) and the end of every sheet read after threw it back to
 * the interpreter ("insufficient type feedback", `node --trace-deopt`), and a round written into the 1,000 × 10 file
 * read its Standings and Grid (cache) sheets in V8's unoptimised code while it compiled the function twice again
 * (85 and 90 ms of TurboFan, `--single-threaded`). What is read is the same: priming reads only its own sheet.
 */
function primeReadCells(): void {
  if (primed) return;
  primed = true;
  // (with two functions for each of its callbacks, as the adapter passes a new one each sheet: its calls of them are
  // then compiled for any function, not for the priming's)
  for (let k = 0; k < PRIMING_RUNS; k++) readCells(PRIMING_SHEET, PRIMING_CONTEXT, k % 2 === 0 ? () => undefined : () => null, k % 2 === 0 ? (f) => f : (f) => `${f} `, true);
}

/**
 * `readSheetCellsChecked` with every cell read by the general scan, none by the one match (CANONICAL_CELL) nor with the
 * row and style numbers of the cells before, each formula's text read alone (not all at once, `prefixedUnescaped`): the
 * reference those fast paths are compared with
 * (test/workbook/xlsxSheetReader.test.ts). Not for the adapter.
 */
export function readSheetCellsScanned(xml: string, context: CellContext, limit: (rows: number, columns: number) => void = () => undefined): { cells: SheetCells; cellAddresses: boolean } | undefined {
  return readCells(xml, context, limit, (f) => f, false);
}

function readCells(
  xml: string,
  context: CellContext,
  limit: (rows: number, columns: number) => void,
  shown: (formula: string) => string,
  canonical: boolean,
): { cells: SheetCells; cellAddresses: boolean } | undefined {
  const dataStart = xml.indexOf('<sheetData');
  // A sheet whose elements carry a namespace prefix (`<x:sheetData>`) is not read here as if it were empty.
  if (dataStart < 0) return /<[A-Za-z_][\w.-]*:sheetData\b/.test(xml) ? undefined : { cells: { values: [], formulas: [] }, cellAddresses: false };
  const dataEnd = xml.indexOf('</sheetData>', dataStart);
  const data = dataEnd < 0 ? '' : xml.slice(dataStart, dataEnd);
  if (data.includes('"shared"') && /<f\b[^>]*\st="shared"/.test(data)) return undefined;
  // Every `<c` the loop below meets is a cell tag with its address (else the sheet is not read here), or no tag's name
  // (`<cols`); the text it jumps over is a matched cell's (no `<c` inside) or one checked below.
  let cellAddresses = true;
  const slaves = slaveKeys(xml);
  const cellRows: number[] = [];
  const cellColumns: number[] = [];
  const cellValues: CellValue[] = [];
  const cellFormulas: (string | null)[] = [];
  let rows = 0;
  let columns = 0;
  let lastRowText = '';
  let lastRow = 0;
  let lastStyleText = '';
  let lastStyle = 0;
  // The formulas' texts as written, read after the scan, all at once (`prefixedUnescaped`), with where they go.
  const formulaTexts: string[] = [];
  const formulaCells: number[] = [];
  for (let i = data.indexOf('<c'); i >= 0; i = data.indexOf('<c', i)) {
    let row: number;
    let column: number;
    let type: string;
    let style: number;
    let f: string | undefined;
    let v: string | undefined;
    let body: string | undefined;
    // A cell as Excel, LibreOffice, ExcelJS and Tengen write it, read by one match; any other form by the scan below,
    // which gives the same for this form (test/workbook/xlsxSheetReader.test.ts).
    CANONICAL_CELL.lastIndex = i;
    const cell = canonical ? CANONICAL_CELL.exec(data) : null;
    if (cell) {
      i = CANONICAL_CELL.lastIndex;
      // Self-closed, or nothing inside: no value.
      if (cell[5] === undefined || (cell[6] === undefined && cell[7] === undefined)) continue;
      // A row's cells, and most cells of a column, write the same row and style: their numbers read once for the run
      // of cells writing the same text (issue 28: a text made a number for each of a congress Grid's 74,000 cells).
      const rowText = cell[2];
      if (rowText !== lastRowText) {
        lastRowText = rowText;
        lastRow = Number(rowText);
      }
      row = lastRow;
      column = columnOf(cell[1]);
      if (slaves !== undefined && slaves.has(slaveKey(row, column))) continue;
      type = cell[4] ?? 'n';
      const styleText = cell[3];
      if (styleText === undefined) style = 0;
      else {
        if (styleText !== lastStyleText) {
          lastStyleText = styleText;
          lastStyle = Number(styleText);
        }
        style = lastStyle;
      }
      f = cell[6];
      v = cell[7];
    } else {
      // Any other form (issue 28: out of this function, which is compiled while a congress Grid's cells are read, the
      // sooner the smaller it is).
      const outcome = generalCell(data, i);
      if (general.addressesLost) cellAddresses = false;
      if (outcome === GENERAL_NOT_READ) return undefined;
      if (outcome === GENERAL_CUT_SHORT) break;
      i = general.next;
      if (outcome === GENERAL_SKIPPED) continue;
      row = general.row;
      column = general.column;
      if (general.body === '' || (slaves !== undefined && slaves.has(slaveKey(row, column)))) continue;
      body = general.body;
      const t = attributeOf(general.attrs, 't');
      type = t !== undefined && /^\w+$/.test(t) ? t : 'n';
      const s = attributeOf(general.attrs, 's');
      style = s !== undefined && /^\d+$/.test(s) ? Number(s) : 0;
      f = elementText(body, 'f', '');
      v = elementText(body, 'v', undefined);
    }
    let value: CellValue;
    let formula: string | null = null;
    if (f !== undefined) {
      if (canonical) {
        // Its text once every formula of the sheet is found, below; a formula is never null (`=` at least).
        formulaTexts.push(f);
        formulaCells.push(cellFormulas.length);
        formula = '';
      } else formula = `=${shown(unescapeXml(f))}`;
      value = v ? typed(type, v, style, context) : null;
    } else if (type === 'inlineStr') {
      const is = body === undefined ? undefined : /<is>([\s\S]*?)<\/is>/.exec(body)?.[1];
      // ExcelJS reads an empty inline string as no value at all.
      if (is === undefined || textOf(is) === '') continue;
      value = textOf(is);
    } else if (v !== undefined) {
      value = typed(type, v, style, context);
    } else continue;
    if (value === null && formula === null) continue;
    if (row > rows) rows = row;
    if (column > columns) columns = column;
    cellRows.push(row);
    cellColumns.push(column);
    cellValues.push(value);
    cellFormulas.push(formula);
  }
  limit(rows, columns);
  if (formulaTexts.length > 0) {
    // Each as `=${shown(unescapeXml(f))}` gives it (the reference's way, above); `shown` mostly returns the text it is
    // given, whose `=` is then already in place.
    const read = prefixedUnescaped('=', formulaTexts);
    for (let k = 0; k < read.length; k++) {
      const text = read[k].slice(1);
      const named = shown(text);
      cellFormulas[formulaCells[k]] = named === text ? read[k] : `=${named}`;
    }
  }
  return { cells: rectangle(rows, columns, cellRows, cellColumns, cellValues, cellFormulas), cellAddresses };
}

/** The cells read, placed in the rectangle from A1 to their last row and column (null where none is). */
function rectangle(rows: number, columns: number, cellRows: number[], cellColumns: number[], cellValues: CellValue[], cellFormulas: (string | null)[]): SheetCells {
  const values: CellValue[][] = [];
  const formulas: (string | null)[][] = [];
  for (let r = 0; r < rows; r++) {
    values.push(new Array<CellValue>(columns).fill(null));
    formulas.push(new Array<string | null>(columns).fill(null));
  }
  for (let k = 0; k < cellRows.length; k++) {
    values[cellRows[k] - 1][cellColumns[k] - 1] = cellValues[k];
    formulas[cellRows[k] - 1][cellColumns[k] - 1] = cellFormulas[k];
  }
  return { values, formulas };
}

const GENERAL_READ = 0;
const GENERAL_SKIPPED = 1;
const GENERAL_CUT_SHORT = 2;
const GENERAL_NOT_READ = 3;

/** What `generalCell` found: where the scan goes on, the cell's address, attributes and body, whether a `<c` was jumped over. */
const general = { next: 0, row: 0, column: 0, attrs: '', body: '', addressesLost: false };

/**
 * The `<c` at `i` read by the general scan: a cell (GENERAL_READ, its parts in `general`), no cell tag's name (`<cols`:
 * GENERAL_SKIPPED), a tag cut short (GENERAL_CUT_SHORT: the scan stops) or a cell without its address (GENERAL_NOT_READ:
 * the sheet is ExcelJS's to read). `general.addressesLost`: text that may hold a `<c` was jumped over.
 */
function generalCell(data: string, i: number): number {
  general.addressesLost = false;
  if (!endsName(data, i + 2)) {
    general.next = i + 2;
    return GENERAL_SKIPPED;
  }
  const tagEnd = data.indexOf('>', i);
  if (tagEnd < 0) {
    general.addressesLost = true;
    return GENERAL_CUT_SHORT;
  }
  const selfClosed = data.charCodeAt(tagEnd - 1) === 47;
  const attrs = data.slice(i + 2, selfClosed ? tagEnd - 1 : tagEnd);
  if (attrs.includes('<c')) general.addressesLost = true;
  let body = '';
  if (selfClosed) general.next = tagEnd + 1;
  else {
    const close = data.indexOf('</c>', tagEnd);
    if (close < 0) {
      general.addressesLost = true;
      return GENERAL_CUT_SHORT;
    }
    body = data.slice(tagEnd + 1, close);
    if (body.includes('<c')) general.addressesLost = true;
    general.next = close + 4;
  }
  const ref = REF.exec(attributeOf(attrs, 'r') ?? '');
  if (!ref) return GENERAL_NOT_READ;
  general.row = Number(ref[2]);
  general.column = columnOf(ref[1]);
  general.attrs = attrs;
  general.body = body;
  return GENERAL_READ;
}

/**
 * The extent `readSheetCells` would find (its last row and column holding something), counted without reading a cell
 * (issue 28): what a sheet read only when a batch needs it (`XlsxWorkbook.readSheetLater`) is held to the limits by,
 * when it is read. Every cell with a body counts, so it may find more than the reading (a cell whose shared string is
 * missing, one inside a merged range), never less. Undefined where `readSheetCells` would leave the sheet to ExcelJS,
 * or where a cell is not written as every program writes it (`<c r="B7"` first): such a sheet is read at once.
 */
export function sheetExtent(xml: string): { rows: number; columns: number } | undefined {
  const dataStart = xml.indexOf('<sheetData');
  if (dataStart < 0) return /<[A-Za-z_][\w.-]*:sheetData\b/.test(xml) ? undefined : { rows: 0, columns: 0 };
  const dataEnd = xml.indexOf('</sheetData>', dataStart);
  if (dataEnd < 0) return { rows: 0, columns: 0 };
  const shared = xml.indexOf('"shared"', dataStart);
  if (shared >= 0 && shared < dataEnd && /<f\b[^>]*\st="shared"/.test(xml.slice(dataStart, dataEnd))) return undefined;
  let rows = 0;
  let columns = 0;
  for (let i = xml.indexOf('<c', dataStart); i >= 0 && i < dataEnd; i = xml.indexOf('<c', i + 2)) {
    if (!endsName(xml, i + 2)) continue;
    if (!xml.startsWith('<c r="', i)) return undefined;
    let at = i + 6;
    let column = 0;
    for (let ch = xml.charCodeAt(at); ch >= 65 && ch <= 90; ch = xml.charCodeAt(++at)) column = column * 26 + (ch - 64);
    let row = 0;
    const digits = at;
    for (let ch = xml.charCodeAt(at); ch >= 48 && ch <= 57; ch = xml.charCodeAt(++at)) row = row * 10 + (ch - 48);
    if (column === 0 || at === digits || xml.charCodeAt(at) !== 34) return undefined;
    const tagEnd = xml.indexOf('>', at);
    if (tagEnd < 0) break;
    // Self-closed (`<c r="B7" s="3"/>`) or empty (`<c …></c>`): no value.
    if (xml.charCodeAt(tagEnd - 1) === 47 || xml.startsWith('</c>', tagEnd + 1)) continue;
    if (row > rows) rows = row;
    if (column > columns) columns = column;
  }
  return { rows, columns };
}

/** The bound `sheetExtentBound` proves: rows 1–9,999 (four digits), columns A–AZ. */
export const SMALL_SHEET = { rows: 9999, columns: 52 } as const;

/**
 * A cell tag `sheetExtent` would not read (a name-ended `<c` not followed by ` r="`, letters, digits, `"`), or one whose
 * address lies beyond `SMALL_SHEET` (five digits or more; three letters or more; two letters from BA on).
 */
const NOT_SMALL = /<c(?:(?=[\t\n\r >/])(?! r="[A-Z]+\d+")| r="(?:[A-Z]+\d{5}|[A-Z]{3}|[B-Z][A-Z]))/;

/**
 * What a sheet read only when a batch needs it (`XlsxWorkbook.readSheetLater`) is held to the limits by: its
 * `sheetExtent`, or `SMALL_SHEET` where one search of its cell tags proves each written as `sheetExtent` reads it
 * (`<c r="B7"` first) with an address within that bound, which is within the limits (`xlsxLimits.ts`). Issue 28:
 * `sheetExtent` looks at each cell, some 150 million instructions over the four such sheets of a 1,000-player workbook
 * (valgrind); the search, a few million. The same sheets pass, the same are refused with the same extent (the search
 * finding anything, `sheetExtent` is asked), the same are left to be read at once (undefined).
 */
export function sheetExtentBound(xml: string): { rows: number; columns: number } | undefined {
  const dataStart = xml.indexOf('<sheetData');
  const dataEnd = dataStart < 0 ? -1 : xml.indexOf('</sheetData>', dataStart);
  const small = SMALL_SHEET.rows <= MAX_SHEET_ROWS && SMALL_SHEET.rows * SMALL_SHEET.columns <= MAX_SHEET_CELLS;
  // `sheetExtent`'s own cases (no data, a formula shared between cells) are its to answer; so is any tag the search finds.
  if (!small || dataEnd < 0 || xml.indexOf('"shared"', dataStart) >= 0) return sheetExtent(xml);
  return NOT_SMALL.test(xml.slice(dataStart, dataEnd)) ? sheetExtent(xml) : SMALL_SHEET;
}

function typed(type: string, v: string, style: number, context: CellContext): CellValue {
  switch (type) {
    case 's': {
      const s = context.strings[parseInt(v, 10)];
      return s === undefined ? null : s;
    }
    case 'str':
    case 'inlineStr':
      return unescapeXml(v);
    case 'b':
      return parseInt(v, 10) !== 0;
    case 'e':
      return unescapeXml(v);
    default: {
      const n = parseFloat(v);
      if (context.dateStyles.has(style)) return new Date(Math.round((n - 25569 + (context.date1904 ? 1462 : 0)) * 24 * 3600 * 1000)).toISOString();
      return n;
    }
  }
}

/**
 * A merged range's cell other than its top-left (`slaveKeys`): row and column in one number (issue 28: not a text made
 * for each of a congress Grid's 75,000 cells), exact within a sheet's 16,384 columns and far beyond its rows; past
 * those, as text, as `mergeSlaves` keys it.
 */
const slaveKey = (row: number, column: number): number | string => (column <= 16384 && row <= 1e11 ? row * 16385 + column : `${row}:${column}`);

/** The cells of merged ranges other than their top-left (`slaveKey`), or undefined when the sheet merges none. */
function slaveKeys(xml: string): Set<number | string> | undefined {
  const out = mergedCellsBelowTopLeft(xml, slaveKey);
  return out.size > 0 ? out : undefined;
}

/** Each cell of the sheet's merged ranges other than their top-left, as `key` names it. */
function mergedCellsBelowTopLeft<K>(xml: string, key: (row: number, column: number) => K): Set<K> {
  const out = new Set<K>();
  const block = /<mergeCells\b[^>]*>([\s\S]*?)<\/mergeCells>/.exec(xml)?.[1];
  if (!block) return out;
  for (const m of block.matchAll(/<mergeCell\b[^>]*\sref="([A-Z]+)(\d+):([A-Z]+)(\d+)"/g)) {
    const [left, top, right, bottom] = [columnOf(m[1]), Number(m[2]), columnOf(m[3]), Number(m[4])];
    for (let r = top; r <= bottom; r++) for (let c = left; c <= right; c++) if (r !== top || c !== left) out.add(key(r, c));
  }
  return out;
}

/** The cells of merged ranges other than their top-left (`row:column`). */
export function mergeSlaves(xml: string): Set<string> {
  return mergedCellsBelowTopLeft(xml, (row, column) => `${row}:${column}`);
}
