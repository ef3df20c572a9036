/**
 * The Grid sheet: written from a tournament, read back identically (property test over generated tournaments),
 * its formulas computing the engine's scores without circular references, and what a director types by hand read
 * in English and French, with errors naming the cell.
 */
import fc from 'fast-check';
import type { CellInput, CellValue } from '../../src/workbook/adapters/adapter';
import { parseCell } from '../../src/workbook/cells/address';
import { gridCells, gridInputCells, gridLayout, readGrid, valuesOf } from '../../src/workbook/sheets/grid';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { computeStandings } from '../../src/scoring/standings';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { errorsOf, example, generated, gridPart, value } from './fixtures';

function grid(t: Tournament, language: 'en' | 'fr' = 'en'): CellValue[][] {
  return valuesOf(gridCells(t, { language }));
}

/** Evaluates the few functions the grid's formulas use (IF, OR, = on text, + and −) over the cells' values. */
function evaluate(formula: string, cells: readonly (readonly CellInput[])[]): number {
  const valueAt = (ref: string) => {
    const p = parseCell(ref)!;
    const c = cells[p.row - 1][p.column - 1];
    return c !== null && typeof c === 'object' ? c.value : c;
  };
  const js = formula
    .slice(1)
    .replace(/([A-Z]+\d+)="([^"]*)"/g, (_, ref: string, text: string) => `(${JSON.stringify(valueAt(ref) ?? '')}===${JSON.stringify(text)})`)
    .replace(/([A-Z]+\d+)=([\d.]+)/g, (_, ref: string, n: string) => `(${JSON.stringify(valueAt(ref) ?? '')}===${n})`)
    .replace(/\b([A-Z]+\d+)\b/g, (_, ref: string) => `(${JSON.stringify(valueAt(ref) ?? 0)})`)
    .replace(/\bIF\(/g, 'iff(')
    .replace(/\bOR\(/g, 'or(');
  return new Function('iff', 'or', `return ${js};`)((c: boolean, a: number, b: number) => (c ? a : b), (...xs: boolean[]) => xs.some(Boolean)) as number;
}

function setCell(values: CellValue[][], ref: string, v: CellValue): void {
  const p = parseCell(ref)!;
  values[p.row - 1][p.column - 1] = v;
}

describe('grid round trip', () => {
  test('the Quebec example: Tournament → grid → readGrid gives the same tournament, in English and French', () => {
    const t = example();
    expect(gridPart(value(readGrid(grid(t))))).toEqual(gridPart(t));
    expect(gridPart(value(readGrid(grid(t, 'fr'))))).toEqual(gridPart(t));
  });

  test('property: generated tournaments survive the round trip, English and French', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 1e6 }), fc.constantFrom<'en' | 'fr'>('en', 'fr'), (n, rounds, seed, language) => {
        const t = generated(n, rounds, seed);
        const back = value(readGrid(grid(t, language)));
        expect(gridPart(back)).toEqual(gridPart(t));
      }),
      { numRuns: 60, seed: 20261122 },
    );
  });

  test('default results, jigo, no-komi and nigiri games, an unreported game and an initial score set by hand survive', () => {
    const t = example();
    const r4 = t.games.filter((g) => g.round === 4);
    const changed: Tournament = {
      ...t,
      players: t.players.map((p) => (p.id === 3 ? { ...p, initialMms: 1 } : p)),
      games: t.games.map((g) => {
        if (g === r4[0]) return { ...g, result: 'both-lose-by-default' };
        if (g === r4[1]) return { ...g, result: 'jigo-by-default', handicap: 1 };
        if (g === r4[2]) return { ...g, result: 'unknown', handicap: 0, colourKnown: false };
        if (g === r4[3]) return { ...g, result: 'both-win-by-default' };
        return g;
      }),
    };
    expect(gridPart(value(readGrid(grid(changed))))).toEqual(gridPart(changed));
    expect(gridPart(value(readGrid(grid(changed, 'fr'))))).toEqual(gridPart(changed));
    // The games' fields in the order a file shows them (issue 28 wrote them without spreading: the same order).
    const read = value(readGrid(grid(changed)));
    const nigiri = read.games.find((g) => g.round === 4 && g.colourKnown === false)!;
    expect(Object.keys(nigiri)).toEqual(['round', 'white', 'black', 'handicap', 'colourKnown', 'result']);
    expect(Object.keys(read.games.find((g) => g.colourKnown === undefined)!)).toEqual(['round', 'white', 'black', 'handicap', 'result']);
  });
});

describe('grid formulas', () => {
  test('the input cells alone are the grid without its scores, Victories and Place', () => {
    for (const t of [example(), generated(25, 5, 7)]) {
      const full = gridCells(t, { language: 'fr' });
      const inputs = gridInputCells(t, { language: 'fr' });
      const layout = gridLayout(t.settings.rounds, t.players.length, { language: 'fr' });
      const computed = (row: number, column: number) =>
        row >= layout.firstPlayerRow &&
        (column === layout.columns.victories || column === layout.columns.place || ((row - layout.firstPlayerRow) % 2 === 1 && column >= layout.opponentColumn(1)));
      expect(inputs.length).toBe(full.length);
      full.forEach((row, r) =>
        row.forEach((cell, c) => {
          expect(inputs[r][c]).toEqual(computed(r + 1, c + 1) ? null : cell);
        }),
      );
    }
  });

  test('scores and victories are formulas over their own row, with the engine’s values; place is the engine’s (the spill’s values)', () => {
    for (const t of [example(), generated(25, 5, 7)]) {
      const cells = gridCells(t);
      const layout = gridLayout(t.settings.rounds, t.players.length);
      const sb = buildScoreboard(t, { asOf: t.settings.rounds });
      const places = new Map(computeStandings(t).entries.map((e) => [e.player.id, e.place]));
      sb.players.forEach((p, i) => {
        const line1 = layout.playerRow(i);
        expect(cells[line1 - 1][0]).toBe(p.id);
        for (let r = 1; r <= t.settings.rounds; r++) {
          const c = cells[line1][layout.scoreColumn(r) - 1] as { formula: string; value: number };
          const expected = (sb.primary === 'mms' ? sb.mmsAfter[i][r] : sb.nbwAfter[i][r]) / 2;
          expect(c.value).toBe(expected);
          expect(evaluate(c.formula, cells)).toBe(expected);
          // Only its own player's cells, never itself: no circular reference.
          for (const ref of c.formula.match(/\b[A-Z]+\d+\b/g) ?? []) {
            const at = parseCell(ref)!;
            expect([line1, line1 + 1]).toContain(at.row);
            expect(ref).not.toBe(`${String.fromCharCode(64 + layout.scoreColumn(r))}${line1 + 1}`);
          }
        }
        const v = cells[line1 - 1][layout.columns.victories - 1] as { formula: string; value: number };
        expect(v.value).toBe(sb.nbwAfter[i][t.settings.rounds] / 2);
        expect(evaluate(v.formula, cells)).toBe(v.value);
        // Place: the first player's line 1 holds the column's one spilled =GO.PLACE (placeColumn.test.ts), with his
        // place as its value; every other line 1 the place the spill shows there.
        const place = cells[line1 - 1][layout.columns.place - 1];
        expect(i === 0 && place !== null && typeof place === 'object' ? place.value : place).toBe(places.get(p.id));
      });
    }
  });

  test('a result typed in the grid changes the scores computed by its formulas', () => {
    const t = example();
    const cells = gridCells(t);
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const row = layout.playerRow(0);
    const result = cells[row - 1][layout.resultColumn(1) - 1];
    const score = cells[row][layout.scoreColumn(1) - 1] as { formula: string };
    const before = evaluate(score.formula, cells);
    cells[row - 1][layout.resultColumn(1) - 1] = result === '+' ? '−' : '+';
    expect(evaluate(score.formula, cells)).toBe(result === '+' ? before - 1 : before + 1);
  });
});

/** A two-round grid typed by hand: 1–2 and 3–4 in round 1, 1–3 and 4 a bye with 2 absent in round 2. */
function handTyped(language: 'en' | 'fr'): CellValue[][] {
  const fr = language === 'fr';
  const W = fr ? 'B' : 'W';
  const B = fr ? 'N' : 'B';
  const row = (...cells: CellValue[]) => [...cells, ...new Array<CellValue>(13 - cells.length).fill(null)];
  return [
    row(fr ? 'Tournoi' : 'Tournament', null, 'Club night'),
    row(fr ? 'Langue' : 'Language', null, fr ? 'FR' : 'EN'),
    row(fr ? 'Système' : 'System', null, fr ? 'Suisse' : 'Swiss'),
    row(fr ? 'Règlement' : 'Ruleset', null, 'EGF'),
    row(fr ? 'Rondes' : 'Rounds', null, 2),
    row(),
    row(fr ? 'No.' : 'ID', fr ? 'Nom' : 'Name', 'Club', fr ? 'Cote' : 'Rank', null, fr ? 'Ronde 1' : 'Round 1', null, null, fr ? 'Ronde 2' : 'Round 2'),
    row(null, null, null, null, null, 'Opp', 'Col', 'Res', 'Opp', 'Col', 'Res'),
    row(1, 'Aa, Ann', 'Paris', '3d', null, 2, W, '+', 3, -2, '-!'),
    row(),
    row(2, 'Bb, Bob', null, '2 dan', null, 1, B, '-'),
    row(),
    row(3, 'Cc, Cy', null, '1k', null, 4, '-1', '=', 1, 2, '+!'),
    row(),
    row(4, 'Dd', null, '2k', null, '3', '+1', '=', null, 'bye', null),
    row(),
  ];
}

describe('reading a grid typed by hand', () => {
  test.each(['en', 'fr'] as const)('%s: colours, handicaps typed as numbers, ASCII minus, bye, a missed round', (language) => {
    const t = value(readGrid(handTyped(language)));
    expect(t.name).toBe('Club night');
    expect(t.settings).toEqual({ system: 'swiss', rounds: 2, ruleset: 'egf' });
    expect(t.games).toEqual([
      { round: 1, white: 1, black: 2, handicap: 0, result: 'white-wins' },
      { round: 1, white: 3, black: 4, handicap: 1, result: 'jigo' },
      { round: 2, white: 1, black: 3, handicap: 2, result: 'black-wins-by-default' },
    ]);
    expect(t.byes).toEqual([{ round: 2, player: 4 }]);
    expect(t.players.find((p) => p.id === 2)).toMatchObject({ family: 'Bb', given: 'Bob', rank: 1, absentRounds: [2] });
    expect(t.players.find((p) => p.id === 4)).toMatchObject({ family: 'Dd', given: '' });
  });

  test('results typed as points (what Excel lets a director type without an apostrophe) count in the formulas too', () => {
    const values = handTyped('en');
    setCell(values, 'H9', 1);
    setCell(values, 'H11', 0);
    setCell(values, 'H13', 0.5);
    setCell(values, 'H15', '½');
    const t = value(readGrid(values));
    expect(t.games.slice(0, 2).map((g) => g.result)).toEqual(['white-wins', 'jigo']);
    const cells = gridCells(example());
    const row = gridLayout(4, 13).playerRow(0);
    const score = cells[row][gridLayout(4, 13).scoreColumn(1) - 1] as { formula: string; value: number };
    cells[row - 1][gridLayout(4, 13).resultColumn(1) - 1] = 1;
    expect(evaluate(score.formula, cells)).toBe(1);
    cells[row - 1][gridLayout(4, 13).resultColumn(1) - 1] = 0.5;
    expect(evaluate(score.formula, cells)).toBe(0.5);
    // Typed in a text-formatted cell, the points are text.
    for (const [typed, points] of [['1', 1], ['0.5', 0.5], ['½', 0.5], ['0', 0]] as const) {
      cells[row - 1][gridLayout(4, 13).resultColumn(1) - 1] = typed;
      expect(evaluate(score.formula, cells)).toBe(points);
    }
  });

  test('a date Excel turned into its serial number reads as the date', () => {
    const values = handTyped('en');
    values.splice(1, 0, ['Dates', null, 46158, ...new Array<CellValue>(10).fill(null)]);
    expect(value(readGrid(values))).toMatchObject({ beginDate: '2026-05-16' });
  });

  test('a French B is White, an English B is Black', () => {
    const fr = value(readGrid(handTyped('fr')));
    expect(fr.games[0]).toMatchObject({ white: 1 as PlayerId, black: 2 as PlayerId });
    // The same letters on an English grid: 1 has B (Black) and 2 has N, which is no English colour.
    const values = handTyped('fr');
    setCell(values, 'C2', 'EN');
    expect(errorsOf(readGrid(values))).toEqual([
      'Grid!G11: player 2: round 1: "N" is not a colour (this grid\'s language is EN); expected W (White), B (Black), +n (received n stones: Black), −n (gave n stones: White) or BYE',
    ]);
  });

  test('the options give the language when the title block does not', () => {
    const values = handTyped('fr');
    values.splice(1, 1);
    expect(errorsOf(readGrid(values))).toHaveLength(1);
    expect(value(readGrid(values, { language: 'fr' })).games[0]).toMatchObject({ white: 1, black: 2 });
  });
});

describe('grid errors name the cell and what was expected', () => {
  const cases: [string, (v: CellValue[][]) => void, string[]][] = [
    ['an unreadable colour', (v) => setCell(v, 'G9', 'X'), ['Grid!G9: player 1: round 1: "X" is not a colour; expected W (White), B (Black), +n (received n stones: Black), −n (gave n stones: White) or BYE']],
    ['an unreadable result', (v) => setCell(v, 'H9', 'won'), ['Grid!H9: player 1: round 1: "won" is not a result; expected + (won), − or - (lost), = (jigo), with ! after it for a result by default (+!, −!, =!), the points 1, 0 or 0.5, or blank (not yet reported)']],
    [
      'two winners',
      (v) => setCell(v, 'H11', '+'),
      [
        'Grid!H9: player 1: round 1: the results of 1 (Grid!H9: "+") and 2 (Grid!H11: "+") do not agree; expected + and −, = and =, or both blank (with ! on both for a result by default; −! and −! both lose, +! and +! both win). Results are + (won), − or - (lost), = (jigo), with ! after it for a result by default (+!, −!, =!), the points 1, 0 or 0.5, or blank (not yet reported)',
      ],
    ],
    ['a result on one side only', (v) => setCell(v, 'H11', null), ['Grid!H9: player 1: round 1: the results of 1 (Grid!H9: "+") and 2 (Grid!H11: "") do not agree; expected + and −, = and =, or both blank (with ! on both for a result by default; −! and −! both lose, +! and +! both win). Results are + (won), − or - (lost), = (jigo), with ! after it for a result by default (+!, −!, =!), the points 1, 0 or 0.5, or blank (not yet reported)']],
    ['two Whites', (v) => setCell(v, 'G11', 'W'), ['Grid!G9: player 1: round 1: the colours of 1 (Grid!G9) and 2 (Grid!G11) do not agree; expected one White and one Black with the same handicap (W and B, or −n and +n)']],
    ['different handicaps', (v) => setCell(v, 'G15', '+2'), ['Grid!G13: player 3: round 1: the colours of 3 (Grid!G13) and 4 (Grid!G15) do not agree; expected one White and one Black with the same handicap (W and B, or −n and +n)']],
    [
      'opponents that do not name each other',
      (v) => setCell(v, 'F11', 4),
      [
        'Grid!F9: player 1: round 1: Grid!F9 says player 1 played 2, but Grid!F11 (player 2) says opponent 4; both lines must name each other',
        'Grid!F11: player 2: round 1: Grid!F11 says player 2 played 4, but Grid!F15 (player 4) says opponent 3; both lines must name each other',
      ],
    ],
    ['an opponent not on the grid', (v) => setCell(v, 'I9', 9), ['Grid!I9: player 1: round 2: opponent 9 is not on the grid', 'Grid!I13: player 3: round 2: Grid!I13 says player 3 played 1, but Grid!I9 (player 1) says opponent 9; both lines must name each other']],
    ['a rank that is not one', (v) => setCell(v, 'D11', '2x'), ['Grid!D11: player 2: "2x" is not a rank; expected a rank such as 15k, 5d or 1p (also 15-K, 15 kyu, 5 dan, 1 pro): kyu 1–30, dan 1–9, pro 1–9']],
    ['a duplicate ID', (v) => setCell(v, 'A13', 1), ['Grid!A13: ID 1 is also on Grid!A9; every player needs his own ID']],
    ['a round count the header does not have', (v) => setCell(v, 'C5', 3), ['Grid!C5: the title says 3 rounds but the header row 7 has 2 ("Round 1" in Grid!F7, three columns per round)']],
    ['an unknown system', (v) => setCell(v, 'C3', 'Ladder'), ['Grid!C3: "Ladder" is not a pairing system; expected McMahon, Swiss, Round-robin, Knockout, EGC Qualification or Groups of Eight (French Suisse, Toutes rondes, Élimination directe, Qualification EGC, Groupes de huit)']],
    ['something beside a bye', (v) => setCell(v, 'I15', 2), ['Grid!I15: player 4: round 2 is a BYE, so this cell should be empty or BYE, not "2"']],
    ['no header row', (v) => setCell(v, 'A7', 'Who'), ['Grid!A1: no header row: expected a row whose first cell is "ID" (French "No.") above the players']],
  ];
  test.each(cases)('%s', (_, edit, expected) => {
    const values = handTyped('en');
    edit(values);
    expect(errorsOf(readGrid(values))).toEqual(expected);
  });

  test('the sheet name given is the one errors name', () => {
    const values = handTyped('en');
    setCell(values, 'G9', 'X');
    expect(errorsOf(readGrid(values, { sheet: 'Grid (final)' }))[0]).toMatch(/^'Grid \(final\)'!G9: /);
  });
});
