/**
 * Issue 25, item 10: "the withdrawal logged twice". A withdrawal (absent from every round still to be paired) is one
 * line in the Log, whichever way the workbook was read.
 */
import type { PlayerId } from '../../src/model/tournament';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { isPairingError } from '../../src/pairing/types';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import type { WorkbookAdapter } from '../../src/workbook/adapters/adapter';
import { absencesBatch, newTournamentBatch, pairRoundBatch, previewPairing, readTournament, registerPlayersBatch, resultsBatch } from '../../src/workbook/session';
import { LOG_SHEET } from '../../src/workbook/sheets/logSheet';
import { value } from './fixtures';

const TIME = '2026-04-11T09:00:00Z';

async function twoRoundsPlayed(wb: WorkbookAdapter): Promise<void> {
  await wb.apply(newTournamentBatch({ name: 'Lyon', settings: { system: 'mcmahon', rounds: 5, ruleset: 'egf' }, time: TIME }));
  let t = value(await readTournament(wb));
  const players = Array.from({ length: 9 }, (_, i) => ({ family: `P${i + 1}`, given: 'X', rank: (-1 - i) as never }));
  await wb.apply(registerPlayersBatch(t, players, { time: TIME }));
  for (const round of [1, 2]) {
    t = value(await readTournament(wb));
    const preview = previewPairing(t, round, (base, r, c) => pairOptimal(base, r, c));
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    await wb.apply(pairRoundBatch(t, preview.pairing, { expectedFingerprint: preview.fingerprint, time: TIME }));
    t = value(await readTournament(wb));
    await wb.apply(resultsBatch(t, round, t.games.filter((g) => g.round === round).map((g) => ({ winner: g.white })), { time: TIME }));
  }
}

describe.each([
  ['memory', () => new MemoryWorkbook()],
  ['xlsx', () => XlsxWorkbook.create()],
] as const)('a withdrawal after round 2 (%s workbook)', (_name, make) => {
  test('is one line of the Log', async () => {
    const wb = make();
    await twoRoundsPlayed(wb);
    const t = value(await readTournament(wb));
    const leaving = t.players[3].id as PlayerId;
    const before = (await wb.readSheet(LOG_SHEET))!.length;
    await wb.apply(absencesBatch(t, [{ player: leaving, rounds: [3, 4, 5], absent: true }], { time: TIME }));
    const log = (await wb.readSheet(LOG_SHEET))!.slice(before).map((row) => String(row[2]));
    expect(log).toEqual([expect.stringMatching(/P4.*absent from rounds 3, 4, 5/)]);
  });
});
