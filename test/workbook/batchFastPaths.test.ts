/**
 * The cuts a batch takes for speed (issue 28) give the ops the plain diff gives: a sheet the batch leaves alone is
 * neither rendered nor compared, and its ops are what `sheetChanges` of its two renderings would make — here for
 * batches that keep the players (a round paired, results) and for ones that change them (a player registered), with
 * the director's own entries on the sheet.
 */
import type { WorkbookBatch, WorkbookOp } from '../../src/workbook/adapters/adapter';
import type { Tournament } from '../../src/model/tournament';
import { isPairingError } from '../../src/pairing/types';
import { pairRoundBatch, parsePlayerList, previewPairing, readSession, registerPlayersBatch, resultsBatch } from '../../src/workbook/session';
import { unchangedPlayersOps } from '../../src/workbook/session/batchSupport';
import { sheetChanges } from '../../src/workbook/session/changes';
import { contextOf } from '../../src/workbook/session/context';
import { PLAYERS_SHEET, playersOps } from '../../src/workbook/sheets/playersSheet';
import { value } from './fixtures';
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
