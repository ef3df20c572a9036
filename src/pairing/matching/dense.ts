/**
 * Maximum-weight perfect matching on a complete graph given by a weight function, solved exactly on a sparse
 * candidate graph and certified over every pair.
 *
 * 1. The weight of every allowed pair is read once into a list in triangle order (i ascending, then j), with each
 *    vertex's partners in ascending order: from a function (a `null`/`undefined` weight forbids the pair), a triangle,
 *    or the list itself (./lexicographic's later stages, whose few tight pairs are all that is left). Every step below
 *    reads pairs in that order, so the answer, ties included, is the same whichever way the weights came.
 * 2. The candidate graph holds the caller's candidate pairs plus each vertex's `nearestPartners` heaviest partners.
 * 3. Edmonds' algorithm (max-cardinality mode, warm-started from a greedy dual solution) finds a maximum-weight
 *    perfect matching of the candidate graph together with its duals.
 * 4. Certification: the duals are checked against every allowed pair of the complete graph:
 *    U_i + U_j + Σ_{blossoms B ∋ i,j} Z_B ≥ 2·w_ij. If no pair violates this, the duals are feasible for the complete
 *    graph, the matching is perfect, its edges are tight and its blossoms full, so by LP duality no perfect matching of
 *    the complete graph weighs more: the answer is optimal, not merely good. Otherwise each vertex's few most violated
 *    pairs join the candidate graph and the solve repeats from a fresh greedy start (resuming from the previous
 *    duals was tried and measured no faster: mass violations free too many vertices). Each pass adds at least one
 *    pair, so the loop ends.
 * 5. If the candidate graph has no perfect matching (typically an odd group of near-equal vertices), every allowed
 *    pair of each unmatched vertex joins it and the solve repeats. If that is still not enough, a maximum-cardinality
 *    matching of the whole allowed graph decides whether a perfect matching exists at all; its pairs join the
 *    candidates, or the result reports that none exists.
 *
 * Why one file of this size: one algorithm (the dense O(n³) weighted matching) with its own state.
 */
import { BlossomGraph, MatchingDuals, WarmStart, packAdjacency, runBlossom } from './blossom';
import { augmentToMaximumCardinality } from './cardinality';
import { BlossomDualIndex } from './certificate';
import { readPairs, type ListedWeights, type PairTable, type PairWeight, type TriangleWeights } from './pairTable';

export type { PairWeight, TriangleWeights, ListedWeights } from './pairTable';
export { MAX_WEIGHT_SPREAD } from './pairTable';

/**
 * A pair the caller believes likely to be in the optimum (order of u, v does not matter; forbidden pairs are
 * ignored). Candidates never change the weight of the answer, only the speed — and, among several equally heavy
 * optimal matchings, which one is returned (deterministically for the same inputs).
 */
export interface CandidatePair {
  readonly u: number;
  readonly v: number;
}

export interface PerfectMatchingOptions {
  /** Each vertex's k heaviest allowed partners join the candidates (default 6; 0 turns this off). */
  readonly nearestPartners?: number;
}

export interface PerfectMatchingOptimal {
  readonly status: 'optimal';
  /** `mate[v]` is v's partner; every vertex is matched. */
  readonly mate: Int32Array;
  /** Exact total weight of the matching (the caller's weights). */
  readonly weight: bigint;
  /** Number of solve-and-certify passes; 1 when the first candidate graph already held the optimum. */
  readonly passes: number;
  /** Pairs in the final candidate graph. */
  readonly edgesUsed: number;
  /**
   * The certificate: doubled duals for the shifted weights w − `weightOffset` (a constant shift changes every perfect
   * matching by the same amount). For every allowed pair U_i + U_j + Σ_{B ∋ i,j} Z_B ≥ 2·(w_ij − weightOffset).
   */
  readonly duals: MatchingDuals;
  readonly weightOffset: number;
  /** The duals' blossom index (./certificate), as the certification read them: built once, for the caller too. */
  readonly dualIndex: BlossomDualIndex;
  /**
   * The pairs (places in the allowed list, ascending) whose slack without the blossom duals, U_i + U_j − 2·(w_ij −
   * `weightOffset`), is at most 0, as the certification found them: every other pair is slack (blossom duals are never
   * negative), so a caller looking for the tight pairs (./lexicographic) reads these, not the whole list again.
   */
  readonly notPositive: PlaceList;
}

/** Places in the allowed list: the first `count` entries of `places`, ascending. */
export interface PlaceList {
  readonly places: Int32Array;
  readonly count: number;
}

export interface PerfectMatchingInfeasible {
  readonly status: 'no-perfect-matching';
  /** `odd-vertex-count`: n is odd. `forbidden-pairs`: the allowed pairs admit no perfect matching. */
  readonly reason: 'odd-vertex-count' | 'forbidden-pairs';
  /** Pairs in a maximum-cardinality matching of the allowed graph. */
  readonly maximumPairs: number;
  /** Vertices left unmatched by that matching. */
  readonly unmatched: readonly number[];
  readonly message: string;
}

export type PerfectMatchingResult = PerfectMatchingOptimal | PerfectMatchingInfeasible;


const DEFAULT_NEAREST_PARTNERS = 6;
/** Violating pairs added per vertex and pass. */
const VIOLATORS_PER_VERTEX = 5;

/**
 * Maximum-weight perfect matching of the complete graph on `vertexCount` vertices whose pair weights are given by
 * `weight`. Exact and certified (see the module comment). Weights must be safe integers whose spread over the allowed
 * pairs is at most 2^50; a RangeError names the first bad pair otherwise. Deterministic for the same inputs.
 */
export function maxWeightPerfectMatching(
  vertexCount: number,
  weight: PairWeight | TriangleWeights | ListedWeights,
  candidates?: readonly CandidatePair[],
  options: PerfectMatchingOptions = {},
): PerfectMatchingResult {
  const n = vertexCount;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`vertexCount must be a non-negative integer, got ${n}`);
  const nearest = options.nearestPartners ?? DEFAULT_NEAREST_PARTNERS;
  if (!Number.isSafeInteger(nearest) || nearest < 0) {
    throw new RangeError(`nearestPartners must be a non-negative integer, got ${nearest}`);
  }
  return solveTable(readPairs(n, weight), candidates, nearest);
}

/**
 * {@link maxWeightPerfectMatching} over pairs already read into a table (./lexicographic: its stages' lists, in triangle
 * order by construction and with exact integer weights, so that reading them again — the order and the weights
 * checked, the rows found — would only repeat what the caller knows). The same steps, in the same order, as the public
 * function after its `readPairs`: the same answer.
 */
export function maxWeightPerfectMatchingOfTable(table: PairTable, candidates?: readonly CandidatePair[], options: PerfectMatchingOptions = {}): PerfectMatchingResult {
  const nearest = options.nearestPartners ?? DEFAULT_NEAREST_PARTNERS;
  if (!Number.isSafeInteger(nearest) || nearest < 0) {
    throw new RangeError(`nearestPartners must be a non-negative integer, got ${nearest}`);
  }
  return solveTable(table, candidates, nearest);
}

function solveTable(table: PairTable, candidates: readonly CandidatePair[] | undefined, nearest: number): PerfectMatchingResult {
  const n = table.n;
  if (n % 2 === 1) {
    const mate = new Int32Array(n).fill(-1);
    const pairs = augmentToMaximumCardinality(n, { start: table.adjStart, list: table.adjOther }, mate);
    return infeasible('odd-vertex-count', mate, pairs, `${n} vertices cannot all be paired: the count is odd`);
  }

  const graph = new CandidateGraph(table);
  if (candidates) addCandidates(graph, candidates, n);
  addNearestPartners(graph, table, nearest);

  let passes = 0;
  let repair: 'none' | 'rows-added' | 'feasibility-checked' = 'none';
  for (;;) {
    passes++;
    const packed = graph.pack();
    const state = runBlossom(packed, 'max-cardinality', greedyWarmStart(packed));
    const mate = mateFromEdges(packed, state.mateEdge);
    if (!isPerfect(mate)) {
      if (repair === 'none') {
        // Usually an odd group of near-equal vertices: offer every unmatched vertex all its allowed partners.
        repair = 'rows-added';
        for (let v = 0; v < n; v++) {
          if (mate[v] >= 0) continue;
          for (let a = table.adjStart[v]; a < table.adjStart[v + 1]; a++) graph.addPair(table.adjPair[a]);
        }
        continue;
      }
      if (repair === 'feasibility-checked') throw new Error('internal: candidate graph lost its perfect matching');
      repair = 'feasibility-checked';
      const pairs = augmentToMaximumCardinality(n, { start: table.adjStart, list: table.adjOther }, mate);
      if (pairs * 2 < n) {
        return infeasible('forbidden-pairs', mate, pairs, `the allowed pairs admit at most ${pairs} of ${n / 2} pairs`);
      }
      for (let v = 0; v < n; v++) if (mate[v] > v) graph.add(v, mate[v]);
      continue;
    }
    const dualIndex = new BlossomDualIndex(state.duals);
    const { added, notPositive } = addViolators(graph, table, state.duals, dualIndex);
    if (added === 0) {
      return {
        status: 'optimal',
        mate,
        weight: matchingWeight(table, mate),
        passes,
        edgesUsed: packed.edgeCount,
        duals: state.duals,
        weightOffset: table.offset,
        dualIndex,
        notPositive,
      };
    }
  }
}

/**
 * The exact total weight of perfect matching `mate`: Σ (w − offset) over its pairs, plus offset · n/2. Summed as numbers
 * while every partial sum stays below 2^53 in magnitude (integers there are exact, so it is the same sum), and as BigInt
 * from the first pair that could pass it: one BigInt conversion a solve instead of one per pair (issue 28: a round
 * makes some thirty solves, each converting hundreds of pairs). Its test compares it with the sum pair by pair in BigInt.
 */
export function matchingWeight(table: PairTable, mate: Int32Array): bigint {
  const n = table.n;
  const { w, offset } = table;
  let small = 0;
  let big = 0n;
  for (let v = 0; v < n; v++) {
    if (mate[v] <= v) continue;
    const x = w[table.find(v, mate[v])] - offset;
    if (Math.abs(small) + Math.abs(x) < 2 ** 53) small += x;
    else {
      big += BigInt(small) + BigInt(x);
      small = 0;
    }
  }
  return big + BigInt(small) + BigInt(offset) * BigInt(n / 2);
}

function infeasible(
  reason: PerfectMatchingInfeasible['reason'],
  mate: Int32Array,
  pairs: number,
  message: string,
): PerfectMatchingInfeasible {
  const unmatched: number[] = [];
  for (let v = 0; v < mate.length; v++) if (mate[v] < 0) unmatched.push(v);
  return { status: 'no-perfect-matching', reason, maximumPairs: pairs, unmatched, message };
}

/** The growing sparse graph of candidate pairs, without duplicates and without forbidden pairs. */
class CandidateGraph {
  /** `present[p]` is 1 when allowed pair p (of the table) is a candidate. */
  readonly present: Uint8Array;
  private list = new Int32Array(1024);
  private count = 0;

  constructor(private readonly table: PairTable) {
    this.present = new Uint8Array(table.count);
  }

  has(i: number, j: number): boolean {
    const p = this.table.find(i, j);
    return p >= 0 && this.present[p] === 1;
  }

  add(i: number, j: number): boolean {
    const p = this.table.find(i, j);
    return p >= 0 && this.addPair(p);
  }

  /** Adds allowed pair p (of the table); false when it is there already. */
  addPair(p: number): boolean {
    if (this.present[p]) return false;
    this.present[p] = 1;
    if (this.count === this.list.length) {
      const list = new Int32Array(this.count * 2);
      list.set(this.list);
      this.list = list;
    }
    this.list[this.count++] = p;
    return true;
  }

  pack(): BlossomGraph {
    const m = this.count;
    const { n, u, v, w, offset } = this.table;
    const edgeU = new Int32Array(m);
    const edgeV = new Int32Array(m);
    const weight2 = new Float64Array(m);
    const degree = new Int32Array(n + 1);
    candidateEdges(this.list, m, u, v, w, offset, edgeU, edgeV, weight2, degree);
    return packAdjacency(n, edgeU, edgeV, weight2, degree);
  }
}

/**
 * The candidate pairs `list[0…m − 1]` as the solver's edges (doubled shifted weights) and the vertices' degrees. Its own
 * function, not a loop inside `pack`: `pack` was compiled on stack around its loop before the call after it had ever
 * run, and that code, kept, gave up on every later call at the call (V8's --trace-deopt: some 300 times in ten EGC
 * rounds, issue 28), running the rest of the packing unoptimised.
 */
function candidateEdges(
  list: Int32Array,
  m: number,
  u: Int32Array,
  v: Int32Array,
  w: Float64Array,
  offset: number,
  edgeU: Int32Array,
  edgeV: Int32Array,
  weight2: Float64Array,
  degree: Int32Array,
): void {
  for (let k = 0; k < m; k++) {
    const p = list[k];
    edgeU[k] = u[p];
    edgeV[k] = v[p];
    weight2[k] = 2 * (w[p] - offset);
    degree[u[p]]++;
    degree[v[p]]++;
  }
}

/** Adds the caller's candidate pairs in their order, after checking each. */
function addCandidates(graph: CandidateGraph, candidates: readonly CandidatePair[], n: number): void {
  for (let index = 0; index < candidates.length; index++) {
    const { u, v } = candidates[index];
    if (!Number.isInteger(u) || !Number.isInteger(v) || u < 0 || v < 0 || u >= n || v >= n) {
      throw new RangeError(`candidates[${index}]: (${u}, ${v}) must be vertices in 0…${n - 1}`);
    }
    if (u !== v) graph.add(u, v);
  }
}

/**
 * Adds each vertex's k heaviest allowed partners. Among equal weights the partner nearest in index wins (the lower
 * index on equal distance), so ties spread over a band instead of piling onto vertex 0. That order is total, so each
 * vertex's k best do not depend on the order the pairs are read in: the table is streamed twice (once forwards, once
 * backwards: memory in order, not one vertex's scattered pairs at a time); then vertex by vertex, best first, they
 * join the graph.
 */
function addNearestPartners(graph: CandidateGraph, table: PairTable, k: number): void {
  if (k === 0) return;
  const n = table.n;
  const lists = new NearestLists(n, k);
  // Each vertex's partners outwards, as ties then reject at once: above it in triangle order (its own row, forwards),
  // then below it (the earlier rows, backwards). In its own row a vertex's partners come nearest first, so once it
  // has k, a partner of the k-th's weight is farther and refused: only a heavier one is offered.
  // The unshifted weights: only compared, and the shift (exact) keeps their order and their ties.
  offerRowsForwards(lists, n, table.rowStart, table.v, table.w);
  offerRowsBackwards(lists, table.count, table.u, table.v, table.w);
  const { size, bestP } = lists;
  for (let i = 0; i < n; i++) for (let a = 0; a < size[i]; a++) graph.addPair(bestP[i * k + a]);
}

/**
 * Each vertex's k best partners so far, sorted by (weight descending, distance ascending, index ascending), and
 * `floor[i]`, the weight a partner must reach to be considered (the k-th best once i has k; −∞ before). A class of its
 * own, not a closure: the loops over every pair read its arrays from locals.
 */
class NearestLists {
  readonly bestW: Float64Array;
  readonly bestP: Int32Array;
  readonly bestJ: Int32Array;
  readonly size: Int32Array;
  readonly floor: Float64Array;

  constructor(n: number, readonly k: number) {
    this.bestW = new Float64Array(n * k);
    this.bestP = new Int32Array(n * k);
    this.bestJ = new Int32Array(n * k);
    this.size = new Int32Array(n);
    this.floor = new Float64Array(n).fill(-Infinity);
  }

  /** Offers partner j (pair p, weight w) to vertex i. */
  offer(i: number, j: number, w: number, p: number): void {
    const { k, bestW, bestJ, bestP, size } = this;
    const at = i * k;
    const dj = j < i ? i - j : j - i;
    let q = size[i];
    if (q === k) {
      const lastW = bestW[at + k - 1];
      if (w === lastW) {
        const lastJ = bestJ[at + k - 1];
        const lastD = lastJ < i ? i - lastJ : lastJ - i;
        if (dj > lastD || (dj === lastD && j > lastJ)) return;
      }
      q = k - 1;
    } else {
      size[i] = q + 1;
    }
    // Insert, keeping (weight descending, distance ascending, index ascending).
    while (q > 0) {
      const prevW = bestW[at + q - 1];
      if (prevW > w) break;
      if (prevW === w) {
        const prevJ = bestJ[at + q - 1];
        const prevD = prevJ < i ? i - prevJ : prevJ - i;
        if (prevD < dj || (prevD === dj && prevJ < j)) break;
      }
      bestW[at + q] = prevW;
      bestJ[at + q] = bestJ[at + q - 1];
      bestP[at + q] = bestP[at + q - 1];
      q--;
    }
    bestW[at + q] = w;
    bestJ[at + q] = j;
    bestP[at + q] = p;
    if (size[i] === k) this.floor[i] = bestW[at + k - 1];
  }
}

/** Offers each vertex its partners above it, row by row (nearest first): only one heavier than its floor. */
function offerRowsForwards(
  lists: NearestLists,
  n: number,
  rowStart: Int32Array,
  v: Int32Array,
  weights: Float64Array,
): void {
  const floor = lists.floor;
  for (let i = 0; i < n; i++) {
    const end = rowStart[i + 1];
    // floor[i] changes only when i is offered a partner.
    let least = floor[i];
    for (let p = rowStart[i]; p < end; p++) {
      const w = weights[p];
      if (w > least) {
        lists.offer(i, v[p], w, p);
        least = floor[i];
      }
    }
  }
}

/** Offers each vertex its partners below it, the pairs read backwards (nearest first): one at least its floor. */
function offerRowsBackwards(
  lists: NearestLists,
  count: number,
  u: Int32Array,
  v: Int32Array,
  weights: Float64Array,
): void {
  const floor = lists.floor;
  for (let p = count - 1; p >= 0; p--) {
    const w = weights[p];
    const j = v[p];
    if (w >= floor[j]) lists.offer(j, u[p], w, p);
  }
}

/**
 * A feasible starting point for the perfect-matching mode: each vertex dual is first set to its heaviest incident
 * weight (rounded up to even), then lowered in vertex order as far as feasibility allows, which leaves every vertex
 * with a tight edge; a greedy matching of tight edges follows. All duals are even, so free vertices share a parity.
 */
function greedyWarmStart(graph: BlossomGraph): WarmStart {
  const n = graph.vertexCount;
  const { edgeU, edgeV, weight2, adjacencyStart, adjacencyEdge } = graph;
  const dual = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    let best = 0;
    let first = true;
    for (let a = adjacencyStart[v]; a < adjacencyStart[v + 1]; a++) {
      const w = weight2[adjacencyEdge[a]] / 2;
      if (first || w > best) best = w;
      first = false;
    }
    dual[v] = best % 2 === 0 ? best : best + 1;
  }
  for (let v = 0; v < n; v++) {
    let need = -Infinity;
    for (let a = adjacencyStart[v]; a < adjacencyStart[v + 1]; a++) {
      const k = adjacencyEdge[a];
      const s = weight2[k] - dual[edgeU[k] ^ edgeV[k] ^ v];
      if (s > need) need = s;
    }
    if (need !== -Infinity) dual[v] = need;
  }
  const mateEdge = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (mateEdge[v] !== -1) continue;
    for (let a = adjacencyStart[v]; a < adjacencyStart[v + 1]; a++) {
      const k = adjacencyEdge[a];
      const w = edgeU[k] ^ edgeV[k] ^ v;
      if (mateEdge[w] === -1 && dual[v] + dual[w] === weight2[k]) {
        mateEdge[v] = k;
        mateEdge[w] = k;
        break;
      }
    }
  }
  return { vertexDual: dual, mateEdge };
}

function mateFromEdges(graph: BlossomGraph, mateEdge: Int32Array): Int32Array {
  const mate = new Int32Array(graph.vertexCount).fill(-1);
  for (let v = 0; v < graph.vertexCount; v++) {
    const k = mateEdge[v];
    if (k >= 0) mate[v] = graph.edgeU[k] ^ graph.edgeV[k] ^ v;
  }
  return mate;
}

function isPerfect(mate: Int32Array): boolean {
  for (let v = 0; v < mate.length; v++) if (mate[v] < 0) return false;
  return true;
}

/**
 * Checks the duals against every allowed pair and adds, for each vertex, its `VIOLATORS_PER_VERTEX` most violated
 * pairs to the graph (all violators at once can approach the complete graph when the first duals are poor; the next
 * pass's duals usually settle most of the rest). Returns how many pairs were added; 0 means the duals are feasible
 * for every pair, i.e. the certificate holds.
 */
function addViolators(graph: CandidateGraph, table: PairTable, duals: MatchingDuals, index: BlossomDualIndex): { added: number; notPositive: PlaceList } {
  const n = table.n;
  const r = VIOLATORS_PER_VERTEX;
  const lists = new WorstLists(n, r);
  offerViolators(lists, index, duals.vertex, table);
  const { size, worstPair } = lists;
  const { u, v } = table;
  const present = graph.present;
  for (let x = 0; x < n; x++) {
    for (let a = 0; a < size[x]; a++) {
      // The solver keeps its own graph feasible, so a violating pair is never already a candidate.
      const pair = worstPair[x * r + a];
      if (present[pair]) throw new Error(`internal: candidate pair (${u[pair]}, ${v[pair]}) violates its dual constraint`);
    }
  }
  let added = 0;
  for (let x = 0; x < n; x++) for (let a = 0; a < size[x]; a++) if (graph.addPair(worstPair[x * r + a])) added++;
  return { added, notPositive: { places: lists.notPositive, count: lists.notPositiveCount } };
}

/**
 * Per vertex, its r most negative slacks so far (sorted ascending; of equal slacks the first found first) and their
 * pairs; `cut[x]` is the slack a pair must go below to be taken: 0 until x has r, then the r-th. A class of its own,
 * not a closure: the loop over every pair reads its arrays from locals.
 */
class WorstLists {
  readonly worstSlack: Float64Array;
  readonly worstPair: Int32Array;
  readonly size: Int32Array;
  readonly cut: Float64Array;
  /** The pairs whose slack before the blossom duals is at most 0, ascending (`PerfectMatchingOptimal.notPositive`). */
  notPositive: Int32Array;
  notPositiveCount = 0;

  constructor(n: number, readonly r: number) {
    this.worstSlack = new Float64Array(n * r);
    this.worstPair = new Int32Array(n * r);
    this.size = new Int32Array(n);
    this.cut = new Float64Array(n);
    this.notPositive = new Int32Array(Math.max(16, 8 * n));
  }

  /** Lists pair p as not slack before the blossom duals. */
  listNotPositive(p: number): void {
    if (this.notPositiveCount === this.notPositive.length) {
      const bigger = new Int32Array(2 * this.notPositive.length);
      bigger.set(this.notPositive);
      this.notPositive = bigger;
    }
    this.notPositive[this.notPositiveCount++] = p;
  }

  offer(x: number, pair: number, slack: number): void {
    const { r, worstSlack, worstPair, size } = this;
    const at = x * r;
    let q = size[x];
    if (q === r) q = r - 1;
    else size[x] = q + 1;
    while (q > 0 && worstSlack[at + q - 1] > slack) {
      worstSlack[at + q] = worstSlack[at + q - 1];
      worstPair[at + q] = worstPair[at + q - 1];
      q--;
    }
    worstSlack[at + q] = slack;
    worstPair[at + q] = pair;
    if (size[x] === r) this.cut[x] = worstSlack[at + r - 1];
  }
}

/** Offers every violating pair to both its vertices in triangle order (i ascending, then j), as ties were always broken. */
function offerViolators(lists: WorstLists, index: BlossomDualIndex, U: Float64Array, table: PairTable): void {
  const { n, v, w, offset, rowStart } = table;
  const outer = index.outermost;
  const cut = lists.cut;
  for (let i = 0; i < n; i++) {
    const Ui = U[i];
    const oi = outer[i];
    const end = rowStart[i + 1];
    // cut[i] changes only when i is offered a pair.
    let ci = cut[i];
    for (let p = rowStart[i]; p < end; p++) {
      const j = v[p];
      // With poor first duals millions of pairs violate, and most are not among either vertex's worst: a pair that
      // cannot go below either cut is passed over before its blossoms are summed (their duals are never negative, so
      // they only raise the slack).
      const cj = cut[j];
      const c = ci > cj ? ci : cj;
      let s = Ui + U[j] - 2 * (w[p] - offset);
      // Listed for the caller's tight pairs: the same slack its own pass computed (every term an exact integer).
      if (s <= 0) lists.listNotPositive(p);
      if (s >= c) continue;
      if (oi >= 0 && outer[j] === oi) {
        // The outermost blossom's dual alone may settle it; else the sum down to their lowest common blossom.
        if (s + index.dualAt(oi) >= c) continue;
        s += index.between(i, j);
        if (s >= c) continue;
      }
      if (s < ci) {
        lists.offer(i, p, s);
        ci = cut[i];
      }
      if (s < cj) lists.offer(j, p, s);
    }
  }
}
