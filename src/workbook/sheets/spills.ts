/**
 * The places (`[row, column]`, 0-based in the rectangle) of the spilling formulas — a spill over more than one cell —
 * of rectangles of cells made whole by one function that knows them: a grid `gridRows` rendered (the live Place column
 * alone, or none), the Standings sheet (its live table's, or none), a cache sheet's copy (none: values alone;
 * formulas/liveCache.ts). `sheetChanges` (session/changes.ts) then finds them without looking at every cell (issue 28:
 * a congress round's batch scanned the Grid's 74,000 cells and its copy's for one spill). Held weakly; a rectangle so
 * known is read, never changed.
 */
const SPILLS = new WeakMap<object, readonly (readonly [number, number])[]>();

/** Declares the spilling formulas' places in `cells` (every one of them, in row order). */
export function spillsKnown<T extends object>(cells: T, places: readonly (readonly [number, number])[]): T {
  SPILLS.set(cells, places);
  return cells;
}

/** The places `spillsKnown` declared for `cells`, if any. */
export function knownSpills(cells: object): readonly (readonly [number, number])[] | undefined {
  return SPILLS.get(cells);
}
