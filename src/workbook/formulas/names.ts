/**
 * The workbook-level names Tengen's own formulas read (Formulas › Name Manager in Excel):
 *  - `TengenGrid`: the grid's INPUT cells — the title block, the headers and every player's two lines, from A1 to
 *    the last round's result column. Victories and Place lie to the right of it, so `=GO.PLACE(TengenGrid, …)` in
 *    the Place column reads no cell of its own spill: no circular reference. The grid batches redefine it whenever
 *    players or rounds are added (`gridOps`), so it never silently stops short the way a fixed `A1:AZ400` does.
 *  - `TengenSettings`: the Settings sheet (placement order, lottery seed, OpenGotha scoring), the `settings`
 *    argument of the functions.
 *
 *  - `TengenGridCache`, `TengenSettingsCache`, `TengenPlaceCache`, `TengenStandingsCache`: the values-only copies
 *    on the hidden `(cache)` sheets (liveCache.ts) that a spreadsheet without the GO functions shows instead of the
 *    live spills (`withCachedFallback`).
 *
 * Microsoft's rules for a name ("Names in formulas", Microsoft Support, "Learn about syntax rules for names"): the
 * first character a letter, an underscore or a backslash; then letters, numbers, periods and underscores; no
 * spaces; not a cell reference (`Z$100`, `R1C1`); not `C`, `c`, `R` or `r`; up to 255 characters; case-insensitive.
 */
import type { WorkbookOp } from '../adapters/adapter';
import { columnLetter, parseRange, quoteSheet } from '../cells/address';

export const GRID_NAME = 'TengenGrid';
export const SETTINGS_NAME = 'TengenSettings';
export const GRID_CACHE_NAME = 'TengenGridCache';
export const SETTINGS_CACHE_NAME = 'TengenSettingsCache';
export const PLACE_CACHE_NAME = 'TengenPlaceCache';
export const STANDINGS_CACHE_NAME = 'TengenStandingsCache';

/**
 * A live spill that still shows its numbers where the GO functions do not exist (issue 10: "so LibreOffice, a viewer,
 * or Excel without the add-in still shows the numbers"). LibreOffice recalculates every array formula when it opens a
 * file, whatever its cached values (observed with LibreOffice 7.4: a spilled `SUM(1)` stored with other cached values
 * comes out 1; `test/e2e/libreoffice.test.ts`), so a cached value alone cannot survive there. The formula therefore
 * asks first whether the add-in answers (`GO.VERSION()`, which cannot fail when it is loaded):
 *  - it does (Excel with Tengen): the live function, its own errors shown as they are;
 *  - it does not (`#NAME?`: LibreOffice, Excel without the add-in): the values Tengen wrote on the hidden cache sheet
 *    with the spill — but only while the grid and the settings are exactly what those values were computed from
 *    (`EXACT` cell by cell against their copies); after an edit Tengen has not seen, `#N/A`, never a stale place.
 * `IF` evaluates only the branch it takes (Excel: "IF function", Microsoft Support), so in Excel the copies cost
 * nothing.
 */
export function withCachedFallback(liveFormula: string, cacheName: string): string {
  const live = liveFormula.startsWith('=') ? liveFormula.slice(1) : liveFormula;
  // `&""` makes every cell text before EXACT compares them: LibreOffice's EXACT over two ranges in an array formula
  // finds two equal numbers different (observed with 7.4: `SUMPRODUCT(1-EXACT(Settings!B2:B5,…))` counts the two
  // numbers of four identical cells), while `6.5&""` is "6.5" on both sides; a blank is "" on both.
  const unchanged = `AND(EXACT(${GRID_NAME}&"",${GRID_CACHE_NAME}&""),EXACT(${SETTINGS_NAME}&"",${SETTINGS_CACHE_NAME}&""))`;
  return `=IF(ISERROR(GO.VERSION()),IF(${unchanged},${cacheName},NA()),${live})`;
}

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
