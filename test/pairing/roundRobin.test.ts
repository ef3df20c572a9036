/**
 * Round-robin: the EGC league tables against the text of seeds/egc-championship-rules.txt, pair by pair and colour
 * by colour; Berger tables for 3–16 players and two cycles; pairing numbers placing the players.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SEEDS_DIR } from '../support/corpus';
import { pairRoundRobin, roundRobinRounds } from '../../src/systems/round-robin/roundRobin';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { pairingProblems } from '../../src/pairing/apply';
import { id, player, tournament } from './fixtures';
import type { Player, Tournament } from '../../src/model/tournament';
import { parseTournamentJson } from '../../src/formats/json';

const rules = fs.readFileSync(path.join(SEEDS_DIR, 'egc-championship-rules.txt'), 'utf8');

/** The league's printed rounds: the "Pairings" paragraph after `heading`, each round's pairs [first, second]. */
function printedLeague(heading: string): number[][][] {
  const from = rules.indexOf(heading);
  const section = rules.slice(from, rules.indexOf('The League', from + heading.length + 1) > 0 ? rules.indexOf('\nThe League', from + heading.length) : undefined);
  const rounds: number[][][] = [];
  for (const m of section.matchAll(/The round (\d+) pairings are: (.*)\./g)) {
    rounds[Number(m[1]) - 1] = [...m[2].matchAll(/(\d+) - (\d+)/g)].map((p) => [Number(p[1]), Number(p[2])]);
  }
  return rounds;
}

function players(n: number, numbers?: readonly number[]): Player[] {
  return Array.from({ length: n }, (_, i) => player(i + 1, '5d', numbers ? { pairingNumber: numbers[i] } : {}));
}

function pair(t: Tournament, round: number): RoundPairing {
  const p = pairRoundRobin(t, round);
  if (isPairingError(p)) throw new Error(p.message);
  expect(pairingProblems(t, p)).toEqual([]);
  return p;
}

describe.each([
  [10, 'The League\n\nGeneral'],
  [12, 'The League / from 2010 on'],
])('the EGC league of %i players', (n, heading) => {
  const printed = printedLeague(heading);
  // Players numbered in reverse of their IDs, so the table is read by pairing number and not by ID.
  const numbers = Array.from({ length: n }, (_, i) => n - i);
  const t = tournament(players(n, numbers), { system: 'round-robin', schedule: 'egc', rounds: n - 1 });
  const idOfNumber = (k: number) => id(n + 1 - k);

  it(`has ${n - 1} rounds of ${n / 2} pairs in the rules`, () => {
    expect(printed).toHaveLength(n - 1);
    for (const r of printed) expect(r).toHaveLength(n / 2);
  });

  it.each(Array.from({ length: n - 1 }, (_, i) => i + 1))('round %i: the pairs as printed, the first mentioned player Black', (round) => {
    const p = pair(t, round);
    expect(p.bye).toBeNull();
    expect(p.games.map((g) => [g.black, g.white])).toEqual(printed[round - 1].map(([b, w]) => [idOfNumber(b), idOfNumber(w)]));
    expect(p.games.every((g) => g.handicap === 0 && g.colourKnown)).toBe(true);
  });
});

describe('refusals', () => {
  it('a 9-player EGC league, named', () => {
    const p = pairRoundRobin(tournament(players(9), { system: 'round-robin', schedule: 'egc', rounds: 9 }), 1);
    expect(isPairingError(p) && p.message).toMatch(/10 players in 9 rounds or 12 players in 11 rounds.*this file has 9 players/);
  });
  it('a round past the table', () => {
    const p = pairRoundRobin(tournament(players(4), { system: 'round-robin', rounds: 9 }), 4);
    expect(isPairingError(p) && p.message).toMatch(/has 3 rounds/);
  });
  it('pairing numbers with a repeat', () => {
    const p = pairRoundRobin(tournament(players(3, [1, 1, 2]), { system: 'round-robin', rounds: 3 }), 1);
    expect(isPairingError(p) && p.message).toMatch(/pairing number 1 is also 1 \(Player 1\)'s/);
  });
});

describe('Berger tables', () => {
  it('reproduce FIDE\'s table for 6 players (first listed: Black here)', () => {
    const t = tournament(players(6), { system: 'round-robin', rounds: 5 });
    const rounds = [1, 2, 3, 4, 5].map((r) => pair(t, r).games.map((g) => `${g.black}-${g.white}`).join(' '));
    expect(rounds).toEqual(['1-6 2-5 3-4', '6-4 5-3 1-2', '2-6 3-1 4-5', '6-5 1-4 2-3', '3-6 4-2 5-1']);
  });

  describe.each(Array.from({ length: 14 }, (_, i) => i + 3))('%i players, two cycles', (n) => {
    const t = tournament(players(n), { system: 'round-robin', cycles: 2, rounds: roundRobinRounds(n, 'berger', 2) });
    const perCycle = roundRobinRounds(n);
    const pairings = Array.from({ length: 2 * perCycle }, (_, i) => pair(t, i + 1));

    it.each([1, 2])('cycle %i: everyone meets everyone exactly once, colours within ±1, byes once each when odd', (cycle) => {
      const rounds = pairings.slice((cycle - 1) * perCycle, cycle * perCycle);
      const met = new Map<string, number>();
      const blacks = new Map<number, number>();
      const whites = new Map<number, number>();
      const byes = new Map<number, number>();
      for (const p of rounds) {
        for (const g of p.games) {
          const key = [g.white, g.black].sort((a, b) => a - b).join('-');
          met.set(key, (met.get(key) ?? 0) + 1);
          blacks.set(g.black, (blacks.get(g.black) ?? 0) + 1);
          whites.set(g.white, (whites.get(g.white) ?? 0) + 1);
        }
        if (p.bye !== null) byes.set(p.bye, (byes.get(p.bye) ?? 0) + 1);
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
      expect([...met.values()].every((c) => c === 1)).toBe(true);
      for (let k = 1; k <= n; k++) expect(Math.abs((blacks.get(k) ?? 0) - (whites.get(k) ?? 0))).toBeLessThanOrEqual(1);
      if (n % 2 === 1) expect([...byes.values()]).toEqual(Array(n).fill(1));
      else expect(byes.size).toBe(0);
    });

    it('the second cycle is the first with colours reversed; over both, colours exactly even', () => {
      for (let r = 0; r < perCycle; r++) {
        expect(pairings[perCycle + r].games.map((g) => [g.black, g.white])).toEqual(pairings[r].games.map((g) => [g.white, g.black]));
      }
      const balance = new Map<number, number>();
      for (const p of pairings) for (const g of p.games) {
        balance.set(g.black, (balance.get(g.black) ?? 0) + 1);
        balance.set(g.white, (balance.get(g.white) ?? 0) - 1);
      }
      expect([...balance.values()].every((b) => b === 0)).toBe(true);
    });
  });

  describe('three and more cycles (Czech rules, B: "two or more cycles")', () => {
    it('three cycles of 5: each cycle everyone meets everyone once; cycles 1 and 3 alike, cycle 2 reversed', () => {
      const n = 5;
      const perCycle = roundRobinRounds(n);
      const t = tournament(players(n), { system: 'round-robin', cycles: 3, rounds: roundRobinRounds(n, 'berger', 3) });
      const pairings = Array.from({ length: 3 * perCycle }, (_, i) => pair(t, i + 1));
      for (let r = 0; r < perCycle; r++) {
        expect(pairings[2 * perCycle + r].games.map((g) => [g.white, g.black])).toEqual(pairings[r].games.map((g) => [g.white, g.black]));
        expect(pairings[perCycle + r].games.map((g) => [g.black, g.white])).toEqual(pairings[r].games.map((g) => [g.white, g.black]));
      }
      const met = new Map<string, number>();
      for (const p of pairings) for (const g of p.games) met.set([g.white, g.black].sort((a, b) => a - b).join('-'), (met.get([g.white, g.black].sort((a, b) => a - b).join('-')) ?? 0) + 1);
      expect(met.size).toBe(10);
      expect([...met.values()].every((c) => c === 3)).toBe(true);
      expect(pair(t, 2 * perCycle + 1).report.map((l) => ('message' in l ? l.message : '')).join(' ')).toMatch(/cycle 3, colours as in the first/);
      expect(isPairingError(pairRoundRobin(t, 3 * perCycle + 1))).toBe(true);
    });

    it('a whole number of cycles from 1 to 10, else refused naming settings.cycles', () => {
      for (const cycles of [0, 1.5, 11]) {
        const r = pairRoundRobin(tournament(players(4), { system: 'round-robin', cycles, rounds: 3 }), 1);
        expect(isPairingError(r) && r.message).toMatch(new RegExp(`settings.cycles ${cycles}: a round-robin has a whole number of cycles from 1 to 10`));
      }
    });
  });

  it('gives handicaps only when the file sets a policy', () => {
    const field = [player(1, '3d'), player(2, '1k'), player(3, '5k'), player(4, '2d')];
    const even = pair(tournament(field, { system: 'round-robin', rounds: 3 }), 1);
    expect(even.games.every((g) => g.handicap === 0)).toBe(true);
    const withHandicap = pair(tournament(field, { system: 'round-robin', rounds: 3, handicap: { policy: 'rank-difference' } }), 1);
    expect(withHandicap.games.map((g) => [g.white, g.black, g.handicap])).toEqual([[1, 4, 1], [2, 3, 4]]);
  });
});

describe('a round-robin of three cycles in the file format', () => {
  it('is read from Tengen JSON (and more than ten refused by the schema, naming the field)', () => {
    const json = (cycles: number) => JSON.stringify({ format: 'tengen-tournament', version: 1, name: 'Three cycles', settings: { system: 'round-robin', rounds: 9, ruleset: 'czech', cycles }, players: [1, 2, 3, 4].map((k) => ({ id: k, family: `P${k}`, given: 'X', rank: '1d' })), games: [], byes: [] });
    const ok = parseTournamentJson(json(3), 'three.json');
    expect(ok.ok && ok.value.settings.cycles).toBe(3);
    const refused = parseTournamentJson(json(11), 'eleven.json');
    expect(!refused.ok && refused.errors.map((e) => `${e.where} ${e.message}`).join('\n')).toMatch(/cycles/);
  });
});

describe('a withdrawn league player', () => {
  it('is seated by the table all the same, and the report says so, naming him and who wins by default', () => {
    const field = players(4).map((p) => (p.id === 3 ? { ...p, absentRounds: [2, 3] } : p));
    const t = tournament(field, { system: 'round-robin', rounds: 3 });
    // The seat is the table's; the apply step's own check names the absence too (it is no silent pairing).
    const r = pairRoundRobin(t, 2);
    if (isPairingError(r)) throw new Error(r.message);
    expect(r.games.flatMap((g) => [g.white, g.black])).toContain(3);
    const warning = r.report.find((l) => l.kind === 'absent-seated');
    expect(warning && 'message' in warning && warning.message).toMatch(/3 \(Player 3\) is announced absent \(or withdrawn\) in round 2.*enter the game as won by default by \d \(Player \d\)/);
    expect(pair(t, 1).report.some((l) => l.kind === 'absent-seated')).toBe(false);
  });
});
