/**
 * League and QT standings follow the European Go Championship Tournament Rules, not a ruleset's tie-breakers:
 *  - The League, General: "the players are ordered by greater numbers of wins … If players tie for places 1, 2, or 3,
 *    these ties are dissolved by the knockout playoff"; other tied players share their place.
 *  - The QT, Tournament System: "The number of wins is the only used criterion"; Knockout Playoff: "The knockout's
 *    final game decides the final places 1 and 2. The other players in the knockout share the final place 3. The
 *    players not in the knockout keep their places as final."
 * `tengen standings`, the engine's standings and `tengen playoff` give the same places.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeTournamentJson } from '../../src/formats/json';
import type { Game, GameResult, PlayoffGame, Tournament } from '../../src/model/tournament';
import { computeStandings } from '../../src/scoring/standings';
import { leaguePlayoff } from '../../src/systems/round-robin/playoff';
import { roundRobinTable } from '../../src/systems/round-robin/roundRobin';
import { cli } from '../support/cli';
import { id, player, tournament } from '../pairing/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'tengen-league-standings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A finished EGC league of n players (pairing number k = ID k) where `beats(a, b)` says who wins each game. */
function league(n: number, beats: (a: number, b: number) => boolean, playoffs: PlayoffGame[] = []): Tournament {
  const games: Game[] = [];
  for (let round = 1; round < n; round++) {
    roundRobinTable(n, round, 'egc').pairs.forEach(([b, w], i) => {
      const result: GameResult = beats(w, b) ? 'white-wins' : beats(b, w) ? 'black-wins' : 'jigo';
      games.push({ round, table: i + 1, white: id(w), black: id(b), handicap: 0, result });
    });
  }
  const players = Array.from({ length: n }, (_, i) => player(i + 1, '6d', { pairingNumber: i + 1 }));
  return { ...tournament(players, { system: 'round-robin', schedule: 'egc', rounds: n - 1, ruleset: 'egf' }, games), playoffs };
}

function win(place: number, round: number, winner: number, loser: number): PlayoffGame {
  return { place, round, white: id(winner), black: id(loser), handicap: 0, colourKnown: false, result: 'white-wins' };
}

function standingsPlaces(t: Tournament): Record<number, number> {
  return Object.fromEntries(computeStandings(t).entries.map((e) => [e.player.id, e.place]));
}

function playoffPlaces(t: Tournament): Record<number, number> {
  const p = leaguePlayoff(t);
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('; '));
  return Object.fromEntries([...p.value.finalPlaces!].map(([player, place]) => [player, place]));
}

async function cliPlaces(t: Tournament, name: string): Promise<{ standings: Record<number, number>; playoff: Record<number, number> | null }> {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, writeTournamentJson(t));
  const s = await cli(['standings', file, '--json']);
  expect(s.code).toBe(0);
  const p = await cli(['playoff', file, '--json']);
  expect(p.code).toBe(0);
  const standings = Object.fromEntries(JSON.parse(s.out).map((r: { id: number; place: number }) => [r.id, r.place]));
  const finals = JSON.parse(p.out).finalPlaces as { player: number; place: number }[] | null;
  return { standings, playoff: finals ? Object.fromEntries(finals.map((f) => [f.player, f.place])) : null };
}

// The league: the lower number wins every game except that 10 beats 1. 1 and 2 have 8 wins, 9 and 10 one.
const lowerWinsBut10Beats1 = (a: number, b: number) => (a === 10 && b === 1) || (a < b && !(a === 1 && b === 10));

describe('league standings (The League, General; The League\'s Knockout Playoffs)', () => {

  it('a tie for place 1 decided by the recorded playoff game: 2 first, 1 second, 9 and 10 share 9th', async () => {
    const t = league(10, lowerWinsBut10Beats1, [win(1, 1, 2, 1)]);
    const expected = { 1: 2, 2: 1, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 9 };
    expect(standingsPlaces(t)).toEqual(expected);
    expect(playoffPlaces(t)).toEqual(expected);
    const viaCli = await cliPlaces(t, 'tie-1');
    expect(viaCli.standings).toEqual(expected);
    expect(viaCli.playoff).toEqual(expected);
  });

  it('before the playoff is played the tied players share the place (no Direct Comparison, no SOS)', () => {
    const t = league(10, lowerWinsBut10Beats1);
    expect(standingsPlaces(t)).toMatchObject({ 1: 1, 2: 1, 3: 3, 9: 9, 10: 9 });
    expect(computeStandings(t).order).toEqual(['nbw']);
  });

  it('a tie for place 2 (three players, 10-player league): the last round decides 2 and 3, the other shares 4th', async () => {
    // Tiers: 1 alone on top; 2, 3, 4 equal (their games jigo); then 5 … 10 by number.
    const tier = (k: number) => (k === 1 ? 9 : k <= 4 ? 8 : 10 - k);
    const beats = (a: number, b: number) => tier(a) > tier(b);
    // Knockout for place 2 with numbers 2, 3, 4: round 1 3–4 (2 free), round 2 2 against the winner.
    const t = league(10, beats, [win(2, 1, 4, 3), win(2, 2, 4, 2)]);
    const expected = { 1: 1, 2: 3, 3: 4, 4: 2, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10 };
    expect(standingsPlaces(t)).toEqual(expected);
    expect(playoffPlaces(t)).toEqual(expected);
    expect(await cliPlaces(t, 'tie-2')).toEqual({ standings: expected, playoff: expected });
  });

  it('a tie for place 4 in the 12-player league: the knockout\'s last game decides place 4, the others share 5th', async () => {
    const tier = (k: number) => (k <= 3 ? 20 - k : k <= 6 ? 10 : 12 - k);
    const beats = (a: number, b: number) => tier(a) > tier(b);
    const t = league(12, beats, [win(4, 1, 6, 5), win(4, 2, 4, 6)]);
    const expected = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 5, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12 };
    expect(standingsPlaces(t)).toEqual(expected);
    expect(await cliPlaces(t, 'tie-4')).toEqual({ standings: expected, playoff: expected });
  });

  it('a director\'s own placement order is kept (the rules apply where the tournament sets none)', () => {
    const t = league(10, lowerWinsBut10Beats1, [win(1, 1, 2, 1)]);
    const own = { ...t, settings: { ...t.settings, tiebreaks: ['nbw', 'sos'] as const } };
    expect(computeStandings(own).order).toEqual(['nbw', 'sos']);
  });
});

describe('QT standings (The European Championship Qualification Tournaments, Tournament System)', () => {
  /** An 8-player QT in which the lower number wins every game, paired as a knockout's fold (3 rounds). */
  function qt8(): Tournament {
    const round1: Game[] = [
      { round: 1, table: 1, white: id(1), black: id(8), handicap: 0, result: 'white-wins' },
      { round: 1, table: 2, white: id(2), black: id(7), handicap: 0, result: 'white-wins' },
      { round: 1, table: 3, white: id(3), black: id(6), handicap: 0, result: 'white-wins' },
      { round: 1, table: 4, white: id(4), black: id(5), handicap: 0, result: 'white-wins' },
    ];
    const round2: Game[] = [
      { round: 2, table: 1, white: id(1), black: id(4), handicap: 0, result: 'white-wins' },
      { round: 2, table: 2, white: id(2), black: id(3), handicap: 0, result: 'white-wins' },
      { round: 2, table: 3, white: id(5), black: id(8), handicap: 0, result: 'white-wins' },
      { round: 2, table: 4, white: id(6), black: id(7), handicap: 0, result: 'white-wins' },
    ];
    const round3: Game[] = [
      { round: 3, table: 1, white: id(1), black: id(2), handicap: 0, result: 'white-wins' },
      { round: 3, table: 2, white: id(3), black: id(5), handicap: 0, result: 'white-wins' },
      { round: 3, table: 3, white: id(4), black: id(6), handicap: 0, result: 'white-wins' },
      { round: 3, table: 4, white: id(7), black: id(8), handicap: 0, result: 'white-wins' },
    ];
    const players = Array.from({ length: 8 }, (_, i) => player(i + 1, '6d', { pairingNumber: i + 1, rating: 2700 - i * 10 }));
    return tournament(players, { system: 'egc-qt', rounds: 3, ruleset: 'egf' }, [...round1, ...round2, ...round3]);
  }

  it('"the number of wins is the only used criterion": 2, 3 and 4 share place 2; 5, 6 and 7 share place 5', () => {
    expect(standingsPlaces(qt8())).toEqual({ 1: 1, 2: 2, 3: 2, 4: 2, 5: 5, 6: 5, 7: 5, 8: 8 });
    expect(computeStandings(qt8()).order).toEqual(['nbw']);
  });

  /** A 4-player QT round-robin: 1 beats 2, 2 beats 3, 3 beats 1, and all beat 4. */
  function qt4(playoffs: PlayoffGame[] = []): Tournament {
    const g = (round: number, white: number, black: number): Game => ({ round, white: id(white), black: id(black), handicap: 0, result: 'white-wins' });
    const games = [g(1, 1, 2), g(1, 3, 4), g(2, 2, 3), g(2, 1, 4), g(3, 3, 1), g(3, 2, 4)];
    const players = Array.from({ length: 4 }, (_, i) => player(i + 1, '6d', { pairingNumber: i + 1, rating: 2700 - i * 10 }));
    return { ...tournament(players, { system: 'egc-qt', rounds: 3, ruleset: 'egf' }, games), playoffs };
  }

  it('the QT\'s knockout playoff: round 1 2–3 (1 free), round 2 1 against the winner; the final decides 1 and 2', async () => {
    const file = path.join(dir, 'qt4.json');
    writeFileSync(file, writeTournamentJson(qt4()));
    const first = await cli(['playoff', file, '--json']);
    expect(first.code).toBe(0);
    const json = JSON.parse(first.out);
    expect(json.knockouts[0].players.map((p: { player: number }) => p.player)).toEqual([1, 2, 3]);
    expect(json.knockouts[0].rounds[0]).toMatchObject({ round: 1, games: [{ players: [2, 3], kind: 'knockout' }], freeWins: [1] });
    expect(standingsPlaces(qt4())).toEqual({ 1: 1, 2: 1, 3: 1, 4: 4 });

    // 3 beats 2, then 1 beats 3 in the final: 1 first, 3 second, 2 (the other knockout player) third, 4 keeps 4th.
    const played = qt4([win(1, 1, 3, 2), win(1, 2, 1, 3)]);
    const expected = { 1: 1, 2: 3, 3: 2, 4: 4 };
    expect(standingsPlaces(played)).toEqual(expected);
    expect(await cliPlaces(played, 'qt4-played')).toEqual({ standings: expected, playoff: expected });
  });

  it('a QT with five tied for first: the final decides 1 and 2, the three other knockout players share place 3', () => {
    const g = (round: number, white: number, black: number): Game => ({ round, white: id(white), black: id(black), handicap: 0, result: 'white-wins' });
    // Round 1 1–8 2–7 3–6 4–5, round 2 1–2 3–4 5–6 7–8, round 3 5–1 7–3 2–4 6–8 (the first named wins): 1, 2, 3, 5
    // and 7 have 2 wins, 4 and 6 one, 8 none.
    const games = [g(1, 1, 8), g(1, 2, 7), g(1, 3, 6), g(1, 4, 5), g(2, 1, 2), g(2, 3, 4), g(2, 5, 6), g(2, 7, 8), g(3, 5, 1), g(3, 7, 3), g(3, 2, 4), g(3, 6, 8)];
    const players = Array.from({ length: 8 }, (_, i) => player(i + 1, '6d', { pairingNumber: i + 1 }));
    const t = tournament(players, { system: 'egc-qt', rounds: 3, ruleset: 'egf' }, games);
    expect(standingsPlaces(t)).toEqual({ 1: 1, 2: 1, 3: 1, 5: 1, 7: 1, 4: 6, 6: 6, 8: 8 });
    // Knockout numbers 1, 2, 3, 5, 7: round 1 5–7 (1, 2, 3 free), round 2 1–7 and 2–3, the final 1–2.
    const played = { ...t, playoffs: [win(1, 1, 7, 5), win(1, 2, 1, 7), win(1, 2, 2, 3), win(1, 3, 2, 1)] };
    const expected = { 1: 2, 2: 1, 3: 3, 5: 3, 7: 3, 4: 6, 6: 6, 8: 8 };
    expect(playoffPlaces(played)).toEqual(expected);
    expect(standingsPlaces(played)).toEqual(expected);
  });
});

describe('a playoff game standings cannot place', () => {
  it('is refused by name, not ignored: a recorded game that is no pairing of its knockout', async () => {
    const t = league(10, lowerWinsBut10Beats1, [win(1, 1, 3, 1)]);
    expect(() => computeStandings(t)).toThrow(/this game is not a pairing of the knockout for place 1/);
    const file = path.join(dir, 'stray.json');
    writeFileSync(file, writeTournamentJson(t));
    const r = await cli(['standings', file]);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/playoffs: place 1, round 1.*not a pairing of the knockout/s);
  });
});
