/**
 * The `optimal` system on random tournaments (up to 40 players, 8 rounds, absences and latecomers), round after
 * round: every present player is paired exactly once or has the bye; no repeat and no second bye unless a search
 * shows them unavoidable; an error only when no pairing exists; and for up to 12 players the total score difference
 * equals the brute-force optimum.
 */
import fc from 'fast-check';
import { formatRank } from '../../src/model/rank';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { applyPairing, pairingProblems } from '../../src/pairing/apply';
import { CompatibilityGraph } from '../../src/pairing/feasibility';
import { buildHistory } from '../../src/pairing/history';
import { optimalTotals, pairOptimal } from '../../src/systems/mcmahon/optimal';
import { deviationsOf, isPairingError } from '../../src/pairing/types';
import { seededRandom } from '../support/random';
import { pairable } from '../support/bruteForceMatching';
import { player, tournament, withResults } from './fixtures';

/** The same question for larger fields, by Edmonds' maximum-cardinality matching (./feasibility, not the weighted matcher). */
function pairableByEdmonds(ids: readonly PlayerId[], met: (a: PlayerId, b: PlayerId) => boolean): boolean {
  if (ids.length % 2 === 1) return false;
  const graph = new CompatibilityGraph(ids.length, (i, j) => !met(ids[i], ids[j]));
  return graph.perfectMatching(ids.map(() => true)) !== null;
}

/** The least Σ|score difference| over complete pairings of `ids` without repeats (bitmask DP, ≤ 16 players). */
function bruteForceDifference(ids: readonly PlayerId[], score: (id: PlayerId) => number, met: (a: PlayerId, b: PlayerId) => boolean): number {
  const n = ids.length;
  const memo = new Map<number, number>();
  const go = (mask: number): number => {
    if (mask === 0) return 0;
    const known = memo.get(mask);
    if (known !== undefined) return known;
    let low = 0;
    while (!(mask & (1 << low))) low++;
    let best = Infinity;
    for (let j = low + 1; j < n; j++) {
      if (!(mask & (1 << j)) || met(ids[low], ids[j])) continue;
      best = Math.min(best, Math.abs(score(ids[low]) - score(ids[j])) + go(mask & ~(1 << low) & ~(1 << j)));
    }
    memo.set(mask, best);
    return best;
  };
  return go((1 << n) - 1);
}

function randomTournament(seed: number, size: number, rounds: number, spread: number): Tournament {
  const random = seededRandom(seed);
  const cities = ['Montréal', 'Québec', 'Ottawa', undefined];
  const clubs = ['A', 'B', 'C', 'D', undefined];
  const players = [];
  for (let n = 1; n <= size; n++) {
    const absent: number[] = [];
    // One player in eight arrives late; one round in ten is missed.
    const from = random() < 0.125 ? 1 + Math.floor(random() * rounds) : 1;
    for (let r = 1; r <= rounds; r++) if (r < from || random() < 0.1) absent.push(r);
    players.push(
      player(n, formatRank((5 - Math.floor(random() * spread)) as never), {
        city: cities[Math.floor(random() * 4)],
        club: clubs[Math.floor(random() * 5)],
        absentRounds: absent,
      }),
    );
  }
  return tournament(players, { rounds, hostCity: 'Montréal' });
}

describe('optimal: properties over random tournaments', () => {
  it('complete, no avoidable repeat or second bye, errors only when impossible, least total score difference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(1, 3, 20),
        (seed, size, rounds, spread) => {
          let t = randomTournament(seed, size, rounds, spread);
          const random = seededRandom(seed + 1);
          for (let round = 1; round <= rounds; round++) {
            const met = (a: PlayerId, b: PlayerId) => t.games.some((g) => (g.white === a && g.black === b) || (g.white === b && g.black === a));
            const present = t.players.filter((p) => !(p.absentRounds ?? []).includes(round)).map((p) => p.id);
            const result = pairOptimal(t, round);
            if (isPairingError(result)) {
              if (present.length < 2) {
                expect(result.code).toBe('too-few-players');
              } else {
                expect(result.code).toBe('no-pairing');
                const search = present.length <= 16 ? pairable : pairableByEdmonds;
                const choices = present.length % 2 === 0 ? [present] : present.map((b) => present.filter((x) => x !== b));
                expect(choices.some((c) => search(c, met))).toBe(false);
              }
              return;
            }
            expect(pairingProblems(t, result)).toEqual([]);
            for (const g of result.games) expect(met(g.white, g.black)).toBe(false);
            const hadBye = (id: PlayerId) => t.byes.some((b) => b.player === id);
            if (result.bye !== null && hadBye(result.bye)) {
              const search = present.length <= 16 ? pairable : pairableByEdmonds;
              for (const other of present) {
                if (other === result.bye || hadBye(other)) continue;
                expect(search(present.filter((x) => x !== other), met)).toBe(false);
              }
            }
            // The colour tier foresees exactly the colours ./sheet then gives: a cost where a colour is repeated.
            for (const g of result.games) {
              const cost = optimalTotals(t, round, [[g.white, g.black]]).colour;
              const repeated = deviationsOf(result.report, 'colour-repeated').some((d) => d.table === g.table);
              expect([g.table, cost > 0]).toEqual([g.table, repeated]);
            }
            const field = present.filter((id) => id !== result.bye);
            if (field.length <= 12) {
              const h = buildHistory(t, round);
              const total = result.games.reduce((s, g) => s + Math.abs(h.scoreHalves(g.white) - h.scoreHalves(g.black)), 0);
              expect(total).toBe(bruteForceDifference(field, (id) => h.scoreHalves(id), met));
            }
            t = withResults(applyPairing(t, result), round, () => (random() < 0.1 ? 'jigo' : random() < 0.5 ? 'white' : 'black'));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('part of the field now, the rest later: together a complete round, announced tables untouched', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 4, max: 30 }), fc.integer({ min: 2, max: 5 }), (seed, size, rounds) => {
        let t = randomTournament(seed, size, rounds, 3);
        const random = seededRandom(seed + 2);
        for (let round = 1; round < rounds; round++) {
          const whole = pairOptimal(t, round);
          if (isPairingError(whole)) return;
          t = withResults(applyPairing(t, whole), round, () => (random() < 0.5 ? 'white' : 'black'));
        }
        const h = buildHistory(t, rounds);
        const scores = [...new Set(h.present.map((id) => h.scoreHalves(id)))].sort((a, b) => a - b);
        const below = scores[Math.floor(scores.length / 2)] / 2;
        const first = pairOptimal(t, rounds, { scoreBelow: below });
        if (isPairingError(first)) {
          expect(['no-pairing', 'too-few-players']).toContain(first.code);
          return;
        }
        expect(pairingProblems(t, first)).toEqual([]);
        for (const g of first.games) expect(h.scoreHalves(g.white) < below * 2 && h.scoreHalves(g.black) < below * 2).toBe(true);
        const u = applyPairing(t, first);
        const rest = pairOptimal(u, rounds);
        if (isPairingError(rest)) {
          // Pairing the first part was checked to leave the rest pairable.
          throw new Error(`the rest could not be paired: ${rest.message}`);
        }
        expect(pairingProblems(u, rest)).toEqual([]);
        const all = applyPairing(u, rest);
        const games = all.games.filter((g) => g.round === rounds);
        expect(games.map((g) => g.table).sort((a, b) => a! - b!)).toEqual(games.map((_, i) => i + 1));
        for (const g of first.games) expect(games).toContainEqual(expect.objectContaining({ table: g.table, white: g.white, black: g.black }));
        const seated = [...games.flatMap((g) => [g.white, g.black]), ...all.byes.filter((b) => b.round === rounds).map((b) => b.player)].sort((a, b) => a - b);
        expect(seated).toEqual([...h.present].sort((a, b) => a - b));
      }),
      { numRuns: 80 },
    );
  });

  it('does not depend on the order of players, games and byes in the file', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 2, max: 24 }), (seed, size) => {
        let t = randomTournament(seed, size, 3, 3);
        const random = seededRandom(seed + 1);
        for (let round = 1; round <= 3; round++) {
          const a = pairOptimal(t, round);
          const reversed = { ...t, players: [...t.players].reverse(), games: [...t.games].reverse(), byes: [...t.byes].reverse() };
          expect(pairOptimal(reversed, round)).toEqual(a);
          if (isPairingError(a)) return;
          t = withResults(applyPairing(t, a), round, () => (random() < 0.5 ? 'white' : 'black'));
        }
      }),
      { numRuns: 40 },
    );
  });
});
