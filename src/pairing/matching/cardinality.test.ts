import fc from 'fast-check';
import { augmentToMaximumCardinality } from './cardinality';
import { bruteForceOptimum } from '../../../test/support/bruteForceMatching';

/** Adjacency matrix → neighbour lister. */
const lister =
  (adjacent: boolean[][]) =>
  (v: number, out: Int32Array): number => {
    let count = 0;
    adjacent[v].forEach((yes, j) => {
      if (yes) out[count++] = j;
    });
    return count;
  };

const randomGraph = fc.integer({ min: 1, max: 13 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    density: fc.double({ min: 0, max: 1, noNaN: true }),
    seedPairs: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 80 }),
    startMask: fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
  }),
);

describe('augmentToMaximumCardinality', () => {
  test('odd cycle with a stem needs a blossom to find the augmenting path', () => {
    // 0-1-2-3-4-0 is a 5-cycle, 5 hangs off 2, 6 hangs off 0. Start with 1-2 and 3-4 matched.
    const n = 7;
    const adjacent = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
    for (const [a, b] of [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [2, 5], [0, 6]]) adjacent[a][b] = adjacent[b][a] = true;
    const mate = Int32Array.from([-1, 2, 1, 4, 3, -1, -1]);
    expect(augmentToMaximumCardinality(n, lister(adjacent), mate)).toBe(3);
  });

  test('equals brute force from any starting matching', () => {
    fc.assert(
      fc.property(randomGraph, ({ n, density, seedPairs, startMask }) => {
        const adjacent = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
        // Deterministic density from the pair list: keep a pair when its index fraction is below the density.
        seedPairs.forEach(([a, b], index) => {
          if (a !== b && index / seedPairs.length <= density) adjacent[a][b] = adjacent[b][a] = true;
        });
        const mate = new Int32Array(n).fill(-1);
        let bit = 0;
        for (let i = 0; i < n; i++) {
          for (let j = i + 1; j < n; j++) {
            if (adjacent[i][j] && mate[i] < 0 && mate[j] < 0 && startMask[bit++ % 80]) {
              mate[i] = j;
              mate[j] = i;
            }
          }
        }
        const pairs = augmentToMaximumCardinality(n, lister(adjacent), mate);
        const edges = [];
        for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (adjacent[i][j]) edges.push({ u: i, v: j, weight: 0 });
        expect(pairs).toBe(bruteForceOptimum(n, edges, true).pairs);
        for (let v = 0; v < n; v++) {
          if (mate[v] >= 0) {
            expect(mate[mate[v]]).toBe(v);
            expect(adjacent[v][mate[v]]).toBe(true);
          }
        }
      }),
      { numRuns: 3000, seed: 11 },
    );
  });
});
