/**
 * A1 addresses: column letters, cells and ranges, and the `Sheet!A1` form every error about a workbook names.
 * Rows and columns are 1-based, as on screen.
 */

/**
 * The letters of each column spelled so far, by number (issue 28: a congress batch spells some 100,000 addresses in a
 * few dozen columns).
 */
const LETTERS: string[] = [];

/** 1 → A, 26 → Z, 27 → AA. */
export function columnLetter(column: number): string {
  const known = LETTERS[column];
  if (known !== undefined) return known;
  if (!Number.isInteger(column) || column < 1) throw new RangeError(`column ${column} is not a column number ≥ 1`);
  if (column <= MAX_COLUMNS) return (LETTERS[column] = spelled(column));
  return spelled(column);
}

function spelled(column: number): string {
  let n = column;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** A → 1, AA → 27; undefined when not letters. */
export function columnNumber(letters: string): number | undefined {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function cellAddress(row: number, column: number): string {
  return `${columnLetter(column)}${row}`;
}

/** Excel's limits: 1 048 576 rows, 16 384 columns (XFD). */
export const MAX_ROWS = 1048576;
export const MAX_COLUMNS = 16384;

export interface CellPosition {
  readonly row: number;
  readonly column: number;
}

export interface RangePosition {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/** `B12` (also `$B$12`) → { row: 12, column: 2 }; undefined when not a cell address inside Excel's limits. */
export function parseCell(text: string): CellPosition | undefined {
  // The address as Tengen spells it (1–3 capitals, then 1–7 digits), read without a regular expression or a copy
  // (issue 28: a congress batch is checked, applied and diffed through some 100,000 of them); any other text as below.
  const length = text.length;
  let i = 0;
  let column = 0;
  for (; i < length && i < 4; i++) {
    const c = text.charCodeAt(i);
    if (c < 65 || c > 90) break;
    column = column * 26 + (c - 64);
  }
  if (i >= 1 && i <= 3 && length - i >= 1 && length - i <= 7) {
    let row = 0;
    let j = i;
    for (; j < length; j++) {
      const c = text.charCodeAt(j);
      if (c < 48 || c > 57) break;
      row = row * 10 + (c - 48);
    }
    if (j === length) return row < 1 || row > MAX_ROWS || column > MAX_COLUMNS ? undefined : { row, column };
  }
  return parsedCell(text);
}

function parsedCell(text: string): CellPosition | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(text.trim());
  if (!m) return undefined;
  const column = columnNumber(m[1])!;
  const row = Number(m[2]);
  if (row < 1 || row > MAX_ROWS || column > MAX_COLUMNS) return undefined;
  return { row, column };
}

/** `A1:Q40` or a single cell `B3` → its corners (normalised top-left to bottom-right); undefined when malformed. */
export function parseRange(text: string): RangePosition | undefined {
  const parts = text.split(':');
  if (parts.length > 2) return undefined;
  const a = parseCell(parts[0]);
  const b = parts.length === 2 ? parseCell(parts[1]) : a;
  if (!a || !b) return undefined;
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.column, b.column),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.column, b.column),
  };
}

/** `4:5` (rows repeated when printing) → [4, 5]; undefined when malformed. */
export function parseRowSpan(text: string): readonly [number, number] | undefined {
  const m = /^\$?(\d{1,7}):\$?(\d{1,7})$/.exec(text.trim());
  if (!m) return undefined;
  const a = Number(m[1]);
  const b = Number(m[2]);
  if (a < 1 || b < a || b > MAX_ROWS) return undefined;
  return [a, b];
}

export function rangeAddress(top: number, left: number, bottom: number, right: number): string {
  return `${cellAddress(top, left)}:${cellAddress(bottom, right)}`;
}

/** `Grid!H12`; a sheet name with spaces or punctuation is quoted, as Excel writes it: `'Grid (final)'!H12`. */
export function sheetCell(sheet: string, row: number, column: number): string {
  return `${quoteSheet(sheet)}!${cellAddress(row, column)}`;
}

export function quoteSheet(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
}

/**
 * Excel's rules for a worksheet name: 1 to 31 characters, none of `: \ / ? * [ ]`, not starting or ending with an
 * apostrophe, not "History" (reserved). Returns what is wrong, or undefined.
 */
export function sheetNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'a sheet name cannot be empty';
  if (name.length > 31) return `"${name}" is longer than Excel's 31 characters`;
  if (/[:\\/?*[\]]/.test(name)) return `"${name}" contains one of : \\ / ? * [ ], which Excel refuses in sheet names`;
  if (name.startsWith("'") || name.endsWith("'")) return `"${name}" starts or ends with an apostrophe`;
  if (name.toLowerCase() === 'history') return '"History" is reserved by Excel';
  return undefined;
}
