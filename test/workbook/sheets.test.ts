/**
 * The sheets beside the Grid: the pairing sheet (twenty tables to a printed page, the bye at the bottom), the
 * Settings and Players sheets read back with errors naming the cell, the Standings sheet against the engine.
 */
import type { InputError } from '../../src/model/errors';
import { formatInputError } from '../../src/model/errors';
import { computeStandings } from '../../src/scoring/standings';
import { gamesByTable, pairingsCells, pairingsOps, readPairingSheet } from '../../src/workbook/sheets/pairingsSheet';
import type { Tournament } from '../../src/model/tournament';
import { playersCells, readPlayersSheet } from '../../src/workbook/sheets/playersSheet';
import { readSettingsSheet, settingsCells } from '../../src/workbook/sheets/settingsSheet';
import { standingsCells } from '../../src/workbook/sheets/standingsSheet';
import type { CellValue } from '../../src/workbook/adapters/adapter';
import { example, generated } from './fixtures';

describe('pairing sheet', () => {
  test('tables in order, handicaps, results and how the game ended; the bye at the bottom', () => {
    const t = example();
    const cells = pairingsCells(t, 2);
    expect([cells[0][0], cells[1][0]]).toEqual(['Round 2', t.name]);
    expect(cells[2]).toEqual(['Table', 'White', 'Black', 'Handicap', 'Result', 'How']);
    expect(cells[3][0]).toBe(1);
    expect(cells.at(-1)).toEqual(['BYE', '13 Fortin, Léa', null, null, null, null]);
    const errors: InputError[] = [];
    const read = readPairingSheet(cells, errors, 'Pairings R2');
    expect(errors).toEqual([]);
    for (const g of t.games.filter((x) => x.round === 2)) {
      expect(read.get(`${g.white}-${g.black}`)).toMatchObject({ table: g.table, white: g.white, black: g.black, ...(g.method ? { method: g.method } : {}), ...(g.reason ? { reason: g.reason } : {}) });
    }
    expect(pairingsCells(t, 2, 'fr')[2]).toEqual(['Table', 'Blanc', 'Noir', 'Handicap', 'Résultat', 'Comment']);
  });

  test('twenty tables to a printed page at 100 %, the header repeated, the director\'s columns not posted', () => {
    const t = generated(101, 1, 3);
    const ops = pairingsOps(t, 1);
    const print = ops.find((o) => o.kind === 'print');
    const tables = t.games.length;
    expect(tables).toBeGreaterThan(40);
    // Tables from row 4: pages start at tables 21 and 41, rows 24 and 44; the bye last. A scale, not fit-to-page,
    // with which the spreadsheet would place the breaks itself.
    expect(print).toMatchObject({ settings: { printArea: `A1:D${3 + tables + t.byes.length}`, repeatRows: '3:3', scale: 100, rowBreaks: [24, 44] } });
    expect(print).not.toMatchObject({ settings: { fitToWidth: true } });
  });

  test('table, names and handicap in 20 pt; a name too long for its column smaller, that name alone', () => {
    const t = example();
    const long: Tournament = { ...t, players: t.players.map((p) => (p.id === 1 ? { ...p, family: 'Vandenberghe-Lefebvre', given: 'Jean-Christophe' } : p)) };
    const ops = pairingsOps(long, 1);
    const last = 3 + long.games.filter((g) => g.round === 1).length + long.byes.filter((b) => b.round === 1).length;
    expect(ops).toContainEqual({ kind: 'format', sheet: 'Pairings R1', range: `A4:D${last}`, format: { fontSize: 20, rowHeight: 28 } });
    const row = 3 + gamesByTable(long, 1).findIndex((g) => g.white === 1 || g.black === 1) + 1;
    const column = gamesByTable(long, 1).find((g) => g.white === 1 || g.black === 1)!.white === 1 ? 'B' : 'C';
    const sizeOf = (range: string) => ops.find((o) => o.kind === 'format' && o.range === range && o.format.fontSize !== undefined && o.format.fontSize < 20);
    // "1 Vandenberghe-Lefebvre, Jean-Christophe": 40 letters in a column of 35 characters.
    expect(sizeOf(`${column}${row}`)).toMatchObject({ format: { fontSize: expect.any(Number) } });
    const size = (sizeOf(`${column}${row}`) as { format: { fontSize: number } }).format.fontSize;
    expect(size).toBeGreaterThanOrEqual(12);
    expect(size).toBeLessThan(18);
    // His opponent's name keeps its 20 pt.
    expect(sizeOf(`${column === 'B' ? 'C' : 'B'}${row}`)).toBeUndefined();
  });

  test('a How cell that says nothing Tengen knows is an error naming it', () => {
    const cells: CellValue[][] = pairingsCells(example(), 1);
    cells[4][5] = 'by magic';
    const errors: InputError[] = [];
    readPairingSheet(cells, errors, 'Pairings R1');
    expect(errors.map(formatInputError)).toEqual(["'Pairings R1'!F5: \"by magic\" is not how a game ended; expected counting, time, resignation, absent, late, both-absent, arbitration"]);
  });
});

describe('Settings and Players sheets', () => {
  test('settings written and read back; errors name the cell', () => {
    const t = example();
    const errors: InputError[] = [];
    const read = readSettingsSheet(settingsCells(t.settings, t.shortName), errors);
    expect(errors).toEqual([]);
    expect(read).toEqual({ shortName: 'qo-mini', settings: { komi: 6.5, handicap: t.settings.handicap, tiebreaks: t.settings.tiebreaks, lotterySeed: t.settings.lotterySeed, hostCity: t.settings.hostCity } });
    const bad = settingsCells(t.settings);
    bad[3][1] = 'generous';
    bad[6][1] = 'sos, elo';
    bad.push(['Colour of the chairs', 'red']);
    readSettingsSheet(bad, errors);
    expect(errors.map(formatInputError)).toEqual([
      'Settings!B4: "generous" is not a handicap policy; expected one of none, rank-difference, rank-difference-minus-1, rank-difference-minus-2, mms-difference, mms-difference-minus-1, mms-difference-minus-2',
      'Settings!B7: "elo" is not a criterion; expected among mms, nbw, sos, sos1, sos2, sodos, sosos, cuss, cusp, dc, oneonone, rating, previousorder, lottery',
      'Settings!A20: "Colour of the chairs" is not a setting; expected one of Short name, Komi, Handicap, Handicap ceiling, Even game at or above, Tie-breakers, Lottery seed, Pairing tie-breakers, Host city, Prizes, OpenGotha scoring (JSON), Round-robin schedule, Round-robin cycles, Pairing numbers, Knockout bracket, Handicap correction, European Go Congress McMahon, Teams (JSON), Pair go or rengo, Pair or team rank, Paper, Site address',
      'Settings!B4: a handicap ceiling, correction or even-game rank needs a Handicap policy',
    ]);
  });

  test('players written and read back by ID; errors name the cell', () => {
    const t = example();
    const errors: InputError[] = [];
    const cells = playersCells(t.players);
    const rows = readPlayersSheet(cells, errors);
    expect(errors).toEqual([]);
    expect(rows.get(t.players[9].id)).toEqual({ row: 11, fields: { family: 'Moreau', given: 'Hugo', rank: -6, club: 'Gatineau', city: 'Gatineau', section: 'C', absentRounds: [1] } });
    cells[2][3] = 'strong';
    cells[3][12] = 'first';
    cells[4][0] = 1;
    readPlayersSheet(cells, errors);
    expect(errors.map(formatInputError)).toEqual([
      'Players!D3: player 2: "strong" is not a rank; expected a rank such as 15k, 5d or 1p (also 15-K, 15 kyu, 5 dan, 1 pro): kyu 1–30, dan 1–9, pro 1–9',
      'Players!M4: player 3: "first" is not a list of rounds; expected e.g. 1, 3',
      'Players!A5: ID 1 is also on row 2',
    ]);
  });
});

test('Standings sheet: the engine’s places and criteria, in its order', () => {
  const t = example();
  const s = computeStandings(t);
  const cells = standingsCells(s);
  expect(cells[2]).toEqual(['Place', 'ID', 'Name', 'Rank', 'City/Club', 'Section', 'MMS', 'Wins', 'SOS', 'SODOS', '1-on-1']);
  s.entries.forEach((e, i) => {
    expect(cells[3 + i].slice(0, 2)).toEqual([e.place, e.player.id]);
    expect(cells[3 + i][8]).toBeCloseTo(e.values.sos.num / e.values.sos.den, 12);
  });
});
