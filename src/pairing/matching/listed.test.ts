import type { WeightedEdge } from './blossom';
import { checkCertificate } from './certificate';
import { maxWeightPerfectMatching, type PerfectMatchingResult } from './dense';
import { readPairs } from './pairTable';
import { bruteForceOptimum } from '../../../test/support/bruteForceMatching';
import { seededRandom } from '../../../test/support/random';

/**
 * The solver's three ways to receive the same weights — a function, a triangle, a list of the allowed pairs — must give
 * the same matching, ties included (the lexicographic stages hand over lists; tests and callers use the others), and
 * that matching must be the brute-force optimum.
 */
function randomField(seed: number, n: number) {
  const random = seededRandom(seed);
  const forbidShare = [0, 0.2, 0.5][seed % 3];
  // Few distinct weights: many ties, so any difference in how ties are broken would show.
  const levels = 1 + (seed % 4);
  const weight: (number | null)[][] = Array.from({ length: n }, () => new Array<number | null>(n).fill(null));
  const edges: WeightedEdge[] = [];
  const pairCount = (n * (n - 1)) / 2;
  const triangle = new Float64Array(pairCount);
  const allowed = new Uint8Array(pairCount);
  const u: number[] = [];
  const v: number[] = [];
  const w: number[] = [];
  for (let i = 0, k = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++, k++) {
      if (random() < forbidShare) continue;
      const x = -Math.floor(random() * levels) * 1000 + (seed % 2 === 0 ? 0 : Math.floor(random() * 3));
      weight[i][j] = weight[j][i] = x;
      triangle[k] = x;
      allowed[k] = 1;
      edges.push({ u: i, v: j, weight: x });
      u.push(i);
      v.push(j);
      w.push(x);
    }
  }
  // Listed arrays longer than `count`, with junk past it: only the first `count` entries may be read.
  const listed = { u: Int32Array.from([...u, 0, 1]), v: Int32Array.from([...v, 0, 0]), weights: Float64Array.from([...w, 7, 7]), count: u.length };
  return { weight: (i: number, j: number) => weight[i][j], triangle: { weights: triangle, allowed }, listed, edges };
}

function expectOptimal(n: number, edges: readonly WeightedEdge[], r: PerfectMatchingResult): void {
  const brute = bruteForceOptimum(n, edges, true);
  if (r.status !== 'optimal') {
    expect(brute.pairs * 2).toBeLessThan(n);
    return;
  }
  expect(brute.pairs * 2).toBe(n);
  expect(Number(r.weight)).toBe(brute.weight);
  const offset = r.weightOffset;
  expect(checkCertificate(n, (visit) => edges.forEach((e) => visit(e.u, e.v, e.weight - offset)), r.mate, r.duals, 'perfect')).toEqual({ ok: true });
}

describe('maxWeightPerfectMatching: listed weights', () => {
  it('give the same matching as the function and the triangle, ties included, and the brute-force optimum (seeded)', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const n = 2 + 2 * (seed % 6); // 2…12 vertices
      const f = randomField(seed, n);
      const nearest = seed % 3;
      const candidates = seed % 5 === 0 ? [{ u: 0, v: n - 1 }] : undefined;
      const byFunction = maxWeightPerfectMatching(n, f.weight, candidates, { nearestPartners: nearest });
      const byTriangle = maxWeightPerfectMatching(n, f.triangle, candidates, { nearestPartners: nearest });
      const byList = maxWeightPerfectMatching(n, f.listed, candidates, { nearestPartners: nearest });
      expect(byTriangle).toEqual(byFunction);
      expect(byList).toEqual(byFunction);
      expectOptimal(n, f.edges, byList);
    }
  });

  it('refuse a list out of triangle order, naming the pair', () => {
    const listed = { u: Int32Array.from([0, 0]), v: Int32Array.from([2, 1]), weights: Float64Array.from([1, 1]), count: 2 };
    expect(() => maxWeightPerfectMatching(4, listed)).toThrow(/pair 1 \(0, 1\) is not in triangle order/);
    const short = { u: Int32Array.from([0]), v: Int32Array.from([1]), weights: Float64Array.from([1]), count: 2 };
    expect(() => maxWeightPerfectMatching(2, short)).toThrow(/listed weights: 2 pairs/);
    // A row going back, its partner higher than the last pair's: (1, 3) then (0, 4).
    const back = { u: Int32Array.from([1, 0]), v: Int32Array.from([3, 4]), weights: Float64Array.from([1, 1]), count: 2 };
    expect(() => maxWeightPerfectMatching(6, back)).toThrow(/pair 1 \(0, 4\) is not in triangle order/);
    // The same pair twice.
    const twice = { u: Int32Array.from([0, 0]), v: Int32Array.from([1, 1]), weights: Float64Array.from([1, 1]), count: 2 };
    expect(() => maxWeightPerfectMatching(2, twice)).toThrow(/pair 1 \(0, 1\) is not in triangle order/);
  });

  it('name the order before a bad weight, wherever the bad weight is', () => {
    const both = { u: Int32Array.from([0, 0, 0]), v: Int32Array.from([1, 3, 2]), weights: Float64Array.from([0.5, 1, 1]), count: 3 };
    expect(() => maxWeightPerfectMatching(4, both)).toThrow(/pair 2 \(0, 2\) is not in triangle order/);
    const weightOnly = { u: Int32Array.from([0, 0, 1]), v: Int32Array.from([1, 2, 2]), weights: Float64Array.from([1, 0.5, NaN]), count: 3 };
    expect(() => maxWeightPerfectMatching(4, weightOnly)).toThrow(/weight\(0, 2\) = 0.5: must be a safe integer/);
  });

  it('refuse every weight that is not a safe integer, even when fractions of opposite sign would cancel', () => {
    const list = (weights: number[]) => ({ u: Int32Array.from([0, 0, 0, 1, 1, 2]), v: Int32Array.from([1, 2, 3, 2, 3, 3]), weights: Float64Array.from(weights), count: 6 });
    expect(() => maxWeightPerfectMatching(4, list([1, 0.5, -0.5, 1, 1, 1]))).toThrow(/weight\(0, 2\) = 0.5: must be a safe integer/);
    expect(() => maxWeightPerfectMatching(4, list([1, 1, 1, -2.25, 2.25, 1]))).toThrow(/weight\(1, 2\) = -2.25/);
    expect(() => maxWeightPerfectMatching(4, list([1, 1, 1, 1, 1, Infinity]))).toThrow(/weight\(2, 3\) = Infinity/);
    expect(() => maxWeightPerfectMatching(4, list([1, -Infinity, 1, 1, 1, 1]))).toThrow(/weight\(0, 2\) = -Infinity/);
    expect(() => maxWeightPerfectMatching(4, list([2 ** 53, 1, 1, 1, 1, 1]))).toThrow(/weight\(0, 1\) = 9007199254740992/);
    expect(() => maxWeightPerfectMatching(4, list([1, 1, 1, 1, -(2 ** 53), 1]))).toThrow(/weight\(1, 3\) = -9007199254740992/);
    expect(maxWeightPerfectMatching(4, list([2 ** 53 - 1, 2 ** 53 - 2, 2 ** 53 - 2, 2 ** 53 - 2, 2 ** 53 - 2, 2 ** 53 - 1])).status).toBe('optimal');
  });

  it('find every pair at its place in full, sparse and empty rows, either order, and no pair of a vertex with itself', () => {
    const random = seededRandom(11);
    const n = 12;
    const u: number[] = [];
    const v: number[] = [];
    for (let i = 0; i < n; i++) {
      const keep = [1, 0.5, 0][i % 3]; // full rows, half rows, empty rows
      for (let j = i + 1; j < n; j++) {
        if (random() < keep) {
          u.push(i);
          v.push(j);
        }
      }
    }
    const table = readPairs(n, { u: Int32Array.from(u), v: Int32Array.from(v), weights: new Float64Array(u.length), count: u.length });
    const wrong: string[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const want = i === j ? -1 : u.findIndex((a, p) => a === Math.min(i, j) && v[p] === Math.max(i, j));
        if (table.find(i, j) !== want) wrong.push(`(${i}, ${j}): ${table.find(i, j)} instead of ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('find a pair through its row, either order, and build the partner lists only when asked (odd count)', () => {
    // Five vertices, some rows empty: the odd count asks for a maximum-cardinality matching over the partner lists.
    const listed = { u: Int32Array.from([0, 2, 2]), v: Int32Array.from([3, 3, 4]), weights: Float64Array.from([5, 1, 2]), count: 3 };
    const r = maxWeightPerfectMatching(5, listed);
    expect(r.status).toBe('no-perfect-matching');
    if (r.status === 'no-perfect-matching') expect(r.maximumPairs).toBe(2);
    const even = { u: Int32Array.from([0, 0, 1, 2]), v: Int32Array.from([1, 3, 2, 3]), weights: Float64Array.from([1, 9, 9, 1]), count: 4 };
    const e = maxWeightPerfectMatching(4, even);
    expect(e.status === 'optimal' && Array.from(e.mate)).toEqual([3, 2, 1, 0]);
    expect(e.status === 'optimal' && e.weight).toBe(18n);
  });
});
