/**
 * ./listedPart: the totals of a small part's best pairing by listing every perfect matching must be the matcher's
 * own (the report's checks read either: ./avoidability). Random parts of 0–10 vertices with random allowed pairs and
 * tiers — sums and bottlenecks, ties, zero tiers — against lexicographicPerfectMatching.
 */
import { lexicographicPerfectMatching, type CostTier } from '../../src/pairing/matching';
import { LISTED_PART_LIMIT, listedOptimumTotals } from '../../src/systems/mcmahon/listedPart';
import { mulberry32 } from '../../src/check/generate';

describe('listedOptimumTotals', () => {
  it('gives the matcher’s totals (or none) on 600 random parts of up to 10 vertices', () => {
    const random = mulberry32(20261127);
    const int = (k: number) => Math.floor(random() * k);
    let compared = 0;
    let infeasible = 0;
    for (let run = 0; run < 600; run++) {
      const n = int(LISTED_PART_LIMIT + 1);
      const density = 0.3 + random() * 0.7;
      const ok = new Set<number>();
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (random() < density) ok.add(i * n + j);
      const allowed = (i: number, j: number) => ok.has(i * n + j);
      const tiers: CostTier[] = Array.from({ length: 1 + int(6) }, (_, t) => {
        const range = [1, 2, 3, 10, 100][int(5)];
        const table = new Map<number, number>();
        for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) table.set(i * n + j, int(range));
        const zero = random() < 0.15;
        return {
          name: `t${t}`,
          cost: (i: number, j: number) => (zero ? 0 : (table.get(i * n + j) as number)),
          ...(random() < 0.3 ? { bottleneck: true } : {}),
          ...(zero ? { zero: true } : {}),
          // Some tiers read many pairs at once, as the field's tiers do.
          ...(random() < 0.5
            ? { costs: (u: Int32Array, v: Int32Array, count: number, out: Int32Array) => u.subarray(0, count).forEach((i, p) => (out[p] = zero ? 0 : (table.get(i * n + v[p]) as number))) }
            : {}),
        };
      });
      const solved = lexicographicPerfectMatching(n, allowed, tiers);
      const listed = listedOptimumTotals(n, allowed, tiers);
      if (solved.status !== 'optimal') {
        infeasible++;
        expect(listed).toBeNull();
      } else {
        compared++;
        expect([run, listed]).toEqual([run, [...solved.totals]]);
      }
    }
    // Both kinds were met.
    expect(compared).toBeGreaterThan(200);
    expect(infeasible).toBeGreaterThan(50);
  });

  it('refuses a part beyond its limit', () => {
    expect(() => listedOptimumTotals(LISTED_PART_LIMIT + 2, () => true, [])).toThrow(RangeError);
  });
});
