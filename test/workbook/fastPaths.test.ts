/**
 * The shortcuts the workbook path took for speed (issue 28) give what the plain code gave: addresses read without a
 * regular expression, formulas compared without slicing, the grid rendered once a batch for its overwrite check.
 */
import fc from 'fast-check';
import { columnLetter, parseCell } from '../../src/workbook/cells/address';
import { formulaBody, sameFormula } from '../../src/workbook/adapters/batch';
import { gridCells, gridInputCells, gridInputView, gridLayout, sharingGridRenders } from '../../src/workbook/sheets/grid';
import { overwrites } from '../../src/workbook/session/overwrites';
import type { Tournament } from '../../src/model/tournament';
import { generated } from './fixtures';

/** The reading of an address as it was before the shortcut (the regular expression alone). */
function parsedPlainly(text: string): { row: number; column: number } | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(text.trim());
  if (!m) return undefined;
  let column = 0;
  for (const ch of m[1].toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(m[2]);
  if (row < 1 || row > 1048576 || column > 16384) return undefined;
  return { row, column };
}

describe('fast paths of the workbook', () => {
  test('parseCell reads every text as the regular expression does', () => {
    const tricky = ['A1', 'XFD1048576', 'XFE1', 'A0', 'A1048577', 'AAAA1', 'a1', '$A$1', ' A1', 'A1 ', 'A01', 'B', '12', '', 'A12345678', 'AB1x', 'ZZZ9999999'];
    for (const text of tricky) expect(parseCell(text)).toEqual(parsedPlainly(text));
    fc.assert(fc.property(fc.stringMatching(/^[ $A-Za-z0-9:x]{0,10}$/), (text) => expect(parseCell(text)).toEqual(parsedPlainly(text))), { numRuns: 2000 });
    for (const column of [1, 26, 27, 52, 702, 703, 16384]) expect(parseCell(`${columnLetter(column)}7`)).toEqual({ row: 7, column });
  });

  test('columnLetter spells a column the same the first time and after', () => {
    expect([columnLetter(1), columnLetter(26), columnLetter(27), columnLetter(703), columnLetter(16384)]).toEqual(['A', 'Z', 'AA', 'AAA', 'XFD']);
    expect([columnLetter(703), columnLetter(16384)]).toEqual(['AAA', 'XFD']);
    expect(() => columnLetter(0)).toThrow(RangeError);
    expect(() => columnLetter(1.5)).toThrow(RangeError);
  });

  test('sameFormula is the equality of the formulas without their "="', () => {
    const texts = ['', '=', '==', 'A1', '=A1', '=A1+1', 'A1+1', '==A1', '=a1'];
    for (const a of texts) for (const b of texts) expect(sameFormula(a, b)).toBe(formulaBody(a) === formulaBody(b));
    fc.assert(fc.property(fc.stringMatching(/^=?[=A1+]{0,4}$/), fc.stringMatching(/^=?[=A1+]{0,4}$/), (a, b) => expect(sameFormula(a, b)).toBe(formulaBody(a) === formulaBody(b))), { numRuns: 2000 });
  });

  test('a batch sharing its renders compares the same input cells and finds the same overwrites', () => {
    const t = generated(40, 5, 7);
    // Every input cell of the whole grid's rendering is the input rendering's (the rest being formulas and places).
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const input = gridInputCells(t);
    const whole = gridCells(t);
    input.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell !== null) expect(whole[r][c]).toEqual(cell);
      }),
    );
    // A changed opponent and a changed name are found either way.
    const first = t.players[0];
    const after: Tournament = { ...t, players: t.players.map((p) => (p === first ? { ...p, family: `${p.family}x` } : p)), games: t.games.filter((g) => g.round !== 1) };
    const plain = overwrites(t, after, 'en', new Set()).map((c) => [c.address, c.field, c.value]);
    const shared = sharingGridRenders(() => {
      expect(gridInputView(t)).toBe(gridCells(t));
      return overwrites(t, after, 'en', new Set()).map((c) => [c.address, c.field, c.value]);
    });
    expect(plain.length).toBeGreaterThan(1);
    expect(shared).toEqual(plain);
    expect(layout.players).toBe(t.players.length);
    // Outside a batch, nothing is kept: each rendering is made anew.
    expect(gridCells(t)).not.toBe(gridCells(t));
  });

  test('grids of different shapes rendered in one batch each get their own formulas', () => {
    // The formulas' texts are shared inside a batch by what they follow from; a grid of another shape (rounds, players,
    // language, a played round more) must not get another's text.
    const shapes: [Tournament, 'en' | 'fr'][] = [
      [generated(40, 5, 7), 'en'],
      [generated(40, 6, 7), 'en'],
      [generated(41, 5, 7), 'en'],
      [generated(40, 5, 7), 'fr'],
      [{ ...generated(40, 5, 7), games: generated(40, 5, 7).games.filter((g) => g.round < 5) }, 'en'],
    ];
    const plain = shapes.map(([t, language]) => gridCells(t, { language }));
    const shared = sharingGridRenders(() => shapes.map(([t, language]) => gridCells(t, { language })));
    expect(shared).toEqual(plain);
  });
});
