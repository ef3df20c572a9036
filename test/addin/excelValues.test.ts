/// <reference types="custom-functions-runtime" />
/**
 * The custom functions fed the way the different Excel hosts feed them: blank cells as '', null or 0 (OfficeDev/office-js
 * #4702, #5262, #1951), rich values (data types) as objects, error cells as error values — every function must give
 * the same answers whatever the representation, and error cells must be named.
 */
import { CustomFunctionError } from './customFunctionsRuntime';
import * as GO from '../../functions/functions';
import { toNumber } from '../../src/model/fraction';
import type { Tournament } from '../../src/model/tournament';
import { computeStandings } from '../../src/scoring/standings';
import type { CellValue } from '../../src/workbook/adapters/adapter';
import { cellOf, optionalOf, rangeOf } from '../../src/workbook/formulas/excelValues';
import { clearFormulaCache, gridParseCount } from '../../src/workbook/formulas/formulas';
import { gridCells, gridLayout, readGrid, valuesOf } from '../../src/workbook/sheets/grid';
import { settingsCells } from '../../src/workbook/sheets/settingsSheet';
import { example, generated, value } from '../workbook/fixtures';

type Blank = '' | null | 0 | undefined;
const BLANKS: [string, Blank][] = [
  ["''", ''],
  ['null', null],
  ['0', 0],
  ['undefined', undefined],
];

const AT = { parameterAddresses: ['Grid!A1:AZ400', 'A16:A99', '', 'Settings!A1:B12'] } as CustomFunctions.Invocation;

/** The grid of `t` with the last round paired but not yet reported, its results given as points (1, 0, 0.5) or text. */
function gridWithPending(t: Tournament, points: boolean): CellValue[][] {
  const values = valuesOf(gridCells(t));
  const layout = gridLayout(t.settings.rounds, t.players.length);
  for (let i = 0; i < t.players.length; i++) {
    const row = values[layout.playerRow(i) - 1];
    for (let r = 1; r <= t.settings.rounds; r++) {
      const c = layout.resultColumn(r) - 1;
      if (r === t.settings.rounds) row[c] = null;
      else if (points && typeof row[c] === 'string') {
        const sign = (row[c] as string).replace('\u2212', '-');
        row[c] = sign === '+' ? 1 : sign === '-' ? 0 : sign === '=' ? 0.5 : row[c];
      }
    }
  }
  // Three blank rows past the last player, as a range such as Grid!A1:AZ400 gives them.
  const width = Math.max(...values.map((r) => r.length));
  for (let k = 0; k < 3; k++) values.push(new Array<CellValue>(width).fill(null));
  return values;
}

/** Every blank cell (and every row padded to the same width, as a range is) given as `blank`. */
function as(values: readonly (readonly CellValue[])[], blank: Blank): unknown[][] {
  const width = Math.max(...values.map((r) => r.length));
  return values.map((row) => Array.from({ length: width }, (_, c) => (row[c] === null || row[c] === undefined ? blank : row[c])));
}

/** Every function's answer on one grid, called as Excel calls them (`round` and other blanks as `blank`). */
function everyAnswer(grid: unknown[][], t: Tournament, blank: Blank, settings?: unknown[][]): Record<string, unknown> {
  const ids: unknown[][] = [...t.players.map((p) => [p.id]), [blank], [blank]];
  const out: Record<string, unknown> = {};
  const perPlayer = { mms: GO.mms, nbw: GO.nbw, sos: GO.sos, sosm1: GO.sosm1, sosm2: GO.sosm2, sodos: GO.sodos, sosos: GO.sosos, cuss: GO.cuss, cusp: GO.cusp, place: GO.place };
  for (const [name, f] of Object.entries(perPlayer)) {
    out[name] = f(grid, ids, blank as unknown as number, settings, AT);
    out[`${name} after round 1`] = f(grid, ids, 1, settings, AT);
  }
  out.directcompare = GO.directCompare(grid, ids, blank as unknown as string, settings, AT);
  out.standings = GO.standings(grid, blank as unknown as string, blank as unknown as string, blank as unknown as number, settings, AT);
  out.handicap = GO.handicap('3k', '1d', blank as unknown as string);
  return out;
}

describe.each([
  ['the Quebec example (AQJG, sections), results as + and −', example(), false],
  ['a generated McMahon, 30 players, 4 rounds, results as points 1, 0, ½', generated(30, 4, 7), true],
])('%s, last round pending', (_, t, points) => {
  const grid = gridWithPending(t, points);
  const engine = computeStandings(value(readGrid(grid)));
  const settings = settingsCells({ ...t.settings, tiebreaks: ['mms', 'sos', 'sodos'] });
  let reference: Record<string, unknown>;
  let referenceWithSettings: Record<string, unknown>;

  beforeAll(() => {
    clearFormulaCache();
    reference = everyAnswer(as(grid, null), t, null);
    referenceWithSettings = everyAnswer(as(grid, null), t, null, as(settings, null));
  });

  test('with blanks as null, the answers are the engine’s, and the round pending is not played', () => {
    const sos = reference.sos as unknown[][];
    expect(sos.slice(0, t.players.length)).toEqual(t.players.map((p) => [toNumber(engine.entries.find((e) => e.player.id === p.id)!.values.sos)]));
    expect(sos.slice(t.players.length)).toEqual([[''], ['']]);
    expect((reference.standings as unknown[][]).slice(1).map((r) => r[1])).toEqual(engine.entries.map((e) => e.player.id));
    expect(reference.handicap).toBe(2);
  });

  test.each(BLANKS)('blanks as %s: every function gives the same answers (round, settings and policy blank too)', (_, blank) => {
    clearFormulaCache();
    const given = as(grid, blank);
    expect(everyAnswer(given, t, blank)).toEqual(reference);
    expect(everyAnswer(given, t, blank, as(settings, blank))).toEqual(referenceWithSettings);
  });

  test("blanks as 0 beside formulas that answer '' (the Grid's own spilled Place column): the same answers", () => {
    clearFormulaCache();
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const given = as(grid, 0);
    // =GO.PLACE over the ID column answers '' on every line 2 and past the last player.
    for (let r = layout.firstPlayerRow - 1; r < given.length; r++) if (given[r][0] === 0) given[r][layout.columns.place - 1] = '';
    expect(everyAnswer(given, t, 0)).toEqual(reference);
  });

  test.each(BLANKS)('blanks as %s: a blank Settings range is the grid alone', (_, blank) => {
    clearFormulaCache();
    expect(GO.place(as(grid, blank), [[t.players[0].id]], undefined, [[blank, blank]], AT)).toEqual([[(reference.place as unknown[][])[0][0]]]);
  });

  test('the same grid passed again in another representation of blanks is not parsed again when it reads the same', () => {
    clearFormulaCache();
    GO.sos(as(grid, null), [[t.players[0].id]], undefined, undefined, AT);
    const parsed = gridParseCount();
    GO.sos(as(grid, ''), [[t.players[0].id]], undefined, undefined, AT);
    GO.sos(as(grid, undefined), [[t.players[0].id]], undefined, undefined, AT);
    expect(gridParseCount()).toBe(parsed);
  });
});

describe('0 sent for blanks: where 0 is also a value', () => {
  const t = generated(12, 3, 3);
  const layout = gridLayout(t.settings.rounds, t.players.length);

  test('a result 0 facing the opponent’s 1 is a loss; 0 facing 0 is a game not yet reported', () => {
    const grid = gridWithPending(t, true);
    const zeros = as(grid, 0);
    // Reported games: the same standings as with real blanks.
    expect(GO.mms(zeros, t.players.map((p) => [p.id]), undefined, undefined, AT)).toEqual(GO.mms(as(grid, null), t.players.map((p) => [p.id]), undefined, undefined, AT));
    // The last round's result cells are 0 on both sides: pending, as its blank cells were (not two losses).
    expect(GO.nbw(zeros, t.players.map((p) => [p.id]), undefined, undefined, AT)).toEqual(GO.nbw(as(grid, null), t.players.map((p) => [p.id]), undefined, undefined, AT));
  });

  test('a grid with every blank sent as 0 reads as the same tournament as with blanks as null', () => {
    for (const points of [false, true]) {
      const grid = gridWithPending(t, points);
      clearFormulaCache();
      const a = GO.standings(as(grid, 0), undefined, undefined, undefined, undefined, AT);
      clearFormulaCache();
      const b = GO.standings(as(grid, null), undefined, undefined, undefined, undefined, AT);
      expect(a).toEqual(b);
    }
  });

  test('an initial score typed as 0 stays 0 where blanks are not 0 (a grid has blank cells)', () => {
    const grid = gridWithPending(t, false);
    const row = layout.playerRow(0) - 1;
    grid[row][4] = 0;
    const zero = GO.mms(as(grid, null), [[t.players[0].id]], 1, undefined, AT)[0][0] as number;
    grid[row][4] = null;
    const blank = GO.mms(as(grid, null), [[t.players[0].id]], 1, undefined, AT)[0][0] as number;
    // Player 1 of a generated field is not in the 0 group: a written 0 moves his score.
    expect(zero).not.toBe(blank);
  });
});

describe('rich values (data types) and error cells in the grid range', () => {
  const t = example();
  const grid = gridWithPending(t, false);
  const layout = gridLayout(t.settings.rounds, t.players.length);
  const row0 = layout.playerRow(0) - 1;

  test('an entity (a Geography data type in the City column) reads as its text; numbers and strings as their basic value', () => {
    const rich = as(grid, null);
    const city = rich[row0][2] as string;
    rich[row0][2] = { type: 'LinkedEntity', text: city || 'Montréal', basicValue: '#VALUE!', basicType: 'Error', id: { entityId: 'x', domainId: 'geo', serviceId: 268, culture: 'en-US' } };
    rich[row0][1] = { type: 'String', basicValue: rich[row0][1], basicType: 'String' };
    rich[row0][0] = { type: 'Double', basicValue: rich[row0][0], basicType: 'Double' };
    rich[row0 + 1][0] = { type: 'Empty', basicValue: '' };
    clearFormulaCache();
    const table = GO.standings(rich, undefined, undefined, undefined, undefined, AT);
    clearFormulaCache();
    const plain = GO.standings(as(grid, null), undefined, undefined, undefined, undefined, AT);
    const cityColumn = (plain[0] as string[]).indexOf('City/Club');
    expect(cityColumn).toBeGreaterThan(0);
    expect(table.map((r) => r.filter((_, c) => c !== cityColumn))).toEqual(plain.map((r) => r.filter((_, c) => c !== cityColumn)));
    expect(table.find((r) => r[1] === t.players[0].id)![cityColumn]).toBe(city || 'Montréal');
  });

  test('the normaliser: the documented shapes', () => {
    expect(cellOf({ type: 'FormattedNumber', basicValue: 3, numberFormat: '0.0' })).toBe(3);
    expect(cellOf({ type: 'Boolean', basicValue: true })).toBe(true);
    expect(cellOf({ type: 'Entity', text: 'Paris', basicValue: '#VALUE!' })).toBe('Paris');
    expect(cellOf({ type: 'Error', basicValue: '#N/A', errorType: 'NotAvailable' })).toBe('#N/A');
    expect(cellOf({ type: 'WebImage', address: 'https://example.org/a.png', basicValue: '#VALUE!' })).toBe('#VALUE!');
    expect(optionalOf(0)).toBeNull();
    expect(optionalOf([['']])).toBeNull();
    expect(optionalOf({ type: 'Empty' })).toBeNull();
    expect(rangeOf([[1, 0], [0, 2]]).zeroBlanks).toBe(true);
    expect(rangeOf([[1, 0], [null, 2]]).zeroBlanks).toBe(false);
    expect(rangeOf([[0]]).zeroBlanks).toBe(false);
    // Judged on the first five columns (input cells only): a '' further right is a formula's answer.
    expect(rangeOf([[1, 0, 0, 0, 0, ''], [0, 2, 0, 0, 0, '']]).zeroBlanks).toBe(true);
    expect(rangeOf([[1, 0, 0, 0, '', 0], [0, 2, 0, 0, 0, 0]]).zeroBlanks).toBe(false);
  });

  const thrown = (f: () => unknown): CustomFunctionError => {
    try {
      f();
    } catch (error) {
      return error as CustomFunctionError;
    }
    throw new Error('expected an error');
  };

  test('an error in a cell the grid is read from is #VALUE!, naming the cell and the error, alone', () => {
    const bad = as(grid, null);
    const resultCell = layout.resultColumn(1);
    bad[row0][resultCell - 1] = { type: 'Error', basicValue: '#N/A', basicType: 'Error', errorType: 'NotAvailable' };
    const error = thrown(() => GO.sos(bad, [[1]], undefined, undefined, AT));
    expect(error).toBeInstanceOf(CustomFunctionError);
    expect(error.code).toBe('#VALUE!');
    const letter = String.fromCharCode(64 + resultCell);
    expect(error.message).toBe(`Grid!${letter}${row0 + 1}: holds the error #N/A; expected a value Tengen reads here (correct or clear the cell, or the formula it comes from)`);
    // As the task pane reads it (Range.values gives the error's text): the same.
    const asText = as(grid, '');
    asText[row0][1] = '#REF!';
    expect(thrown(() => GO.place(asText, [[1]], undefined, undefined, AT)).message).toBe(`Grid!B${row0 + 1}: holds the error #REF!; expected a value Tengen reads here (correct or clear the cell, or the formula it comes from)`);
  });

  test('an error in a cell the grid is not read from (a score on line 2, Victories) changes nothing', () => {
    const bad = as(grid, null);
    bad[row0 + 1][layout.scoreColumn(1) - 1] = { type: 'Error', basicValue: '#VALUE!', errorType: 'Value' };
    bad[row0][layout.columns.victories - 1] = '#DIV/0!';
    clearFormulaCache();
    expect(GO.standings(bad, undefined, undefined, undefined, undefined, AT)).toEqual(GO.standings(as(grid, null), undefined, undefined, undefined, undefined, AT));
  });

  test('an error as an ID, as the round or as a rank is #VALUE! saying so', () => {
    const values = as(grid, null);
    expect(thrown(() => GO.sos(values, [[1], ['#N/A']], undefined, undefined, AT)).message).toBe("id: the cell holds the error #N/A; expected a player's ID");
    expect(thrown(() => GO.sos(values, [[1]], { type: 'Error', basicValue: '#REF!' } as unknown as number, undefined, AT)).message).toMatch(/^round: "#REF!" is not a round/);
    expect(thrown(() => GO.handicap('#N/A', '1d')).message).toBe('rank1: the cell holds the error #N/A; expected a rank such as 15k, 5d or 1p');
  });
});
