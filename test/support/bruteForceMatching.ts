/**
 * Test support for src/pairing/matching: brute-force optima of small graphs, so property tests compare the
 * algorithms against plain enumeration.
 */
import type { WeightedEdge } from '../../src/pairing/matching/blossom';

/** The best (cardinality, weight) over all matchings of a graph with at most ~16 vertices, by memoised enumeration. */
export function bruteForceOptimum(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  maxCardinality: boolean,
): { pairs: number; weight: number } {
  const incident: WeightedEdge[][] = Array.from({ length: vertexCount }, () => []);
  for (const e of edges) {
    incident[e.u].push(e);
    incident[e.v].push(e);
  }
  const better = (a: { pairs: number; weight: number }, b: { pairs: number; weight: number }): boolean =>
    maxCardinality ? a.pairs > b.pairs || (a.pairs === b.pairs && a.weight > b.weight) : a.weight > b.weight;
  const memo = new Map<number, { pairs: number; weight: number }>();
  const best = (mask: number): { pairs: number; weight: number } => {
    if (mask === 0) return { pairs: 0, weight: 0 };
    const known = memo.get(mask);
    if (known) return known;
    let low = 0;
    while (!(mask & (1 << low))) low++;
    const rest = mask & ~(1 << low);
    let answer = best(rest);
    for (const e of incident[low]) {
      const other = e.u === low ? e.v : e.u;
      if (!(rest & (1 << other))) continue;
      const sub = best(rest & ~(1 << other));
      const candidate = { pairs: sub.pairs + 1, weight: sub.weight + e.weight };
      if (better(candidate, answer)) answer = candidate;
    }
    memo.set(mask, answer);
    return answer;
  };
  return best(2 ** vertexCount - 1);
}

/** Checks that `mate` is a symmetric matching using only listed pairs; returns its pair count and weight. */
export function matchingValue(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  mate: Int32Array,
): { pairs: number; weight: number } {
  const heaviest = new Map<number, number>();
  for (const e of edges) {
    const key = Math.min(e.u, e.v) * vertexCount + Math.max(e.u, e.v);
    heaviest.set(key, Math.max(heaviest.get(key) ?? -Infinity, e.weight));
  }
  let pairs = 0;
  let weight = 0;
  for (let v = 0; v < vertexCount; v++) {
    const m = mate[v];
    if (m < 0) continue;
    if (mate[m] !== v) throw new Error(`mate[${v}] = ${m} but mate[${m}] = ${mate[m]}`);
    if (m < v) continue;
    const w = heaviest.get(v * vertexCount + m);
    if (w === undefined) throw new Error(`matched pair (${v}, ${m}) is not an edge`);
    pairs++;
    weight += w;
  }
  return { pairs, weight };
}

/** A complete pairing of `ids` avoiding `met` pairs exists (exhaustive, memoised on the set left; small fields only). */
export function pairable<T extends number>(ids: readonly T[], met: (a: T, b: T) => boolean): boolean {
  const memo = new Map<string, boolean>();
  const go = (rest: readonly T[]): boolean => {
    if (rest.length === 0) return true;
    if (rest.length % 2 === 1) return false;
    const k = rest.join(',');
    const known = memo.get(k);
    if (known !== undefined) return known;
    const [first, ...others] = rest;
    const ok = others.some((x) => !met(first, x) && go(others.filter((y) => y !== x)));
    memo.set(k, ok);
    return ok;
  };
  return go(ids);
}
