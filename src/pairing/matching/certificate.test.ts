/**
 * BlossomDualIndex.between — Σ Z_B over the blossoms holding both vertices — and the innermost common blossom with the
 * number of positive blossoms around it (lexicographic stages), found by binary lifting, checked against
 * the plain definition (walk each vertex's chain of blossoms, sum Z over the blossoms on both) on random forests,
 * deep chains included (round 1 of a big field nests blossoms over a hundred levels deep).
 */
import fc from 'fast-check';
import type { MatchingDuals } from './blossom';
import { BlossomDualIndex } from './certificate';

function forest(parents: readonly number[], duals: readonly number[], vertexBlossom: readonly number[]): MatchingDuals {
  return {
    vertex: new Float64Array(vertexBlossom.length),
    blossomDual: Float64Array.from(duals),
    blossomParent: Int32Array.from(parents),
    vertexBlossom: Int32Array.from(vertexBlossom),
  };
}

function shared(d: MatchingDuals, i: number, j: number): number[] {
  const chain = (v: number) => {
    const out: number[] = [];
    for (let b = d.vertexBlossom[v]; b >= 0; b = d.blossomParent[b]) out.push(b);
    return out;
  };
  const a = new Set(chain(i));
  return chain(j).filter((b) => a.has(b));
}

function byDefinition(d: MatchingDuals, i: number, j: number): number {
  return shared(d, i, j).reduce((sum, b) => sum + d.blossomDual[b], 0);
}

/** A random forest: blossom b's parent is a blossom of greater index (or none), as the solver numbers them. */
const forests = fc
  .record({ blossoms: fc.integer({ min: 1, max: 60 }), vertices: fc.integer({ min: 2, max: 30 }), chain: fc.boolean() })
  .chain(({ blossoms, vertices, chain }) =>
    fc.record({
      parents: fc.tuple(...Array.from({ length: blossoms }, (_, b) => (b === blossoms - 1 ? fc.constant(-1) : chain ? fc.constant(b + 1) : fc.integer({ min: b + 1, max: blossoms }).map((p) => (p === blossoms ? -1 : p))))),
      duals: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: blossoms, maxLength: blossoms }),
      vertexBlossom: fc.array(fc.integer({ min: -1, max: blossoms - 1 }), { minLength: vertices, maxLength: vertices }),
    }),
  );

describe('BlossomDualIndex.between', () => {
  it('equals the sum of Z over the blossoms holding both vertices, on random and deep forests', () => {
    fc.assert(
      fc.property(forests, ({ parents, duals, vertexBlossom }) => {
        const d = forest(parents, duals, vertexBlossom);
        const index = new BlossomDualIndex(d);
        // Every pair is compared, and the differences are gathered into one expectation (Jest's expect per pair
        // made this test take over a minute).
        const wrong: string[] = [];
        for (let i = 0; i < vertexBlossom.length; i++) {
          for (let j = 0; j < vertexBlossom.length; j++) {
            const both = shared(d, i, j);
            const sum = both.reduce((s, b) => s + d.blossomDual[b], 0);
            if (index.between(i, j) !== sum) wrong.push(`between(${i}, ${j}) = ${index.between(i, j)}, by definition ${sum}`);
            // The innermost common blossom, and how many positive blossoms hold both (the next stage's prefix tier).
            const common = both.length > 0 ? both[0] : -1;
            if (index.common(i, j) !== common) wrong.push(`common(${i}, ${j}) = ${index.common(i, j)}, by definition ${common}`);
            const positive = both.filter((b) => d.blossomDual[b] > 0).length;
            if (index.positiveAt(index.common(i, j)) !== positive) wrong.push(`positiveAt(common(${i}, ${j})) = ${index.positiveAt(index.common(i, j))}, by definition ${positive}`);
          }
        }
        expect(wrong).toEqual([]);
      }),
      { numRuns: 300, seed: 20261124 },
    );
  });

  it('a chain of 200 nested blossoms: the common part only', () => {
    const n = 200;
    const parents = Array.from({ length: n }, (_, b) => (b === n - 1 ? -1 : b + 1));
    const duals = Array.from({ length: n }, (_, b) => b + 1);
    // Vertex 0 sits in the innermost blossom, vertex 1 in blossom 150, vertex 2 in none.
    const d = forest(parents, duals, [0, 150, -1]);
    const index = new BlossomDualIndex(d);
    expect(index.between(0, 1)).toBe(byDefinition(d, 0, 1));
    expect(index.between(0, 1)).toBe(duals.slice(150).reduce((s, z) => s + z, 0));
    expect(index.between(0, 0)).toBe(duals.reduce((s, z) => s + z, 0));
    expect(index.between(0, 2)).toBe(0);
  });
});
