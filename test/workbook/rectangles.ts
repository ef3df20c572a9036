/**
 * Shared arbitraries of the one-rectangle diff's property tests (fastPaths, batchFastPaths): ragged rows of cells
 * from a pool, and a rendering that writes them at one place, either as one rectangle or band by band (a write a row).
 */
import fc from 'fast-check';
import type { CellInput, WorkbookOp } from '../../src/workbook/adapters/adapter';
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
