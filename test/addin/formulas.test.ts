/**
 * Every custom function's formula against the engine on sample grids written by the workbook's grid writer, ID
 * ranges spilling columns, the parse cache, and errors naming the cell.
 */
import { toNumber } from '../../src/model/fraction';
import { formatRank } from '../../src/model/rank';
import { displayName, type Tournament } from '../../src/model/tournament';
import type { CellValue } from '../../src/workbook/adapters/adapter';
import { parseCell } from '../../src/workbook/cells/address';
import { gridCells, gridLayout, readGrid, valuesOf } from '../../src/workbook/sheets/grid';
import { directComparison } from '../../src/scoring/directComparison';
import { computeStandings } from '../../src/scoring/standings';
import { CRITERION_LABEL, standingsCells } from '../../src/workbook/sheets/standingsSheet';
import { settingsCells } from '../../src/workbook/sheets/settingsSheet';
import {
  clearFormulaCache,
  criterionFormula,
  directCompareFormula,
  gridParseCount,
  gridSourceOf,
  handicapFormula,
  parseCriteria,
  placeFormula,
  standingsFormula,
  type PlayerCriterion,
} from '../../src/workbook/formulas/formulas';
import { example, generated, value } from '../workbook/fixtures';

function gridOf(t: Tournament): CellValue[][] {
  return valuesOf(gridCells(t));
}

function setCell(values: CellValue[][], ref: string, v: CellValue): void {
  const p = parseCell(ref)!;
  values[p.row - 1][p.column - 1] = v;
}

const PER_PLAYER: PlayerCriterion[] = ['mms', 'nbw', 'sos', 'sos1', 'sos2', 'sodos', 'sosos', 'cuss', 'cusp'];

const SAMPLES: [string, Tournament][] = [
  ['the Quebec example (AQJG, sections)', example()],
  ['a generated McMahon, 40 players, 5 rounds', generated(40, 5, 11)],
  ['an EGF McMahon, 24 players, 4 rounds', { ...generated(24, 4, 5), settings: { ...generated(24, 4, 5).settings, ruleset: 'egf' } }],
];

beforeEach(() => clearFormulaCache());

describe.each(SAMPLES)('%s', (_, t) => {
  const grid = gridOf(t);
  // Scores and tie-breakers: the engine on the original tournament. Places and the table: the engine on what the grid
  // holds — the grid carries no placement order, ratings or lottery seed, so ties may break differently from the file.
  const original = computeStandings(t);
  const engine = computeStandings(value(readGrid(grid)));
  const ids = [...t.players].map((p) => p.id).sort((a, b) => a - b);

  test.each(PER_PLAYER)('GO.%s = the engine, one ID at a time and as a spilled ID column', (criterion) => {
    const expected = ids.map((id) => toNumber(original.entries.find((e) => e.player.id === id)!.values[criterion]));
    expect(ids.map((id) => criterionFormula(grid, id, criterion)[0][0])).toEqual(expected);
    expect(criterionFormula(grid, ids.map((id) => [id]), criterion)).toEqual(expected.map((v) => [v]));
  });

  test('GO.MMS after an earlier round = the engine as of that round', () => {
    const asOf = computeStandings(t, { asOf: 2 });
    expect(asOf.asOf).toBe(2);
    for (const e of asOf.entries) expect(criterionFormula(grid, e.player.id, 'mms', 2)[0][0]).toBe(toNumber(e.values.mms));
  });

  test('GO.PLACE = the engine’s places', () => {
    const places = placeFormula(grid, ids.map((id) => [id]));
    expect(places.map((r) => r[0])).toEqual(ids.map((id) => engine.entries.find((e) => e.player.id === id)!.place));
  });

  test('GO.DIRECTCOMPARE = DC among the players tied as the standings tie them, and among a given tie', () => {
    expect(directCompareFormula(grid, ids.map((id) => [id])).map((r) => r[0])).toEqual(ids.map((id) => toNumber(engine.entries.find((e) => e.player.id === id)!.values.dc)));
    // Tied by MMS and SOS: check one group with more than one player against directComparison itself.
    const key = (e: (typeof engine.entries)[number]) => `${toNumber(e.values.mms)}|${toNumber(e.values.sos)}`;
    const groups = new Map<string, number[]>();
    for (const e of engine.entries) groups.set(key(e), [...(groups.get(key(e)) ?? []), e.index]);
    for (const group of groups.values()) {
      const { keys } = directComparison(engine.scoreboard, group, { requireEqualMeetings: t.settings.system !== 'round-robin', iterate: true });
      for (const p of group) {
        const id = engine.scoreboard.players[p].id;
        expect(directCompareFormula(grid, id, ['mms', 'sos'])[0][0]).toBe((keys.get(p)![0] ?? 0) / 2);
      }
    }
  });

  test('GO.STANDINGS spills the Standings sheet’s table: a header and one row per player in standings order', () => {
    const table = standingsFormula(grid);
    const header = table[0];
    // The Section column only where there are sections (issue 25): these fields have a bar, no sections of their own.
    expect(header.slice(0, 5)).toEqual(['Place', 'ID', 'Name', 'Rank', 'City/Club']);
    expect(header.includes('Section')).toBe((t.settings.sections?.length ?? 0) > 0 || engine.scoreboard.ruleset.placesWithinSection);
    expect(table).toHaveLength(t.players.length + 1);
    for (const row of table) expect(row).toHaveLength(header.length);
    expect(table).toEqual(standingsCells(engine).slice(2).map((row) => row.map((v) => v ?? '')));
    engine.entries.forEach((e, i) => {
      const row = table[i + 1];
      expect(row.slice(0, 4)).toEqual([e.place, e.player.id, displayName(e.player), formatRank(e.player.rank)]);
      for (const c of engine.order.filter((c) => c !== 'lottery' && c !== 'previousorder')) {
        expect(row[header.indexOf(CRITERION_LABEL[c])]).toBe(toNumber(e.values[c]));
      }
    });
  });
});

describe('GO.STANDINGS options', () => {
  const t = generated(30, 5, 3);
  const grid = gridOf(t);

  test('another ruleset and placement order, as the engine computes them', () => {
    const engine = computeStandings(t, { ruleset: 'egf', tiebreaks: ['mms', 'sos', 'sosos'] });
    const table = standingsFormula(grid, 'egf', parseCriteria('MMS, SOS, SOSOS'));
    // EGF places over the whole field: a bar tournament's starting scores are no sections (issue 25), no Section columns.
    expect(table[0]).toEqual(['Place', 'ID', 'Name', 'Rank', 'City/Club', 'MMS', 'Wins', 'SOS', 'SOSOS']);
    expect(table.slice(1).map((r) => r[1])).toEqual(engine.entries.map((e) => e.player.id));
    expect(table.slice(1).map((r) => r[7])).toEqual(engine.entries.map((e) => toNumber(e.values.sos)));
  });

  test('criteria spelt the way directors write them', () => {
    expect(parseCriteria('SOS-1; sdos, Direct comparison, one-on-one')).toEqual(['sos1', 'sodos', 'dc', 'oneonone']);
    expect(parseCriteria(null)).toBeUndefined();
    expect(parseCriteria([['mms'], ['sos']])).toEqual(['mms', 'sos']);
    expect(() => parseCriteria('mms, sauce')).toThrow('criteria: "sauce" is not a criterion; expected one of mms, nbw, sos, sos1, sos2, sodos, sosos, cuss, cusp, dc, oneonone, rating, previousorder, lottery');
  });
});

describe('the Settings sheet', () => {
  test('its placement order makes GO.PLACE and GO.STANDINGS agree with the tournament file', () => {
    // A generated EGF tournament placed by MMS › SOS › SOSOS › SODOS › CUSS, which the grid alone does not carry.
    const t = generated(40, 5, 11);
    const grid = gridOf(t);
    const ids = [...t.players].map((p) => [p.id]);
    const file = computeStandings(t);
    const settings = settingsCells(t.settings);
    expect(placeFormula(grid, ids, null, { settings }).map((r) => r[0])).toEqual(ids.map(([id]) => file.entries.find((e) => e.player.id === id)!.place));
    expect(standingsFormula(grid, undefined, undefined, null, { settings }).slice(1).map((r) => r[1])).toEqual(file.entries.map((e) => e.player.id));
    // Without it, the ruleset's default order (EGF: score › DC › SOS …) places them otherwise.
    expect(placeFormula(grid, ids, null).map((r) => r[0])).not.toEqual(ids.map(([id]) => file.entries.find((e) => e.player.id === id)!.place));
  });

  test('a changed setting is a different grid for the cache; a bad one names its cell', () => {
    const t = generated(12, 3, 4);
    const grid = gridOf(t);
    const a = settingsCells({ ...t.settings, tiebreaks: ['mms', 'sos'] });
    const b = settingsCells({ ...t.settings, tiebreaks: ['mms', 'sodos'] });
    const before = gridParseCount();
    standingsFormula(grid, undefined, undefined, null, { settings: a });
    standingsFormula(grid, undefined, undefined, null, { settings: a.map((r) => [...r]) });
    expect(gridParseCount() - before).toBe(1);
    expect(standingsFormula(grid, undefined, undefined, null, { settings: b })[0]).toContain('SODOS');
    expect(gridParseCount() - before).toBe(2);
    const bad = a.map((r) => [...r]);
    const row = bad.findIndex((r) => r[0] === 'Lottery seed');
    bad[row][1] = 'x';
    expect(() => standingsFormula(grid, undefined, undefined, null, { settings: bad, settingsSource: { sheet: 'Réglages' } })).toThrow(`'Réglages'!B${row + 1}: "x" is not a number (Lottery seed)`);
  });
});

describe('one parse per grid content', () => {
  test('many per-player calls over the same grid (a fresh copy each time, as Excel passes it) parse it once', () => {
    const t = generated(60, 5, 9);
    const values = gridOf(t);
    const before = gridParseCount();
    for (const p of t.players) {
      const copy = values.map((row) => [...row]);
      criterionFormula(copy, p.id, 'sos');
      placeFormula(copy, p.id);
    }
    expect(gridParseCount() - before).toBe(1);
    // A changed result is a different grid: parsed again, and the values follow.
    const changed = values.map((row) => [...row]);
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const cell = changed[layout.playerRow(0) - 1];
    cell[layout.resultColumn(1) - 1] = cell[layout.resultColumn(1) - 1];
    criterionFormula(changed, t.players[0].id, 'sos');
    expect(gridParseCount() - before).toBe(1); // same content
    changed[0][2] = 'Another name';
    criterionFormula(changed, t.players[0].id, 'sos');
    expect(gridParseCount() - before).toBe(2);
  });
});

describe('a recalculation after a result is typed', () => {
  const t = generated(40, 5, 21);
  const layout = gridLayout(t.settings.rounds, t.players.length);
  const game = t.games.find((g) => g.round === 3 && g.result === 'white-wins')!;
  const rowOf = (id: number) => layout.playerRow(t.players.findIndex((p) => p.id === id)) - 1;
  const column = layout.resultColumn(3) - 1;

  /** A fresh copy of the grid with round 3's game of `game` given these result cells (white's, black's). */
  function typed(white: CellValue, black: CellValue): CellValue[][] {
    const values = gridOf(t).map((row) => [...row]);
    values[rowOf(game.white)][column] = white;
    values[rowOf(game.black)][column] = black;
    return values;
  }

  test.each([
    ['reversed', '−', '+'],
    ['a jigo', '=', '='],
    ['cleared (not yet reported)', null, null],
    ['as points', 0, 1],
    ['by default', '+!', '−!'],
  ] as [string, CellValue, CellValue][])('a result %s: only that game is read again, and the standings are those of the whole grid read anew', (_, white, black) => {
    standingsFormula(gridOf(t));
    const before = gridParseCount();
    const changed = typed(white, black);
    const patched = standingsFormula(changed);
    expect(gridParseCount()).toBe(before);
    clearFormulaCache();
    expect(standingsFormula(changed)).toEqual(patched);
    expect(gridParseCount()).toBe(before + 1);
  });

  test('results that do not agree: the whole grid is read, and the error names the cells', () => {
    standingsFormula(gridOf(t));
    const letter = String.fromCharCode(65 + column);
    expect(() => standingsFormula(typed('+', '='))).toThrow(new RegExp(`the results of ${Math.min(game.white, game.black)} \\(Grid!${letter}\\d+`));
  });

  test('a range over the input columns only (the Grid’s own Place column) shares the parse of the whole sheet', () => {
    const whole = gridOf(t);
    const lastInput = layout.resultColumn(t.settings.rounds);
    standingsFormula(whole);
    const before = gridParseCount();
    const inputs = whole.map((row, r) => (r + 1 < layout.headerRow ? row : row.slice(0, lastInput)));
    const ids = t.players.map((p) => [p.id]);
    expect(placeFormula(inputs, ids)).toEqual(placeFormula(whole, ids));
    // The computed columns (scores on line 2, Victories) differ: still the same grid.
    const rescored = whole.map((row) => [...row]);
    rescored[rowOf(game.white) + 1][layout.scoreColumn(1) - 1] = 99;
    placeFormula(rescored, ids);
    expect(gridParseCount()).toBe(before);
  });
});

describe('errors name the cell and say what is wrong', () => {
  const t = example();
  const layout = gridLayout(t.settings.rounds, t.players.length);
  const rankCell = `D${layout.playerRow(0)}`;
  const resultCell = `H${layout.playerRow(0)}`;

  test('a bad rank cell', () => {
    const values = gridOf(t);
    setCell(values, rankCell, '5x');
    expect(() => criterionFormula(values, 1, 'sos')).toThrow(new RegExp(`^Grid!${rankCell}: player 1: "5x" is not a rank; expected a rank such as 15k, 5d or 1p`));
  });

  test('a bad result cell', () => {
    const values = gridOf(t);
    setCell(values, resultCell, 'won');
    expect(() => standingsFormula(values)).toThrow(new RegExp(`^Grid!${resultCell}: player 1: round 1: "won" is not a result`));
  });

  test('the grid given from another sheet, or from row 2: errors name that sheet and the cell as on screen', () => {
    const values = gridOf(t);
    setCell(values, rankCell, '5x');
    const named = gridSourceOf("'Grid (final)'!A1:AZ400");
    expect(named).toEqual({ sheet: 'Grid (final)', top: 1, left: 1 });
    expect(() => criterionFormula(values, 1, 'sos', null, named)).toThrow(new RegExp(`^'Grid \\(final\\)'!${rankCell}: player 1: "5x" is not a rank`));
    // Excel passes only the range's values: from row 2, the rank cell is one row higher in the array (and the
    // title's first entry, row 1, is outside the range: that is an error too).
    const fromRow2 = gridSourceOf('Grid!$A$2:$AZ$400');
    expect(fromRow2).toEqual({ sheet: 'Grid', top: 2, left: 1 });
    expect(() => criterionFormula(values.slice(1), 1, 'sos', null, fromRow2)).toThrow(new RegExp(`^Grid!A1: the tournament's name is missing \\(title entry Tournament\\)\\nGrid!${rankCell}: player 1: "5x" is not a rank`));
    expect(gridSourceOf('[Book1.xlsx]Grid!A1:Z9')).toEqual({ sheet: 'Grid', top: 1, left: 1 });
    expect(gridSourceOf("'[Book1.xlsx]Grid (final)'!B3")).toEqual({ sheet: 'Grid (final)', top: 3, left: 2 });
    expect(gridSourceOf(undefined)).toEqual({});
  });

  test('an unknown ID, an ID that is not a number, a round out of range', () => {
    const values = gridOf(t);
    expect(() => criterionFormula(values, 999, 'sos')).toThrow('id: no player has ID 999 on this grid');
    expect(() => criterionFormula(values, 'Tremblay', 'mms')).toThrow('id: "Tremblay" is not a player\'s ID; expected the number in the grid\'s ID column');
    expect(() => criterionFormula(values, 1, 'mms', 9)).toThrow('round: "9" is not a round of this tournament; expected a whole number from 1 to 4 (blank or 0: every round played)');
    expect(() => standingsFormula(values, undefined, undefined, 'x')).toThrow(/^round: "x"/);
  });

  test('blank cells in an ID range give blank answers, a single blank ID is an error', () => {
    const values = gridOf(t);
    expect(criterionFormula(values, [[1], [null], [2]], 'mms')).toEqual([[criterionFormula(values, 1, 'mms')[0][0]], [''], [criterionFormula(values, 2, 'mms')[0][0]]]);
    expect(() => criterionFormula(values, null, 'mms')).toThrow(/^id: "" is not a player's ID/);
  });

  test('a grid that is not one', () => {
    expect(() => criterionFormula([['Hello']], 1, 'sos')).toThrow('Grid!A1: no header row: expected a row whose first cell is "ID" (French "No.") above the players');
  });
});

describe('GO.HANDICAP', () => {
  test('Mays by default: rank difference − 1', () => {
    expect(handicapFormula('17k', '15k')).toBe(1);
    expect(handicapFormula('17k', '14k')).toBe(2);
    expect(handicapFormula('5d', '5d')).toBe(0);
    expect(handicapFormula('1k', '1d')).toBe(0);
  });
  test('EGF: difference − 2, even when either is 14k or stronger; plain difference; ceiling 9', () => {
    expect(handicapFormula('20k', '15k', 'EGF')).toBe(3);
    expect(handicapFormula('20k', '14k', 'egf')).toBe(0);
    expect(handicapFormula('10k', '5k', 'difference')).toBe(5);
    expect(handicapFormula('30k', '5d', 'difference')).toBe(9);
    expect(handicapFormula('30k', '5d', 'none')).toBe(0);
  });
  test('errors say which argument and what was expected', () => {
    expect(() => handicapFormula('5x', '3k')).toThrow('rank1: "5x" is not a rank; expected a rank such as 15k, 5d or 1p');
    expect(() => handicapFormula('5k', null)).toThrow(/^rank2: "" is not a rank/);
    expect(() => handicapFormula('5k', '3k', 'generous')).toThrow('policy: "generous" is not a handicap policy; expected one of mays, aqjg, minus-1, egf, minus-2, difference, none');
  });
});

