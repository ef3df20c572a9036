/**
 * The EGC Qualification Tournament (seeds/egc-championship-rules.txt, "The European Championship Qualification
 * Tournaments (QT)"): the byes of round 1 and the number of rounds for 7–128 players, the Swiss by wins, the
 * round-robin of at most 6, the knockout playoff of a tie for first.
 */
import fc from 'fast-check';
import type { Tournament } from '../../src/model/tournament';
import { applyPairing, pairingProblems } from '../../src/pairing/apply';
import { circleRound, pairQualification, qualificationPlayoff, qualificationRoundOneByes, qualificationRounds } from '../../src/systems/egc/qualification';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { winsBefore } from '../../src/pairing/winGroups';
import { id, player, tournament } from './fixtures';

function qt(n: number): Tournament {
  return tournament(
    Array.from({ length: n }, (_, i) => player(i + 1, '5d', { rating: 2600 - i })),
    { system: 'egc-qt', rounds: qualificationRounds(n), ruleset: 'egf' },
  );
}

function paired(t: Tournament, round: number): RoundPairing {
  const r = pairQualification(t, round);
  if (isPairingError(r)) throw new Error(r.message);
  expect(pairingProblems(t, r)).toEqual([]);
  return r;
}

/** Round `round` paired and played: the lower ID (the higher rating) wins unless `upset(i)`. */
function play(t: Tournament, round: number, upset: (i: number) => boolean = () => false): Tournament {
  const after = applyPairing(t, paired(t, round));
  let i = 0;
  return {
    ...after,
    games: after.games.map((g) => {
      if (g.round !== round) return g;
      const lowerWins = !upset(i++);
      const whiteIsLower = g.white < g.black;
      return { ...g, result: lowerWins === whiteIsLower ? ('white-wins' as const) : ('black-wins' as const) };
    }),
  };
}

describe('number of rounds, as printed', () => {
  test.each([
    [7, 3], [8, 3], [9, 4], [16, 4], [17, 5], [32, 5], [33, 6], [64, 6], [65, 7], [128, 7],
  ])('%i players: %i rounds', (n, rounds) => expect(qualificationRounds(n)).toBe(rounds));

  test('every size from 7 to 128 follows the printed table', () => {
    const printed = (n: number) => (n <= 8 ? 3 : n <= 16 ? 4 : n <= 32 ? 5 : n <= 64 ? 6 : 7);
    for (let n = 7; n <= 128; n++) expect(qualificationRounds(n)).toBe(printed(n));
  });

  test('at most 6 players: a round-robin, everyone meets everyone once', () => {
    for (let n = 2; n <= 6; n++) {
      const met = new Set<string>();
      for (let r = 1; r <= qualificationRounds(n); r++) {
        const { pairs, bye } = circleRound(n, r);
        const seen = [...pairs.flat(), ...(bye === null ? [] : [bye])];
        expect(new Set(seen).size).toBe(n);
        for (const [a, b] of pairs) met.add(`${a}-${b}`);
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
    }
  });
});

describe('round 1 byes: round 2\'s upper group is a power of 2', () => {
  test('every size from 7 to 128: the lowest numbers get the byes, the winners and byes make a power of 2', () => {
    for (let n = 7; n <= 128; n++) {
      const t = qt(n);
      const p = paired(t, 1);
      const byes = [...(p.bye === null ? [] : [p.bye]), ...(p.freeWins ?? [])];
      expect(byes).toHaveLength(qualificationRoundOneByes(n));
      expect(byes).toEqual(Array.from({ length: byes.length }, (_, i) => id(i + 1)));
      const upper = byes.length + p.games.length;
      expect(Math.log2(upper) % 1).toBe(0);
      expect(upper).toBeGreaterThanOrEqual(n / 2);
      expect(upper).toBeLessThan(n);
      // The number of rounds is what a knockout of that upper group needs, plus round 1.
      expect(Math.log2(upper) + 1).toBe(qualificationRounds(n));
    }
  });

  test('12 players: numbers 1–4 get a bye, 5–12 play folded', () => {
    const p = paired(qt(12), 1);
    expect([p.bye, ...(p.freeWins ?? [])]).toEqual([1, 2, 3, 4]);
    expect(p.games.map((g) => [g.white, g.black].sort((a, b) => a - b).join('–'))).toEqual(['5–12', '6–11', '7–10', '8–9']);
  });
});

describe('the Swiss by wins', () => {
  test.each([7, 9, 12, 16, 21, 33])('%i players: no repeat, each round pairs within wins groups, under normal circumstances one winner', (n) => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }), (coins) => {
        let t = qt(n);
        const rounds = qualificationRounds(n);
        for (let r = 1; r <= rounds; r++) {
          const wins = winsBefore(t, r);
          const p = paired(t, r);
          const crossing = p.games.filter((g) => wins.get(g.white) !== wins.get(g.black));
          // Groups of odd size float one player each; never more crossings than groups.
          expect(crossing.length).toBeLessThanOrEqual(new Set(wins.values()).size);
          t = play(t, r, (i) => coins[(i + 3 * r) % 64]);
        }
        const seen = new Set<string>();
        for (const g of t.games) {
          const key = [g.white, g.black].sort((a, b) => a - b).join('-');
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
        const wins = winsBefore(t, rounds + 1);
        const most = Math.max(...wins.values());
        expect(most).toBe(rounds);
        expect([...wins.values()].filter((w) => w === most)).toHaveLength(1);
      }),
      { numRuns: 10 },
    );
  });

  test('a tie for first goes to a knockout playoff, its players numbered by rating', () => {
    let t = qt(7);
    t = play(t, 1);
    t = play(t, 2);
    const p3 = paired(t, 3);
    const after = applyPairing(t, p3);
    const games = after.games.map((g) => (g.round === 3 ? { ...g, result: g.table === 1 ? ('both-win-by-default' as const) : ('white-wins' as const) } : g));
    const playoff = qualificationPlayoff({ ...after, games });
    // Both players of table 1 won: two leaders on 3 wins, one playoff game, the lower number first.
    expect(playoff.leaders).toHaveLength(2);
    expect(playoff.pairs).toEqual([playoff.leaders]);
    expect(playoff.freeWins).toEqual([]);
    const over = pairQualification({ ...after, games, settings: { ...after.settings, rounds: 4 } }, 4);
    expect(isPairingError(over) && over.message).toMatch(/: 2 players tie for first \(.*\), to be played off by knockout — round 1: /);
  });
});

describe('bad input', () => {
  test('a round past the rules\' number of rounds', () => {
    const r = pairQualification({ ...qt(12), settings: { ...qt(12).settings, rounds: 6 } }, 5);
    expect(isPairingError(r) && r.message).toMatch(/^a Qualification Tournament of 12 players has 4 rounds/);
  });

  test('a round whose previous round has games without a result', () => {
    const t = applyPairing(qt(8), paired(qt(8), 1));
    const r = pairQualification(t, 2);
    expect(isPairingError(r) && r.code).toBe('results-pending');
    expect(isPairingError(r) && r.message).toMatch(/^round 1 still has games without a result/);
  });
});
