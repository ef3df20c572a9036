/**
 * Handicaps are a priority of the default draw (issue 11): over generated club McMahon tournaments with broad
 * sections, `optimal` gives no more handicap stones and no more games of 5+ stones than Mays' paper method from the
 * same state, and never a worse total McMahon score difference. `npm run quality` prints the same over 60 seeds.
 */
import { handicapComparison } from '../../src/check/handicapQuality';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { isPairingError } from '../../src/pairing/types';
import { seededRandom } from '../support/random';
import { player, tournament } from './fixtures';

/** One broad Mays section, 6k to 15k: everyone starts at the same McMahon score. */
const broadSection = [player(1, '6k'), player(2, '7k'), player(3, '14k'), player(4, '15k')].map((p) => ({ ...p, section: 'A' }));
const sections = [{ name: 'A', initialMms: 0 }];

describe('handicaps in the optimal draw', () => {
  it('over 12 generated handicap tournaments: optimal ≤ mays on stones and 5+-stone games, no round worse on MMS difference', () => {
    const { summary } = handicapComparison(12, 1100, seededRandom);
    expect(summary.rounds).toBe(60);
    expect(summary.worseScoreDifference.map((r) => `${r.tournament} round ${r.round}`)).toEqual([]);
    expect(summary.optimal.stones).toBeLessThanOrEqual(summary.mays.stones);
    expect(summary.optimal.bigHandicaps).toBeLessThanOrEqual(summary.mays.bigHandicaps);
    // Not a tie by accident: the handicap tournaments do give stones.
    expect(summary.mays.stones).toBeGreaterThan(0);
  });

  it('a broad section: the nearest ranks meet (6k–7k, 14k–15k), not top half against bottom half (6k–14k, 7k–15k)', () => {
    const players = broadSection;
    const t = tournament(players, { ruleset: 'aqjg', sections });
    const result = pairOptimal(t, 1);
    if (isPairingError(result)) throw new Error(result.message);
    expect(result.games.map((g) => [g.white, g.black, g.handicap])).toEqual([
      [1, 2, 0],
      [3, 4, 0],
    ]);
  });

  it('an even tournament keeps the halves: EGF default, no handicaps, 1–3 and 2–4', () => {
    const players = broadSection;
    const t = tournament(players, { ruleset: 'egf', sections });
    const result = pairOptimal(t, 1);
    if (isPairingError(result)) throw new Error(result.message);
    expect(result.games.map((g) => [Math.min(g.white, g.black), Math.max(g.white, g.black), g.handicap])).toEqual([
      [1, 3, 0],
      [2, 4, 0],
    ]);
  });

  it("a director's explicit policy wins: aqjg with no handicaps pairs as an even tournament", () => {
    const players = broadSection;
    const t = tournament(players, { ruleset: 'aqjg', sections, handicap: { policy: 'none' } });
    const result = pairOptimal(t, 1);
    if (isPairingError(result)) throw new Error(result.message);
    expect(result.games.every((g) => g.handicap === 0)).toBe(true);
    expect(result.games.map((g) => Math.min(g.white, g.black) * 10 + Math.max(g.white, g.black))).toEqual([13, 24]);
  });
});
