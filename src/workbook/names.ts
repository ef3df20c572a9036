/**
 * The workbook-level names Tengen's own formulas read (Formulas › Name Manager in Excel):
 *  - `TengenGrid`: the grid's INPUT cells — the title block, the headers and every player's two lines, from A1 to
 *    the last round's result column. Victories and Place lie to the right of it, so `=GO.PLACE(TengenGrid, …)` in
 *    the Place column reads no cell of its own spill: no circular reference. The grid batches redefine it whenever
 *    players or rounds are added (`gridOps`), so it never silently stops short the way a fixed `A1:AZ400` does.
 *  - `TengenSettings`: the Settings sheet (placement order, lottery seed, OpenGotha scoring), the `settings`
 *    argument of the functions.
 *
 * Microsoft's rules for a name ("Names in formulas", Microsoft Support, "Learn about syntax rules for names"): the
 * first character a letter, an underscore or a backslash; then letters, numbers, periods and underscores; no
 * spaces; not a cell reference (`Z$100`, `R1C1`); not `C`, `c`, `R` or `r`; up to 255 characters; case-insensitive.
 */
import type { WorkbookOp } from './adapter';
import { columnLetter, parseRange, quoteSheet } from './address';

export const GRID_NAME = 'TengenGrid';
export const SETTINGS_NAME = 'TengenSettings';

/** What is wrong with a name by Microsoft's rules, or undefined. */
export function definedNameProblem(name: string): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'a defined name cannot be empty';
  if (name.length > 255) return `the name "${name.slice(0, 20)}…" is longer than Excel's 255 characters`;
  if (!/^[A-Za-z_\\][A-Za-z0-9_.\\]*$/.test(name)) return `"${name}" is not a name Excel accepts: a letter, _ or \\ first, then letters, digits, periods and underscores`;
  if (/^[rc]$/i.test(name)) return `"${name}" is reserved by Excel (R and C select a row and a column)`;
  // A1 style up to column XFD, and R1C1 style.
  if (/^[A-Za-z]{1,3}\d+$/.test(name) && parseRange(name)) return `"${name}" is a cell reference, which Excel refuses as a name`;
  if (/^[Rr]\d*[Cc]\d*$/.test(name)) return `"${name}" is an R1C1 cell reference, which Excel refuses as a name`;
  return undefined;
}

/** `Grid`, `A1:Q95` → `Grid!$A$1:$Q$95`; `'Grid (final)'!$A$1:$B$2` for a name that needs quotes. */
export function absoluteReference(sheet: string, range: string): string {
  const r = parseRange(range);
  if (!r) throw new Error(`"${range}" is not an A1 range`);
  const corner = (row: number, column: number) => `$${columnLetter(column)}$${row}`;
  return `${quoteSheet(sheet)}!${corner(r.top, r.left)}:${corner(r.bottom, r.right)}`;
}

export function defineNameOp(name: string, sheet: string, range: string): WorkbookOp {
  return { kind: 'define-name', sheet, name, range };
}
