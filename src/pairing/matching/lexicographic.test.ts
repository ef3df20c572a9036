import fc from 'fast-check';
import { lexicographicPerfectMatching, reachingWeights, stageWeights, weightRangeOf, type CostTier, type LexicographicResult, type WeightRange } from './lexicographic';
import { maxWeightPerfectMatching } from './dense';
import { seededRandom } from '../../../test/support/random';

/** Every perfect matching of the allowed pairs, as lists of pairs (n ≤ 10). */
function perfectMatchings(n: number, allowed: (i: number, j: number) => boolean): [number, number][][] {
  const out: [number, number][][] = [];
  const walk = (rest: number[], acc: [number, number][]) => {
    if (rest.length === 0) {
      out.push([...acc]);
      return;
    }
    const [first, ...others] = rest;
    for (const x of others) {
      if (!allowed(first, x)) continue;
      acc.push([first, x]);
      walk(
        others.filter((y) => y !== x),
        acc,
      );
      acc.pop();
    }
  };
  walk([...Array(n).keys()], []);
  return out;
}

function lexBest(matchings: [number, number][][], tiers: readonly CostTier[]): number[] | null {
  let best: number[] | null = null;
  for (const m of matchings) {
    const v = tiers.map((t) => m.reduce((s, [i, j]) => s + t.cost(i, j), 0));
    if (best === null || v.some((x, k) => x !== best![k] && v.slice(0, k).every((y, l) => y === best![l]) && x < best![k])) best = v;
  }
  return best;
}

/** The matcher's answer against the brute-force lexicographic optimum (`null`: no perfect matching exists). */
function expectLexBest(result: LexicographicResult, best: number[] | null): void {
  if (best === null) {
    expect(result.status).toBe('no-perfect-matching');
    return;
  }
  if (result.status !== 'optimal') throw new Error(result.message);
  expect(result.totals).toEqual(best);
}

function randomCase(seed: number, n: number, tierCount: number, maxCost: number, forbidShare: number, zeroShare = 0.3) {
  const random = seededRandom(seed);
  const table = new Map<string, number>();
  const forbidden = new Set<string>();
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (random() < forbidShare) forbidden.add(`${i},${j}`);
  const tiers: CostTier[] = [];
  for (let t = 0; t < tierCount; t++) {
    // Some tiers are all zero (nothing to weigh), as a pairing system's often are.
    const zero = random() < zeroShare;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) table.set(`${t}:${i},${j}`, zero ? 0 : Math.floor(random() * (maxCost + 1)));
    tiers.push({ name: `tier ${t}`, cost: (i, j) => table.get(`${t}:${i},${j}`)! });
  }
  return { allowed: (i: number, j: number) => !forbidden.has(`${i},${j}`), tiers };
}

describe('lexicographicPerfectMatching', () => {
  it('equals the brute-force lexicographic optimum, in one stage or many', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.constantFrom(2, 4, 6, 8, 10),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(1, 3, 20),
        fc.constantFrom(0, 0.2, 0.5),
        fc.constantFrom(2 ** 50, 64, 8),
        (seed, n, tierCount, maxCost, forbid, maxSpread) => {
          const { allowed, tiers } = randomCase(seed, n, tierCount, maxCost, forbid);
          const best = lexBest(perfectMatchings(n, allowed), tiers);
          let result;
          try {
            result = lexicographicPerfectMatching(n, allowed, tiers, { maxSpread });
          } catch (e) {
            // A tiny spread may be too small for one tier: refused, never traded.
            expect(e).toBeInstanceOf(RangeError);
            expect(maxSpread).toBeLessThan(2 ** 50);
            return;
          }
          expectLexBest(result, best);
          if (result.status === 'optimal') for (let v = 0; v < n; v++) expect(result.mate[result.mate[v]]).toBe(v);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a declared maxCost, right, too small or too large, changes the stages only, never the optimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.constantFrom(4, 6, 8, 10),
        fc.integer({ min: 2, max: 5 }),
        fc.constantFrom(3, 20),
        fc.constantFrom(64, 512, 2 ** 50),
        fc.constantFrom(0, 1, 7, 1000),
        (seed, n, tierCount, maxCost, maxSpread, bound) => {
          const { allowed, tiers } = randomCase(seed, n, tierCount, maxCost, 0.2);
          const best = lexBest(perfectMatchings(n, allowed), tiers);
          const bounded = tiers.map((t) => ({ ...t, maxCost: bound }));
          let result;
          try {
            result = lexicographicPerfectMatching(n, allowed, bounded, { maxSpread });
          } catch (e) {
            expect(e).toBeInstanceOf(RangeError);
            return;
          }
          expectLexBest(result, best);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('12 vertices, structured ties (score groups), in one stage or several: the brute-force lexicographic optimum', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const random = seededRandom(seed);
      const n = 12;
      const group = Array.from({ length: n }, () => Math.floor(random() * 3));
      const club = Array.from({ length: n }, () => Math.floor(random() * 3));
      const met = new Set<string>();
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (random() < 0.15) met.add(`${i},${j}`);
      const tiers: CostTier[] = [
        { name: 'difference', cost: (i, j) => Math.abs(group[i] - group[j]) },
        { name: 'cross', cost: (i, j) => (group[i] === group[j] ? 0 : 1) },
        { name: 'club', cost: (i, j) => (club[i] === club[j] ? 1 : 0) },
        { name: 'seeding', cost: (i, j) => Math.abs(Math.abs(i - j) - 3) },
      ];
      const allowed = (i: number, j: number) => !met.has(`${i},${j}`);
      const best = lexBest(perfectMatchings(n, allowed), tiers);
      for (const maxSpread of [2 ** 50, 400, 120]) {
        const result = lexicographicPerfectMatching(n, allowed, tiers, { maxSpread });
        if (best === null) {
          expect(result.status).toBe('no-perfect-matching');
          continue;
        }
        if (result.status !== 'optimal') throw new Error(result.message);
        expect([seed, maxSpread, ...result.totals]).toEqual([seed, maxSpread, ...best]);
        if (maxSpread === 120) expect(result.stages.length).toBeGreaterThan(1);
      }
    }
  });

  it('solves in several stages when the tiers do not fit in one weight', () => {
    const { allowed, tiers } = randomCase(7, 10, 4, 20, 0, 0);
    const result = lexicographicPerfectMatching(10, allowed, tiers, { maxSpread: 5000 });
    if (result.status !== 'optimal') throw new Error(result.message);
    expect(result.stages.length).toBeGreaterThan(1);
    expect(result.totals).toEqual(lexBest(perfectMatchings(10, allowed), tiers));
  });

  it('refuses, rather than trades, a tier that cannot fit', () => {
    const tiers: CostTier[] = [{ name: 'huge', cost: (i, j) => (i + j) * 1000 }];
    expect(() => lexicographicPerfectMatching(6, () => true, tiers, { maxSpread: 100 })).toThrow(/tier "huge" cannot be weighed exactly/);
  });

  it('a lower tier never outweighs a higher one, even when its costs are much larger', () => {
    // Tier 0 prefers 0–1 / 2–3 by 1; tier 1 prefers 0–2 / 1–3 by 10^6. Tier 0 must win.
    const tiers: CostTier[] = [
      { name: 'first', cost: (i, j) => (i === 0 && j === 1) || (i === 2 && j === 3) ? 0 : 1 },
      { name: 'second', cost: (i, j) => (i === 0 && j === 2) || (i === 1 && j === 3) ? 0 : 1_000_000 },
    ];
    const result = lexicographicPerfectMatching(4, () => true, tiers);
    if (result.status !== 'optimal') throw new Error(result.message);
    expect(Array.from(result.mate)).toEqual([1, 0, 3, 2]);
    expect(result.totals).toEqual([0, 2_000_000]);
  });
});

describe('a bottleneck tier (the largest cost of a pair, not the sum)', () => {
  // Four vertices: {0–1, 2–3} has the least SUM on tier A (3) but a pair of cost 3; {0–2, 1–3} and {0–3, 1–2} keep
  // every pair at 2 or less. As a bottleneck, A rules out {0–1, 2–3}; tier B then chooses {0–2, 1–3}.
  const A: Record<string, number> = { '0-1': 3, '2-3': 0, '0-2': 2, '1-3': 2, '0-3': 1, '1-2': 2 };
  const a = (i: number, j: number) => A[`${i}-${j}`];
  const b = (i: number, j: number) => (`${i}-${j}` === '0-3' || `${i}-${j}` === '1-2' ? 5 : 0);

  it('minimises the largest cost first, then the tiers below among the draws of that largest', () => {
    const r = lexicographicPerfectMatching(4, () => true, [
      { name: 'A', cost: a, bottleneck: true },
      { name: 'B', cost: b },
    ]);
    if (r.status !== 'optimal') throw new Error('no matching');
    expect([...r.mate]).toEqual([2, 3, 0, 1]);
    expect(r.totals).toEqual([2, 0]); // a bottleneck tier's total is its largest cost
  });

  it('never trades a tier above it, and does not minimise how many pairs reach the largest', () => {
    // Tier T above forbids nothing but prefers {0–1, 2–3} and {0–2, 1–3} equally (cost 0) over {0–3, 1–2} (1 each).
    const t = (i: number, j: number) => (`${i}-${j}` === '0-3' || `${i}-${j}` === '1-2' ? 1 : 0);
    const r = lexicographicPerfectMatching(4, () => true, [
      { name: 'T', cost: t },
      { name: 'A', cost: a, bottleneck: true },
      { name: 'B', cost: (i, j) => (`${i}-${j}` === '0-2' ? 1 : 0) },
    ]);
    if (r.status !== 'optimal') throw new Error('no matching');
    expect(r.totals).toEqual([0, 2, 1]);
    // With the stage split forced (a tiny spread), the same answer.
    const small = lexicographicPerfectMatching(4, () => true, [
      { name: 'T', cost: t },
      { name: 'A', cost: a, bottleneck: true },
      { name: 'B', cost: (i, j) => (`${i}-${j}` === '0-2' ? 1 : 0) },
    ], { maxSpread: 8 });
    if (small.status !== 'optimal') throw new Error('no matching');
    expect(small.totals).toEqual([0, 2, 1]);
  });

  it('agrees with brute force on random fields (largest of tier 1 between two sum tiers)', () => {
    const random = seededRandom(2020);
    for (let trial = 0; trial < 60; trial++) {
      const n = 2 * (2 + Math.floor(random() * 4));
      const table = Array.from({ length: n * n }, () => Math.floor(random() * 5));
      const c = (k: number) => (i: number, j: number) => table[(i * n + j + k * 7) % (n * n)];
      const allowed = (i: number, j: number) => table[j * n + i] !== 0;
      const tiers: CostTier[] = [{ name: 't0', cost: c(1) }, { name: 'big', cost: c(2), bottleneck: true }, { name: 't2', cost: c(3) }];
      let best: number[] | null = null;
      for (const m of perfectMatchings(n, allowed)) {
        const v = [m.reduce((s, [i, j]) => s + c(1)(i, j), 0), Math.max(...m.map(([i, j]) => c(2)(i, j))), m.reduce((s, [i, j]) => s + c(3)(i, j), 0)];
        if (best === null || v.some((x, k) => x !== best![k] && v.slice(0, k).every((y, l) => y === best![l]) && x < best![k])) best = v;
      }
      const r = lexicographicPerfectMatching(n, allowed, tiers, trial % 2 ? { maxSpread: 64 } : {});
      if (best === null) expect(r.status).toBe('no-perfect-matching');
      else if (r.status === 'optimal') expect(r.totals).toEqual(best);
      else throw new Error(`trial ${trial}: no matching, brute force found ${best}`);
    }
  });
});

describe('the allowed pairs as a list, and tier costs read many at once (speed only)', () => {
  it('give the same matching, totals and stages as the per-pair functions', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const n = 2 * (3 + (seed % 6));
      const { allowed, tiers } = randomCase(seed, n, 4, 6, 0.2);
      const u: number[] = [];
      const v: number[] = [];
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          if (!allowed(i, j)) continue;
          u.push(i);
          v.push(j);
        }
      }
      const list = { u: Int32Array.from(u), v: Int32Array.from(v), count: u.length };
      const batched: CostTier[] = tiers.map((t) => ({
        ...t,
        costs: (a: Int32Array, b: Int32Array, count: number, out: Int32Array) => {
          for (let p = 0; p < count; p++) out[p] = t.cost(a[p], b[p]);
        },
      }));
      const options = seed % 2 ? { maxSpread: 64 } : {};
      const one = lexicographicPerfectMatching(n, allowed, tiers, options);
      const [u0, v0] = [list.u.slice(), list.v.slice()];
      const two = lexicographicPerfectMatching(n, list, batched, options);
      expect(two).toEqual(one);
      // With its rows given (a producer in triangle order by construction): the same answer again.
      const rowStart = new Int32Array(n + 1);
      for (const i of u) rowStart[i + 1]++;
      for (let i = 0; i < n; i++) rowStart[i + 1] += rowStart[i];
      expect(lexicographicPerfectMatching(n, { ...list, rowStart }, batched, options)).toEqual(one);
      // The caller's list is read, never written.
      expect([list.u, list.v]).toEqual([u0, v0]);
    }
  });

  it('refuses a list out of triangle order, naming the pair', () => {
    const list = { u: Int32Array.of(0, 1, 0), v: Int32Array.of(1, 2, 3), count: 3 };
    expect(() => lexicographicPerfectMatching(4, list, [{ name: 'a', cost: () => 0 }])).toThrow(/pair 2 \(0, 3\) is not in triangle order/);
  });

  it('refuses rows that do not end with the list', () => {
    const list = { u: Int32Array.of(0, 2), v: Int32Array.of(1, 3), count: 2, rowStart: Int32Array.of(0, 1, 1, 2) };
    expect(() => lexicographicPerfectMatching(4, list, [{ name: 'a', cost: () => 0 }])).toThrow(/allowed pairs: rows for 3 vertices/);
  });
});

describe('a tier declared zero (speed only)', () => {
  it('is not read, and the answer is the one its zero costs give', () => {
    for (let seed = 40; seed < 50; seed++) {
      const n = 8;
      const { allowed, tiers } = randomCase(seed, n, 3, 5, 0.2, 0);
      let reads = 0;
      const zero: CostTier = { name: 'nothing', cost: () => (reads++, 0), zero: true };
      const counted = lexicographicPerfectMatching(n, allowed, [zero, ...tiers, { ...zero, bottleneck: true }]);
      expect(reads).toBe(0);
      const plain = lexicographicPerfectMatching(n, allowed, [{ name: 'nothing', cost: () => 0 }, ...tiers, { name: 'nothing', cost: () => 0, bottleneck: true }]);
      expect(counted).toEqual(plain);
    }
  });
});

describe('large lists: arrays lent from one call to the next (./loans, speed only)', () => {
  it('a stage with no tier to weigh reads zero weights, not the last call\'s', () => {
    // 100 vertices: 4,950 pairs, enough for the stage weights to be lent. A first call leaves its weights behind.
    const n = 100;
    const pair = (i: number, j: number) => (i * 31 + j * 17) % 97;
    const weighed = lexicographicPerfectMatching(n, () => true, [{ name: 'a', cost: pair }]);
    expect(weighed.status).toBe('optimal');
    // Every cost 0 (not declared zero): one stage of no tier, every weight 0 - the same draw as a solver of all zeros.
    const zeros = lexicographicPerfectMatching(n, () => true, [{ name: 'z', cost: () => 0 }]);
    const fresh = maxWeightPerfectMatching(n, () => 0, []);
    expect(zeros.status).toBe('optimal');
    expect(fresh.status).toBe('optimal');
    if (zeros.status === 'optimal' && fresh.status === 'optimal') expect([...zeros.mate]).toEqual([...fresh.mate]);
  });
});

describe("a stage's weights and their range in one pass (issue 28, speed only)", () => {
  /** The weights one pass per tier, as the matcher first wrote them, and their range read afterwards. */
  const reference = (pre: Int32Array | null, prefixUnit: number, units: number[], costs: Int32Array[], count: number) => {
    const w = new Float64Array(count);
    for (let p = 0; p < count; p++) w[p] = pre ? prefixUnit * pre[p] : 0;
    costs.forEach((c, k) => {
      for (let p = 0; p < count; p++) w[p] -= units[k] * c[p];
    });
    return w;
  };
  const sameRange = (a: WeightRange, b: WeightRange) => Object.is(a.min, b.min) && Object.is(a.max, b.max);

  it('gives the weights, bit for bit, and the range a pass of its own finds, for any number of tiers', () => {
    const random = seededRandom(28);
    for (let trial = 0; trial < 400; trial++) {
      const count = trial % 50 === 0 ? 0 : 1 + Math.floor(random() * 40);
      const tiers = trial % 7;
      const costs = Array.from({ length: tiers }, () => Int32Array.from({ length: count }, () => (random() < 0.4 ? 0 : Math.floor(random() * 9))));
      const units = Array.from({ length: tiers }, () => 1 + Math.floor(random() * 1000));
      const pre = trial % 3 === 0 ? null : Int32Array.from({ length: count }, () => Math.floor(random() * 3));
      const prefixUnit = 1 + Math.floor(random() * 5000);
      // A lent array holds an earlier call's numbers: every entry must be written.
      const w = new Float64Array(count + 3).fill(-7);
      const range = stageWeights(w, pre, prefixUnit, units, costs, count);
      const want = reference(pre, prefixUnit, units, costs, count);
      for (let p = 0; p < count; p++) expect(Object.is(w[p], want[p])).toBe(true);
      expect(sameRange(range, weightRangeOf(want, count))).toBe(true);
    }
  });

  it("a bottleneck stage's weights and their range", () => {
    const random = seededRandom(29);
    for (let trial = 0; trial < 100; trial++) {
      const count = 1 + Math.floor(random() * 30);
      const c = Int32Array.from({ length: count }, () => Math.floor(random() * 6));
      const pre = trial % 2 === 0 ? null : Int32Array.from({ length: count }, () => Math.floor(random() * 3));
      const w = new Float64Array(count).fill(5);
      const range = reachingWeights(w, pre, 40, c, 3, count);
      for (let p = 0; p < count; p++) expect(w[p]).toBe((pre ? 40 * pre[p] : 0) - (c[p] >= 3 ? 1 : 0));
      expect(sameRange(range, weightRangeOf(w, count))).toBe(true);
    }
  });
});
