/**
 * Which of several equally heavy matchings the matcher returns is part of its behaviour: a draw must not change
 * because the matcher was made faster (the conformance tests count OpenGotha's draws reproduced pair for pair, and
 * a director re-running a round gets the same games). These fingerprints — every matching, dual and pass count over
 * seeded graphs full of ties, including a field that needs the repair pass (odd score groups, so the nearest partners
 * hold no perfect matching) — were recorded from the matcher before its scan was restructured (issue 26); a speed
 * change that alters any decision changes one of them.
 */
import { createHash } from 'node:crypto';
import { maxWeightMatching, type WeightedEdge } from './blossom';
import { maxWeightPerfectMatching } from './dense';

/** mulberry32, inlined so that the fingerprints never depend on another file's generator. */
function random32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fingerprint(parts: readonly (ArrayLike<number> | string)[]): string {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(typeof p === 'string' ? p : Array.from(p).join(',') + ';');
  return hash.digest('hex').slice(0, 16);
}

/** Perfect matchings of complete graphs whose weights take few values (many ties), some pairs forbidden. */
function perfectFingerprint(seed: number, count: number): string {
  const random = random32(seed);
  const parts: (ArrayLike<number> | string)[] = [];
  for (let it = 0; it < count; it++) {
    const n = 2 * (2 + Math.floor(random() * 40));
    const values = [3, 10, 1000][it % 3];
    const forbidden = it % 4 === 0 ? 0.3 : 0;
    const matrix = new Map<number, number | null>();
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) matrix.set(i * n + j, random() < forbidden ? null : Math.floor(random() * values));
    }
    const result = maxWeightPerfectMatching(n, (i, j) => matrix.get(i * n + j), undefined, { nearestPartners: it % 5 });
    if (result.status === 'optimal') {
      parts.push(result.mate, result.duals.vertex, result.duals.blossomDual, `${result.passes}/${result.edgesUsed}/${result.weight}`);
    } else {
      parts.push(result.reason, result.unmatched);
    }
  }
  return fingerprint(parts);
}

/** Maximum-weight matchings (both modes) of sparse graphs with tied weights. */
function generalFingerprint(seed: number, count: number): string {
  const random = random32(seed);
  const parts: (ArrayLike<number> | string)[] = [];
  for (let it = 0; it < count; it++) {
    const n = 2 + Math.floor(random() * 60);
    const edges: WeightedEdge[] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (random() < 0.2) edges.push({ u: i, v: j, weight: Math.floor(random() * 6) - 1 });
    for (const maxCardinality of [false, true]) {
      const result = maxWeightMatching(n, edges, { maxCardinality });
      parts.push(result.mate, result.duals.vertex, result.duals.blossomDual, String(result.weight));
    }
  }
  return fingerprint(parts);
}

/**
 * A McMahon-like field of twins (every player twice, as the EGC field doubled): score groups of odd size, so the
 * nearest partners alone admit no perfect matching and the repair pass offers whole rows.
 */
function twinFieldFingerprint(twins: number): { print: string; passes: number } {
  const random = random32(26);
  // Players 0 … twins−1 and their twins; two more players make the top and bottom score groups odd.
  const score = [...Array.from({ length: twins }, () => Math.floor(random() * 7)), 0, 6];
  const rank = [...Array.from({ length: twins }, () => Math.floor(random() * 30)), 10, 20];
  const players = 2 * twins + 2;
  const of = (i: number) => (i < twins ? i : i < 2 * twins ? i - twins : i - twins);
  const result = maxWeightPerfectMatching(players, (i, j) => {
    const a = of(i);
    const b = of(j);
    const ds = score[a] - score[b];
    const dr = rank[a] - rank[b];
    return 1e12 - 1e8 * ds * ds - 1000 * dr * dr;
  });
  if (result.status !== 'optimal') throw new Error(result.message);
  return { print: fingerprint([result.mate, result.duals.vertex, result.duals.blossomDual, `${result.passes}/${result.edgesUsed}`]), passes: result.passes };
}

describe('the matcher chooses among equally heavy matchings as it always did', () => {
  it('perfect matchings of tied complete graphs', () => {
    expect(perfectFingerprint(2026, 120)).toBe('084859cfb56c3b2f');
  });

  it('maximum-weight matchings of tied sparse graphs, both modes', () => {
    expect(generalFingerprint(15, 150)).toBe('43e4de07af7e0b01');
  });

  it('a field of twins that needs the repair pass', () => {
    const { print, passes } = twinFieldFingerprint(200);
    expect(passes).toBeGreaterThan(2);
    expect(print).toBe('6dd78936f70d82ce');
  });
});
