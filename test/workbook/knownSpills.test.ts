/**
 * The rectangles whose spilling formulas are declared by their maker (spills.ts, `spillsKnown`): a grid `gridRows`
 * renders (the live Place column's spill alone, or none), the Standings sheet (the live table's spill, or none) and the
 * cache sheets' copies (none) — which `sheetChanges` then does not look for cell by cell (issue 28). Each declaration is
 * what a look at every cell finds, and the changes found with the declarations are those found without them.
 */
import type { CellInput, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { gridCacheOps, standingsCacheOps } from '../../src/workbook/formulas/liveCache';
import { sheetChanges, type SheetRead } from '../../src/workbook/session/changes';
import { gridOps, valuesOf } from '../../src/workbook/sheets/grid';
import { knownSpills } from '../../src/workbook/sheets/spills';
import { playersOps } from '../../src/workbook/sheets/playersSheet';
import { standingsOps } from '../../src/workbook/sheets/standingsSheet';
import type { Tournament } from '../../src/model/tournament';
import { generated } from './fixtures';

const writes = (ops: readonly WorkbookOp[]) => ops.filter((op): op is Extract<WorkbookOp, { kind: 'write' }> => op.kind === 'write');

/** The places of the spilling formulas (over more than one cell), found by looking at every cell. */
function scanned(cells: readonly (readonly CellInput[])[]): [number, number][] {
  const out: [number, number][] = [];
  cells.forEach((row, i) =>
    row.forEach((c, j) => {
      if (c !== null && typeof c === 'object' && c.spill !== undefined && (c.spill.rows > 1 || c.spill.columns > 1)) out.push([i, j]);
    }),
  );
  return out;
}

const upTo = (t: Tournament, round: number): Tournament => ({ ...t, games: t.games.filter((g) => g.round <= round), byes: t.byes.filter((b) => b.round <= round) });

describe('spills declared by the rectangles’ makers', () => {
  const t = generated(40, 5, 7);
  const before = upTo(t, 4);
  const empty: Tournament = { ...t, players: [], games: [], byes: [] };

  it('are those every cell shows, for grids (live, values only, without players) and the copies', () => {
    let declared = 0;
    let spilling = 0;
    for (const x of [t, before, upTo(t, 0), empty]) {
      for (const op of writes([...gridOps(x), ...gridOps(x, { language: 'fr' }), ...gridOps(x, { valuesOnly: true }), ...gridCacheOps(x), ...standingsCacheOps(x), ...standingsOps(x), ...standingsOps(x, undefined, 'Standings (final)')])) {
        const known = knownSpills(op.cells);
        if (known === undefined) continue;
        declared++;
        spilling += known.length;
        expect([op.sheet, known]).toEqual([op.sheet, scanned(op.cells)]);
      }
    }
    // (every grid with players has its Place spill: two renderings of three tournaments; the live Standings its table,
    // four tournaments; the copies and the Standings (final) none; the values-only grid, `valuesOf` a grid, undeclared)
    expect(spilling).toBe(6 + 4);
    expect(declared).toBe(4 * 6);
    // A rectangle no maker declared is looked through: the Players sheet's.
    for (const op of writes(playersOps(t.players, t.settings.entrants))) expect(knownSpills(op.cells)).toBeUndefined();
  });

  it('change the sheets as their undeclared copies do', () => {
    const undeclared = (ops: readonly WorkbookOp[]) => ops.map((op) => (op.kind === 'write' ? { ...op, cells: op.cells.map((row) => [...row]) as CellInput[][] } : op));
    for (const [was, will] of [
      [gridOps(before), gridOps(t)],
      [gridCacheOps(before), gridCacheOps(t)],
      [standingsCacheOps(before), standingsCacheOps(t)],
      [standingsOps(before), standingsOps(t)],
    ]) {
      const sheet = will[0].sheet;
      const read: SheetRead = { values: valuesOf(writes(was)[0].cells) };
      const copied = undeclared(will);
      expect(knownSpills(writes(copied)[0].cells)).toBeUndefined();
      const found = sheetChanges(sheet, was, will, read);
      expect(found).toEqual(sheetChanges(sheet, was, copied, read));
      expect(found.writes).toBeGreaterThan(0);
    }
  });
});
