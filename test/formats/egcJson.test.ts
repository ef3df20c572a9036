/** The congress McMahon's fields in Tengen JSON: `settings.egc`, a player's `european` and `pko`. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { formatInputError } from '../../src/model/errors';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';

const EXAMPLE = path.join(__dirname, '..', '..', 'examples', 'egc-congress-r8.json');
const doc = {
  format: 'tengen-tournament',
  version: 1,
  name: 'Congress',
  settings: { system: 'mcmahon', rounds: 10, ruleset: 'egf', egc: true },
  players: [
    { id: 1, family: 'A', given: '', rank: '7d', country: 'DE', pko: true },
    { id: 2, family: 'B', given: '', rank: '6d', country: 'JP', european: true, declaredAllRounds: true },
    { id: 3, family: 'C', given: '', rank: '6d', country: 'FR', european: false },
  ],
  games: [],
  byes: [],
};

describe('Tengen JSON: the congress McMahon', () => {
  it('the example reads and writes back byte for byte', () => {
    const original = readFileSync(EXAMPLE, 'utf8');
    const t = parseTournamentJson(original, EXAMPLE);
    expect(t.ok && writeTournamentJson(t.value)).toBe(original);
  });

  it('egc, european and pko are read and written', () => {
    const t = parseTournamentJson(JSON.stringify(doc));
    if (!t.ok) throw new Error('not read');
    expect(t.value.settings.egc).toBe(true);
    expect(t.value.players.map((p) => [p.european, p.pko])).toEqual([[undefined, true], [true, undefined], [false, undefined]]);
    const again = JSON.parse(writeTournamentJson(t.value));
    expect(again.settings.egc).toBe(true);
    expect(again.players).toEqual(doc.players);
  });

  it('a European flag that is not true or false names the player and the line', () => {
    const bad = { ...doc, players: [doc.players[0], { ...doc.players[1], european: 'yes' }, doc.players[2]] };
    const text = JSON.stringify(bad, null, 2);
    const parsed = parseTournamentJson(text, 'c.json');
    const errors = parsed.ok ? [] : parsed.errors.map(formatInputError);
    const line = text.split('\n').findIndex((l) => l.includes('"european": "yes"')) + 1;
    expect(errors).toEqual([`c.json:${line}: /players/1/european: player 2 (B): must be boolean`]);
  });
});
