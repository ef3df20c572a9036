/**
 * The sheet view after a write (taskpane/viewPatch.ts): the worker sends the cells that changed since the view the
 * page holds; the page applies them to its copy. A change of shape, or too many cells, sends the whole sheet.
 */
import type { CellValue } from '../../src/workbook/adapters/adapter';
import { applyViewPatch, keptCopy, viewPatch } from '../../taskpane/viewPatch';

const grid = (): CellValue[][] => [
  ['Name', 'Rank', 'R1'],
  ['Ann', '3d', '2+/w'],
  ['Bob', '1k', null],
];

describe('the sheet view patch', () => {
  it('names exactly the cells that changed, and applying it gives the sheet as it is now', () => {
    const before = grid();
    const after = grid();
    after[2][2] = '1-/b';
    after[1][1] = 4;
    const patch = viewPatch(before, after);
    expect(patch).toEqual({ rows: 3, width: 3, cells: [[1, 1, 4], [2, 2, '1-/b']] });
    const page = keptCopy(before);
    expect(applyViewPatch(page, patch!)).toBe(true);
    expect(page).toEqual(after);
  });

  it('treats a missing cell at the end of a row as empty, both ways', () => {
    const before: CellValue[][] = [['a', 'b'], ['c']];
    const after: CellValue[][] = [['a', 'b'], ['c', 'd']];
    const patch = viewPatch(before, after)!;
    expect(patch.cells).toEqual([[1, 1, 'd']]);
    const page = keptCopy(before);
    applyViewPatch(page, patch);
    expect(page).toEqual(after);
    expect(viewPatch(after, [['a', 'b'], ['c']])!.cells).toEqual([[1, 1, null]]);
  });

  it('sends the whole sheet when rows or columns were added or removed, or too many cells changed', () => {
    expect(viewPatch(grid(), [...grid(), ['Cy', '5k', null]])).toBeNull();
    expect(viewPatch(grid(), grid().map((r) => [...r, 'x']))).toBeNull();
    const all = grid().map((r) => r.map(() => 'changed'));
    expect(viewPatch(grid(), all, 5)).toBeNull();
    // A patch for another shape is refused by the page (it draws the whole sheet again).
    expect(applyViewPatch(grid(), { rows: 4, width: 3, cells: [] })).toBe(false);
  });

  it('keeps a copy the adapter cannot change afterwards', () => {
    const values = grid();
    const kept = keptCopy(values);
    values[1][2] = 'changed in place';
    expect(viewPatch(kept, values)!.cells).toEqual([[1, 2, 'changed in place']]);
  });
});
