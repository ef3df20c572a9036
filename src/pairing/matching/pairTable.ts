/**
 * The allowed pairs of a complete graph and their weights, as the perfect-matching solver (./dense) reads them: one
 * list in triangle order (i ascending, then j), whichever form the caller gave — a weight function, the upper
 * triangle, or the list itself (./lexicographic's later stages keep only their few tight pairs).
 */

/** Weight of pair (i, j), called once per pair with i < j. `null`/`undefined` means the pair may not be made. */
export type PairWeight = (i: number, j: number) => number | null | undefined;

/**
 * The same weights already laid out as the upper triangle, pair (i, j), i < j, at i·n − i(i+1)/2 + (j − i − 1)
 * (the order of ./lexicographic): `allowed[k]` 0 forbids pair k. Saves a function call per pair on large fields.
 */
export interface TriangleWeights {
  readonly weights: Float64Array;
  readonly allowed: Uint8Array;
}

/**
 * The allowed pairs alone, in triangle order (i ascending, then j; `u[p]` < `v[p]`), with `weights[p]` the weight of
 * pair p; the first `count` entries are read. Every other pair is forbidden. The solver then works in O(count) per
 * pass instead of O(n²), and gives the same answer as for the same weights laid out as a triangle.
 */
export interface ListedWeights {
  readonly u: Int32Array;
  readonly v: Int32Array;
  readonly weights: Float64Array;
  readonly count: number;
}

/** Largest accepted spread max(w) − min(w) over the allowed pairs. */
export const MAX_WEIGHT_SPREAD = 2 ** 50;

/**
 * The allowed pairs as a list in triangle order (i ascending, then j ascending; i < j), their weights, the `offset`
 * every weight is shifted by (the solver works with w − offset), and each vertex's partners in ascending order.
 * Everything the solver reads from the complete graph is read from here, in the order the upper triangle would give
 * it, so the answer — ties included — does not depend on how the pairs were handed over; only the work does (the
 * allowed pairs, not all n(n−1)/2).
 *
 * The weights are kept as given, not shifted: the shifted weight of pair p is `w[p] − offset`, exact (both are safe
 * integers and the spread is ≤ 2^50), so the same value as a shifted copy, without copying millions of weights per
 * solve. A listed input's own arrays are read in place, never changed. Each vertex's partners (`adjStart`, …) are
 * built on first use only: the solver itself finds a pair through its row (`rowStart`), and needs the partner
 * lists only when repairing a candidate graph without a perfect matching.
 */
export class PairTable {
  private adjacency: { start: Int32Array; other: Int32Array; pair: Int32Array } | null = null;

  constructor(
    readonly n: number,
    readonly count: number,
    readonly u: Int32Array,
    readonly v: Int32Array,
    /** The caller's weights (unshifted): the solver's weight of pair p is `w[p] − offset`. */
    readonly w: Float64Array,
    readonly offset: number,
    /** Pairs (i, ·) are p in rowStart[i] … rowStart[i + 1] − 1 (triangle order). */
    readonly rowStart: Int32Array,
  ) {}

  /** First entry of each vertex's partners in `adjOther`/`adjPair`. */
  get adjStart(): Int32Array {
    return this.partners().start;
  }

  /** Partners of each vertex, ascending. */
  get adjOther(): Int32Array {
    return this.partners().other;
  }

  /** The pair of each partner entry. */
  get adjPair(): Int32Array {
    return this.partners().pair;
  }

  private partners(): { start: Int32Array; other: Int32Array; pair: Int32Array } {
    if (this.adjacency !== null) return this.adjacency;
    const { n, count, u, v } = this;
    const start = new Int32Array(n + 1);
    for (let p = 0; p < count; p++) {
      start[u[p] + 1]++;
      start[v[p] + 1]++;
    }
    for (let x = 0; x < n; x++) start[x + 1] += start[x];
    const fill = start.slice(0, n);
    const other = new Int32Array(2 * count);
    const pair = new Int32Array(2 * count);
    // In triangle order, vertex x first receives its partners below it (rows i < x, ascending), then its own row
    // (ascending): each list comes out sorted.
    for (let p = 0; p < count; p++) {
      const a = u[p];
      const b = v[p];
      other[fill[a]] = b;
      pair[fill[a]++] = p;
      other[fill[b]] = a;
      pair[fill[b]++] = p;
    }
    this.adjacency = { start, other, pair };
    return this.adjacency;
  }

  /** The pair (i, j), either order, or −1 when it is not allowed (binary search in the lower one's row). */
  find(i: number, j: number): number {
    const a = i < j ? i : j;
    const b = i < j ? j : i;
    let lo = this.rowStart[a];
    let hi = this.rowStart[a + 1] - 1;
    const v = this.v;
    if (a === b) return -1;
    // Partners in a row ascend from a + 1, so b lies at most b − a − 1 places in: exactly there when the row is full.
    const at = lo + (b - a - 1);
    if (at <= hi) {
      if (v[at] === b) return at;
      hi = at - 1;
    }
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const x = v[mid];
      if (x === b) return mid;
      if (x < b) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** Reads every allowed pair's weight once, checks it, and takes the midpoint of their range as the offset. */
export function readPairs(n: number, weight: PairWeight | TriangleWeights | ListedWeights): PairTable {
  let us: Int32Array;
  let vs: Int32Array;
  let ws: Float64Array;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  const rowStart = new Int32Array(n + 1);
  const grow = (size: number): void => {
    const u2 = new Int32Array(size);
    const v2 = new Int32Array(size);
    const w2 = new Float64Array(size);
    u2.set(us.subarray(0, count));
    v2.set(vs.subarray(0, count));
    w2.set(ws.subarray(0, count));
    us = u2;
    vs = v2;
    ws = w2;
  };
  if (typeof weight !== 'function' && 'u' in weight) {
    return readListed(n, weight);
  } else if (typeof weight !== 'function') {
    const { weights, allowed } = weight;
    if (weights.length !== (n * (n - 1)) / 2 || allowed.length !== weights.length) {
      throw new RangeError(`triangle weights: expected ${(n * (n - 1)) / 2} pairs for ${n} vertices, got ${weights.length} and ${allowed.length}`);
    }
    let size = 0;
    for (let k = 0; k < allowed.length; k++) if (allowed[k]) size++;
    us = new Int32Array(size);
    vs = new Int32Array(size);
    ws = new Float64Array(size);
    for (let i = 0, k = 0; i < n; i++) {
      rowStart[i] = count;
      for (let j = i + 1; j < n; j++, k++) {
        if (!allowed[k]) continue;
        const w = weights[k];
        if (!Number.isSafeInteger(w)) throw new RangeError(`weight(${i}, ${j}) = ${w}: must be a safe integer`);
        us[count] = i;
        vs[count] = j;
        ws[count++] = w;
        if (w < min) min = w;
        if (w > max) max = w;
      }
    }
    rowStart[n] = count;
  } else {
    // Room for every pair at once: growing by doubling copied the lists several times on large fields.
    const all = (n * (n - 1)) / 2;
    us = new Int32Array(Math.max(1, all));
    vs = new Int32Array(Math.max(1, all));
    ws = new Float64Array(Math.max(1, all));
    for (let i = 0; i < n; i++) {
      rowStart[i] = count;
      for (let j = i + 1; j < n; j++) {
        const w = weight(i, j);
        if (w === null || w === undefined) continue;
        if (!Number.isSafeInteger(w)) throw new RangeError(`weight(${i}, ${j}) = ${w}: must be a safe integer`);
        if (count === us.length) grow(2 * count);
        us[count] = i;
        vs[count] = j;
        ws[count++] = w;
        if (w < min) min = w;
        if (w > max) max = w;
      }
    }
    rowStart[n] = count;
  }
  return new PairTable(n, count, us, vs, ws, offsetOf(min, max), rowStart);
}

/**
 * A listed input, read in place (never changed) in one pass: the triangle order (as assertTriangleOrder: its error
 * first, wherever a bad weight is), the weights, their range and the rows' starts. Its own function, every array in a
 * local: the loop runs over millions of pairs.
 */
function readListed(n: number, weight: ListedWeights): PairTable {
  const count = weight.count;
  if (!(count >= 0 && count <= weight.u.length && count <= weight.v.length && count <= weight.weights.length)) {
    throw new RangeError(`listed weights: ${count} pairs but arrays of ${weight.u.length}, ${weight.v.length} and ${weight.weights.length}`);
  }
  const us = weight.u.subarray(0, count);
  const vs = weight.v.subarray(0, count);
  const ws = weight.weights.subarray(0, count);
  const rowStart = new Int32Array(n + 1);
  const bad = listedRows(us, vs, count, n, rowStart);
  if (bad >= 0) throw new RangeError(`listed weights: pair ${bad} (${us[bad]}, ${vs[bad]}) is not in triangle order of ${n} vertices`);
  // The order first (its error wins wherever a bad weight is), then the weights: two plain loops run faster than one
  // that does both.
  const range = weightRange(ws, count);
  if (range[2] !== 0) {
    let p = 0;
    while (Number.isSafeInteger(ws[p])) p++;
    throw new RangeError(`weight(${us[p]}, ${vs[p]}) = ${ws[p]}: must be a safe integer`);
  }
  return new PairTable(n, count, us, vs, ws, offsetOf(range[0], range[1]), rowStart);
}

/**
 * Checks that pairs (u[p], v[p]), p < count, are pairs i < j of n vertices in triangle order, and fills the rows'
 * starts. Returns the first pair out of order, or −1. The order is that of the key i·n + j (exact below 2^53), strictly
 * increasing; with 0 ≤ i < j < n that is i ascending, then j ascending, each pair once.
 */
export function listedRows(us: Int32Array, vs: Int32Array, count: number, n: number, rowStart: Int32Array): number {
  let previous = -1;
  let row = -1;
  for (let p = 0; p < count; p++) {
    const i = us[p];
    const j = vs[p];
    const key = i * n + j;
    if (!(key > previous && i >= 0 && i < j && j < n)) return p;
    previous = key;
    if (i !== row) while (row < i) rowStart[++row] = p;
  }
  while (row < n) rowStart[++row] = count;
  return -1;
}

/**
 * [min, max, bad] of the first `count` weights: `bad` is non-zero when one of them is not a safe integer (a fraction,
 * NaN, or beyond ±(2^53 − 1)).
 */
function weightRange(ws: Float64Array, count: number): [number, number, number] {
  let min = Infinity;
  let max = -Infinity;
  let fraction = 0;
  for (let p = 0; p < count; p++) {
    const w = ws[p];
    min = Math.min(min, w);
    max = Math.max(max, w);
    // 0 for an integer, positive for a fraction, NaN for NaN and ±Infinity: the sum stays 0 only when every weight is
    // an integer.
    fraction += Math.abs(w - Math.trunc(w));
  }
  const bad = fraction !== 0 || min < -Number.MAX_SAFE_INTEGER || max > Number.MAX_SAFE_INTEGER ? 1 : 0;
  return [min, max, bad];
}

/** The midpoint of the weights' range, after checking its spread (exact: the spread is ≤ 2^50). */
export function offsetOf(min: number, max: number): number {
  if (max - min > MAX_WEIGHT_SPREAD) {
    throw new RangeError(`pair weights span ${min}…${max}; the spread must be at most 2^50`);
  }
  return min > max ? 0 : min + Math.floor((max - min) / 2);
}

/**
 * Throws unless pairs (u[p], v[p]), p < count, are pairs i < j of `n` vertices in triangle order (i ascending, then j),
 * each once: the order every listed input of the matcher is read in. `what` names the input in the message.
 */
export function assertTriangleOrder(u: Int32Array, v: Int32Array, count: number, n: number, what: string): void {
  for (let p = 0; p < count; p++) {
    const i = u[p];
    const j = v[p];
    const ordered = i >= 0 && i < j && j < n && (p === 0 || u[p - 1] < i || (u[p - 1] === i && v[p - 1] < j));
    if (!ordered) throw new RangeError(`${what}: pair ${p} (${i}, ${j}) is not in triangle order of ${n} vertices`);
  }
}
