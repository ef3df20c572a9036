/**
 * The totals of the best pairing of a small part of the field — a score group or two re-paired by the report's checks
 * (./avoidability) — found by listing every perfect matching of the part instead of calling the matcher.
 *
 * Why: most of those parts hold 2 to 10 players, and the matcher's fixed work per call (its stages, solver and
 * certificate) costs far more than listing at most 945 pairings; a round of the EGC 2024 field makes about a hundred
 * such checks (`npm run bench`).
 *
 * Why it gives the same answer: a check reads only the totals of the lexicographic optimum, never its pairs. Those
 * totals are one vector — the least, compared tier by tier, of the totals of every perfect matching (a sum per tier,
 * the largest pair cost for a bottleneck tier: ../../pairing/matching/lexicographic, "Bottleneck tiers") — however
 * many matchings reach it, so any exact method returns the same numbers; the listing compares every matching, leaving
 * out only a branch whose pairs so far already cost more, tier by tier, than the best found (costs are never negative
 * and a largest never shrinks, so nothing below it can be less). With no perfect matching both say none (null). A tier
 * marked `zero` counts 0 without being read, as the matcher does.
 */
import type { CostTier } from '../../pairing/matching';

/** The largest part listed (945 pairings of 10 players; 12 would be 10,395). */
export const LISTED_PART_LIMIT = 10;

/**
 * The least totals (tier by tier, see the module comment) over the perfect matchings of vertices 0…n−1 using pairs
 * `allowed(i, j)` (i < j); null when there is none. For n ≤ `LISTED_PART_LIMIT`.
 */
export function listedOptimumTotals(n: number, allowed: (i: number, j: number) => boolean, tiers: readonly CostTier[]): number[] | null {
  if (n > LISTED_PART_LIMIT) throw new RangeError(`a part of ${n} vertices is listed only up to ${LISTED_PART_LIMIT}`);
  const m = tiers.length;
  // The allowed pairs (triangle order) and each one's cost on every tier, read once — many at a time where the tier
  // reads them so (`costs`, the same values as `cost`): cost[p·m + t] of pair p = at[i·n + j] (−1: not allowed).
  const at = new Int32Array(n * n).fill(-1);
  const us = new Int32Array((n * (n - 1)) / 2);
  const vs = new Int32Array(us.length);
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (!allowed(i, j)) continue;
      at[i * n + j] = count;
      us[count] = i;
      vs[count++] = j;
    }
  }
  const cost = new Float64Array(count * m);
  const read = new Int32Array(count);
  for (let t = 0; t < m; t++) {
    const tier = tiers[t];
    if (tier.zero === true || count === 0) continue;
    if (tier.costs) {
      tier.costs(us, vs, count, read);
      for (let p = 0; p < count; p++) cost[p * m + t] = read[p];
    } else {
      for (let p = 0; p < count; p++) cost[p * m + t] = tier.cost(us[p], vs[p]);
    }
  }
  const bottleneck = tiers.map((t) => t.bottleneck === true);
  const mate = new Int32Array(n).fill(-1);
  // The totals of the pairs chosen so far, one row per depth (row 0: none). A row only grows, tier by tier (costs are
  // never negative), so a branch whose row is already above the best found, compared tier by tier, cannot reach it.
  const rows = Array.from({ length: (n >> 1) + 2 }, () => new Float64Array(m));
  let best: Float64Array | null = null;
  const extend = (from: number, depth: number) => {
    const row = rows[depth];
    if (best !== null && compare(row, best) > 0) return;
    let i = from;
    while (i < n && mate[i] >= 0) i++;
    if (i === n) {
      if (best === null || compare(row, best) < 0) best = Float64Array.from(row);
      return;
    }
    const next = rows[depth + 1];
    for (let j = i + 1; j < n; j++) {
      const p = at[i * n + j];
      if (mate[j] >= 0 || p < 0) continue;
      for (let t = 0; t < m; t++) next[t] = bottleneck[t] ? Math.max(row[t], cost[p * m + t]) : row[t] + cost[p * m + t];
      mate[i] = j;
      mate[j] = i;
      extend(i + 1, depth + 1);
      mate[i] = -1;
      mate[j] = -1;
    }
  };
  extend(0, 0);
  return best === null ? null : Array.from(best);
}

/** −1, 0 or 1 as `a` is less than, equal to or more than `b` tier by tier (the first tier that differs decides). */
function compare(a: Float64Array, b: Float64Array): number {
  for (let t = 0; t < a.length; t++) if (a[t] !== b[t]) return a[t] < b[t] ? -1 : 1;
  return 0;
}
