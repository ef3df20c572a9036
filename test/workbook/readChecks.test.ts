/**
 * Issue 28: the workbook's reading checks the Grid's tournament, then the tournament with the other sheets' details
 * (validate.ts, `CheckedBefore`): what the first check proved of the games and byes is not checked again. What must
 * hold: the second check finds exactly what a full check finds on such a tournament, and what only it can find — an
 * absence on the Players sheet against a game by play, a table that is not one — is still refused.
 */
import { validateTournament } from '../../src/model/validate';
import type { Game, Round, Tournament } from '../../src/model/tournament';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch, readTournament } from '../../src/workbook/session';
import { errorsOf, example, generated } from './fixtures';

async function imported(t: Tournament): Promise<MemoryWorkbook> {
  const wb = new MemoryWorkbook();
  await wb.apply(importBatch(t, { time: '2026-05-16T09:00:00.000Z' }));
  return wb;
}

const locate = { player: (i: number) => ({ where: `player ${i}` }), game: (i: number) => ({ where: `game ${i}` }), bye: (i: number) => ({ where: `bye ${i}` }) };
const full = (t: Tournament) => validateTournament(t, locate);
const hinted = (t: Tournament) => validateTournament(t, locate, undefined, { gamesAndByes: true });

/** Tournaments whose games and byes are sound (what the Grid's check proves) but whose other details may not be. */
function variants(): Tournament[] {
  const out: Tournament[] = [];
  for (const t of [example(), generated(40, 5, 7)]) {
    out.push(t);
    const g0 = t.games.find((g) => g.result === 'white-wins' || g.result === 'black-wins' || g.result === 'jigo')!;
    const absentPlayer = t.players.find((p) => p.id === g0.white)!;
    out.push({ ...t, players: t.players.map((p) => (p === absentPlayer ? { ...p, absentRounds: [g0.round] } : p)) });
    out.push({ ...t, games: t.games.map((g, i): Game => (i === 0 ? { ...g, table: 0 } : i === 1 ? { ...g, method: 'time', result: 'white-wins-by-default' } : i === 2 ? { ...g, reason: 'late', result: 'jigo' } : g)) });
    out.push({ ...t, games: [...t.games].reverse() });
    const bye = t.byes[0];
    if (bye) out.push({ ...t, players: t.players.map((p) => (p.id === bye.player ? { ...p, absentRounds: [bye.round] } : p)) });
    out.push({ ...t, players: t.players.map((p, i) => (i === 0 ? { ...p, family: 'Tab\there', rating: 1e9 } : p)) });
  }
  return out;
}

describe('the second check of a workbook reading', () => {
  test('finds what a full check finds when the games and byes are those checked before', () => {
    const all = variants();
    for (const t of all) expect(hinted(t)).toEqual(full(t));
    // The variants do hold errors only the second check can find.
    expect(all.filter((t) => full(t).length > 0).length).toBeGreaterThanOrEqual(6);
  });

  test("a player's texts checked before (the Grid's) are not searched again; any other text is, and is refused", () => {
    for (const grid of [example(), generated(40, 5, 7)]) {
      const checked = new Map(grid.players.map((p) => [p.id, p]));
      const withPlayers = (t: Tournament) => validateTournament(t, locate, undefined, { gamesAndByes: true, players: checked });
      const first = grid.players[0];
      const changed = (p: Partial<Tournament['players'][number]>) => ({ ...grid, players: grid.players.map((x) => (x === first ? { ...x, ...p } : x)) });
      // What the Players sheet adds or spells otherwise than the Grid: each still searched, each refused as by a full check.
      const bad = [
        changed({ family: 'Tab\there' }),
        changed({ given: `${first.given}\u0007` }),
        changed({ club: 'x'.repeat(40000) }),
        changed({ city: 'Line\nbreak' }),
        changed({ country: '\uFFFE' }),
        changed({ section: 'Nowhere' }),
        changed({ extra: { [first.family]: 'a\u0001' } }),
        changed({ family: '', given: ' ' }),
      ];
      for (const t of bad) {
        expect(full(t).length).toBeGreaterThan(0);
        expect(withPlayers(t)).toEqual(full(t));
      }
      for (const t of variants()) expect(withPlayers(t)).toEqual(full(t));
      // A text under another key than the one checked is searched: the Grid's plain name is no proof for a city.
      const named = { ...grid, players: grid.players.map((x) => (x === first ? { ...x, city: `${first.family}\u0002` } : x)) };
      expect(withPlayers(named)).toEqual(full(named));
      expect(withPlayers(named).length).toBe(1);
    }
  });

  test('a control character typed into a name on the Players sheet is still refused, naming the field', async () => {
    const wb = await imported(example());
    const header = (await wb.readSheet('Players'))![0];
    const column = header.indexOf('City') + 1;
    expect(column).toBeGreaterThan(0);
    wb.type('Players', `${String.fromCharCode(64 + column)}2`, 'Bad\u0007city');
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(/city "Bad\\u0007city" holds the control character U\+0007/)]);
  });

  test('a player marked absent on the Players sheet in a round he played is still refused', async () => {
    const wb = await imported(example());
    const header = (await wb.readSheet('Players'))![0];
    const column = header.indexOf('Absent rounds') + 1;
    expect(column).toBeGreaterThan(0);
    const t = example();
    const played = t.games.find((g) => g.result === 'white-wins' || g.result === 'black-wins' || g.result === 'jigo')!;
    const row = (await wb.readSheet('Players'))!.findIndex((r) => r[0] === played.white) + 1;
    wb.type('Players', `${String.fromCharCode(64 + column)}${row}`, String(played.round as Round));
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(new RegExp(`contradictory results: a game by play \\(${played.result}\\) in round ${played.round}, a round he is marked absent`))]);
  });
});
