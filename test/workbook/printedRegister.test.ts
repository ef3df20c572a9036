/**
 * Issue 25: the Players sheet, the Log and the Standings as they are set up for the printer — the Players sheet's
 * print area ends at the last column in use, its columns sized to what they hold, never printed under 75 %; the Log's
 * long lines wrap in their column in rows tall enough; the Standings title on two lines that fit the table, and a
 * wrapped club's row tall enough. (test/e2e/registerPrint.test.ts prints them through LibreOffice and measures the type.)
 */
import type { WorkbookOp } from '../../src/workbook/adapters/adapter';
import type { Tournament } from '../../src/model/tournament';
import { computeStandings } from '../../src/scoring/standings';
import { logOps } from '../../src/workbook/sheets/logSheet';
import { PLAYERS_MIN_PRINT_SCALE, playersCells, playersOps, playersPrintLayout } from '../../src/workbook/sheets/playersSheet';
import { standingsCells, standingsOps } from '../../src/workbook/sheets/standingsSheet';
import { generated } from './fixtures';

const printOf = (ops: readonly WorkbookOp[]) => ops.find((op): op is WorkbookOp & { kind: 'print' } => op.kind === 'print')!.settings;
const formats = (ops: readonly WorkbookOp[]) => ops.filter((op): op is WorkbookOp & { kind: 'format' } => op.kind === 'format');

function lyon(): Tournament {
  const t = generated(29, 5, 25);
  return { ...t, name: 'Lyon Spring McMahon 2026', players: t.players.map((p, i) => (i === 0 ? { ...p, club: 'Club de go de l’Université de Lyon' } : p)) };
}

describe('the Players sheet on paper', () => {
  test('the print area ends at the last column in use, readable at full size; every column still on the sheet', () => {
    const t = lyon();
    const ops = playersOps(t.players);
    const cells = playersCells(t.players);
    const layout = playersPrintLayout(cells);
    // ID … Country, Rating (the generator fills them); nothing after the last column a player has.
    const last = Math.max(...cells.slice(1).map((row) => row.reduce<number>((m, c, i) => (c === null ? m : i), 0)));
    expect(layout.lastPrinted).toBe(last);
    expect(printOf(ops).printArea).toBe(`A1:${String.fromCharCode(65 + last)}${t.players.length + 1}`);
    expect(printOf(ops).scale).toBeUndefined();
    expect(printOf(ops).fitToWidth).toBe(true);
    expect(printOf(ops).repeatRows).toBe('1:1');
    expect(cells[0]).toHaveLength(20);
    // Headers wrap: a column is as wide as its header's longest word ("Initial MMS": 8), or what it holds.
    expect(layout.widths[cells[0].indexOf('Initial MMS')]).toBe(8);
    expect(layout.widths[cells[0].indexOf('Club')]).toBeGreaterThanOrEqual(30);
  });

  test('a register too wide prints at 75 %, across more pages, never smaller', () => {
    const t = lyon();
    const wide = t.players.map((p) => ({ ...p, extra: { agaId: '12345' }, egdPin: '12345678', feeLevel: 'full', initialMms: 3, previousOrder: 1, european: true, pko: false, leagueQualified: true, declaredAllRounds: true, absentRounds: [3] }));
    const settings = printOf(playersOps(wide));
    expect(settings.orientation).toBe('landscape');
    expect(settings.scale).toBe(PLAYERS_MIN_PRINT_SCALE);
    expect(settings.fitToWidth).toBeUndefined();
  });
});

describe('the Log on paper', () => {
  test('its lines wrap in the What column; a long line\'s row is as tall as its lines', () => {
    const long = 'Table 1: 1 (Kovács, Péter) – 8 (Rossi, Luca) differ by 1 in MMS (Appendix D, Cardinal Rule No. 3, Condition No. 2: "the player that needs to be paired has already been paired with all the other players with the same current McMahon score")';
    const ops = logOps([{ round: 1, what: 'Table 2: 3 – 4' }, { round: 1, what: long }], 2, '2026-05-16 14:05');
    const f = formats(ops);
    expect(f).toContainEqual({ kind: 'format', sheet: 'Log', range: 'C2:C3', format: { wrap: true } });
    expect(f).toContainEqual({ kind: 'format', sheet: 'Log', range: 'A3:C3', format: { rowHeight: 45 } });
    expect(f.some((x) => x.range === 'A2:C2')).toBe(false);
  });
});

describe('the Standings on paper', () => {
  const t = lyon();
  const s = computeStandings(t);

  test('the title on two lines: the tournament and round, then the rules and the order', () => {
    const [title, rules] = standingsCells(s);
    expect(title[0]).toBe('Lyon Spring McMahon 2026: standings after round 5 of 5');
    expect(rules[0]).toMatch(/^.+; order MMS › /);
  });

  test('a title wider than the table is set smaller, never past it; a wrapped club\'s row as tall as its lines', () => {
    const long: Tournament = { ...t, name: 'Championnat de France des clubs universitaires et des grandes écoles, phase finale' };
    const ops = standingsOps(long, undefined, 'Standings (final)');
    const a1 = formats(ops).find((x) => x.range === 'A1')!.format;
    expect(a1.fontSize).toBeLessThan(12);
    expect(a1.fontSize).toBeGreaterThanOrEqual(8);
    const clubRow = standingsCells(computeStandings(long)).findIndex((row) => row[4] === 'Club de go de l’Université de Lyon') + 1;
    expect(formats(ops)).toContainEqual(expect.objectContaining({ range: expect.stringMatching(new RegExp(`^A${clubRow}:[A-Z]+${clubRow}$`)), format: { rowHeight: 30 } }));
  });
});
