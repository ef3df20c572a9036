/**
 * Issue 25 in the session: a round paired in parts (the rest paired later, the announced tables kept) and the warnings
 * a write carries to the director's confirmation — a result changed under a later paired round, a latecomer once
 * rounds are paired.
 */
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import {
  latecomerWarnings,
  newTournamentBatch,
  pairRoundBatch,
  partlyPairedRound,
  previewPairing,
  readTournament,
  registerPlayersBatch,
  resultChangeWarnings,
  resultsBatch,
} from '../../src/workbook/session';
import { value } from './fixtures';

const TIME = '2026-04-11T09:00:00Z';
const RANKS = ['4d', '3d', '2d', '1d', '1k', '2k', '3k', '5k', '7k', '9k'];

async function started(): Promise<MemoryWorkbook> {
  const wb = new MemoryWorkbook();
  await wb.apply(newTournamentBatch({ name: 'Lyon', settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf' }, time: TIME }));
  const t = value(await readTournament(wb));
  const players = RANKS.map((r, i) => ({ family: `P${i + 1}`, given: 'X', rank: (r.endsWith('d') ? Number(r[0]) - 1 : -Number(r.slice(0, -1))) as never }));
  await wb.apply(registerPlayersBatch(t, players, { time: TIME }));
  return wb;
}

const pairedOf = (r: ReturnType<typeof previewPairing>): RoundPairing => {
  if (isPairingError(r.pairing)) throw new Error(r.pairing.message);
  return r.pairing;
};

async function write(wb: MemoryWorkbook, t: Tournament, round: number, only?: readonly PlayerId[], rest = false): Promise<RoundPairing> {
  const preview = previewPairing(t, round, (base, r, c) => pairOptimal(base, r, { ...c, ...(only ? { only } : {}) }), {}, { rest });
  const pairing = pairedOf(preview);
  await wb.apply(pairRoundBatch(t, pairing, { expectedFingerprint: preview.fingerprint, rest, time: TIME }));
  return pairing;
}

describe('a round paired in parts', () => {
  test('part of the field now, the rest later: the announced tables kept, the Log says which part', async () => {
    const wb = await started();
    let t = value(await readTournament(wb));
    await write(wb, t, 1);
    t = value(await readTournament(wb));
    const round1 = t.games.filter((g) => g.round === 1);
    // Every result in but the last table's: its two players are still playing when round 2 is paired.
    const running = round1[round1.length - 1];
    await wb.apply(resultsBatch(t, 1, round1.filter((g) => g !== running).map((g) => ({ winner: g.white })), { time: TIME }));
    t = value(await readTournament(wb));
    expect(partlyPairedRound(t)).toBeNull();
    const free = t.players.map((p) => p.id).filter((id) => id !== running.white && id !== running.black && id > 4);
    const first = await write(wb, t, 2, free);
    expect(first.pending?.length).toBeGreaterThan(0);
    t = value(await readTournament(wb));
    const partly = partlyPairedRound(t);
    expect(partly).toMatchObject({ round: 2, tables: first.games.length });
    expect(partly!.waiting).toEqual(expect.arrayContaining([running.white, running.black]));
    // Without `rest` the round counts as paired: pairing it afresh needs the re-pair confirmation.
    expect(() => pairRoundBatch(t, first, { expectedFingerprint: '', currentFingerprint: '' })).toThrow(/already paired/);

    // Their result comes in after round 2 is paired in part, without them: it changes no table drawn, nothing to warn.
    expect(resultChangeWarnings(t, 1, [{ white: running.white, result: 'black-wins' }])).toEqual([]);
    await wb.apply(resultsBatch(t, 1, [{ winner: running.black }], { time: TIME }));
    t = value(await readTournament(wb));
    await write(wb, t, 2, undefined, true);
    t = value(await readTournament(wb));
    expect(partlyPairedRound(t)).toBeNull();
    const round2 = t.games.filter((g) => g.round === 2);
    expect(round2).toHaveLength(5);
    for (const g of first.games) expect(round2.find((x) => x.table === g.table)).toMatchObject({ white: g.white, black: g.black });
    const log = (await wb.readSheet('Log'))!.map((r) => String(r[2]));
    expect(log.some((l) => /^Paired more of round 2 \(optimal\): \d+ more tables, the \d+ announced kept$/.test(l))).toBe(true);
  });
});

describe('warnings, not silence', () => {
  test('a result changed after a later round is paired names that round and both players; none otherwise', async () => {
    const wb = await started();
    let t = value(await readTournament(wb));
    await write(wb, t, 1);
    t = value(await readTournament(wb));
    const g = t.games.find((x) => x.round === 1)!;
    expect(resultChangeWarnings(t, 1, [{ white: g.white, result: 'white-wins' }])).toEqual([]);
    await wb.apply(resultsBatch(t, 1, t.games.map((x) => ({ winner: x.white })), { time: TIME }));
    t = value(await readTournament(wb));
    await write(wb, t, 2);
    t = value(await readTournament(wb));
    // The same result again: nothing changes, nothing said.
    expect(resultChangeWarnings(t, 1, [{ white: g.white, result: 'white-wins' }])).toEqual([]);
    const [warning] = resultChangeWarnings(t, 1, [{ white: g.white, result: 'black-wins' }]);
    expect(warning).toMatch(new RegExp(`^Round 1, ${g.white} \\(P${g.white}, X\\) – ${g.black} \\(P${g.black}, X\\): the result was "White won", now "Black won" — round 2 was paired from the old result`));
  });

  test('a latecomer: absent from the rounds paired; after the last pairing, ranked on absence points alone', async () => {
    const wb = await started();
    let t = value(await readTournament(wb));
    const late = [{ family: 'Nowak', given: 'Jan' }];
    expect(latecomerWarnings(t, late)).toEqual([]);
    await write(wb, t, 1);
    t = value(await readTournament(wb));
    expect(latecomerWarnings(t, late)).toEqual(['Nowak, Jan joins from round 2: absent from round 1, already paired, and scored for it as the rules score an absent player.']);
    await wb.apply(resultsBatch(t, 1, t.games.map((x) => ({ winner: x.white })), { time: TIME }));
    for (const round of [2, 3]) {
      t = value(await readTournament(wb));
      await write(wb, t, round);
      t = value(await readTournament(wb));
      if (round === 2) await wb.apply(resultsBatch(t, 2, t.games.filter((x) => x.round === 2).map((x) => ({ winner: x.white })), { time: TIME }));
    }
    t = value(await readTournament(wb));
    expect(latecomerWarnings(t, late)[0]).toMatch(/^Every round \(1–3\) is paired: Nowak, Jan would play no game and be ranked on the points the rules give for absent rounds alone \(rounds 1–3\)/);
  });
});
