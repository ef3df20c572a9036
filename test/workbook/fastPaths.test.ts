/**
 * The shortcuts the workbook path took for speed (issue 28) give what the plain code gave: addresses read without a
 * regular expression, formulas compared without slicing, the grid rendered once a batch for its overwrite check.
 */
import fc from 'fast-check';
import { columnLetter, parseCell } from '../../src/workbook/cells/address';
import { formulaBody, sameFormula } from '../../src/workbook/adapters/batch';
import { gridCells, gridInputCells, gridInputView, gridLayout, sharingGridRenders } from '../../src/workbook/sheets/grid';
import { overwrites } from '../../src/workbook/session/overwrites';
import { sheetChanges, type SheetRead } from '../../src/workbook/session/changes';
import { gridValueCells, gridOps, GRID_SHEET, valuesOf } from '../../src/workbook/sheets/grid';
import { GRID_CACHE_SHEET, gridCacheOps } from '../../src/workbook/formulas/liveCache';
import { importBatch } from '../../src/workbook/session/newTournament';
import { sumContributions, type Contribution } from '../../src/scoring/criteria';
import type { CellInput, CellValue, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { cellAddress } from '../../src/workbook/cells/address';
import type { Tournament } from '../../src/model/tournament';
import { generated } from './fixtures';
import { twoRenderings, writtenAt } from './rectangles';
import { unescapeXml, withoutQuotEntities } from '../../src/workbook/adapters/xlsxXml';

/** The reading of an address as it was before the shortcut (the regular expression alone). */
/**
 * `sheetChanges` of two renderings (`twoRenderings`) written as one rectangle each and written row by row (bands): the
 * walks over one rectangle against the map's key by key, over the same read cells (a `1` read with its formula `=A1`).
 */
function diffedBothWays({ p, before, after, values }: { p: { b: number; bc: number; a: number; ac: number }; before: CellInput[][]; after: CellInput[][]; values: CellValue[][] }): [unknown, unknown] {
  const written = (at: { row: number; column: number }, cells: CellInput[][], banded: boolean): WorkbookOp[] => [{ kind: 'ensure-sheet', sheet: 'S' }, ...writtenAt(at, cells, banded)];
  const read: SheetRead = { values, formulas: values.map((line) => line.map((v) => (v === 1 ? '=A1' : null))) };
  const one = sheetChanges('S', written({ row: p.b, column: p.bc }, before, false), written({ row: p.a, column: p.ac }, after, false), read);
  const bands = sheetChanges('S', written({ row: p.b, column: p.bc }, before, true), written({ row: p.a, column: p.ac }, after, true), read);
  return [one, bands];
}

function parsedPlainly(text: string): { row: number; column: number } | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(text.trim());
  if (!m) return undefined;
  let column = 0;
  for (const ch of m[1].toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(m[2]);
  if (row < 1 || row > 1048576 || column > 16384) return undefined;
  return { row, column };
}

/** `unescapeXml` as it was before the byte-level `&quot;` (issue 28): `replaceAll` first, then the other entities. */
function unescapedPlainly(text: string): string {
  const names: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
  // One regular expression over the text (an oracle written apart from the scanner it checks): a reference is '&', a
  // known name or a character number, ';' — scanned left to right, each replaced once, the rest kept as it stands.
  return text
    .replaceAll('&quot;', '"')
    .replace(/&(lt|gt|quot|apos|amp|#x[0-9a-fA-F]+|#\d+);/g, (_, name: string) =>
      name[0] === '#' ? String.fromCodePoint(name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)) : names[name],
    );
}

describe('fast paths of the workbook', () => {
  test('unescapeXml reads long texts full of &quot; as replaceAll did: Latin-1, beyond it, entities around them', () => {
    const victories = Array.from({ length: 40 }, (_, i) => `IF(OR(H${i}=&quot;+&quot;,H${i}=&quot;½&quot;),1,0)`).join('+');
    const pieces = ['&quot;', '&amp;quot;', '&quot', '&qu', '&', ';', '&lt;', '&#34;', '&#x22;', 'a', '½', '\u0080', '\u009f', '\u00ff', '€', '😀', '\ud800', ' ', '"'];
    const tricky = [victories, `${victories}€`, `${victories}&amp;`, `${victories}&quot`, `&quot;${victories}&quot;`, `${victories}\u0085\u00a0`, 'x'.repeat(300), '&quot;'.repeat(100)];
    for (const text of tricky) {
      expect(unescapeXml(text)).toBe(unescapedPlainly(text));
      expect(withoutQuotEntities(text)).toBe(text.replaceAll('&quot;', '"'));
    }
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 400 }), (parts) => {
        const text = parts.join('');
        expect(unescapeXml(text)).toBe(unescapedPlainly(text));
        expect(withoutQuotEntities(text)).toBe(text.replaceAll('&quot;', '"'));
      }),
      { numRuns: 1500 },
    );
  });

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

  test('a rendering of one rectangle is diffed as the same cells written row by row', () => {
    // `sheetChanges` reads a one-write rendering in place (RectCells) and any other through a map (CellMap): the ops,
    // intrusions and counts must be the same, cell for cell and in the same order.
    const pool: CellInput[] = [null, '', 'a', 'b', 1, 2, { formula: '=A1', value: 1 }, { formula: 'A1', value: 2 }, { formula: '=B1', value: 1 }, { formula: '=A1' }];
    const readPool: CellValue[] = [null, '', 'a', 'b', 1, 2];
    const grid = (rows: number, columns: number) => fc.array(fc.array(fc.constantFrom(...pool), { minLength: columns, maxLength: columns }), { minLength: rows, maxLength: rows });
    const written = (at: { row: number; column: number }, cells: CellInput[][], banded: boolean): WorkbookOp[] => [
      { kind: 'ensure-sheet', sheet: 'S' },
      { kind: 'clear', sheet: 'S' },
      ...(banded ? cells.map((line, i): WorkbookOp => ({ kind: 'write', sheet: 'S', at: cellAddress(at.row + i, at.column), cells: [line] })) : [{ kind: 'write' as const, sheet: 'S', at: cellAddress(at.row, at.column), cells }]),
      { kind: 'column-widths', sheet: 'S', widths: [5] },
    ];
    const arbitrary = fc.record({
      rows: fc.integer({ min: 2, max: 5 }),
      columns: fc.integer({ min: 1, max: 4 }),
      shift: fc.constantFrom(0, 1),
      spill: fc.boolean(),
      seed: fc.integer({ min: 0, max: 1000 }),
    }).chain((p) =>
      fc.record({
        p: fc.constant(p),
        before: grid(p.rows, p.columns),
        after: grid(p.rows + p.shift, p.columns),
        values: fc.array(fc.array(fc.constantFrom(...readPool), { minLength: p.columns + 1, maxLength: p.columns + 1 }), { minLength: p.rows + 1, maxLength: p.rows + 1 }),
        formulas: fc.array(fc.array(fc.constantFrom(null, '=A1', 'B1'), { minLength: p.columns + 1, maxLength: p.columns + 1 }), { minLength: p.rows + 1, maxLength: p.rows + 1 }),
      }),
    );
    fc.assert(
      fc.property(arbitrary, ({ p, before, after, values, formulas }) => {
        const will = after.map((line) => [...line]);
        if (p.spill) will[0][0] = { formula: '=GO.X()', value: 1, spill: { rows: 2, columns: 1 } };
        const read: SheetRead = { values, formulas };
        const at = { row: 1 + p.shift, column: 1 + p.shift };
        const one = sheetChanges('S', written({ row: 1, column: 1 }, before, false), written(at, will, false), read);
        const bands = sheetChanges('S', written({ row: 1, column: 1 }, before, true), written(at, will, true), read);
        expect(JSON.stringify(one)).toBe(JSON.stringify(bands));
      }),
      { numRuns: 1500 },
    );
  });

  test('two one-rectangle renderings anywhere, of ragged rows, are diffed as the same cells written row by row', () => {
    // `sheetChanges`' second pass over the cells only the new rendering writes (`RectCells.eachOutside`) looks them up
    // in place: the same cells, in the same order, as the map's key by key, wherever each rectangle starts and however
    // long each of its rows is.
    const pool: CellInput[] = [null, '', 'a', 1, { formula: '=A1', value: 1 }, { formula: '=B1', value: 2 }];
    const readPool: CellValue[] = [null, '', 'a', 1, 2];
    const arbitrary = twoRenderings(pool, readPool, 4, 7);
    fc.assert(
      fc.property(arbitrary, (renderings) => {
        const [one, bands] = diffedBothWays(renderings);
        expect(JSON.stringify(one)).toBe(JSON.stringify(bands));
      }),
      { numRuns: 1500 },
    );
  });

  test('renderings with spilling formulas here and there are diffed as the same cells written row by row', () => {
    // The one-rectangle walks pass over the spills' units row by row, each row's open ranges given again while the same
    // units cover it (`openRunsBy`, issue 28): the same cells, in the same order, as the map's key by key, wherever
    // units of any size start, overlap or end.
    const spill = (rows: number, columns: number, value: number): CellInput => ({ formula: '=GO.X()', value, spill: { rows, columns } });
    const pool: CellInput[] = [null, 'a', 1, { formula: '=A1', value: 1 }, spill(2, 1, 1), spill(3, 2, 2), spill(1, 3, 1), spill(2, 2, 1), spill(4, 1, 2)];
    const readPool: CellValue[] = [null, '', 'a', 1, 2];
    const arbitrary = twoRenderings(pool, readPool, 6, 9);
    let spilling = 0;
    fc.assert(
      fc.property(arbitrary, (renderings) => {
        const [one, bands] = diffedBothWays(renderings);
        expect(JSON.stringify(one)).toBe(JSON.stringify(bands));
        const { after } = renderings;
        if (after.some((line) => line.some((c) => c !== null && typeof c === 'object' && c.spill !== undefined))) spilling++;
      }),
      { numRuns: 3000 },
    );
    expect(spilling).toBeGreaterThan(1000);
  });

  test("the Grid (cache) copy taken from the live grid's rendering is the values-only rendering", () => {
    const played = generated(30, 4, 3);
    const none = { ...played, games: played.games.map((g) => ({ ...g, result: 'unknown' as const })), byes: [] };
    const empty = { ...played, players: [], games: [], byes: [] };
    for (const t of [played, none, empty]) {
      const plain = valuesOf(gridCells(t, { valuesOnly: true }));
      expect(gridValueCells(t)).toEqual(plain);
      expect(sharingGridRenders(() => [gridCells(t, { language: 'en' }), gridValueCells(t, { language: 'en' })][1])).toEqual(plain);
    }
  });

  test("the import batch, its grid rendered once, writes the Grid and its copy as each sheet's own ops rendered alone", () => {
    const played = generated(30, 4, 3);
    const none = { ...played, games: played.games.map((g) => ({ ...g, result: 'unknown' as const })), byes: [] };
    const empty = { ...played, players: [], games: [], byes: [] };
    for (const t of [played, none, empty]) {
      for (const language of ['en', 'fr'] as const) {
        const ops = importBatch(t, { language, time: 'T' }).ops;
        const on = (sheet: string) => JSON.stringify(ops.filter((op) => op.sheet === sheet));
        expect(on(GRID_SHEET)).toBe(JSON.stringify(gridOps(t, { language })));
        expect(on(GRID_CACHE_SHEET)).toBe(JSON.stringify(gridCacheOps(t, language)));
      }
    }
  });

  test('SOS-1 and SOS-2 drop the rounds a sort of the counted rounds would', () => {
    const rows = fc.array(fc.option(fc.integer({ min: -4, max: 6 }), { nil: null }), { maxLength: 8 }).map((values) =>
      values.map((value, i): Contribution => ({ round: i + 1, opponent: value === null ? -1 : 0, outcome: 'win', adjustments: [], value })),
    );
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 3 }), (lines, drop) => {
        const sorted = lines
          .map((row, index) => ({ value: row.value, index }))
          .filter((x): x is { value: number; index: number } => x.value !== null)
          .sort((a, b) => a.value - b.value || a.index - b.index);
        expect([...sumContributions(lines, drop).dropped]).toEqual(sorted.slice(0, drop).map((x) => x.index));
      }),
      { numRuns: 2000 },
    );
  });
});
