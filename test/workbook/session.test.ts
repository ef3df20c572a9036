/**
 * The session API the task pane calls, over an in-memory workbook: a tournament created, sectioned, paired and
 * scored batch by batch and read back after each; every refusal (a Grid already there, results in the round, the
 * grid changed since the preview, a director's entry overwritten); the whole example imported and read back.
 */
import { isCacheSheet } from '../../src/workbook/formulas/liveCache';
import { writeTournamentJson } from '../../src/formats/json';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { computeStandings } from '../../src/scoring/standings';
import { initialMmsFromRank, proposeSections } from '../../src/systems/mcmahon/sections';
import type { Rank } from '../../src/model/rank';
import { gridLayout } from '../../src/workbook/sheets/grid';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import {
  absencesBatch,
  barBatch,
  finalizeBatch,
  importBatch,
  newTournamentBatch,
  pairRoundBatch,
  parsePlayerList,
  parseScratchPad,
  previewPairing,
  readSession,
  readTournament,
  registerPlayersBatch,
  resultsBatch,
  sectionsBatch,
  SessionRefusal,
  standingsBatch,
  type NewPlayer,
} from '../../src/workbook/session';
import fc from 'fast-check';
import { errorsOf, example, generated, value } from './fixtures';

const TIME = '2026-05-16T09:00:00Z';

function refusal(f: () => unknown): SessionRefusal {
  try {
    f();
  } catch (e) {
    if (e instanceof SessionRefusal) return e;
    throw e;
  }
  throw new Error('expected a SessionRefusal');
}

function newPlayers(t: Tournament): NewPlayer[] {
  // Registration order is not strength order: the workbook numbers them.
  return [...t.players].reverse().map((p) => {
    const rest: { -readonly [K in keyof Tournament['players'][number]]?: Tournament['players'][number][K] } = { ...p };
    delete rest.id;
    delete rest.section;
    delete rest.absentRounds;
    return rest as NewPlayer;
  });
}

async function started(): Promise<MemoryWorkbook> {
  const t = example();
  const wb = new MemoryWorkbook();
  await wb.apply(newTournamentBatch({ name: t.name, location: t.location, director: t.director, beginDate: t.beginDate, endDate: t.endDate, settings: { ...t.settings, sections: undefined }, players: newPlayers(t), time: TIME }));
  return wb;
}

function pairing(t: Tournament, round: number): { pairing: RoundPairing; fingerprint: string } {
  const p = previewPairing(t, round, 'mays');
  if (isPairingError(p.pairing)) throw new Error(p.pairing.message);
  return { pairing: p.pairing, fingerprint: p.fingerprint };
}

describe('a tournament run through the session API', () => {
  test('create, sections, pair, results, standings, final copies: each batch read back', async () => {
    const wb = await started();
    expect((await wb.sheetNames()).filter((s) => !isCacheSheet(s))).toEqual(['Grid', 'Players', 'Settings', 'Log']);
    let t = value(await readTournament(wb));
    // Numbered by strength (Mays): 1 the strongest.
    expect(t.players.map((p) => p.id)).toEqual(example().players.map((_, i) => i + 1));
    expect(t.players.map((p) => p.rank)).toEqual([...t.players.map((p) => p.rank)].sort((a, b) => b - a));
    expect(t.settings.komi).toBe(6.5);
    expect(t.settings.tiebreaks).toEqual(['nbw', 'sos', 'sodos', 'oneonone']);

    const proposal = proposeSections(t.players, { rounds: t.settings.rounds, count: 3 });
    await wb.apply(sectionsBatch(t, proposal.sections, { time: TIME }));
    t = value(await readTournament(wb));
    expect(t.settings.sections).toEqual(proposal.sections.map((s) => ({ name: s.name, initialMms: s.initialMms })));
    expect(t.players.every((p) => p.section !== undefined)).toBe(true);

    const p1 = pairing(t, 1);
    await wb.apply(pairRoundBatch(t, p1.pairing, { expectedFingerprint: p1.fingerprint, time: TIME }));
    t = value(await readTournament(wb));
    expect(t.games.map((g) => [g.table, g.white, g.black, g.handicap, g.result])).toEqual(p1.pairing.games.map((g) => [g.table, g.white, g.black, g.handicap, 'unknown']));
    expect(t.byes).toEqual(p1.pairing.bye === null ? [] : [{ round: 1, player: p1.pairing.bye }]);
    const pairingSheet = (await wb.readSheet('Pairings R1'))!;
    expect(pairingSheet[2]).toEqual(['Table', 'White', 'Black', 'Handicap', 'Result', 'How']);
    expect(pairingSheet.length).toBe(3 + p1.pairing.games.length + (p1.pairing.bye === null ? 0 : 1));

    // The scratch pad: the winners' IDs (White wins at odd tables, Black at even ones; table 2 a jigo).
    const pad = p1.pairing.games.map((g) => (g.table === 2 ? `${g.white}=` : String(g.table % 2 ? g.white : g.black))).join(' ');
    await wb.apply(resultsBatch(t, 1, value(parseScratchPad(pad)), { time: TIME }));
    t = value(await readTournament(wb));
    expect(t.games.map((g) => g.result)).toEqual(p1.pairing.games.map((g) => (g.table === 2 ? 'jigo' : g.table % 2 ? 'white-wins' : 'black-wins')));

    await wb.apply(standingsBatch(t));
    const standings = (await wb.readSheet('Standings'))!;
    const engine = computeStandings(t);
    expect(standings.slice(3).map((r) => [r[0], r[1]])).toEqual(engine.entries.map((e) => [e.place, e.player.id]));

    // Log: one line per batch action, appended in order, never over earlier lines.
    const log = (await wb.readSheet('Log'))!;
    expect(log[0]).toEqual(['Time', 'Round', 'What']);
    expect(log[1][2]).toMatch(/^New tournament Quebec Open/);
    expect(log.some((r) => /^Paired round 1 \(mays\): \d+ tables/.test(String(r[2])))).toBe(true);
    expect(log.filter((r) => /^Table \d+: /.test(String(r[2])))).toHaveLength(p1.pairing.games.length);
    expect(log.filter((r) => /^Result: /.test(String(r[2])))).toHaveLength(p1.pairing.games.length);

    await wb.apply(finalizeBatch(t, { time: TIME }));
    expect(await wb.sheetNames()).toEqual(expect.arrayContaining(['Grid (final)', 'Standings (final)']));
    const formulas = (await wb.readFormulas('Grid (final)'))!;
    expect(formulas.flat().every((f) => f === null)).toBe(true);
    expect(await wb.readSheet('Grid (final)')).toEqual(await wb.readSheet('Grid'));
  });

  test('the whole example imported (all sheets) reads back as the same tournament', async () => {
    const t = example();
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(t, { time: TIME }));
    expect((await wb.sheetNames()).filter((s) => !isCacheSheet(s))).toEqual(['Grid', 'Players', 'Settings', 'Grid poster', 'Pairings R1', 'Pairings R2', 'Pairings R3', 'Pairings R4', 'Slips R4', 'Standings', 'Prize ceremony', 'Log']);
    expect(writeTournamentJson(value(await readTournament(wb)))).toBe(writeTournamentJson(t));
    // And in French.
    const fr = new MemoryWorkbook();
    await fr.apply(importBatch(t, { time: TIME, language: 'fr' }));
    const session = value(await readSession(fr));
    expect(session.language).toBe('fr');
    expect(writeTournamentJson(session.tournament)).toBe(writeTournamentJson(t));
  });

  test('latecomers after round 1: the next free ID, absent from the rounds paired, the section of their rank', async () => {
    const t = example();
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch({ ...t, games: t.games.filter((g) => g.round === 1), byes: t.byes.filter((b) => b.round === 1) }, { time: TIME }));
    const read = value(await readTournament(wb));
    await wb.apply(registerPlayersBatch(read, value(parsePlayerList('Late, Comer\t2k\tLaval')), { time: TIME }));
    const after = value(await readTournament(wb));
    const late = after.players.find((p) => p.family === 'Late')!;
    expect(late).toMatchObject({ id: t.players.length + 1, rank: -2, club: 'Laval', absentRounds: [1], section: 'B' });
  });
});

test('property: generated tournaments through every sheet of a workbook read back whole, English and French', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 1e6 }), fc.constantFrom<'en' | 'fr'>('en', 'fr'), async (n, rounds, seed, language) => {
      const t = generated(n, rounds, seed);
      const wb = new MemoryWorkbook();
      await wb.apply(importBatch(t, { time: TIME, language }));
      const back = value(await readTournament(wb));
      // −0 ranks from the generator are 0 once written.
      const canonical = { ...t, players: t.players.map((p) => ({ ...p, rank: (p.rank + 0) as typeof p.rank })) };
      expect(writeTournamentJson(back)).toBe(writeTournamentJson(canonical));
    }),
    { numRuns: 25, seed: 4242 },
  );
});

/** A workbook with round 1 paired by Mays' method, and that pairing. */
async function pairedRound1(): Promise<{ wb: MemoryWorkbook; p1: { pairing: RoundPairing; fingerprint: string } }> {
  const wb = await started();
  const t = value(await readTournament(wb));
  const p1 = pairing(t, 1);
  await wb.apply(pairRoundBatch(t, p1.pairing, { expectedFingerprint: p1.fingerprint, time: TIME }));
  return { wb, p1 };
}

test('absences announced before a round is paired are kept, and the pairing leaves the player out', async () => {
  const wb = await started();
  let t = value(await readTournament(wb));
  await wb.apply(absencesBatch(t, [{ player: 13 as PlayerId, rounds: [1, 2], absent: true }], { time: TIME }));
  t = value(await readTournament(wb));
  expect(t.players.find((p) => p.id === 13)!.absentRounds).toEqual([1, 2]);
  const p1 = pairing(t, 1);
  expect(p1.pairing.games.flatMap((g) => [g.white, g.black])).not.toContain(13);
  await wb.apply(pairRoundBatch(t, p1.pairing, { expectedFingerprint: p1.fingerprint, time: TIME }));
  t = value(await readTournament(wb));
  await wb.apply(absencesBatch(t, [{ player: 13 as PlayerId, rounds: [2], absent: false }], { time: TIME }));
  t = value(await readTournament(wb));
  expect(t.players.find((p) => p.id === 13)!.absentRounds).toEqual([1]);
  const paired = p1.pairing.games[0].white;
  expect(refusal(() => absencesBatch(t, [{ player: paired, rounds: [1], absent: true }])).message).toMatch(/already paired in round 1/);
  expect((await wb.readSheet('Log'))!.some((r) => /13 \(Fortin, Léa\) absent from rounds 1, 2/.test(String(r[2])))).toBe(true);
});

describe('the McMahon bar', () => {
  const bar = 1 as Rank; // 2d
  const floor = -10 as Rank; // 10k

  test('writes only the Grid (title block, initial scores), the Players sheet and one Log line; the Log is kept', async () => {
    const wb = await started();
    const t = value(await readTournament(wb));
    const logBefore = (await wb.readSheet('Log'))!;
    const batch = barBatch(t, { bar, floor }, { time: TIME });
    expect(batch.label).toBe('Set the McMahon bar');
    expect([...new Set(batch.ops.map((op) => op.sheet))].filter((s) => !isCacheSheet(s))).toEqual(['Grid', 'Players', 'Log']);
    // No sheet deleted, the Log not cleared: it grows by one line.
    expect(batch.ops.filter((op) => op.kind === 'delete-sheet' || (op.kind === 'clear' && op.sheet === 'Log'))).toEqual([]);
    await wb.apply(batch);
    const after = value(await readTournament(wb));
    expect(after.settings.bar).toBe(bar);
    expect(after.settings.floor).toBe(floor);
    const grid = (await wb.readSheet('Grid'))!;
    const layout = gridLayout(after.settings.rounds, after.players.length);
    expect(grid[layout.titleRow.bar - 1][layout.titleValueColumn - 1]).toBe('2d');
    expect(after.players.map((p) => grid[layout.playerRow(p.id - 1) - 1][layout.columns.initial - 1])).toEqual(after.players.map((p) => initialMmsFromRank(p.rank, { bar, floor })));
    // Everyone at or above the bar starts at the bar's score, everyone at or below the floor at the floor's.
    expect(after.players.filter((p) => p.rank >= bar).every((p) => grid[layout.playerRow(p.id - 1) - 1][layout.columns.initial - 1] === 1)).toBe(true);
    const log = (await wb.readSheet('Log'))!;
    expect(log.slice(0, logBefore.length)).toEqual(logBefore);
    expect(log.slice(logBefore.length).map((r) => r[2])).toEqual(['Bar at 2d (4 players at or above it), floor at 10k: initial McMahon scores from rank']);
    // The other sheets of the tournament are as they were.
    expect((await wb.sheetNames()).filter((s) => !isCacheSheet(s))).toEqual(['Grid', 'Players', 'Settings', 'Log']);
  });

  test('replaces McMahon sections already written only when the overwrite is confirmed, naming their cells', async () => {
    const wb = await started();
    let t = value(await readTournament(wb));
    await wb.apply(sectionsBatch(t, proposeSections(t.players, { rounds: 4, count: 3 }).sections, { time: TIME }));
    t = value(await readTournament(wb));
    const r = refusal(() => barBatch(t, { bar }));
    expect(r.code).toBe('overwrite');
    expect(r.cells).toEqual(['Grid!C9', ...t.players.map((p) => `Grid!E${16 + 2 * (p.id - 1) + 1}`)]);
    await wb.apply(barBatch(t, { bar }, { confirmOverwrite: true, time: TIME }));
    const after = value(await readTournament(wb));
    expect(after.settings.sections).toBeUndefined();
    expect(after.players.every((p) => p.section === undefined)).toBe(true);
    expect(after.settings.bar).toBe(bar);
    expect((await wb.readSheet('Log'))!.at(-1)![2]).toMatch(/^Bar at 2d .*; McMahon sections A, B, C removed$/);
  });

  test('refused once round 1 is paired, naming the Bar cell; a floor above the bar, a Swiss tournament refused', async () => {
    const { wb } = await pairedRound1();
    const t = value(await readTournament(wb));
    const r = refusal(() => barBatch(t, { bar }));
    expect(r.code).toBe('rescore');
    expect(r.cells).toEqual(['Grid!C10']);
    expect(r.message).toMatch(/round 1 is paired.*old scores.*Grid!C10.*confirm the re-score/);
    // Confirmed: the re-score is written, and the Log says it came after round 1 was paired.
    const rescored = barBatch(t, { bar, floor: -15 as Rank }, { confirmRescore: true });
    await wb.apply(rescored);
    const after = value(await readTournament(wb));
    expect(after.settings.floor).toBe(-15);
    expect(after.games.filter((g) => g.round === 1)).toEqual(t.games.filter((g) => g.round === 1));
    expect((await wb.readSheet('Log'))!.at(-1)![2]).toMatch(/floor at 15k.*re-scored after round 1 was paired/);
    const fresh = value(await readTournament(await started()));
    expect(refusal(() => barBatch(fresh, { bar: -5 as Rank, floor: 0 as Rank })).message).toMatch(/floor \(1d\) is above the bar \(5k\)/);
    expect(refusal(() => barBatch({ ...fresh, settings: { ...fresh.settings, system: 'swiss' } }, { bar })).cells).toEqual(['Grid!C6']);
  });
});

describe('refusals', () => {
  test('a new tournament in a workbook that has one, unless replacing it', async () => {
    const wb = await started();
    const sheets = await wb.sheetNames();
    const r = refusal(() => newTournamentBatch({ name: 'Other', settings: example().settings, existingSheets: sheets }));
    expect(r.code).toBe('grid-exists');
    await wb.apply(newTournamentBatch({ name: 'Other', settings: { system: 'swiss', rounds: 3, ruleset: 'egf' }, existingSheets: sheets, replace: true, time: TIME }));
    expect(value(await readTournament(wb))).toMatchObject({ name: 'Other', players: [] });
  });

  test('pairing a round again: refused when paired or with results, unless confirmed; refused when the grid changed', async () => {
    const { wb, p1 } = await pairedRound1();
    let t = value(await readTournament(wb));

    // The grid changed since the preview (round 1 was written): the old preview is refused.
    expect(refusal(() => pairRoundBatch(t, p1.pairing, { expectedFingerprint: p1.fingerprint, confirmRepair: true })).code).toBe('grid-changed');

    const again = pairing(t, 1);
    const paired = refusal(() => pairRoundBatch(t, again.pairing, { expectedFingerprint: again.fingerprint }));
    expect(paired.code).toBe('round-paired');
    expect(paired.cells[0]).toMatch(/^Grid!F\d+$/);

    const g = t.games[0];
    await wb.apply(resultsBatch(t, 1, [{ winner: g.white }], { time: TIME }));
    t = value(await readTournament(wb));
    const preview = pairing(t, 1);
    const withResults = refusal(() => pairRoundBatch(t, preview.pairing, { expectedFingerprint: preview.fingerprint }));
    expect(withResults.code).toBe('results-exist');
    expect(withResults.cells).toEqual(['Grid!H16', `Grid!H${16 + 2 * (g.black - 1)}`]);
    await wb.apply(pairRoundBatch(t, preview.pairing, { expectedFingerprint: preview.fingerprint, confirmRepair: true, time: TIME }));
    expect(value(await readTournament(wb)).games.every((x) => x.result === 'unknown')).toBe(true);
  });

  test('changing a result already entered names the cells, unless the overwrite is confirmed', async () => {
    const { wb } = await pairedRound1();
    let t = value(await readTournament(wb));
    const g = t.games[0];
    await wb.apply(resultsBatch(t, 1, [{ table: g.table!, result: 'white-wins' }], { time: TIME }));
    t = value(await readTournament(wb));
    const r = refusal(() => resultsBatch(t, 1, [{ winner: g.black }]));
    expect(r.code).toBe('overwrite');
    const rowW = 16 + 2 * (g.white - 1);
    const rowB = 16 + 2 * (g.black - 1);
    expect(r.cells).toEqual([`Grid!H${Math.min(rowW, rowB)}`, `Grid!H${Math.max(rowW, rowB)}`]);
    expect(r.message).toContain('confirm the overwrite');
    await wb.apply(resultsBatch(t, 1, [{ winner: g.black }], { confirmOverwrite: true, time: TIME }));
    expect(value(await readTournament(wb)).games[0].result).toBe('black-wins');
  });

  test('changing sections already set names the section cells, unless the overwrite is confirmed', async () => {
    const wb = await started();
    let t = value(await readTournament(wb));
    await wb.apply(sectionsBatch(t, proposeSections(t.players, { rounds: 4, count: 3 }).sections, { time: TIME }));
    t = value(await readTournament(wb));
    const two = proposeSections(t.players, { rounds: 4, count: 2 }).sections;
    const r = refusal(() => sectionsBatch(t, two));
    expect(r.code).toBe('overwrite');
    const moved = t.players.filter((p) => two.find((s) => s.players.includes(p.id))!.name !== p.section);
    expect(r.cells).toEqual(moved.map((p) => `Grid!E${16 + 2 * (p.id - 1) + 1}`));
    await wb.apply(sectionsBatch(t, two, { confirmOverwrite: true, time: TIME }));
    expect(value(await readTournament(wb)).settings.sections).toHaveLength(2);
  });

  test('results for a player without a game, two results for one game', async () => {
    const { wb } = await pairedRound1();
    const t = value(await readTournament(wb));
    const g = t.games[0];
    expect(refusal(() => resultsBatch(t, 1, [{ winner: g.white }, { winner: g.black }])).message).toMatch(/two different results/);
    expect(refusal(() => resultsBatch(t, 1, [{ table: 99, result: 'jigo' }])).message).toBe('round 1 has no table 99');
  });
});

describe('pasted lists', () => {
  test('players: tab or semicolon, header skipped, errors naming the line', () => {
    expect(value(parsePlayerList('Name;Rank;Club\nDoe, John;2d;MTL\n\n# comment\nUnknown, Jayne\t2 dan\tMTL\tMontréal\tCA\t2150'))).toEqual([
      { family: 'Doe', given: 'John', rank: 1, club: 'MTL' },
      { family: 'Unknown', given: 'Jayne', rank: 1, club: 'MTL', city: 'Montréal', country: 'CA', rating: 2150 },
    ]);
    expect(errorsOf(parsePlayerList('Doe, John;2d\nRoe, Jane;strong\nPoe'))).toEqual([
      'line 2: player Roe, Jane: "strong" is not a rank; expected a rank such as 15k, 5d or 1p (also 15-K, 15 kyu, 5 dan, 1 pro): kyu 1–30, dan 1–9, pro 1–9',
      'line 3: player Poe: no rank after the name; expected "Family, Given<TAB or ;>rank<TAB or ;>club"',
    ]);
  });
});
