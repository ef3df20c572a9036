/**
 * The round-robin's cross-table sheet: written through the .xlsx adapter and read back into the same games (round
 * trip), its live Points/Place formulas, the whole workbook of a league read back (pairing numbers, a result typed
 * in the cross-table), and a contradiction named by cell.
 */
import * as path from 'node:path';
import { readFileSync } from 'node:fs';
import { parseTournamentJson } from '../../src/formats/json';
import { assignLots } from '../../src/pairing/lots';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { CROSS_TABLE_SHEET, crossTableOps, crossTableResults } from '../../src/workbook/sheets/crossTableSheet';
import { readCrossTable } from '../../src/workbook/sheets/crossTableReader';
import { rrPlaceFormula, rrPointsFormula } from '../../src/workbook/formulas/crossTableFormulas';
import { importBatch, readTournament } from '../../src/workbook/session';
import { playLeague } from '../support/league';
import { id, player, tournament } from '../pairing/fixtures';
import type { Game, PlayerId, Tournament } from '../../src/model/tournament';
import type { CellValue } from '../../src/workbook/adapters/adapter';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'egc-league-10.json');

function example(): Tournament {
  const p = parseTournamentJson(readFileSync(EXAMPLE, 'utf8'), EXAMPLE);
  if (!p.ok) throw new Error('example');
  return p.value;
}

async function crossTableValues(t: Tournament): Promise<CellValue[][]> {
  const wb = XlsxWorkbook.create();
  await wb.apply({ label: 'cross-table', ops: crossTableOps(t) });
  const again = await XlsxWorkbook.load(await wb.save());
  return (await again.readSheet(CROSS_TABLE_SHEET))!;
}

const gameKey = (g: Game) => `${g.round} ${g.white}-${g.black} ${g.handicap} ${g.result}`;

/** A league played out, with a few results of every kind the cell notation has. */
function mixedLeague(base: Tournament, seed: number): Tournament {
  const played = playLeague(assignLots(base, 'lottery', seed), (p: PlayerId) => (p * 7919 + seed) % 13);
  const kinds = ['white-wins-by-default', 'black-wins-by-default', 'jigo-by-default', 'both-lose-by-default', 'both-win-by-default'] as const;
  return { ...played, games: played.games.map((g, i) => (i < kinds.length ? { ...g, result: kinds[i] } : g)) };
}

describe('the cross-table sheet', () => {
  it('EGC league of 10: written, saved, read back into the same games and pairing numbers', async () => {
    const t = mixedLeague(example(), 2026);
    const values = await crossTableValues(t);
    const back = readCrossTable(values, { ...t, games: [] });
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.games.map(gameKey).sort()).toEqual(t.games.map(gameKey).sort());
    expect(back.value.players.map((p) => p.pairingNumber)).toEqual(t.players.map((p) => p.pairingNumber));
  });

  it('Berger, 5 players, two cycles (byes; two games a cell), with a handicap game: round trip', async () => {
    const field = [player(1, '3d'), player(2, '1k'), player(3, '5k'), player(4, '2d'), player(5, '1d')];
    const base = tournament(field, { system: 'round-robin', cycles: 2, rounds: 10, ruleset: 'egf', handicap: { policy: 'rank-difference-minus-1' } });
    const t = playLeague(base, (p) => -p);
    expect(t.games.some((g) => g.handicap > 0)).toBe(true);
    const values = await crossTableValues(t);
    expect(values[3].slice(0, 6)).toEqual([1, 1, 'Player 1', '3d', null, expect.stringMatching(/^1[bw]h?\d* 1[bw]h?\d*$/)]);
    const back = readCrossTable(values, { ...t, games: [] });
    expect(back.ok && back.value.games.map(gameKey).sort()).toEqual(t.games.map(gameKey).sort());
  });

  it('Points and Place: live formulas over the square, cached with the engine\'s numbers', async () => {
    const t = playLeague(example(), (p) => (p <= 2 ? 100 : -p));
    const values = await crossTableValues(t);
    const square = values.slice(3, 13).map((row) => row.slice(4, 14));
    const points = rrPointsFormula(square).map((r) => r[0]);
    expect(values.slice(3, 13).map((row) => row[14])).toEqual(points);
    expect(values.slice(3, 13).map((row) => row[15])).toEqual(rrPlaceFormula(points.map((p) => [p]), points.map((p) => [p])).map((r) => r[0]));
    // Players 1 and 2 (IDs, in pairing-number order here) share place 1 with 8.5 points.
    expect(points.filter((p) => p === 8.5)).toHaveLength(2);
    const wb = XlsxWorkbook.create();
    await wb.apply({ label: 'x', ops: crossTableOps(t) });
    const formulas = (await wb.readFormulas(CROSS_TABLE_SHEET))!;
    expect(formulas[3].slice(14)).toEqual(['=GO.RRPOINTS(E4:N4)', '=GO.RRPLACE(O4,$O$4:$O$13)']);
    expect(formulas[12].slice(14)).toEqual(['=GO.RRPOINTS(E13:N13)', '=GO.RRPLACE(O13,$O$4:$O$13)']);
  });

  it('names both cells of a game whose two sides disagree', () => {
    const t = tournament([player(1, '1d'), player(2, '1d'), player(3, '1d')], { system: 'round-robin', rounds: 3 });
    const values: CellValue[][] = [['t'], [null], ['No.', 'ID', 'Name', 'Rank', 1, 2, 3, 'Points', 'Place'], [1, 1, 'a', '1d', null, '1b', null], [2, 2, 'b', '1d', '1w', null, null], [3, 3, 'c', '1d', null, null, null]];
    const r = readCrossTable(values, t);
    expect(!r.ok && r.errors.map((e) => `${e.where}: ${e.message}`)).toEqual(["'Cross-table'!F4 and 'Cross-table'!E5: the two cells disagree: one player Black and the other White, one won and the other lost (or both ½)"]);
    const bad = readCrossTable([...values.slice(0, 3), [1, 1, 'a', '1d', null, '2b', null], ...values.slice(4)], t);
    expect(!bad.ok && bad.errors[0]).toMatchObject({ where: "'Cross-table'!F4", message: expect.stringMatching(/"2b" is not a result/) });
  });

  it('a league workbook read back: pairing numbers from the cross-table, a result typed there taken', async () => {
    const played = playLeague(assignLots(example(), 'lottery', 5), (p) => -p, 3);
    // Round 3's last game has no result yet on the grid …
    const last = played.games.filter((g) => g.round === 3).at(-1)!;
    const t = { ...played, games: played.games.map((g) => (g === last ? { ...g, result: 'unknown' as const } : g)) };
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(t));
    expect(await wb.sheetNames()).toContain(CROSS_TABLE_SHEET);
    // … and the director types it into the cross-table, in both players' cells: White won.
    const cells = (await wb.readSheet(CROSS_TABLE_SHEET))!;
    const row = (pid: PlayerId) => cells.findIndex((r) => r[1] === pid);
    const column = (pid: PlayerId) => 4 + (t.players.find((p) => p.id === pid)!.pairingNumber! - 1);
    const at = (r: number, c: number) => `${String.fromCharCode(65 + c)}${r + 1}`;
    await wb.apply({ label: 'typed', ops: [
      { kind: 'write', sheet: CROSS_TABLE_SHEET, at: at(row(last.white), column(last.black)), cells: [['1w']] },
      { kind: 'write', sheet: CROSS_TABLE_SHEET, at: at(row(last.black), column(last.white)), cells: [['0b']] },
    ] });
    const back = await readTournament(await XlsxWorkbook.load(await wb.save()));
    if (!back.ok) throw new Error(JSON.stringify(back.errors));
    expect(back.value.players.map((p) => [p.id, p.pairingNumber])).toEqual(t.players.map((p) => [p.id, p.pairingNumber]));
    expect(back.value.settings).toMatchObject({ system: 'round-robin', schedule: 'egc', lots: { by: 'lottery', seed: 5 } });
    expect(back.value.games.find((g) => g.round === 3 && g.white === last.white)!.result).toBe('white-wins');
  });

  it('cells are the row player\'s result and colour', () => {
    const t = tournament([player(1, '1d'), player(2, '1d')], { system: 'round-robin', rounds: 1 }, [{ round: 1, white: id(1), black: id(2), handicap: 0, result: 'jigo' }]);
    expect(crossTableResults(t)).toEqual([['', '½w'], ['½b', '']]);
  });
});
