/**
 * Lexicographic minimum-cost perfect matching: several cost tiers, strictly ordered — a lower tier never trades
 * against a higher one — solved exactly with integer weights however many tiers and players there are. Nothing here
 * knows about Go: a pairing system supplies the tiers.
 *
 * ## Packing tiers into one weight
 * With P = n/2 pairs and tier k's pair costs in 0…max_k, the total of tier k over any perfect matching lies in
 * 0…P·max_k. Giving the last tier of a stage the unit 1 and each tier above it the unit
 *
 *     U_k = U_{k+1} · (P·max_{k+1} + 1),
 *
 * the whole of the tiers below k — at most U_k − 1 — is worth less than one unit of tier k, so maximising
 * −Σ_k U_k·cost_k minimises the tiers lexicographically. The weights' spread is Σ_k U_k·max_k, and the exact solver
 * ({@link maxWeightPerfectMatching}) accepts at most 2^50: roughly log2(P·max_k) bits per tier.
 *
 * ## Stages, when the tiers do not fit in 2^50
 * Tiers are packed greedily into stages that fit. After a stage, its certified dual solution (y, z) describes exactly
 * the matchings optimal for that stage: by complementary slackness a perfect matching M is optimal if and only if
 * every pair of M is tight (y_i + y_j + Σ_{B ∋ i,j} z_B = w_ij) and every blossom B with z_B > 0 holds (|B| − 1)/2
 * pairs of M. So the next stage keeps only the tight pairs and adds, above its own tiers, a "prefix" tier worth
 * c_ij = the number of positive blossoms containing both i and j: Σ_{ij ∈ M} c_ij = Σ_{B: z_B > 0} |M ∩ E(B)|, which
 * is at most Σ_B (|B| − 1)/2 and reaches it exactly when M fills every positive blossom. Maximising the prefix first
 * therefore keeps the earlier stages optimal, and the later tiers choose among those optima only.
 *
 * A tier that cannot fit in a stage on its own (one pair's cost times the prefix above it exceeds 2^50) is refused
 * with a RangeError: the priorities are never allowed to trade.
 *
 * ## Bottleneck tiers
 * A tier marked `bottleneck` counts the LARGEST cost of a pair of the matching, not the sum: among the optima of the
 * tiers above, the matching whose largest cost is least (then the tiers below choose among those, however many pairs
 * reach that largest). It is solved by thresholds, top down: pairs costing more than the current matching's largest
 * are dropped (that matching is optimal above and avoids them); then one stage asks, under the prefix, for the fewest
 * pairs costing as much as the current largest — none means a smaller largest exists (that stage's optima keep the
 * earlier ones, as any stage), and the search goes on from the new matching; some means the largest is found, that
 * stage is set aside (it would minimise how many pairs reach it, which is not this tier's concern) and the next tier
 * starts from the state before it. Two cheaper tests come first and often settle it without a stage: every vertex
 * needs one of its pairs, so the largest of the vertices' cheapest pairs bounds it from below; and an unweighted
 * search (./cardinality) tells whether the pairs cheaper than the current largest hold a perfect matching at all.
 */
import { augmentToMaximumCardinality } from './cardinality';
import { BlossomDualIndex } from './certificate';
import { Loans } from './loans';
import { listedRows, offsetOf, PairTable } from './pairTable';
import {
  maxWeightPerfectMatchingOfTable,
  MAX_WEIGHT_SPREAD,
  type CandidatePair,
  type PerfectMatchingInfeasible,
  type PerfectMatchingOptimal,
  type PlaceList,
} from './dense';

export interface CostTier {
  /** Named in errors and in the result. */
  readonly name: string;
  /** Cost of pair (i, j), i < j, called once per allowed pair: a non-negative safe integer, smaller is better. */
  readonly cost: (i: number, j: number) => number;
  /**
   * An upper bound of every cost (speed only): a tier that could not fit in the current stage even at its bound is
   * not read until a later stage, over the pairs still tight then. A wrong bound costs speed only, never exactness:
   * the tier's real maximum is always measured before it is weighed.
   */
  readonly maxCost?: number;
  /** The tier is the largest cost of a pair of the matching, not the sum (see "Bottleneck tiers" above). */
  readonly bottleneck?: boolean;
  /**
   * The same costs for many pairs at once (speed only): sets `out[p]` to `cost(u[p], v[p])` for every p < `count`
   * (u[p] < v[p]). A large field's first stage reads a tier over every allowed pair; one typed loop instead of a call
   * per pair. Must give exactly `cost`'s values (the tests of a system that supplies it compare the two).
   */
  readonly costs?: (u: Int32Array, v: Int32Array, count: number, out: Int32Array) => void;
  /**
   * Every pair costs 0 (speed only: the tier is not read at all). Set it only when `cost` is 0 for every pair — a
   * pairing system's tier that does not apply to this field (repeats, when a repeat is not a pair at all).
   */
  readonly zero?: boolean;
}

/**
 * The allowed pairs as a list in triangle order (i ascending, then j; `u[p]` < `v[p]`), the first `count` entries
 * read: the same as an `allowed(i, j)` true exactly for those pairs, without a call per pair.
 */
export interface AllowedPairs {
  readonly u: Int32Array;
  readonly v: Int32Array;
  readonly count: number;
  /**
   * The list's rows (pairs (i, ·) at `rowStart[i]` … `rowStart[i + 1]` − 1; n + 1 entries), given only by a producer
   * that builds the list in triangle order by construction (speed only: the order is then not checked again, and the
   * rows are not looked for). Left out, the order is checked and the rows found.
   */
  readonly rowStart?: Int32Array;
}

export interface LexicographicOptions {
  /** Largest weight spread per stage (default and maximum: 2^50, the exact solver's limit). Lower only to test. */
  readonly maxSpread?: number;
  /** Passed to {@link maxWeightPerfectMatching}. */
  readonly nearestPartners?: number;
  /**
   * Pairs likely to be in the optimum (speed only, never the answer's weight): offered to every stage, with the
   * previous stage's matching, which always remains a perfect matching of the next stage's pairs.
   */
  readonly candidates?: readonly CandidatePair[];
}

export interface LexicographicOptimal {
  readonly status: 'optimal';
  /** `mate[v]` is v's partner; every vertex is matched. */
  readonly mate: Int32Array;
  /** Total cost of each tier over the matching, in the tiers' order (a bottleneck tier: its largest cost). */
  readonly totals: readonly number[];
  /** The tiers solved in each stage (tiers whose costs are all 0 are in none). */
  readonly stages: readonly (readonly string[])[];
  /** The largest cost of each tier over the pairs still allowed when it was last weighed. */
  readonly maxima: readonly number[];
}

export type LexicographicResult = LexicographicOptimal | PerfectMatchingInfeasible;

/**
 * The perfect matching of the allowed pairs that minimises tier 0's total, then tier 1's, and so on. Exact and
 * certified (see the module comment); deterministic for the same inputs. `allowed(i, j)` is called once per pair
 * with i < j; or the allowed pairs are given as a list in triangle order (the same answer, without the calls).
 */
export function lexicographicPerfectMatching(
  vertexCount: number,
  allowed: ((i: number, j: number) => boolean) | AllowedPairs,
  tiers: readonly CostTier[],
  options: LexicographicOptions = {},
): LexicographicResult {
  // The first stage's large arrays (a tier's costs, the stage's weights) are lent (./loans) and given back on return:
  // nothing returned holds them (the matching comes from the solver; the totals are numbers).
  const loans = new Loans();
  try {
    return lexicographicWith(loans, vertexCount, allowed, tiers, options);
  } finally {
    loans.release();
  }
}

function lexicographicWith(
  loans: Loans,
  vertexCount: number,
  allowed: ((i: number, j: number) => boolean) | AllowedPairs,
  tiers: readonly CostTier[],
  options: LexicographicOptions,
): LexicographicResult {
  const n = vertexCount;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`vertexCount must be a non-negative integer, got ${n}`);
  const maxSpread = options.maxSpread ?? MAX_WEIGHT_SPREAD;
  if (!(maxSpread >= 1 && maxSpread <= MAX_WEIGHT_SPREAD)) throw new RangeError(`maxSpread must be in 1…2^50, got ${maxSpread}`);

  // The pairs still allowed, listed in triangle order (i ascending, then j), with every per-pair array parallel to the
  // list: after the first stage only the tight pairs remain (a few per cent of all), and every loop, every array and
  // the solver's input shrink with them.
  let live = 0;
  let liveI: Int32Array = new Int32Array(Math.max(16, n));
  let liveJ: Int32Array = new Int32Array(Math.max(16, n));
  // Where each vertex's row of the list starts (pairs (i, ·) at rows[i] … rows[i + 1] − 1): found with the order's check,
  // and again after each compaction, so that the solver is handed the rows instead of reading the list again for them.
  let rows: Int32Array = new Int32Array(n + 1);
  if (typeof allowed !== 'function') {
    live = allowed.count;
    if (!(live >= 0 && live <= allowed.u.length && live <= allowed.v.length)) {
      throw new RangeError(`allowed pairs: ${live} pairs but arrays of ${allowed.u.length} and ${allowed.v.length}`);
    }
    // Read, never written: a stage keeps its tight pairs in new arrays (`compact`), so the caller's are not copied.
    liveI = allowed.u.subarray(0, live);
    liveJ = allowed.v.subarray(0, live);
    if (allowed.rowStart !== undefined) {
      // The producer's rows of a list in triangle order by construction (read, never written: a compaction makes new ones).
      if (allowed.rowStart.length !== n + 1 || allowed.rowStart[n] !== live) throw new RangeError(`allowed pairs: rows for ${allowed.rowStart.length - 1} vertices ending at ${allowed.rowStart[allowed.rowStart.length - 1]}, not ${n} ending at ${live}`);
      rows = allowed.rowStart;
    } else {
      // The order checked as ./pairTable `assertTriangleOrder` checks it (the same first pair refused, in its words),
      // the rows found in the same pass.
      const bad = listedRows(liveI, liveJ, live, n, rows);
      if (bad >= 0) throw new RangeError(`allowed pairs: pair ${bad} (${liveI[bad]}, ${liveJ[bad]}) is not in triangle order of ${n} vertices`);
    }
  } else {
    ({ u: liveI, v: liveJ, count: live } = listAllowed(n, allowed, liveI, liveJ));
    listedRows(liveI, liveJ, live, n, rows); // in triangle order by construction
  }
  // Each tier's costs are read once, when the tier is first weighed, over the pairs still allowed then (later
  // stages keep only the tight pairs, so the lower tiers are read over far fewer pairs). A tier's largest cost is
  // taken again over the pairs left at each stage.
  const costs: (Int32Array | null)[] = tiers.map(() => null);
  let prefix: Int32Array | null = null;
  /** Keeps the pairs listed in `kept` (places in the list, ascending), in the list and in every array parallel to it. */
  const compact = (kept: Int32Array): void => {
    const m = kept.length;
    // The pairs' two arrays in one pass over `kept` (the same values as one gather each), their rows counted in it.
    const pairsKept = gatherPairs(liveI, liveJ, kept, n);
    liveI = pairsKept.u;
    liveJ = pairsKept.v;
    rows = pairsKept.rows;
    let waiting = -1;
    for (let t = 0; t < costs.length; t++) {
      if (costs[t] === null) continue;
      if (waiting < 0) {
        waiting = t;
        continue;
      }
      [costs[waiting], costs[t]] = gatherTwo(costs[waiting] as Int32Array, costs[t] as Int32Array, kept);
      waiting = -1;
    }
    if (waiting >= 0 && prefix !== null) [costs[waiting], prefix] = gatherTwo(costs[waiting] as Int32Array, prefix, kept);
    else {
      if (waiting >= 0) costs[waiting] = gather(costs[waiting] as Int32Array, kept);
      if (prefix !== null) prefix = gather(prefix, kept);
    }
    live = m;
  };
  /** The place of pair (i, j), i < j, in the list, or −1 (binary search: the list is in triangle order). */
  const find = (i: number, j: number): number => {
    let lo = 0;
    let hi = live - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const d = liveI[mid] - i || liveJ[mid] - j;
      if (d === 0) return mid;
      if (d < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  /** Tier t's cost of a pair of the matching (always still in the list; read from the tier if it is not). */
  const costOfPair = (t: number, c: Int32Array, v: number, w: number): number => {
    const i = v < w ? v : w;
    const j = v < w ? w : v;
    const p = find(i, j);
    return p >= 0 ? c[p] : tiers[t].cost(i, j);
  };

  const maxima: number[] = tiers.map(() => 0);
  const measuredAt = new Int32Array(tiers.length).fill(-1);
  let stageIndex = 0;
  const maxOf = (t: number): number => {
    if (measuredAt[t] === stageIndex) return maxima[t];
    if (tiers[t].zero === true) {
      maxima[t] = 0;
      measuredAt[t] = stageIndex;
      return 0;
    }
    let c = costs[t];
    let max = 0;
    if (c === null && tiers[t].costs !== undefined) {
      c = loans.int32(live); // every entry written below before any is read
      (tiers[t].costs as NonNullable<CostTier['costs']>)(liveI, liveJ, live, c);
      // One pass: the largest cost, or the first negative one (encoded −1 − place).
      max = largestOrFirstNegative(c, live);
      if (max < 0) {
        const least = -1 - max;
        throw new RangeError(`tier "${tiers[t].name}": cost(${liveI[least]}, ${liveJ[least]}) = ${c[least]}; costs must be integers in 0…2^31 − 1`);
      }
      costs[t] = c;
    } else if (c === null) {
      c = loans.int32(live); // every entry written below before any is read
      const tier = tiers[t];
      for (let p = 0; p < live; p++) {
        const i = liveI[p];
        const j = liveJ[p];
        const v = tier.cost(i, j);
        if (!Number.isSafeInteger(v) || v < 0 || v > 0x7fffffff) {
          throw new RangeError(`tier "${tier.name}": cost(${i}, ${j}) = ${v}; costs must be integers in 0…2^31 − 1`);
        }
        c[p] = v;
        if (v > max) max = v;
      }
      costs[t] = c;
    } else {
      max = largestIn(c, live);
    }
    maxima[t] = max;
    measuredAt[t] = stageIndex;
    return max;
  };
  // The stage's list handed to the solver as ./pairTable `readPairs` would read it (the same table: the same pairs, rows
  // and offset), without its checks, each provably passed: the list is in triangle order (checked above, kept by every
  // compaction) and every stage weight is an integer of magnitude at most the stage's spread ≤ 2^50 (products of
  // integer units and costs, summed exactly below 2^53), so neither a fraction, nor a NaN, nor an unsafe value.
  // The weights' range comes from the pass that wrote them (`stageWeights`, `reachingWeights`): the same values as a
  // pass of its own over them gave (issue 28: one pass fewer over every pair of each stage).
  const solve = (stageWeight: Float64Array, { min, max }: WeightRange, offered: CandidatePair[]) => {
    const table = new PairTable(n, live, liveI.subarray(0, live), liveJ.subarray(0, live), stageWeight.subarray(0, live), offsetOf(min, max), rows);
    return maxWeightPerfectMatchingOfTable(table, offered, { nearestPartners: options.nearestPartners });
  };

  const pairs = Math.floor(n / 2);
  const stages: string[][] = [];
  let prefixMax = 0;
  let next = 0;
  let mate: Int32Array | null = null;
  // After a stage: keep the tight pairs only, and count the positive blossoms over each (the next stage's prefix).
  const keepTight = (result: PerfectMatchingOptimal, stageWeight: Float64Array): void => {
    // The certification's own index of these duals (the same index: it depends on the duals alone, never changes).
    const blossoms = result.dualIndex;
    // The places of the tight pairs, and their prefix (the positive blossoms over each), in list order.
    const { kept, keptPrefix, m, nextMax } = tightPairs(liveI, liveJ, result.notPositive, result.duals.vertex, stageWeight, 2 * result.weightOffset, blossoms);
    prefix = null;
    compact(kept.subarray(0, m));
    prefix = keptPrefix.slice(0, m);
    prefixMax = nextMax;
  };

  // The largest, over the vertices, of the cheapest cost of a pair still allowed at each.
  const cheapestPairBound = (c: Int32Array): number => cheapestPairBoundOf(c, liveI, liveJ, live, n);

  // Whether the pairs still allowed and costing less than `limit` hold a perfect matching (grown from `from`).
  const perfectBelow = (t: number, c: Int32Array, limit: number, from: Int32Array): boolean => {
    const { degree, list } = adjacencyBelow(c, liveI, liveJ, live, limit, n);
    const start = Int32Array.from(from);
    for (let v = 0; v < n; v++) {
      const w = start[v];
      if (w > v && costOfPair(t, c, v, w) >= limit) {
        start[v] = -1;
        start[w] = -1;
      }
    }
    return augmentToMaximumCardinality(n, { start: degree, list }, start) === Math.floor(n / 2);
  };

  // A bottleneck tier (see the module comment): returns an infeasibility, or null once the tier is settled.
  const bottleneck = (t: number): PerfectMatchingInfeasible | null => {
    if (maxOf(t) === 0 && costs[t] === null) return null; // a tier of zeros (`zero`): nothing to settle
    for (;;) {
      let c = costs[t] as Int32Array;
      let largest = 0;
      if (mate) {
        for (let v = 0; v < n; v++) if (mate[v] > v) largest = Math.max(largest, costOfPair(t, c, v, mate[v]));
        const m = countAtMost(c, live, largest);
        // Nothing costs more than the matching's largest: the list stays as it is (a compaction keeping every pair
        // would copy it unchanged, and every tier's largest cost over it is the one already measured).
        if (m < live) {
          compact(placesAtMost(c, live, largest, m));
          c = costs[t] as Int32Array;
          stageIndex++; // pairs were dropped: every tier's largest cost is measured again
        }
      } else {
        largest = largestIn(c, live);
      }
      if (largest === 0) return null;
      // Settled without a stage: a lower bound reached, or no perfect matching at all of the cheaper pairs.
      if (mate && (cheapestPairBound(c) >= largest || !perfectBelow(t, c, largest, mate))) return null;
      const plan = planUnits([1], pairs, prefixMax);
      if (plan.spread > maxSpread) throw new RangeError(`tier "${tiers[t].name}" cannot be weighed exactly under the ${prefixMax} levels that keep the earlier tiers optimal`);
      const stageWeight = loans.float64(live); // every entry written before any is read
      const pre: Int32Array | null = prefix;
      const range = reachingWeights(stageWeight, pre, plan.prefixUnit, c, largest, live);
      const result = solve(stageWeight, range, offeredWith(options.candidates, mate, n));
      if (result.status !== 'optimal') return result;
      stages.push([tiers[t].name]);
      let reach = false;
      for (let v = 0; v < n && !reach; v++) if (result.mate[v] > v && costOfPair(t, c, v, result.mate[v]) >= largest) reach = true;
      if (reach) {
        // The largest is found; a first matching if there was none (any matching optimal above reaches it).
        if (!mate) mate = result.mate;
        return null;
      }
      mate = result.mate;
      keepTight(result, stageWeight);
      stageIndex++;
    }
  };

  for (;;) {
    while (next < tiers.length && maxOf(next) === 0) next++;
    // Pack the tiers that fit, top down: the units are fixed from the bottom, so try growing the stage.
    const stage: number[] = [];
    let units: number[] = [];
    let prefixUnit = 0;
    if (next < tiers.length && tiers[next].bottleneck) {
      const outcome = bottleneck(next);
      if (outcome !== null) return outcome;
      next++;
      if (next >= tiers.length) break;
      continue;
    }
    for (let k = next; k < tiers.length; k++) {
      if (tiers[k].bottleneck) break;
      // A tier not read yet whose declared bound cannot fit under the tiers already in this stage is left for a later
      // stage, where it is read over the tight pairs only (far fewer than all n(n−1)/2).
      const bound = tiers[k].maxCost;
      if (bound !== undefined && costs[k] === null && stage.some((t) => maxima[t] > 0)) {
        const trial = [...stage.filter((t) => maxima[t] > 0).map((t) => maxima[t]), bound];
        if (planUnits(trial, pairs, prefixMax).spread > maxSpread) break;
      }
      if (maxOf(k) === 0) {
        stage.push(k);
        continue;
      }
      const trial = [...stage, k].filter((t) => maxima[t] > 0);
      const plan = planUnits(trial.map((t) => maxima[t]), pairs, prefixMax);
      if (plan.spread > maxSpread) {
        if (stage.every((t) => maxima[t] === 0)) {
          throw new RangeError(
            `tier "${tiers[k].name}" cannot be weighed exactly: its costs (up to ${maxima[k]}) over ${pairs} pairs` +
              (prefixMax > 0 ? `, under the ${prefixMax} levels that keep the earlier tiers optimal,` : '') +
              ` need a weight spread of ${plan.spread} > ${maxSpread}`,
          );
        }
        break;
      }
      stage.push(k);
      units = plan.units;
      prefixUnit = plan.prefixUnit;
    }
    const weighed = stage.filter((t) => maxima[t] > 0);
    if (weighed.length === 0 && mate !== null) break;

    // The stage's weights, exact: |w| ≤ spread ≤ 2^50.
    const stageWeight = loans.float64(live); // every entry written before any is read
    const range = stageWeights(stageWeight, prefix, prefixUnit, units, weighed.map((t) => costs[t] as Int32Array), live);
    const result = solve(stageWeight, range, offeredWith(options.candidates, mate, n));
    if (result.status !== 'optimal') return result;
    mate = result.mate;
    stages.push(weighed.map((t) => tiers[t].name));
    next = stage.length > 0 ? stage[stage.length - 1] + 1 : next;
    if (next >= tiers.length) break;

    keepTight(result, stageWeight);
    stageIndex++;
    // Nothing left to weigh among the tight pairs: the matching stands.
    let rest = false;
    for (let t = next; t < tiers.length && !rest; t++) rest = maxOf(t) > 0;
    if (!rest) break;
  }

  const m = mate ?? new Int32Array(0);
  const totals = tiers.map((tier, t) => (tier.zero === true ? 0 : totalOf(tier, t, costs[t], m, n, costOfPair)));
  return { status: 'optimal', mate: m, totals, stages, maxima };
}

/**
 * The pairs i < j of n vertices that `allowed` accepts, in triangle order, into `u`/`v` (grown by doubling as needed).
 * Its own function, as the loops below: the matcher's body is large, and a long loop inside it was compiled again
 * with the whole body (on-stack replacement) on each round; a small function is compiled once and kept.
 */
function listAllowed(n: number, allowed: (i: number, j: number) => boolean, u: Int32Array, v: Int32Array): AllowedPairs {
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (!allowed(i, j)) continue;
      if (count === u.length) {
        u = doubled(u);
        v = doubled(v);
      }
      u[count] = i;
      v[count++] = j;
    }
  }
  return { u, v, count };
}

/** How many of c[0…count − 1] are at most `limit`. */
function countAtMost(c: Int32Array, count: number, limit: number): number {
  let m = 0;
  for (let p = 0; p < count; p++) if (c[p] <= limit) m++;
  return m;
}

/** The places p < count with c[p] ≤ `limit`, ascending (`m` of them, as `countAtMost` counted). */
function placesAtMost(c: Int32Array, count: number, limit: number, m: number): Int32Array {
  const kept = new Int32Array(m);
  for (let p = 0, q = 0; p < count; p++) if (c[p] <= limit) kept[q++] = p;
  return kept;
}

/** The largest, over the n vertices, of the cheapest cost c[p] of a listed pair (u[p], v[p]) at each (0 if none). */
function cheapestPairBoundOf(c: Int32Array, u: Int32Array, v: Int32Array, count: number, n: number): number {
  const cheapest = new Int32Array(n).fill(0x7fffffff);
  for (let p = 0; p < count; p++) {
    const x = c[p];
    const i = u[p];
    const j = v[p];
    if (x < cheapest[i]) cheapest[i] = x;
    if (x < cheapest[j]) cheapest[j] = x;
  }
  let bound = 0;
  for (let x = 0; x < n; x++) if (cheapest[x] !== 0x7fffffff && cheapest[x] > bound) bound = cheapest[x];
  return bound;
}

/**
 * Each vertex's partners over the listed pairs costing less than `limit`: vertex x's are list[degree[x] … degree[x + 1]),
 * ascending (in triangle order each vertex's list comes out ascending: rows above it first, then its own row).
 */
function adjacencyBelow(c: Int32Array, u: Int32Array, v: Int32Array, count: number, limit: number, n: number): { degree: Int32Array; list: Int32Array } {
  const degree = new Int32Array(n + 1);
  for (let p = 0; p < count; p++) {
    if (c[p] < limit) {
      degree[u[p] + 1]++;
      degree[v[p] + 1]++;
    }
  }
  for (let x = 0; x < n; x++) degree[x + 1] += degree[x];
  const list = new Int32Array(degree[n]);
  const fill = degree.slice(0, n);
  for (let p = 0; p < count; p++) {
    if (c[p] < limit) {
      const i = u[p];
      const j = v[p];
      list[fill[i]++] = j;
      list[fill[j]++] = i;
    }
  }
  return { degree, list };
}

/** The caller's candidate pairs, then the pairs of `mate` (when there is one) by their lower vertex: a stage's offer. */
function offeredWith(candidates: readonly CandidatePair[] | undefined, mate: Int32Array | null, n: number): CandidatePair[] {
  const offered: CandidatePair[] = [...(candidates ?? [])];
  if (mate) for (let v = 0; v < n; v++) if (mate[v] > v) offered.push({ u: v, v: mate[v] });
  return offered;
}

/** Tier t's total over the pairs of `m` (a bottleneck tier: its largest), read from `c` when listed, else from the tier. */
function totalOf(
  tier: CostTier,
  t: number,
  c: Int32Array | null,
  m: Int32Array,
  n: number,
  costOfPair: (t: number, c: Int32Array, v: number, w: number) => number,
): number {
  let total = 0;
  for (let v = 0; v < n; v++) {
    if (m[v] <= v) continue;
    const x = c ? costOfPair(t, c, v, m[v]) : tier.cost(v, m[v]);
    total = tier.bottleneck ? Math.max(total, x) : total + x;
  }
  return total;
}

/** A copy of `a` in an array twice as long (a list growing by doubling). */
function doubled(a: Int32Array): Int32Array<ArrayBuffer> {
  const out = new Int32Array(2 * a.length);
  out.set(a);
  return out;
}

/** Units for tiers with the given maxima (top first) under a prefix of at most `prefixMax`, and the spread. */
function planUnits(maxima: readonly number[], pairs: number, prefixMax: number): { units: number[]; prefixUnit: number; spread: number } {
  const units = new Array<number>(maxima.length).fill(1);
  for (let k = maxima.length - 2; k >= 0; k--) units[k] = units[k + 1] * (pairs * maxima[k + 1] + 1);
  const prefixUnit = maxima.length > 0 ? units[0] * (pairs * maxima[0] + 1) : 1;
  let spread = prefixUnit * prefixMax;
  maxima.forEach((m, k) => (spread += units[k] * m));
  return { units, prefixUnit, spread: Number.isFinite(spread) ? spread : Infinity };
}

// The loops over every pair still allowed (a quarter of a million in a large field's first stage), as small functions
// of their own: compiled once and kept, where a loop inside the matcher's body ran unoptimised at first on each call,
// boxing every intermediate number (measured: a quarter more minor collections over ten rounds of the EGC field).

/** `x[kept[q]]` for every q, in a new array. */
function gather(x: Int32Array, kept: Int32Array): Int32Array {
  const m = kept.length;
  const out = new Int32Array(m);
  for (let q = 0; q < m; q++) out[q] = x[kept[q]];
  return out;
}

/**
 * The pairs at the places `kept` (ascending) of a list in triangle order, in two new arrays (one pass), and their rows:
 * kept places ascend, so the new list is in triangle order too and pairs (i, ·) are rows[i] … rows[i + 1] − 1 — what
 * ./pairTable `listedRows` would find in it, counted here instead of by a pass of its own.
 */
function gatherPairs(x: Int32Array, y: Int32Array, kept: Int32Array, n: number): { u: Int32Array; v: Int32Array; rows: Int32Array } {
  const m = kept.length;
  const a = new Int32Array(m);
  const b = new Int32Array(m);
  const rows = new Int32Array(n + 1);
  for (let q = 0; q < m; q++) {
    const k = kept[q];
    const i = x[k];
    a[q] = i;
    b[q] = y[k];
    rows[i + 1]++;
  }
  for (let i = 0; i < n; i++) rows[i + 1] += rows[i];
  return { u: a, v: b, rows };
}

/** `x[kept[q]]` and `y[kept[q]]` for every q, in two new arrays (one pass). */
function gatherTwo(x: Int32Array, y: Int32Array, kept: Int32Array): [Int32Array, Int32Array] {
  const m = kept.length;
  const a = new Int32Array(m);
  const b = new Int32Array(m);
  for (let q = 0; q < m; q++) {
    const k = kept[q];
    a[q] = x[k];
    b[q] = y[k];
  }
  return [a, b];
}

/** The largest of c[0…count − 1] (at least 0) when none is negative; else −1 − the first place p with c[p] < 0. */
function largestOrFirstNegative(c: Int32Array, count: number): number {
  let max = 0;
  for (let p = 0; p < count; p++) {
    const x = c[p];
    if (x > max) max = x;
    else if (x < 0) return -1 - p;
  }
  return max;
}

/**
 * The least and the largest of a stage's weights w[0…count − 1], as ./pairTable `weightRange` finds them (the same
 * comparisons in the same order, so the same values, signed zeros included; {Infinity, −Infinity} for none), without
 * its test for fractions (none here, see `solve`). Found by the pass that writes the weights last, not by a pass of
 * its own (issue 28: every stage read all its weights once more for them, two million at 2,000 players).
 */
export interface WeightRange {
  readonly min: number;
  readonly max: number;
}

/** The range of w[0…count − 1] read in a pass of its own (the tests compare it with the range the writing passes find). */
export function weightRangeOf(w: Float64Array, count: number): WeightRange {
  let min = Infinity;
  let max = -Infinity;
  for (let p = 0; p < count; p++) {
    const x = w[p];
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  return { min, max };
}

/** The largest of c[0…count − 1], at least 0. */
function largestIn(c: Int32Array, count: number): number {
  let max = 0;
  for (let p = 0; p < count; p++) if (c[p] > max) max = c[p];
  return max;
}

/** w[p] = unit · c[p]; their range. */
function setScaled(w: Float64Array, unit: number, c: Int32Array, count: number): WeightRange {
  let min = Infinity;
  let max = -Infinity;
  for (let p = 0; p < count; p++) {
    const x = unit * c[p];
    w[p] = x;
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  return { min, max };
}

/**
 * A bottleneck stage's weights: the prefix (when there is one) less 1 for each pair costing `largest` or more; their
 * range.
 */
export function reachingWeights(w: Float64Array, pre: Int32Array | null, prefixUnit: number, c: Int32Array, largest: number, count: number): WeightRange {
  let min = Infinity;
  let max = -Infinity;
  for (let p = 0; p < count; p++) {
    const x = (pre ? prefixUnit * pre[p] : 0) - (c[p] >= largest ? 1 : 0);
    w[p] = x;
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  return { min, max };
}

/** w[p] −= unit · c[p] (the last tier of a stage); the range of the new w. */
function subtractScaled(w: Float64Array, unit: number, c: Int32Array, count: number): WeightRange {
  let min = Infinity;
  let max = -Infinity;
  for (let p = 0; p < count; p++) {
    const x = w[p] - unit * c[p];
    w[p] = x;
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  return { min, max };
}

/** w[p] −= a · x[p], then −= b · y[p] (two tiers in one pass). */
function subtractScaledTwo(w: Float64Array, a: number, x: Int32Array, b: number, y: Int32Array, count: number): void {
  for (let p = 0; p < count; p++) w[p] = w[p] - a * x[p] - b * y[p];
}

/** `subtractScaledTwo` for the last two tiers of a stage; the range of the new w. */
function subtractScaledTwoLast(w: Float64Array, a: number, x: Int32Array, b: number, y: Int32Array, count: number): WeightRange {
  let min = Infinity;
  let max = -Infinity;
  for (let p = 0; p < count; p++) {
    const z = w[p] - a * x[p] - b * y[p];
    w[p] = z;
    min = Math.min(min, z);
    max = Math.max(max, z);
  }
  return { min, max };
}

/** w[p] = prefixUnit · pre[p] (0 without a prefix) − a · x[p]: the first tier's pass sets w. */
function firstScaled(w: Float64Array, pre: Int32Array | null, prefixUnit: number, a: number, x: Int32Array, count: number): void {
  if (pre) for (let p = 0; p < count; p++) w[p] = prefixUnit * pre[p] - a * x[p];
  else for (let p = 0; p < count; p++) w[p] = 0 - a * x[p];
}

/** `firstScaled` for a stage of one tier; the range of w. */
function firstScaledLast(w: Float64Array, pre: Int32Array | null, prefixUnit: number, a: number, x: Int32Array, count: number): WeightRange {
  let min = Infinity;
  let max = -Infinity;
  if (pre) {
    for (let p = 0; p < count; p++) {
      const z = prefixUnit * pre[p] - a * x[p];
      w[p] = z;
      min = Math.min(min, z);
      max = Math.max(max, z);
    }
  } else {
    for (let p = 0; p < count; p++) {
      const z = 0 - a * x[p];
      w[p] = z;
      min = Math.min(min, z);
      max = Math.max(max, z);
    }
  }
  return { min, max };
}

/**
 * A stage's weights, w[p] = prefixUnit · pre[p] − Σ_k units[k] · costs[k][p], in a pass per two tiers instead of one
 * per tier, and their range (`WeightRange`, found by the last pass). The same numbers, bit for bit: every product and
 * partial sum is an integer of magnitude at most the stage's spread (≤ 2^50 < 2^53), so each is exact, the operations
 * are the same (a running subtraction, tier by tier, from the prefix or from 0) and a zero stays +0 (0 − 0), as the
 * one-pass-per-tier sums gave it.
 */
export function stageWeights(w: Float64Array, pre: Int32Array | null, prefixUnit: number, units: readonly number[], costs: readonly Int32Array[], count: number): WeightRange {
  if (costs.length === 0) {
    // Every weight 0 without a prefix: written, as `w` may be a lent array (./loans) holding an earlier round's weights.
    if (pre) return setScaled(w, prefixUnit, pre, count);
    w.fill(0, 0, count);
    return count > 0 ? { min: 0, max: 0 } : { min: Infinity, max: -Infinity };
  }
  if (costs.length === 1) return firstScaledLast(w, pre, prefixUnit, units[0], costs[0], count);
  firstScaled(w, pre, prefixUnit, units[0], costs[0], count);
  let x = 1;
  // Two tiers a pass while more than two are left; the last one or two in the pass that finds the range.
  for (; x + 2 < costs.length; x += 2) subtractScaledTwo(w, units[x], costs[x], units[x + 1], costs[x + 1], count);
  if (x + 1 < costs.length) return subtractScaledTwoLast(w, units[x], costs[x], units[x + 1], costs[x + 1], count);
  return subtractScaled(w, units[x], costs[x], count);
}

/**
 * The places of the pairs tight under a stage's certified duals (slack U_i + U_j + Σ_{B ∋ i,j} Z_B − 2·(w − offset)
 * = 0), in list order, with the positive blossoms over each (the next stage's prefix) and their largest count. Read
 * from the pairs the certification found not slack before the blossom duals (`notPositive`, ascending): every other
 * pair has U_i + U_j − 2·(w − offset) > 0 — the same exact integer the test below computes — and blossom duals are
 * never negative, so it is slack and was passed over here by the first test anyway.
 */
function tightPairs(
  liveI: Int32Array,
  liveJ: Int32Array,
  notPositive: PlaceList,
  U: Float64Array,
  stageWeight: Float64Array,
  offset2: number,
  blossoms: BlossomDualIndex,
): { kept: Int32Array; keptPrefix: Int32Array; m: number; nextMax: number } {
  const places = notPositive.places;
  const count = notPositive.count;
  // At most `count` pairs are kept (those read): room for all, never grown.
  const kept = new Int32Array(Math.max(16, count));
  const keptPrefix = new Int32Array(kept.length);
  let m = 0;
  let nextMax = 0;
  for (let q = 0; q < count; q++) {
    const p = places[q];
    const i = liveI[p];
    const j = liveJ[p];
    // Blossom duals are ≥ 0, so a pair already slack without them is slack: most pairs stop here.
    const base = U[i] + U[j] - 2 * stageWeight[p] + offset2;
    if (base > 0) continue;
    const common = blossoms.common(i, j);
    const slack = base + blossoms.dualAt(common);
    if (slack < 0) throw new Error(`internal: certified duals violated at (${i}, ${j})`);
    if (slack > 0) continue;
    const c = blossoms.positiveAt(common);
    kept[m] = p;
    keptPrefix[m++] = c;
    if (c > nextMax) nextMax = c;
  }
  return { kept, keptPrefix, m, nextMax };
}
