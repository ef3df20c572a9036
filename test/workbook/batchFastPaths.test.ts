/**
 * The cuts a batch takes for speed (issue 28) give the ops the plain diff gives: a sheet the batch leaves alone is
 * neither rendered nor compared, and its ops are what `sheetChanges` of its two renderings would make — here for
 * batches that keep the players (a round paired, results) and for ones that change them (a player registered), with
 * the director's own entries on the sheet; and the cells of a spilling unit, which the diff passes over, are passed
 * over as the plain diff passes them.
 */
import fc from 'fast-check';
import type { CellInput, CellValue, WorkbookBatch, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { cellAddress, parseCell } from '../../src/workbook/cells/address';
import { applyPairing } from '../../src/pairing/apply';
import { GRID_SHEET, gridOps } from '../../src/workbook/sheets/grid';
import { STANDINGS_SHEET, standingsOps } from '../../src/workbook/sheets/standingsSheet';
import type { Tournament } from '../../src/model/tournament';
import { isPairingError } from '../../src/pairing/types';
import { pairRoundBatch, parsePlayerList, previewPairing, readSession, registerPlayersBatch, resultsBatch } from '../../src/workbook/session';
import { unchangedPlayersOps } from '../../src/workbook/session/batchSupport';
import { sheetChanges, type SheetRead } from '../../src/workbook/session/changes';
import { contextOf } from '../../src/workbook/session/context';
import { PLAYERS_SHEET, playersOps } from '../../src/workbook/sheets/playersSheet';
import { value } from './fixtures';
import { twoRenderings, writtenAt } from './rectangles';
import { ADAPTERS, roundTwoOpen, typeInto, workbookOf, type Adapter } from './panes';

const TIME = '2026-05-16T11:00:00Z';

/** The batch's ops on one sheet, in order. */
function opsOn(batch: WorkbookBatch, sheet: string): WorkbookOp[] {
  return batch.ops.filter((op) => op.sheet === sheet);
}

/** The Players sheet's ops as the plain diff makes them: both renderings made and compared with what was read. */
function playersDiff(read: Tournament, after: Tournament): WorkbookOp[] {
  const found = contextOf(read, {}).read!.get(PLAYERS_SHEET)!;
  return sheetChanges(PLAYERS_SHEET, playersOps(read.players, read.settings.entrants), playersOps(after.players, after.settings.entrants), found).ops;
}

/** Round 2's results in: round 3 to pair. */
function roundTwoPlayed(): Tournament {
  const t = roundTwoOpen();
  return { ...t, games: t.games.map((g) => (g.round === 2 ? { ...g, result: g.table! % 3 === 0 ? ('jigo' as const) : ('white-wins' as const) } : g)) };
}

async function readBack(wb: Adapter): Promise<Tournament> {
  return value(await readSession(wb)).tournament;
}

describe('a sheet the batch leaves alone: the Players sheet', () => {
  for (const [name, make] of ADAPTERS) {
    it(`is ensured alone, as its diff says, when a round is paired and results are entered (${name})`, async () => {
      const wb = await workbookOf(make, roundTwoPlayed());
      // The director's own entries on the sheet: a note beside a player, a formula below the register.
      typeInto(wb, PLAYERS_SHEET, 'Z3', 'paid cash');
      typeInto(wb, PLAYERS_SHEET, 'B60', '=1+1');
      const t = await readBack(wb);
      const preview = previewPairing(t, 3);
      if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
      const pair = pairRoundBatch(t, preview.pairing, { expectedFingerprint: preview.fingerprint, time: TIME });
      // (the tournament as it will be, the players the same objects: what the batch compared)
      expect(opsOn(pair, PLAYERS_SHEET)).toEqual(playersDiff(t, t));
      expect(opsOn(pair, PLAYERS_SHEET)).toEqual(unchangedPlayersOps());
      const open = await readBack(await workbookOf(make, roundTwoOpen()));
      const results = resultsBatch(open, 2, [{ table: 1, result: 'black-wins' }], { time: TIME });
      const ours = opsOn(results, PLAYERS_SHEET);
      // (a result is written cell by cell, the Players sheet not among them; diffed whole, it is ensured alone)
      expect(ours.length === 0 || JSON.stringify(ours) === JSON.stringify(playersDiff(open, open))).toBe(true);
    });

    it(`is rendered and diffed when the players change: a player registered (${name})`, async () => {
      const wb = await workbookOf(make, roundTwoPlayed());
      const t = await readBack(wb);
      const list = value(parsePlayerList('Newcomer, Nora; 3k; Tengen Club'));
      const batch = registerPlayersBatch(t, list, { time: TIME });
      const ops = opsOn(batch, PLAYERS_SHEET);
      expect(ops.some((op) => op.kind === 'write')).toBe(true);
      expect(ops).not.toEqual(unchangedPlayersOps());
    });
  }
});

describe('the cells of spilling units, passed over by a one-rectangle diff', () => {
  it('give the ops, intrusions and counts of the same cells written row by row, wherever the units lie', () => {
    // `RectCells.eachAgainst` and `eachOutside` skip the columns a spilling unit covers on each row (issue 28); the
    // row-by-row rendering goes through the map (`CellMap`), which visits every cell: the same answer, cell for cell.
    const pool: CellInput[] = [null, '', 'a', 1, 2, { formula: '=A1', value: 1 }, { formula: '=B1', value: 2 }];
    const readPool: CellValue[] = [null, '', 'a', 1, 2];
    const ops = (at: { row: number; column: number }, cells: CellInput[][], banded: boolean): WorkbookOp[] => [{ kind: 'ensure-sheet', sheet: 'S' }, ...writtenAt(at, cells, banded)];
    const unit = fc.record({ i: fc.nat(6), j: fc.nat(6), rows: fc.integer({ min: 1, max: 4 }), columns: fc.integer({ min: 1, max: 4 }), value: fc.constantFrom<CellValue>(1, 'a', null) });
    const arbitrary = fc.record({ r: twoRenderings(pool, readPool, 6, 9), units: fc.array(unit, { maxLength: 3 }) }).map(({ r, units }) => ({ ...r, units }));
    let skipped = 0;
    fc.assert(
      fc.property(arbitrary, ({ p, before, after, units, values }) => {
        const will = after.map((line) => [...line]);
        // each unit's anchor placed in the new rendering where it has a cell (units may overlap, run past the rows)
        for (const u of units) {
          const line = will[u.i % will.length];
          if (line.length === 0) continue;
          line[u.j % line.length] = { formula: '=GO.X()', value: u.value, spill: { rows: u.rows, columns: u.columns } };
          skipped++;
        }
        const read: SheetRead = { values, formulas: values.map((line) => line.map((v) => (v === 1 ? '=A1' : null))) };
        const one = sheetChanges('S', ops({ row: p.b, column: p.bc }, before, false), ops({ row: p.a, column: p.ac }, will, false), read);
        const bands = sheetChanges('S', ops({ row: p.b, column: p.bc }, before, true), ops({ row: p.a, column: p.ac }, will, true), read);
        expect(JSON.stringify(one)).toBe(JSON.stringify(bands));
      }),
      { numRuns: 3000 },
    );
    expect(skipped).toBeGreaterThan(100);
  });

  it('give what the plain diff gives for the Standings table and the Grid of a round paired', async () => {
    const wb = await workbookOf(ADAPTERS[0][1], roundTwoPlayed());
    const t = await readBack(wb);
    const preview = previewPairing(t, 3);
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    const after = applyPairing(t, preview.pairing);
    const read = contextOf(t, {}).read!;
    const banded = (list: readonly WorkbookOp[]): WorkbookOp[] =>
      list.flatMap((op) => {
        if (op.kind !== 'write') return [op];
        const at = parseCell(op.at)!;
        return op.cells.map((line, i): WorkbookOp => ({ kind: 'write', sheet: op.sheet, at: cellAddress(at.row + i, at.column), cells: [line] }));
      });
    for (const [sheet, render] of [
      [STANDINGS_SHEET, (x: Tournament) => standingsOps(x)],
      [GRID_SHEET, (x: Tournament) => gridOps(x)],
    ] as const) {
      const one = sheetChanges(sheet, render(t), render(after), read.get(sheet)!);
      const bands = sheetChanges(sheet, banded(render(t)), banded(render(after)), read.get(sheet)!);
      expect(one.writes).toBeGreaterThan(0);
      expect(JSON.stringify(one)).toBe(JSON.stringify(bands));
    }
  });
});
