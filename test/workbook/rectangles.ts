/**
 * Shared arbitraries of the one-rectangle diff's property tests (fastPaths, batchFastPaths): ragged rows of cells
 * from a pool, and a rendering that writes them at one place, either as one rectangle or band by band (a write a row).
 */
import fc from 'fast-check';
import type { CellInput, CellValue, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { cellAddress } from '../../src/workbook/cells/address';

/** `rows` rows of 0..`columns` cells each, drawn from `pool`. */
export function raggedRows(pool: readonly CellInput[], rows: number, columns: number): fc.Arbitrary<CellInput[][]> {
  return fc.array(fc.array(fc.constantFrom(...pool), { minLength: 0, maxLength: columns }), { minLength: rows, maxLength: rows });
}

/** The cells written at `at` on sheet S: one write of the rectangle, or (`banded`) one write a row. */
export function writtenAt(at: { row: number; column: number }, cells: CellInput[][], banded: boolean): WorkbookOp[] {
  return banded
    ? cells.map((line, i): WorkbookOp => ({ kind: 'write', sheet: 'S', at: cellAddress(at.row + i, at.column), cells: [line] }))
    : [{ kind: 'write', sheet: 'S', at: cellAddress(at.row, at.column), cells }];
}

/** Where the two renderings of the diff's property tests start (row, column before: b, bc; after: a, ac) and their size. */
export interface Placement {
  readonly rows: number;
  readonly columns: number;
  readonly b: number;
  readonly bc: number;
  readonly a: number;
  readonly ac: number;
}

/**
 * Two renderings of ragged rows placed anywhere near the corner (`after` one row longer when `a` is odd) and a sheet
 * as read (its values from `readPool`, up to `readSide` rows and columns): what the one-rectangle diff is compared on.
 */
export function twoRenderings(
  pool: readonly CellInput[],
  readPool: readonly CellValue[],
  side: number,
  readSide: number,
): fc.Arbitrary<{ p: Placement; before: CellInput[][]; after: CellInput[][]; values: CellValue[][] }> {
  const near = fc.integer({ min: 1, max: 3 });
  return fc.record({ rows: fc.integer({ min: 1, max: side }), columns: fc.integer({ min: 1, max: side }), b: near, bc: near, a: near, ac: near }).chain((p) =>
    fc.record({
      p: fc.constant(p),
      before: raggedRows(pool, p.rows, p.columns),
      after: raggedRows(pool, p.rows + (p.a % 2), p.columns),
      values: fc.array(fc.array(fc.constantFrom(...readPool), { minLength: 0, maxLength: readSide }), { minLength: 0, maxLength: readSide }),
    }),
  );
}
