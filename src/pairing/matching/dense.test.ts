import fc from 'fast-check';
import { maxWeightMatching, WeightedEdge } from './blossom';
import { checkCertificate } from './certificate';
import { matchingWeight, maxWeightPerfectMatching, PairWeight, PerfectMatchingResult } from './dense';
import { type PairTable, readPairs } from './pairTable';
import { bruteForceOptimum } from '../../../test/support/bruteForceMatching';
import { seededRandom } from '../../../test/support/random';

/** A McMahon-like complete graph: big constant, squared score-difference penalty, small noise, forbidden pairs. */
function structuredGraph(n: number, seed: number, forbiddenShare: number, noise: number) {
  const random = seededRandom(seed);
  const groups = 1 + Math.floor(random() * 6);
  const score = Array.from({ length: n }, () => Math.floor(random() * groups));
  const matrix: (number | null)[][] = Array.from({ length: n }, () => new Array<number | null>(n).fill(null));
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (random() < forbiddenShare) continue;
      const d = score[i] - score[j];
      const w = 1e12 - 1000 * d * d + Math.floor(random() * noise);
      matrix[i][j] = matrix[j][i] = w;
      edges.push({ u: i, v: j, weight: w });
    }
  }
  const weight: PairWeight = (i, j) => matrix[i][j];
  return { score, matrix, edges, weight };
}

function expectCertified(n: number, edges: readonly WeightedEdge[], result: PerfectMatchingResult): void {
  if (result.status !== 'optimal') throw new Error(`expected an optimum, got ${result.message}`);
  const offset = result.weightOffset;
  const check = checkCertificate(
    n,
    (visit) => edges.forEach((e) => visit(e.u, e.v, e.weight - offset)),
    result.mate,
    result.duals,
    'perfect',
  );
  expect(check).toEqual({ ok: true });
}

describe('maxWeightPerfectMatching', () => {
  test('four players: the heavy pairs', () => {
    const w = [
      [0, 5, 1, 1],
      [5, 0, 1, 1],
      [1, 1, 0, 9],
      [1, 1, 9, 0],
    ];
    const r = maxWeightPerfectMatching(4, (i, j) => w[i][j]);
    expect(r.status).toBe('optimal');
    if (r.status !== 'optimal') return;
    expect(Array.from(r.mate)).toEqual([1, 0, 3, 2]);
    expect(r.weight).toBe(14n);
  });

  test('prefers a perfect matching even when it is lighter than a partial one', () => {
    // 0-1 is very heavy, but 2 and 3 can only pair with 0 and 1: the only perfect matchings avoid 0-1.
    const allowed = new Map([
      ['0,1', 1000],
      ['0,2', 1],
      ['1,3', 1],
    ]);
    const r = maxWeightPerfectMatching(4, (i, j) => allowed.get(`${i},${j}`), undefined, { nearestPartners: 1 });
    expect(r.status).toBe('optimal');
    if (r.status !== 'optimal') return;
    expect(Array.from(r.mate)).toEqual([2, 3, 0, 1]);
    expect(r.weight).toBe(2n);
  });

  test('empty field', () => {
    const r = maxWeightPerfectMatching(0, () => 1);
    expect(r).toMatchObject({ status: 'optimal', weight: 0n });
  });

  test('odd count is reported, not thrown', () => {
    const r = maxWeightPerfectMatching(5, () => 1);
    expect(r).toMatchObject({ status: 'no-perfect-matching', reason: 'odd-vertex-count', maximumPairs: 2 });
    if (r.status === 'no-perfect-matching') expect(r.unmatched).toHaveLength(1);
  });

  test('forbidden pairs that leave no perfect matching are reported with the unmatched vertices', () => {
    // Vertices 1, 2, 3 may only play vertex 0: at most two pairs among six vertices.
    const r = maxWeightPerfectMatching(6, (i, j) => (i === 0 || (i >= 4 && j >= 4) ? 10 : null));
    expect(r).toMatchObject({ status: 'no-perfect-matching', reason: 'forbidden-pairs', maximumPairs: 2 });
    if (r.status === 'no-perfect-matching') {
      expect(r.unmatched).toHaveLength(2);
      expect(r.message).toMatch(/at most 2 of 3 pairs/);
    }
  });

  test('repairs a candidate graph without a perfect matching, even when the unmatched rows are not enough', () => {
    // Candidates 0-1 and 2-3 (heavy) leave 4 and 5 unmatched, and 4-5 is forbidden. Their rows add 4-0 and 5-2,
    // still no perfect matching (1-3 is missing); the whole allowed graph has one: 4-0, 1-3, 2-5.
    const allowed = new Map([
      ['0,1', 100],
      ['2,3', 100],
      ['0,4', 1],
      ['2,5', 1],
      ['1,3', 1],
    ]);
    const r = maxWeightPerfectMatching(6, (i, j) => allowed.get(`${i},${j}`), [{ u: 0, v: 1 }, { u: 2, v: 3 }], {
      nearestPartners: 0,
    });
    expect(r).toMatchObject({ status: 'optimal', weight: 3n, passes: 3 });
    if (r.status === 'optimal') expect(Array.from(r.mate)).toEqual([4, 3, 5, 1, 0, 2]);
  });

  test('caller candidates that are forbidden pairs are ignored', () => {
    const r = maxWeightPerfectMatching(4, (i, j) => (i === 0 && j === 1 ? null : i + j), [{ u: 1, v: 0 }]);
    expect(r.status).toBe('optimal');
    if (r.status === 'optimal') expect(r.mate[0]).not.toBe(1);
  });

  test('weights are read once per pair, with i < j', () => {
    const seen = new Set<string>();
    maxWeightPerfectMatching(6, (i, j) => {
      expect(i).toBeLessThan(j);
      const key = `${i},${j}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      return i + j;
    });
    expect(seen.size).toBe(15);
  });

  test('large weights: exact bigint total', () => {
    const base = 2 ** 52;
    const r = maxWeightPerfectMatching(4, (i, j) => base + i * 10 + j);
    expect(r.status).toBe('optimal');
    if (r.status !== 'optimal') return;
    // {01,23} = 2b+24 beats {02,13} = {03,12} = 2b+15; the total exceeds 2^53 and stays exact.
    expect(Array.from(r.mate)).toEqual([1, 0, 3, 2]);
    expect(r.weight).toBe(2n * BigInt(base) + 24n);
  });

  test('bad input throws RangeError', () => {
    expect(() => maxWeightPerfectMatching(2, () => 0.5)).toThrow(/weight\(0, 1\) = 0.5/);
    expect(() => maxWeightPerfectMatching(4, (i) => (i === 0 ? 2 ** 52 : -(2 ** 52)))).toThrow(/spread/);
    expect(() => maxWeightPerfectMatching(2, () => 1, [{ u: 0, v: 2 }])).toThrow(/candidates\[0\]/);
    expect(() => maxWeightPerfectMatching(2, () => 1, undefined, { nearestPartners: -1 })).toThrow(RangeError);
  });

  test('equals brute force on small graphs with forbidden pairs and ties', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 3 }),
        (half, seed, nearest) => {
          const n = 2 * half;
          const { edges, weight } = structuredGraph(n, seed, 0.3, 3);
          const r = maxWeightPerfectMatching(n, weight, undefined, { nearestPartners: nearest });
          const best = bruteForceOptimum(n, edges, true);
          if (best.pairs * 2 < n) {
            expect(r).toMatchObject({ status: 'no-perfect-matching', maximumPairs: best.pairs });
          } else {
            expect(r.status).toBe('optimal');
            if (r.status === 'optimal') expect(r.weight).toBe(BigInt(best.weight));
          }
        },
      ),
      { numRuns: 400, seed: 5 },
    );
  });

  test('equals the plain solver on all pairs, up to 60 vertices, and is certified', () => {
    const random = seededRandom(2024);
    let mostPasses = 0;
    for (let trial = 0; trial < 120; trial++) {
      const n = 2 * (1 + Math.floor(random() * 30));
      const forbidden = random() < 0.5 ? 0.02 : random() * 0.6;
      const noise = random() < 0.5 ? 3 : 500;
      const { edges, weight, score } = structuredGraph(n, trial, forbidden, noise);
      const plain = maxWeightMatching(n, edges, { maxCardinality: true });
      // Half the trials give the caller's candidates (same score group only) and no nearest partners.
      const sameGroup =
        trial % 2 === 0
          ? edges.filter((e) => score[e.u] === score[e.v]).map(({ u, v }) => ({ u, v }))
          : undefined;
      const dense = maxWeightPerfectMatching(n, weight, sameGroup, { nearestPartners: trial % 2 === 0 ? 0 : 4 });
      if (plain.cardinality * 2 < n) {
        expect(dense).toMatchObject({ status: 'no-perfect-matching', maximumPairs: plain.cardinality });
        continue;
      }
      expect(dense.status).toBe('optimal');
      if (dense.status !== 'optimal') continue;
      expect(dense.weight).toBe(plain.weight);
      expectCertified(n, edges, dense);
      mostPasses = Math.max(mostPasses, dense.passes);
    }
    // The certification loop really ran: some first candidate graphs missed the optimum.
    expect(mostPasses).toBeGreaterThanOrEqual(3);
  });

  test('deterministic: two runs give the identical matching', () => {
    for (let seed = 0; seed < 20; seed++) {
      const { weight } = structuredGraph(40, seed, 0.05, 2);
      const a = maxWeightPerfectMatching(40, weight);
      const b = maxWeightPerfectMatching(40, weight);
      expect(a).toEqual(b);
    }
  });
});

/** The total weight of perfect matching `mate` summed pair by pair in BigInt: the reference `matchingWeight` must equal. */
function matchingWeightBig(table: PairTable, mate: Int32Array): bigint {
  let total = 0n;
  for (let v = 0; v < table.n; v++) if (mate[v] > v) total += BigInt(table.w[table.find(v, mate[v])] - table.offset);
  return total + BigInt(table.offset) * BigInt(table.n / 2);
}

describe('matchingWeight: summed as numbers while exact, else BigInt (issue 28)', () => {
  // Weights up to the solver's full spread (2^50), so that sums pass 2^53 and the BigInt fallback is taken, and small
  // ones, where it never is; random perfect matchings: the total must be the pair-by-pair BigInt sum exactly.
  test('the same total as the pair-by-pair BigInt sum', () => {
    const random = seededRandom(53);
    let fallbacks = 0;
    for (let it = 0; it < 300; it++) {
      const n = 2 * (1 + Math.floor(random() * 40));
      const spread = [2 ** 50, 2 ** 50 - 1, 1e6, 7][it % 4];
      const base = [0, -(2 ** 49), 2 ** 49, 123][it % 4];
      const order = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
      const mate = new Int32Array(n);
      for (let k = 0; k < n; k += 2) {
        mate[order[k]] = order[k + 1];
        mate[order[k + 1]] = order[k];
      }
      // Extremes often: every pair of the matching at one end of the spread in some fields.
      const extreme = it % 3 === 0;
      // A random integer in 0…spread with every bit random (one draw of the source has only 32).
      const any = () => (Math.floor(random() * 2 ** 26) * 2 ** 26 + Math.floor(random() * 2 ** 26)) % (spread + 1);
      // Extreme fields: the matching's pairs at the top of the spread (less a little), the others at its bottom, so that
      // the total grows past 2^53 in one direction with odd low bits.
      const table = readPairs(n, (i: number, j: number) => base + (extreme ? (mate[i] === j ? spread - (any() % 1001) : any() % 3) : any()));
      const fast = matchingWeight(table, mate);
      expect(fast).toBe(matchingWeightBig(table, mate));
      let sum = 0;
      for (let v = 0; v < n; v++) if (mate[v] > v) sum += table.w[table.find(v, mate[v])] - table.offset;
      if (Math.abs(sum) >= 2 ** 53) fallbacks++;
    }
    // Totals past 2^53 were met (the BigInt branch taken), not only sums exact as numbers.
    expect(fallbacks).toBeGreaterThan(10);
  });
});
