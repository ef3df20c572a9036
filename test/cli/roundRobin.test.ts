/**
 * The round-robin path through the CLI: `lots` (replayable), `pair` on a league, `standings`, and `playoff` — with
 * the refusals that write nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from '../support/cli';
import { playLeague } from '../support/league';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import type { PlayerId, Tournament } from '../../src/model/tournament';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'egc-league-10.json');
const dir = mkdtempSync(path.join(tmpdir(), 'tengen-rr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(file: string): Tournament {
  const p = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.value;
}

describe('tengen lots', () => {
  it('the same seed gives the same numbers; another seed others; the seed is recorded', async () => {
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    const c = path.join(dir, 'c.json');
    expect((await cli(['lots', EXAMPLE, '--by', 'lottery', '--seed', '7', '--out', a])).code).toBe(0);
    expect((await cli(['lots', EXAMPLE, '--by', 'lottery', '--seed', '7', '--out', b])).code).toBe(0);
    expect((await cli(['lots', EXAMPLE, '--by', 'lottery', '--seed', '8', '--out', c])).code).toBe(0);
    const numbers = (f: string) => read(f).players.map((p) => p.pairingNumber);
    expect(numbers(a)).toEqual(numbers(b));
    expect(numbers(a)).not.toEqual(numbers(c));
    expect([...numbers(a)].sort((x, y) => x! - y!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(read(a).settings.lots).toEqual({ by: 'lottery', seed: 7 });
  });

  it('by rating: the highest rating number 1, ties broken by the lottery of the seed', async () => {
    const t = read(EXAMPLE);
    const tied = { ...t, players: t.players.map((p) => ({ ...p, rating: p.id <= 2 ? 2700 : 2000 + p.id })) };
    const file = path.join(dir, 'tied.json');
    writeFileSync(file, writeTournamentJson(tied));
    const orders = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const out = path.join(dir, `r${seed}.json`);
      expect((await cli(['lots', file, '--by', 'rating', '--seed', String(seed), '--out', out])).code).toBe(0);
      const r = read(out);
      const byNumber = [...r.players].sort((x, y) => x.pairingNumber! - y.pairingNumber!).map((p) => p.id);
      expect(byNumber.slice(2)).toEqual([10, 9, 8, 7, 6, 5, 4, 3]);
      orders.add(byNumber.slice(0, 2).join());
    }
    expect(orders).toEqual(new Set(['1,2', '2,1']));
  });

  it('refuses a lottery without a seed', async () => {
    const r = await cli(['lots', EXAMPLE, '--by', 'lottery', '--out', path.join(dir, 'x.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--by lottery needs --seed N/);
    expect(existsSync(path.join(dir, 'x.json'))).toBe(false);
  });
});

describe('tengen pair / standings / playoff on a league', () => {
  it('refuses a 9-player EGC league, naming the sizes the rules print', async () => {
    const t = read(EXAMPLE);
    const file = path.join(dir, 'nine.json');
    writeFileSync(file, writeTournamentJson({ ...t, players: t.players.slice(0, 9) }));
    const r = await cli(['pair', file, '--round', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/10 players in 9 rounds or 12 players in 11 rounds .*this file has 9 players/);
  });

  it('refuses a playoff before the league ends, writing nothing', async () => {
    const t = playLeague(read(EXAMPLE), (id) => -id, 8);
    const file = path.join(dir, 'unfinished.json');
    writeFileSync(file, writeTournamentJson(t));
    const out = path.join(dir, 'unfinished-playoff.json');
    const r = await cli(['playoff', file, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('the league is not over: round 9 of 9 has 0 of its 5 games paired');
    expect(existsSync(out)).toBe(false);
  });

  it('a finished league: standings by wins, the playoff paired into the file, then the final places', async () => {
    // Players 1 and 2 strongest and equal (their game a jigo), so they tie for place 1.
    const strength = (id: PlayerId) => (id <= 2 ? 100 : -id);
    const t = playLeague(read(EXAMPLE), strength);
    const file = path.join(dir, 'finished.json');
    writeFileSync(file, writeTournamentJson(t));
    const standings = await cli(['standings', file, '--json']);
    expect(standings.code).toBe(0);
    const out = path.join(dir, 'playoff.json');
    const r = await cli(['playoff', file, '--json', '--out', out]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.knockouts).toEqual([
      { place: 1, players: [{ number: 1, player: 1 }, { number: 2, player: 2 }], rounds: [{ round: 1, games: [{ players: [1, 2], kind: 'final', colours: 'nigiri', result: 'not recorded' }] }], next: 1 },
    ]);
    const paired = read(out);
    expect(paired.playoffs).toEqual([{ place: 1, round: 1, table: 1, white: 1, black: 2, handicap: 0, colourKnown: false, result: 'unknown' }]);
    writeFileSync(out, writeTournamentJson({ ...paired, playoffs: paired.playoffs!.map((g) => ({ ...g, result: 'black-wins' as const })) }));
    const done = JSON.parse((await cli(['playoff', out, '--json'])).out);
    expect(done.finalPlaces.slice(0, 3)).toEqual([{ player: 2, place: 1 }, { player: 1, place: 2 }, { player: 3, place: 3 }]);
  });
});
