/**
 * Groups of Eight (seeds/mays-swiss-mcmahon-manual.txt, "Types of Tournaments"): "1 player who will have won all 3
 * games, 3 players who will have won 2 games, 3 players who will have won 1 game, and 1 player who will have lost all
 * 3 games" in every full group, whatever the results.
 */
import fc from 'fast-check';
import type { Tournament } from '../../src/model/tournament';
import { applyPairing, pairingProblems } from '../../src/pairing/apply';
import { groupSizes, groupsOfEight, pairGroupsOfEight } from '../../src/systems/groups-of-eight/groupsOfEight';
import { isPairingError } from '../../src/pairing/types';
import { winsBefore } from '../../src/pairing/winGroups';
import { player, tournament } from './fixtures';

const RANKS = ['5d', '4d', '3d', '2d', '1d', '1k', '2k', '3k', '4k', '5k'];

function field(n: number): Tournament {
  return tournament(
    Array.from({ length: n }, (_, i) => player(i + 1, RANKS[Math.floor(i / 4) % RANKS.length])),
    { system: 'groups-of-eight', rounds: 3, ruleset: 'egf', handicap: { policy: 'rank-difference-minus-1' } },
  );
}

/** Three rounds paired and played, `whiteWins` deciding each game in turn. */
function playAll(t: Tournament, whiteWins: (i: number) => boolean): Tournament {
  let i = 0;
  for (let r = 1; r <= 3; r++) {
    const p = pairGroupsOfEight(t, r);
    if (isPairingError(p)) throw new Error(p.message);
    expect(pairingProblems(t, p)).toEqual([]);
    const after = applyPairing(t, p);
    t = { ...after, games: after.games.map((g) => (g.round === r ? { ...g, result: whiteWins(i++) ? ('white-wins' as const) : ('black-wins' as const) } : g)) };
  }
  return t;
}

describe('the groups', () => {
  test.each([
    [5, [5]], [8, [8]], [9, [9]], [11, [11]], [12, [8, 4]], [16, [8, 8]], [19, [8, 11]], [20, [8, 8, 4]], [23, [8, 8, 7]], [27, [8, 8, 11]],
  ])('%i players: groups of %j', (n, sizes) => expect(groupSizes(n)).toEqual(sizes));

  test('players in rank order: the strongest eight are group 1', () => {
    const t = field(16);
    const shuffled = { ...t, players: [...t.players].reverse() };
    expect(groupsOfEight(shuffled)[0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('round 1 in a group of eight: 1–5, 2–6, 3–7, 4–8', () => {
    const p = pairGroupsOfEight(field(8), 1);
    if (isPairingError(p)) throw new Error(p.message);
    expect(p.games.map((g) => [g.white, g.black].sort((a, b) => a - b).join('–'))).toEqual(['1–5', '2–6', '3–7', '4–8']);
  });
});

describe('outcome counts', () => {
  test.each([8, 16, 24, 40])('%i players, any results: every group ends 1 / 3 / 3 / 1 on 3 / 2 / 1 / 0 wins, no game repeated', (n) => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 3 * n, maxLength: 3 * n }), (coins) => {
        const t = playAll(field(n), (i) => coins[i]);
        const wins = winsBefore(t, 4);
        for (const group of groupsOfEight(t)) {
          const counts = [3, 2, 1, 0].map((w) => group.filter((id) => wins.get(id) === w).length);
          expect(counts).toEqual([1, 3, 3, 1]);
        }
        const keys = t.games.map((g) => [g.white, g.black].sort((a, b) => a - b).join('-'));
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 200 },
    );
  });

  test('a field of 19 (a last group of 11): everyone plays or has a bye each round, never twice the same opponent', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }), (coins) => {
        const t = playAll(field(19), (i) => coins[i]);
        const keys = t.games.map((g) => [g.white, g.black].sort((a, b) => a - b).join('-'));
        expect(new Set(keys).size).toBe(keys.length);
        expect(t.byes).toHaveLength(3);
        expect(new Set(t.byes.map((b) => b.player)).size).toBe(3);
      }),
      { numRuns: 100 },
    );
  });
});

describe('bad input', () => {
  test('a fourth round', () => {
    const r = pairGroupsOfEight({ ...field(8), settings: { ...field(8).settings, rounds: 4 } }, 4);
    expect(isPairingError(r) && r.message).toBe('Groups of Eight has 3 rounds (seeds/mays-swiss-mcmahon-manual.txt, "Types of Tournaments" (Groups of Eight): "at the end of the three rounds")');
  });

  test('a round before the results of the last one', () => {
    const p = pairGroupsOfEight(field(8), 1);
    if (isPairingError(p)) throw new Error(p.message);
    const r = pairGroupsOfEight(applyPairing(field(8), p), 2);
    expect(isPairingError(r) && r.code).toBe('results-pending');
  });
});
