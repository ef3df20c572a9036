/**
 * The league's and the QT's knockout playoff in the workbook: paired by the session (the pairings `tengen playoff`
 * prints), written on the Bracket sheet, results typed there and read back, so that the workbook's Standings place
 * the players as `tengen standings` and `tengen playoff` do (European Go Championship Tournament Rules, "The League's
 * Knockout Playoffs", "Pairings and Final Places"; "The European Championship Qualification Tournaments (QT)",
 * "Knockout Playoff").
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Game, Tournament } from '../../src/model/tournament';
import { computeStandings } from '../../src/scoring/standings';
import type { CellValue, WorkbookAdapter } from '../../src/workbook/adapters/adapter';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { importBatch, pairPlayoffBatch, readSession, SessionRefusal, standingsBatch } from '../../src/workbook/session';
import { BRACKET_SHEET } from '../../src/workbook/sheets/bracketSheet';
import { PLAYOFF_COLUMNS, PLAYOFF_HEADER_ROW } from '../../src/workbook/sheets/playoffSheet';
import { STANDINGS_HEADER_ROW, STANDINGS_SHEET } from '../../src/workbook/sheets/standingsSheet';
import { CROSS_TABLE_HEADER_ROW, CROSS_TABLE_SHEET } from '../../src/workbook/sheets/crossTableSheet';
import { cli } from '../support/cli';
import { id, player, tournament } from '../pairing/fixtures';
import { league, threeWayBeats } from '../support/leagues';

const dir = mkdtempSync(path.join(tmpdir(), 'tengen-playoff-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function playoffRows(values: readonly (readonly CellValue[])[]): CellValue[][] {
  const rows: CellValue[][] = [];
  for (let r = PLAYOFF_HEADER_ROW - 1; r < values.length && values[r]?.some((c) => c !== null && c !== ''); r++) rows.push([...values[r]]);
  return rows;
}

/** Types `mark` in the result cell of player `who` on the playoff row of `round` (place 1). */
async function typeResult(wb: WorkbookAdapter, round: number, who: number, mark: string): Promise<void> {
  const values = (await wb.readSheet(BRACKET_SHEET))!;
  const C = PLAYOFF_COLUMNS;
  for (let r = PLAYOFF_HEADER_ROW + 1; r <= values.length; r++) {
    const row = values[r - 1];
    if (row[C.round - 1] !== round) continue;
    const column = row[C.firstId - 1] === who ? C.firstResult : row[C.secondId - 1] === who ? C.secondResult : undefined;
    if (column === undefined) continue;
    const letter = String.fromCharCode(64 + column);
    await wb.apply({ label: 'typed', ops: [{ kind: 'write', sheet: BRACKET_SHEET, at: `${letter}${r}`, cells: [[mark]] }] });
    return;
  }
  throw new Error(`no playoff row of round ${round} for ${who}`);
}

async function session(wb: WorkbookAdapter): Promise<Tournament> {
  const s = await readSession(wb);
  if (!s.ok) throw new Error(JSON.stringify(s.errors));
  return s.value.tournament;
}

async function standingsSheetPlaces(wb: WorkbookAdapter): Promise<Record<number, number>> {
  const values = (await wb.readSheet(STANDINGS_SHEET))!;
  const out: Record<number, number> = {};
  for (const row of values.slice(STANDINGS_HEADER_ROW)) if (typeof row[1] === 'number') out[row[1]] = Number(row[0]);
  return out;
}

/** The cross-table's Final column (right of Place, once the playoff is over), by ID; null when there is none. */
async function crossTableFinals(wb: WorkbookAdapter): Promise<Record<number, number> | null> {
  const values = (await wb.readSheet(CROSS_TABLE_SHEET))!;
  const column = values[CROSS_TABLE_HEADER_ROW - 1].indexOf('Final');
  if (column < 0) return null;
  const out: Record<number, number> = {};
  for (const row of values.slice(CROSS_TABLE_HEADER_ROW)) if (typeof row[1] === 'number') out[row[1]] = Number(row[column]);
  return out;
}

/** The whole director's day on a workbook: import, pair the playoff, 3 beats 2, pair round 2, 3 beats 1, standings. */
async function playThreeWay(wb: WorkbookAdapter): Promise<void> {
  await wb.apply(importBatch(league(10, threeWayBeats), { existingSheets: await wb.sheetNames() }));
  await wb.apply(pairPlayoffBatch(await session(wb)));
  // Knockout numbers 1, 2, 3 (no previous qualification order: pairing numbers). 3 players exceed 2 by 1: the two
  // greatest numbers play, 1 has a free win ("Pairings and Final Places").
  const r1 = playoffRows((await wb.readSheet(BRACKET_SHEET))!);
  expect(r1[0]).toEqual(['Place', 'Round', 'Table', 'Game', 'ID', 'Name', 'Res.', 'ID', 'Name', 'Res.', 'White']);
  expect(r1.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[7]])).toEqual([
    [1, 1, 'knockout', 2, 3],
    [1, 1, 'free win', 1, null],
  ]);
  // Pairing again before round 1 has its result is refused: only the winners go on.
  await expect(async () => pairPlayoffBatch(await session(wb))).rejects.toThrow(SessionRefusal);
  await typeResult(wb, 1, 3, '+');
  await wb.apply(pairPlayoffBatch(await session(wb)));
  const r2 = playoffRows((await wb.readSheet(BRACKET_SHEET))!);
  expect(r2.slice(1).map((r) => [r[1], r[3], r[4], r[6], r[7], r[9]])).toEqual([
    // The sheet is Tengen's and made anew with the new round: the loser's blank cell (read as the loser) shows −.
    [1, 'knockout', 2, '−', 3, '+'],
    [1, 'free win', 1, null, null, null],
    [2, 'final', 1, null, 3, null],
  ]);
  await typeResult(wb, 2, 3, '+');
  // Before the Standings action the cross-table has no Final column (its Place is the league's order by wins).
  expect(await crossTableFinals(wb)).toBeNull();
  await wb.apply(standingsBatch(await session(wb)));
}

// "exactly three players tie for place 1": the round 2 winner 1st, its loser 2nd, the round 1 loser 3rd; the league
// players not in the knockout keep their places (4, 5 and 6 share 4th).
const EXPECTED = { 1: 2, 2: 3, 3: 1, 4: 4, 5: 4, 6: 4, 7: 7, 8: 8, 9: 9, 10: 10 };

describe('the playoff on the Bracket sheet', () => {
  it('memory workbook: paired round by round, results typed on the sheet, the Standings sheet as the engine places', async () => {
    const wb = new MemoryWorkbook();
    await playThreeWay(wb);
    const t = await session(wb);
    expect(t.playoffs?.map((g) => `${g.place}/${g.round}: ${g.white}-${g.black} ${g.result}`)).toEqual(['1/1: 2-3 black-wins', '1/2: 1-3 black-wins']);
    expect(Object.fromEntries(computeStandings(t).entries.map((e) => [e.player.id, e.place]))).toEqual(EXPECTED);
    expect(await standingsSheetPlaces(wb)).toEqual(EXPECTED);
    expect(await crossTableFinals(wb)).toEqual(EXPECTED);
    // The final places under the games, as `tengen playoff` prints them.
    const all = (await wb.readSheet(BRACKET_SHEET))!;
    const finals = all.findIndex((r) => r[0] === 'Final places');
    expect(finals).toBeGreaterThan(0);
    expect(all.slice(finals + 1, finals + 4).map((r) => [r[0], r[4]])).toEqual([[1, 3], [2, 1], [3, 2]]);
    // Once over, pairing again is refused saying so.
    expect(() => pairPlayoffBatch(t)).toThrow(/playoff is over/);
  });

  it('saved .xlsx: the Standings sheet, tengen standings and tengen playoff give the same places', async () => {
    const wb = XlsxWorkbook.create();
    await playThreeWay(wb);
    const file = path.join(dir, 'league.xlsx');
    writeFileSync(file, await wb.save());
    const standings = await cli(['standings', file, '--json']);
    expect(standings.err).toBe('');
    const cliStandings = Object.fromEntries(JSON.parse(standings.out).map((r: { id: number; place: number }) => [r.id, r.place]));
    const playoff = await cli(['playoff', file, '--json']);
    expect(playoff.err).toBe('');
    const finals = Object.fromEntries((JSON.parse(playoff.out).finalPlaces as { player: number; place: number }[]).map((f) => [f.player, f.place]));
    expect(cliStandings).toEqual(EXPECTED);
    expect(finals).toEqual(EXPECTED);
    const saved = await XlsxWorkbook.open(await wb.save());
    expect(await standingsSheetPlaces(saved)).toEqual(EXPECTED);
    expect(await crossTableFinals(saved)).toEqual(EXPECTED);
    // Read again and written again: nothing changes (the session reads its own Final column back).
    const again = standingsBatch(await session(saved));
    await saved.apply(again);
    expect(await crossTableFinals(saved)).toEqual(EXPECTED);
  });

  it('a result typed wrong on the sheet is named by its cell', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(league(10, threeWayBeats), { existingSheets: [] }));
    await wb.apply(pairPlayoffBatch(await session(wb)));
    await typeResult(wb, 1, 3, 'x');
    const s = await readSession(wb);
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.errors[0].where).toBe(`${BRACKET_SHEET}!J${PLAYOFF_HEADER_ROW + 1}`);
  });
});

describe("the QT's knockout playoff on the Bracket sheet", () => {
  /** A 4-player QT round-robin: 1 beats 2, 2 beats 3, 3 beats 1, and all beat 4 (issue 23, case 3). */
  function qt4(): Tournament {
    const g = (round: number, white: number, black: number): Game => ({ round, table: 1, white: id(white), black: id(black), handicap: 0, result: 'white-wins' });
    const games = [g(1, 1, 2), { ...g(1, 3, 4), table: 2 }, g(2, 2, 3), { ...g(2, 1, 4), table: 2 }, g(3, 3, 1), { ...g(3, 2, 4), table: 2 }];
    const players = Array.from({ length: 4 }, (_, i) => player(i + 1, '6d', { pairingNumber: i + 1, rating: 2700 - i * 10, family: `Player${i + 1}`, given: 'Anna' }));
    return { ...tournament(players, { system: 'egc-qt', rounds: 3, ruleset: 'egf' }, games), name: 'QT' };
  }

  it('round 1 2–3 with 1 free, round 2 1 against the winner; the final decides 1 and 2, the other knockout player 3rd, 4 keeps 4th', async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(qt4(), { existingSheets: await wb.sheetNames() }));
    expect(await wb.sheetNames()).not.toContain(BRACKET_SHEET);
    await wb.apply(pairPlayoffBatch(await session(wb)));
    const r1 = playoffRows((await wb.readSheet(BRACKET_SHEET))!);
    expect(r1.slice(1).map((r) => [r[1], r[3], r[4], r[7]])).toEqual([
      [1, 'knockout', 2, 3],
      [1, 'free win', 1, null],
    ]);
    expect((await wb.readSheet(BRACKET_SHEET))![1][0]).toBe('European Go Championship Tournament Rules, "The European Championship Qualification Tournaments (QT)", "Knockout Playoff"');
    await typeResult(wb, 1, 3, '+');
    await wb.apply(pairPlayoffBatch(await session(wb)));
    await typeResult(wb, 2, 1, '+');
    await wb.apply(standingsBatch(await session(wb)));
    const expected = { 1: 1, 3: 2, 2: 3, 4: 4 };
    expect(await standingsSheetPlaces(wb)).toEqual(expected);
    const file = path.join(dir, 'qt.xlsx');
    writeFileSync(file, await wb.save());
    const playoff = await cli(['playoff', file, '--json']);
    expect(playoff.err).toBe('');
    expect(Object.fromEntries((JSON.parse(playoff.out).finalPlaces as { player: number; place: number }[]).map((f) => [f.player, f.place]))).toEqual(expected);
    const standings = await cli(['standings', file, '--json']);
    expect(Object.fromEntries(JSON.parse(standings.out).map((r: { id: number; place: number }) => [r.id, r.place]))).toEqual(expected);
  });
});

describe('tengen playoff on a workbook', () => {
  it('--out the same .xlsx pairs the next round onto its Bracket sheet; again before the results: refused, nothing written', async () => {
    const { writeTournamentJson } = await import('../../src/formats/json');
    const { readFileSync } = await import('node:fs');
    const json = path.join(dir, 'league-cli.json');
    writeFileSync(json, writeTournamentJson(league(10, threeWayBeats)));
    const file = path.join(dir, 'league-cli.xlsx');
    expect((await cli(['workbook', json, '--out', file])).code).toBe(0);
    const paired = await cli(['playoff', file, '--out', file]);
    expect(paired.err).toBe('');
    expect(paired.code).toBe(0);
    const wb = await XlsxWorkbook.open(readFileSync(file));
    expect(playoffRows((await wb.readSheet(BRACKET_SHEET))!).slice(1).map((r) => [r[3], r[4], r[7]])).toEqual([['knockout', 2, 3], ['free win', 1, null]]);
    const before = readFileSync(file);
    const again = await cli(['playoff', file, '--out', file]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/waits for its results: type them on the Bracket sheet.*Nothing was written/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe("the pane's Pair the playoff (sessionServices)", () => {
  it('offers the batch after the league, and the refusal saying why before its last round', async () => {
    const { sessionServices } = await import('../../taskpane/sessionServices');
    const s = sessionServices();
    const done = s.pairPlayoffBatch!(league(10, threeWayBeats));
    expect(done.ok).toBe(true);
    const t = league(10, threeWayBeats);
    const early = s.pairPlayoffBatch!({ ...t, games: t.games.filter((g) => g.round < 9) });
    expect(early.ok).toBe(false);
    if (!early.ok) expect(early.errors[0].message).toMatch(/the league is not over: round 9 of 9/);
  });
});

describe("a director's own sheet named Bracket in a league workbook", () => {
  it('is not read as a playoff, and pairing the playoff refuses to write over it', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(league(10, threeWayBeats), { existingSheets: [] }));
    await wb.apply({ label: 'mine', ops: [{ kind: 'ensure-sheet', sheet: BRACKET_SHEET }, { kind: 'write', sheet: BRACKET_SHEET, at: 'A1', cells: [['my notes'], ['draw for the final dinner']] }] });
    const t = await session(wb);
    expect(t.playoffs).toBeUndefined();
    expect(() => pairPlayoffBatch(t)).toThrow(/sheet named Bracket that Tengen did not write/);
    expect((await wb.readSheet(BRACKET_SHEET))![0][0]).toBe('my notes');
  });
});
