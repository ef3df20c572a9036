/**
 * Issue 27, cause 5: a round's pairing sheet and the Grid both say who played whom, with which colour and handicap,
 * and (column E) how the game ended. When they disagree the reader cannot know which one the director means, so it
 * refuses, naming both cells, what each says and what to do — it never keeps one side silently (a result contradicting
 * the Grid was accepted; White and Black swapped on the pairing sheet dropped the game's table).
 */
import type { InputError } from '../../src/model/errors';
import type { Tournament } from '../../src/model/tournament';
import { readPairingSheet } from '../../src/workbook/sheets/pairingsSheet';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch, readTournament } from '../../src/workbook/session';
import { errorsOf, example, value } from './fixtures';

const TIME = '2026-05-16T09:00:00.000Z';

async function imported(t: Tournament = example()): Promise<MemoryWorkbook> {
  const wb = new MemoryWorkbook();
  await wb.apply(importBatch(t, { time: TIME }));
  return wb;
}

/** The first table row of a round's pairing sheet and the Grid's row of its White player (line 1). */
async function firstTable(wb: MemoryWorkbook, round: number) {
  const rows = (await wb.readSheet(`Pairings R${round}`))!;
  const row = rows[3];
  const white = Number(/^\d+/.exec(String(row[1]))![0]);
  const black = Number(/^\d+/.exec(String(row[2]))![0]);
  const grid = (await wb.readSheet('Grid'))!;
  const gridRow = (id: number) => grid.findIndex((r) => r[0] === id) + 1;
  return { row, white, black, whiteRow: gridRow(white), blackRow: gridRow(black) };
}

describe('a pairing sheet that contradicts the Grid', () => {
  test('a read workbook whose pairing sheets agree with the Grid is read (the sheets Tengen writes agree)', async () => {
    const wb = await imported();
    expect(value(await readTournament(wb)).games).toHaveLength(example().games.length);
  });

  test("a result on 'Pairings R2' that contradicts the Grid is refused, naming both cells and what each says", async () => {
    const wb = await imported();
    const { row, whiteRow } = await firstTable(wb, 2);
    const flipped = row[4] === '+ / −' ? '− / +' : '+ / −';
    expect([flipped, row[4]].sort()).toEqual(['+ / −', '− / +']);
    wb.type('Pairings R2', 'E4', flipped);
    const errors = errorsOf(await readTournament(wb));
    const quoted = (s: unknown) => String(s).replace(/\+/g, '\\+');
    // Round 2's result cell on the Grid: column F + 3 per round (A ID … E initial, then opponent/colour/result).
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^'Pairings R2'!E4: .*"${quoted(flipped)}".*Grid!K${whiteRow}.*"${quoted(row[4])}"`))]);
    expect(errors[0]).toMatch(/type the result on the Grid|correct/);
  });

  test('a result on the pairing sheet where the Grid has none is refused, not ignored (the Grid keeps results)', async () => {
    const t = example();
    const wb = await imported({ ...t, games: t.games.map((g) => (g.round === 2 ? { ...g, result: 'unknown' as const } : g)) });
    const { row, whiteRow } = await firstTable(wb, 2);
    expect(row[4] ?? null).toBeNull();
    wb.type('Pairings R2', 'E4', '+ / −');
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(new RegExp(`^'Pairings R2'!E4: .*Grid!K${whiteRow} has no result`))]);
  });

  test('the same result typed with a plain hyphen and other spacing ("+/-") agrees with the Grid', async () => {
    const wb = await imported();
    const { row } = await firstTable(wb, 2);
    wb.type('Pairings R2', 'E4', String(row[4]).replace('−', '-').replace(/ /g, ''));
    expect(errorsOf(await readTournament(wb))).toEqual([]);
  });

  test('White and Black swapped on the pairing sheet are refused naming both cells, not read without the table', async () => {
    const wb = await imported();
    const { row, whiteRow } = await firstTable(wb, 2);
    wb.type('Pairings R2', 'B4', String(row[2]));
    wb.type('Pairings R2', 'C4', String(row[1]));
    const errors = errorsOf(await readTournament(wb));
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^'Pairings R2'!B4:C4: .*White.*Grid!J${whiteRow}`))]);
    expect(errors[0]).toMatch(/swap/);
  });

  test('a handicap on the pairing sheet that contradicts the Grid is refused, naming both cells', async () => {
    const wb = await imported();
    wb.type('Pairings R2', 'D4', 5);
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(/^'Pairings R2'!D4: .*handicap 5.*Grid!J\d+/)]);
  });

  test('a table row naming two players who did not meet in that round on the Grid is refused, naming it', async () => {
    const wb = await imported();
    const rows = (await wb.readSheet('Pairings R2'))!;
    wb.type('Pairings R2', 'C4', String(rows[4][2]));
    const errors = errorsOf(await readTournament(wb));
    expect(errors.some((e) => /^'Pairings R2'!B4:C4: .*not a game of round 2 on the Grid/.test(e))).toBe(true);
  });
});

describe('a pairing sheet read row by row', () => {
  test('gives each game, its How words and its errors as before issue 28 rewrote the row reading', () => {
    const header = [['Round 1'], [], ['Table', 'White', 'Black', 'Hcp', 'Result', 'How']];
    const rows = [
      [1, '12 Doe, John', '7 Roe, Jane', 0, '1-0', 'counting, absent'],
      ['BYE', '3 Poe, Ed'],
      [null, null, null, null, null, 'ignored'],
      [2, 'x', '', 0, null, 'resignation; nonsense'],
      ['3', ' 4 A, B', '5 C, D'],
    ];
    const errors: InputError[] = [];
    const games = readPairingSheet([...header, ...rows], errors, 'Pairings R1');
    expect([...games.entries()].map(([k, g]) => [k, Object.keys(g), Object.values(g)])).toEqual([
      ['12-7', ['table', 'row', 'white', 'black', 'handicap', 'result', 'method', 'reason'], [1, 4, 12, 7, 0, '1-0', 'counting', 'absent']],
      ['4-5', ['table', 'row', 'white', 'black', 'handicap', 'result'], [3, 8, 4, 5, null, null]],
    ]);
    expect(errors.map((e) => `${e.where}: ${e.message}`)).toEqual([
      `'Pairings R1'!B7: "x" does not start with a player's ID; expected "ID Family, Given" (the White player of table 2)`,
      `'Pairings R1'!C7: the Black player of table 2 is missing; expected "ID Family, Given"`,
    ]);
  });
});
