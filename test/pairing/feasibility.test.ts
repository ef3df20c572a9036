import fc from 'fast-check';
import { CompatibilityGraph, minimumAssignmentCost } from '../../src/pairing/feasibility';

/** Does a perfect matching of the active vertices exist? By trying every pairing (small n only). */
function bruteForcePerfect(n: number, allowed: (a: number, b: number) => boolean, active: boolean[]): boolean {
  const open = [...Array(n).keys()].filter((v) => active[v]);
  const go = (rest: number[]): boolean => {
    if (rest.length === 0) return true;
    const [first, ...others] = rest;
    return others.some((x) => allowed(first, x) && go(others.filter((y) => y !== x)));
  };
  return open.length % 2 === 0 && go(open);
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => [...Array(n).keys()].map((i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

describe('CompatibilityGraph (Edmonds)', () => {
  it('finds a perfect matching exactly when one exists (random graphs up to 12 vertices)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            // Sparse and dense graphs alike: an edge where the draw is below the density.
            fc.integer({ min: 1, max: 9 }).chain((density) =>
              fc.array(fc.integer({ min: 0, max: 9 }).map((x) => x < density), { minLength: n * n, maxLength: n * n }),
            ),
            fc.array(fc.boolean(), { minLength: n, maxLength: n }),
          ),
        ),
        ([n, edges, active]) => {
          const allowed = (a: number, b: number) => edges[Math.min(a, b) * n + Math.max(a, b)];
          const g = new CompatibilityGraph(n, allowed);
          const mate = g.perfectMatching(active);
          expect(mate !== null).toBe(bruteForcePerfect(n, allowed, active));
          if (mate) {
            for (let v = 0; v < n; v++) {
              if (!active[v]) continue;
              expect(mate[mate[v]]).toBe(v);
              expect(allowed(v, mate[v])).toBe(true);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('needs the blossom: an odd cycle with a stem', () => {
    // 0–1–2–0 triangle, 2–3, 3–4, 4–5: perfect matching 0–1, 2–3, 4–5 only through the odd cycle.
    const edges = new Set(['0-1', '1-2', '0-2', '2-3', '3-4', '4-5']);
    const g = new CompatibilityGraph(6, (a, b) => edges.has(`${Math.min(a, b)}-${Math.max(a, b)}`));
    expect(g.perfectMatching([true, true, true, true, true, true])).not.toBeNull();
  });

  it('uses a warm start and still answers exactly', () => {
    const g = new CompatibilityGraph(4, (a, b) => !(a === 0 && b === 1) && !(a === 2 && b === 3));
    const hint = Int32Array.from([2, 3, 0, 1]);
    expect(g.perfectMatching([true, true, true, true], hint)).not.toBeNull();
    expect(g.perfectMatching([true, true, false, false], hint)).toBeNull();
  });
});

describe('minimumAssignmentCost (Hungarian)', () => {
  it('equals the best of all permutations', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }).chain((n) => fc.array(fc.array(fc.integer({ min: 0, max: 7 }), { minLength: n, maxLength: n }), { minLength: n, maxLength: n })),
        (cost) => {
          const n = cost.length;
          const best = Math.min(...permutations(n).map((p) => p.reduce((s, j, i) => s + cost[i][j], 0)));
          expect(minimumAssignmentCost(cost)).toBe(n === 0 ? 0 : best);
        },
      ),
      { numRuns: 300 },
    );
  });
});
