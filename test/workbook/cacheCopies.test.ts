/**
 * The cache sheets' copies are known to hold values alone (liveCache.ts, `isValuesOnly`), so `sheetChanges` does not
 * look through their cells for a spilling formula (issue 28): the mark is true of every copy written (no formula in
 * it), is not on any rendering that holds formulas, and the changes found with it are those found without it.
 */
import type { CellInput, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { gridCacheOps, isValuesOnly, standingsCacheOps } from '../../src/workbook/formulas/liveCache';
import { sheetChanges, type SheetRead } from '../../src/workbook/session/changes';
import { gridOps } from '../../src/workbook/sheets/grid';
import { standingsOps } from '../../src/workbook/sheets/standingsSheet';
import { generated } from './fixtures';

const writes = (ops: readonly WorkbookOp[]) => ops.filter((op): op is Extract<WorkbookOp, { kind: 'write' }> => op.kind === 'write');

describe('the cache sheets’ copies', () => {
  const t = generated(40, 5, 7);
  const before = { ...t, games: t.games.filter((g) => g.round < 5), byes: t.byes.filter((b) => b.round < 5) };

  it('are marked as values alone, and are so; the live sheets are not marked', () => {
    for (const op of writes([...gridCacheOps(t), ...standingsCacheOps(t), ...gridCacheOps(before, 'fr')])) {
      expect([op.sheet, isValuesOnly(op.cells)]).toEqual([op.sheet, true]);
      expect(op.cells.flat().filter((c) => c !== null && typeof c === 'object')).toEqual([]);
    }
    for (const op of writes([...gridOps(t), ...standingsOps(t)])) {
      expect([op.sheet, isValuesOnly(op.cells)]).toEqual([op.sheet, false]);
      expect(op.cells.flat().some((c) => c !== null && typeof c === 'object')).toBe(true);
    }
  });

  it('change as their unmarked copies change', () => {
    for (const [was, will] of [
      [gridCacheOps(before), gridCacheOps(t)],
      [standingsCacheOps(before), standingsCacheOps(t)],
    ]) {
      const sheet = will[0].sheet;
      const read: SheetRead = { values: writes(was)[0].cells as SheetRead['values'] };
      // (the same ops with their rectangles copied: not marked, so looked through cell by cell)
      const unmarked = will.map((op) => (op.kind === 'write' ? { ...op, cells: op.cells.map((row) => [...row]) as CellInput[][] } : op));
      expect(isValuesOnly(writes(unmarked)[0].cells)).toBe(false);
      const marked = sheetChanges(sheet, was, will, read);
      expect(marked).toEqual(sheetChanges(sheet, was, unmarked, read));
      expect(marked.writes).toBeGreaterThan(0);
    }
  });
});
