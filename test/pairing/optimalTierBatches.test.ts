/**
 * The `optimal` priorities read many pairs at once (src/systems/mcmahon/tierBatches, issue 28's speed) must give
 * exactly the per-pair costs, and the allowed-pair list exactly the pairs the per-pair test allows: on generated
 * fields after a few rounds (floats, meetings, colour balances), under every seeding, with repeats allowed or not,
 * with handicaps, relatives and forbidden pairs — every pair of the field compared.
 */
import { generateTournament } from '../../src/check/generate';
import { stateBefore } from '../../src/check/measures';
import { buildHistory } from '../../src/pairing/history';
import { OptimalTiers, type TierOptions } from '../../src/systems/mcmahon/optimalWeights';
import { rank } from './fixtures';

function allPairs(n: number): { u: Int32Array; v: Int32Array; count: number } {
  const count = (n * (n - 1)) / 2;
  const u = new Int32Array(count);
  const v = new Int32Array(count);
  let p = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      u[p] = i;
      v[p++] = j;
    }
  }
  return { u, v, count };
}

const variants: readonly TierOptions[] = [
  { handicap: { policy: 'none' } },
  { handicap: { policy: 'none' }, seeding: 'fold', allowRepeats: true },
  { handicap: { policy: 'rank-difference-minus-1' }, seeding: 'adjacent' },
  { handicap: { policy: 'mms-difference' }, seeding: 'random', seed: 7, allowRepeats: true },
  { handicap: { policy: 'none' }, nigiri: true, balanceWithinRanks: 3, avoid: { related: 5, city: 0, club: 3, country: 2 } },
  // Handicaps by rank with a ceiling, even games from 2d (the batch reads the rule, not the per-pair function).
  { handicap: { policy: 'rank-difference', ceiling: 4, evenAtOrAbove: rank('2d') } },
  { handicap: { policy: 'mms-difference-minus-1', ceiling: 3 }, seeding: 'fold' },
  // Players of 1d and above not kept apart by geography (the EGF's top bar, ../../src/pairing/geography).
  { handicap: { policy: 'none' }, geographyFree: (p) => p.rank >= rank('1d') },
];

describe('optimal tiers: the batch costs are the per-pair costs', () => {
  it.each([1, 2, 3])('every tier, every pair, every variant (seed %i)', (seed) => {
    const t = generateTournament({ players: 30 + seed * 3, rounds: 7, seed, strongest: rank('5d'), weakest: rank('15k'), bar: rank('3d') });
    let compared = 0;
    let zeroes = 0;
    for (const round of [1, 2, 3, 7]) {
      const before = stateBefore(t, round);
      const h = buildHistory(before, round);
      const ids = h.present;
      for (const options of variants) {
        const relatives = [[ids[0], ids[5]] as const, [ids[3], ids[4]] as const];
        const tiers = new OptimalTiers(h, ids, { ...options, relatives });
        const all = allPairs(tiers.size);
        for (const tier of tiers.tiers()) {
          const out = new Int32Array(all.count).fill(-1);
          expect(tier.costs).toBeDefined();
          tier.costs!(all.u, all.v, all.count, out);
          for (let p = 0; p < all.count; p++) {
            const want = tier.cost(all.u[p], all.v[p]);
            if (out[p] !== want) throw new Error(`${tier.name} (${JSON.stringify(options)}): pair ${all.u[p]}–${all.v[p]} batch ${out[p]}, per pair ${want}`);
            // A tier marked `zero` is never read by the matcher: it must cost 0 on every pair (the repeats tier, where
            // repeats are refused, is 0 by its own definition; the matcher weighs meetings only when they are allowed).
            if (tier.zero && want !== 0) throw new Error(`${tier.name} (${JSON.stringify(options)}, round ${round}) is marked zero but pair ${all.u[p]}–${all.v[p]} costs ${want}`);
            compared++;
          }
          if (tier.zero) zeroes++;
        }
        // The allowed-pair list: the pairs that have not met (all with repeats allowed), less the forbidden ones.
        const forbidden = (i: number, j: number) => (i + 2 * j) % 11 === 0;
        const list = tiers.allowedPairs(forbidden);
        const expected: string[] = [];
        for (let i = 0; i < tiers.size; i++) {
          for (let j = i + 1; j < tiers.size; j++) if ((options.allowRepeats || tiers.meetings(i, j) === 0) && !forbidden(i, j)) expected.push(`${i}-${j}`);
        }
        const got = Array.from(list.u.subarray(0, list.count), (i, p) => `${i}-${list.v[p]}`);
        expect(got).toEqual(expected);
        // Without forbidden pairs (the usual round, its own loop): every pair allowed by the per-pair test, and each
        // vertex's count of them as `allowedDegrees` gives it to the bye's search (../../src/systems/mcmahon/optimal).
        const plain = tiers.allowedPairs();
        const plainExpected: string[] = [];
        const degree = new Int32Array(tiers.size);
        for (let i = 0; i < tiers.size; i++) {
          for (let j = i + 1; j < tiers.size; j++) {
            if (options.allowRepeats || tiers.meetings(i, j) === 0) {
              plainExpected.push(`${i}-${j}`);
              degree[i]++;
              degree[j]++;
            }
          }
        }
        expect(Array.from(plain.u.subarray(0, plain.count), (i, p) => `${i}-${plain.v[p]}`)).toEqual(plainExpected);
        expect(Array.from(tiers.allowedDegrees())).toEqual(Array.from(degree));
        if (round === 7 && !options.allowRepeats) expect(Math.min(...degree)).toBeLessThan(tiers.size - 1);
      }
    }
    // Meetings, floats and balances exist by round 7: the comparison is not only of zeros.
    expect(compared).toBeGreaterThan(10_000);
    // Round 1 (no balances, no floats) and the even variants mark tiers zero beyond the repeats: the check above bites.
    expect(zeroes).toBeGreaterThan(variants.length * 4 * 2);
  });
});
