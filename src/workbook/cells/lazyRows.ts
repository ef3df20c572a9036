/**
 * A sheet's rows (`rows[r][c]`, 0-based, as the adapters read a sheet from A1) some of which are made only when first
 * looked at (issue 28). A congress Grid's formulas are megabytes of XML text, each Victories formula hundreds of
 * `&quot;` to turn back into `"`; the commands that read the Grid to compute (standings, a result) look at the
 * formula of a handful of its cells, and only a round's batch compares them all. A row made later is made from what
 * was read then, never from what changed since: it is the same row, only made later.
 *
 * The rows are a plain array: a row not made yet is an accessor that makes it on first reading, then holds it as any
 * other element (it may be written, replaced, spread, copied). `cellOf` gives one cell without making its row;
 * `copyOfRows` copies the rows, those not made yet left to be made in the copy.
 */

/** A row not made yet: its cells as they are made (`base`), and the cells still to convert, by column. */
interface RowToMake<T> {
  readonly base: readonly T[];
  readonly later: ReadonlyMap<number, string>;
  readonly convert: (raw: string) => T;
}

/** The rows not made yet of each array of rows (by row index); a row leaves the map when it is made. */
const pending = new WeakMap<readonly unknown[], Map<number, RowToMake<unknown>>>();

function made<T>(row: RowToMake<T>): T[] {
  const line = [...row.base];
  for (const [column, raw] of row.later) line[column] = row.convert(raw);
  return line;
}

function makeLater<T>(rows: T[][], r: number, row: RowToMake<T>, rowsPending: Map<number, RowToMake<unknown>>): void {
  rowsPending.set(r, row as RowToMake<unknown>);
  const hold = (value: T[]) => {
    rowsPending.delete(r);
    Object.defineProperty(rows, r, { value, writable: true, enumerable: true, configurable: true });
  };
  Object.defineProperty(rows, r, {
    enumerable: true,
    configurable: true,
    get() {
      const line = made(row);
      hold(line);
      return line;
    },
    set(value: T[]) {
      hold(value);
    },
  });
}

/**
 * `rows`, each row of `later` made when first looked at: row r is `rows[r]` as given, its cells `later.get(r)` (column →
 * raw text) set to `convert(raw)`. The rows given must not be changed after: a row not made yet is made from them.
 */
export function withRowsMadeLater<T>(rows: T[][], later: ReadonlyMap<number, ReadonlyMap<number, string>>, convert: (raw: string) => T): T[][] {
  if (later.size === 0) return rows;
  const rowsPending = new Map<number, RowToMake<unknown>>();
  pending.set(rows, rowsPending);
  for (const [r, cells] of later) makeLater(rows, r, { base: rows[r], later: cells, convert }, rowsPending);
  return rows;
}

/** `rows[row][column]` (0-based), without making the row when it is not made yet. */
export function cellOf<T>(rows: readonly (readonly T[])[], row: number, column: number): T | undefined {
  const toMake = pending.get(rows)?.get(row) as RowToMake<T> | undefined;
  if (toMake === undefined) return rows[row]?.[column];
  const raw = toMake.later.get(column);
  return raw === undefined ? toMake.base[column] : toMake.convert(raw);
}

/** A copy of the rows as they are now (each row copied): the rows not made yet are made in the copy when looked at. */
export function copyOfRows<T>(rows: readonly (readonly T[])[]): T[][] {
  const rowsPending = pending.get(rows);
  if (rowsPending === undefined || rowsPending.size === 0) return rows.map((row) => [...row]);
  const copy: T[][] = new Array<T[]>(rows.length);
  const copyPending = new Map<number, RowToMake<unknown>>();
  pending.set(copy, copyPending);
  for (let r = 0; r < rows.length; r++) {
    const toMake = rowsPending.get(r) as RowToMake<T> | undefined;
    if (toMake === undefined) copy[r] = [...rows[r]];
    else makeLater(copy, r, toMake, copyPending);
  }
  return copy;
}
