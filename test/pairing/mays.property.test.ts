/**
 * Mays' method on random tournaments, round after round: every draw is complete, never repeats a game, gives a
 * second bye only when no one else could take it, fails only when no pairing exists, and does not depend on the
 * order of the players in the file.
 */
import fc from 'fast-check';
import { formatRank } from '../../src/model/rank';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { applyPairing, pairingProblems } from '../../src/pairing/apply';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { isPairingError } from '../../src/pairing/types';
import { pairable } from '../support/bruteForceMatching';
import { player, tournament, withResults } from './fixtures';

const arbitraryTournament = fc
  .record({
    size: fc.integer({ min: 2, max: 13 }),
    rounds: fc.integer({ min: 1, max: 8 }),
    // One rank for all (large score groups, many switches and repeats), three ranks, or a wide field.
    spread: fc.constantFrom(1, 3, 20),
    seed: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 200, maxLength: 200 }),
  })
  .map(({ size, rounds, spread, seed }) => {
    let i = 0;
    const next = (mod: number) => seed[i++ % seed.length] % mod;
    const cities = ['Montréal', 'Québec', 'Ottawa', undefined];
    const players = [];
    for (let n = 1; n <= size; n++) {
      const absent = [];
      for (let r = 1; r <= rounds; r++) if (next(10) === 0) absent.push(r);
      players.push(player(n, formatRank((5 - next(spread)) as never), { city: cities[next(4)], absentRounds: absent }));
    }
    return { t: tournament(players, { rounds, hostCity: 'Montréal' }), next };
  });

describe('Mays: properties over random tournaments', () => {
  it('complete, no repeats, no avoidable second bye, errors only when impossible', () => {
    fc.assert(
      fc.property(arbitraryTournament, ({ t: start, next }) => {
        let t: Tournament = start;
        for (let round = 1; round <= t.settings.rounds; round++) {
          const met = (a: PlayerId, b: PlayerId) =>
            t.games.some((g) => (g.white === a && g.black === b) || (g.white === b && g.black === a));
          const present = t.players.filter((p) => !(p.absentRounds ?? []).includes(round)).map((p) => p.id);
          const result = pairMays(t, round);
          if (isPairingError(result)) {
            if (present.length < 2) {
              expect(result.code).toBe('too-few-players');
            } else {
              expect(result.code).toBe('no-pairing');
              const choices = present.length % 2 === 0 ? [present] : present.map((b) => present.filter((x) => x !== b));
              expect(choices.some((c) => pairable(c, met))).toBe(false);
            }
            return;
          }
          expect(pairingProblems(t, result)).toEqual([]);
          for (const g of result.games) expect(met(g.white, g.black)).toBe(false);
          if (result.bye !== null) {
            const hadBye = (id: PlayerId) => t.byes.some((b) => b.player === id);
            if (hadBye(result.bye)) {
              for (const other of present) {
                if (other === result.bye || hadBye(other)) continue;
                expect(pairable(present.filter((x) => x !== other), met)).toBe(false);
              }
            }
          }
          t = withResults(applyPairing(t, result), round, () => (next(10) === 0 ? 'jigo' : next(2) === 0 ? 'white' : 'black'));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of players, games and byes in the file', () => {
    fc.assert(
      fc.property(arbitraryTournament, fc.integer({ min: 0, max: 1000 }), ({ t: start, next }, shuffleSeed) => {
        let t: Tournament = start;
        const rounds = Math.min(3, t.settings.rounds);
        for (let round = 1; round <= rounds; round++) {
          const a = pairMays(t, round);
          const reversed = { ...t, players: [...t.players].reverse(), games: [...t.games].reverse(), byes: [...t.byes].reverse() };
          const rotated = { ...t, players: [...t.players.slice(shuffleSeed % t.players.length), ...t.players.slice(0, shuffleSeed % t.players.length)] };
          expect(pairMays(reversed, round)).toEqual(a);
          expect(pairMays(rotated, round)).toEqual(a);
          if (isPairingError(a)) return;
          t = withResults(applyPairing(t, a), round, () => (next(2) === 0 ? 'white' : 'black'));
        }
      }),
      { numRuns: 60 },
    );
  });
});
