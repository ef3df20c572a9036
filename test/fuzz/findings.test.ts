/**
 * What the fuzz suite (readers.test.ts) found beyond issue 12's list, each kept as a plain test that failed first.
 */
import { parseOpenGotha } from '../../src/formats/opengotha';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch, readTournament } from '../../src/workbook/session';
import { errorsOf, example } from '../workbook/fixtures';

const TWO_PLAYERS = (game: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
  <Players>
    <Player name="Nemo" firstName="Andre" rank="2K" registeringStatus="FIN"/>
    <Player name="Minieri" firstName="Davide" rank="3D" registeringStatus="FIN"/>
  </Players>
  <Games>
    ${game}
  </Games>
  <TournamentParameterSet><GeneralParameterSet numberOfRounds="3"/></TournamentParameterSet>
</Tournament>`;

describe('OpenGotha', () => {
  test.each(['0', '-3'])('<Game tableNumber="%s"> is refused, naming the file and line (tables are numbered from 1)', (table) => {
    const text = TWO_PLAYERS(`<Game roundNumber="1" tableNumber="${table}" whitePlayer="NEMOANDRE" blackPlayer="MINIERIDAVIDE" handicap="0" result="RESULT_WHITEWINS"/>`);
    expect(errorsOf(parseOpenGotha(text, 't.xml'))).toEqual([expect.stringMatching(new RegExp(`^t\\.xml:8: .*table ${table} is not a table number from 1 to 524280`))]);
  });
});

describe('OpenGotha teams', () => {
  test.each(['0', '-2'])('<Board boardNumber="%s"> is refused, naming the file and line (boards are numbered from 1; the JSON written from it was refused)', (board) => {
    const text = TWO_PLAYERS('').replace('<Games>', `<Teams><Team teamNumber="1" teamName="T"><Board boardNumber="${board}" player="NEMOANDRE" roundNumber="1"/></Team></Teams>\n  <Games>`);
    expect(errorsOf(parseOpenGotha(text, 't.xml'))).toEqual([expect.stringMatching(/^t\.xml:7: <Board .*>: a <Board> needs a whole boardNumber ≥ 1 and a whole roundNumber/)]);
  });
});

describe('the Players sheet', () => {
  async function withCell(address: string, value: string | number): Promise<string[]> {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(example(), { time: '2026-05-16T09:00:00.000Z' }));
    wb.type('Players', address, value);
    return errorsOf(await readTournament(wb));
  }

  test('a previous order that is not whole (0.3) is refused, naming the cell (the standings crashed)', async () => {
    expect(await withCell('N3', 0.3)).toEqual([expect.stringMatching(/^Players!N3: player 2: "0.3" is not a previous order; expected a whole number/)]);
  });

  test.each([1e308, -9.1e12])('a rating of %s is refused, naming the cell (the standings crashed)', async (rating) => {
    expect(await withCell('H3', rating)).toEqual([expect.stringMatching(/^Players!H3: player 2: ".*" is not a rating; expected a number between -100,000 and 100,000/)]);
  });
});

describe('the Settings sheet', () => {
  test.each([-77460284, '11111', '{"roundDown": true}', '[]'])('OpenGotha scoring (JSON) = %s is refused, naming the cell (it was kept, and the JSON written from it refused)', async (v) => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(example(), { time: '2026-05-16T09:00:00.000Z' }));
    wb.type('Settings', 'B12', v);
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(/^Settings!B12: not OpenGotha scoring parameters as Tengen writes them/)]);
  });
});

describe('the OpenGotha export (found by the issue-27 sweep: tengen-json range seed 20461155)', () => {
  test("a McMahon start of half a point is refused at write, naming the players — OpenGotha's smmsCorrection is whole, and the XML written was refused on reading", async () => {
    const { exportTournament } = await import('../../src/formats/exportAll');
    const t = example();
    const half = { ...t, settings: { ...t.settings, sections: t.settings.sections!.map((s) => (s.name === 'B' ? { ...s, initialMms: 2.5 } : s)) } };
    const e = exportTournament(half, 'opengotha');
    expect(e.ok).toBe(false);
    if (e.ok) return;
    expect(e.errors[0]).toMatchObject({ player: expect.stringMatching(/^\d+ \(/), message: expect.stringMatching(/starts at 2\.5 .*OpenGotha.*whole/) });
  });
});
