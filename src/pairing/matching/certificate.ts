/**
 * The optimality certificate of a matching: linear-programming duals that prove no better matching exists.
 *
 * For the matching polytope (Edmonds 1965) the dual has one variable y_v per vertex and one z_B ≥ 0 per odd vertex
 * set B. Duals are feasible when, for every edge (i, j), y_i + y_j + Σ_{B ∋ i,j} z_B ≥ w_ij. By weak duality every
 * matching M' then weighs at most Σ y_v + Σ z_B·(|B|−1)/2 (plus y ≥ 0 for matchings that need not be perfect). A
 * matching M reaches that bound, hence is optimal, under complementary slackness: every matched edge is tight
 * (equality), every blossom with z_B > 0 holds (|B|−1)/2 matched edges, and — for maximum-weight matching of any
 * size — every unmatched vertex has y_v = 0. Duals are handled doubled (U = 2y, Z = 2z) so they are exact integers.
 *
 * This module checks such a certificate independently of the algorithm that produced it.
 */
import type { MatchingDuals } from './blossom';

/**
 * Answers "Σ Z_B over the blossoms containing both i and j" in constant time: the sum down to their lowest common
 * blossom, found as the shallowest blossom between them on an Euler tour of the blossom forest (a range-minimum
 * query over a sparse table). Blossoms nest deep when many weights are equal (round 1 of a big field: over a hundred
 * levels), and the certificate asks this for every pair of one outermost blossom (over a million times in ten rounds
 * of a 710-player congress), so a walk up the tree level by level made the certification of a 2,000-player draw
 * several times slower, and binary lifting still cost a logarithm of the depth per pair.
 */
export class BlossomDualIndex {
  private readonly cumulative: Float64Array;
  /** How many blossoms with Z_B > 0 from b outwards (b included). */
  private readonly positive: Int32Array;
  private readonly depth: Int32Array;
  private readonly parent: Int32Array;
  private readonly innermost: Int32Array;
  /** Position of each blossom's first visit on the Euler tour. */
  private readonly first: Int32Array;
  /** `shallowest[k][t]`: the shallowest blossom among tour positions t … t + 2^k − 1. */
  private readonly shallowest: Int32Array[];
  /** Outermost blossom of each vertex, −1 when the vertex is in no blossom. */
  readonly outermost: Int32Array;

  constructor(duals: MatchingDuals) {
    const count = duals.blossomDual.length;
    this.parent = duals.blossomParent;
    this.innermost = duals.vertexBlossom;
    this.cumulative = new Float64Array(count);
    this.positive = new Int32Array(count);
    this.depth = new Int32Array(count);
    const top = new Int32Array(count);
    const done = new Uint8Array(count);
    const resolve = (b: number): void => {
      const chain: number[] = [];
      let x = b;
      while (x >= 0 && !done[x]) {
        chain.push(x);
        x = this.parent[x];
      }
      for (let i = chain.length - 1; i >= 0; i--) {
        const c = chain[i];
        const p = this.parent[c];
        this.cumulative[c] = duals.blossomDual[c] + (p >= 0 ? this.cumulative[p] : 0);
        this.positive[c] = (duals.blossomDual[c] > 0 ? 1 : 0) + (p >= 0 ? this.positive[p] : 0);
        this.depth[c] = p >= 0 ? this.depth[p] + 1 : 0;
        top[c] = p >= 0 ? top[p] : c;
        done[c] = 1;
      }
    };
    for (let b = 0; b < count; b++) resolve(b);
    // The Euler tour: each tree depth first, a blossom listed on arrival and again after each of its children.
    const childStart = new Int32Array(count + 1);
    for (let b = 0; b < count; b++) if (this.parent[b] >= 0) childStart[this.parent[b] + 1]++;
    for (let b = 0; b < count; b++) childStart[b + 1] += childStart[b];
    const childList = new Int32Array(Math.max(1, childStart[count]));
    const fill = childStart.slice(0, count);
    for (let b = 0; b < count; b++) if (this.parent[b] >= 0) childList[fill[this.parent[b]]++] = b;
    const tour = new Int32Array(Math.max(1, 2 * count));
    let length = 0;
    this.first = new Int32Array(count);
    const next = childStart.slice(0, count); // the next child of each blossom to visit
    const stack = new Int32Array(Math.max(1, count));
    for (let root = 0; root < count; root++) {
      if (this.parent[root] >= 0) continue;
      let height = 0;
      stack[height++] = root;
      this.first[root] = length;
      tour[length++] = root;
      while (height > 0) {
        const b = stack[height - 1];
        if (next[b] < childStart[b + 1]) {
          const c = childList[next[b]++];
          this.first[c] = length;
          tour[length++] = c;
          stack[height++] = c;
        } else {
          height--;
          if (height > 0) tour[length++] = stack[height - 1];
        }
      }
    }
    const depth = this.depth;
    this.shallowest = [tour.subarray(0, Math.max(1, length))];
    for (let k = 1; 1 << k <= length; k++) {
      const below = this.shallowest[k - 1];
      const half = 1 << (k - 1);
      const level = new Int32Array(length - (1 << k) + 1);
      for (let t = 0; t < level.length; t++) {
        const x = below[t];
        const y = below[t + half];
        level[t] = depth[y] < depth[x] ? y : x;
      }
      this.shallowest.push(level);
    }
    this.outermost = new Int32Array(this.innermost.length);
    for (let v = 0; v < this.innermost.length; v++) {
      const b = this.innermost[v];
      this.outermost[v] = b >= 0 ? top[b] : -1;
    }
  }

  /** Σ Z_B over the blossoms B that contain both vertices (doubled units). */
  between(i: number, j: number): number {
    const c = this.common(i, j);
    return c >= 0 ? this.cumulative[c] : 0;
  }

  /** The innermost blossom holding both vertices, or −1 when none does. */
  common(i: number, j: number): number {
    const top = this.outermost[i];
    if (top < 0 || top !== this.outermost[j]) return -1;
    const a = this.innermost[i];
    const b = this.innermost[j];
    if (a === b) return a;
    let l = this.first[a];
    let r = this.first[b];
    if (l > r) {
      const t = l;
      l = r;
      r = t;
    }
    // Both lie in one tree: the shallowest blossom on the tour from one to the other is their lowest common one.
    const k = 31 - Math.clz32(r - l + 1);
    const level = this.shallowest[k];
    const x = level[l];
    const y = level[r - (1 << k) + 1];
    return this.depth[y] < this.depth[x] ? y : x;
  }

  /** Σ Z_B over blossom c and the blossoms around it (0 for −1, no blossom). */
  dualAt(c: number): number {
    return c >= 0 ? this.cumulative[c] : 0;
  }

  /** How many of blossom c and the blossoms around it have Z_B > 0 (0 for −1). */
  positiveAt(c: number): number {
    return c >= 0 ? this.positive[c] : 0;
  }

  /** Vertices of every blossom, indexed like the duals. */
  members(): number[][] {
    const out: number[][] = Array.from({ length: this.cumulative.length }, () => []);
    for (let v = 0; v < this.innermost.length; v++) {
      for (let b = this.innermost[v]; b >= 0; b = this.parent[b]) out[b].push(v);
    }
    return out;
  }
}

/** `max-weight`: optimal among all matchings. `perfect`: optimal among perfect matchings (y free in sign). */
export type CertificateKind = 'max-weight' | 'perfect';

export type CertificateCheck = { readonly ok: true } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Checks that `duals` prove `mate` optimal for the graph whose pairs are enumerated by `forEachEdge` (each allowed
 * pair once or more; parallel pairs are fine). Reports at most `limit` problems, each naming the vertices involved.
 */
export function checkCertificate(
  vertexCount: number,
  forEachEdge: (visit: (i: number, j: number, weight: number) => void) => void,
  mate: Int32Array,
  duals: MatchingDuals,
  kind: CertificateKind,
  limit = 20,
): CertificateCheck {
  const problems: string[] = [];
  const report = (text: string): void => {
    if (problems.length < limit) problems.push(text);
  };
  const index = new BlossomDualIndex(duals);
  const U = duals.vertex;
  for (let v = 0; v < vertexCount; v++) {
    const m = mate[v];
    if (m >= 0 && (m >= vertexCount || mate[m] !== v)) report(`mate[${v}] = ${m} but mate[${m}] = ${mate[m]}`);
    if (kind === 'perfect' && m < 0) report(`vertex ${v} is unmatched in a perfect matching`);
    if (kind === 'max-weight') {
      if (U[v] < 0) report(`vertex ${v}: dual ${U[v]} < 0`);
      if (m < 0 && U[v] !== 0) report(`vertex ${v} is unmatched but its dual is ${U[v]}, not 0`);
    }
  }
  for (let b = 0; b < duals.blossomDual.length; b++) {
    if (duals.blossomDual[b] < 0) report(`blossom ${b}: dual ${duals.blossomDual[b]} < 0`);
  }
  // Heaviest pair weight between each matched couple, to check tightness.
  const matchedWeight = new Float64Array(vertexCount).fill(-Infinity);
  forEachEdge((i, j, weight) => {
    const s = U[i] + U[j] + index.between(i, j) - 2 * weight;
    if (s < 0) report(`pair (${i}, ${j}) weight ${weight}: dual constraint violated by ${-s / 2}`);
    if (mate[i] === j && weight > matchedWeight[i]) {
      matchedWeight[i] = weight;
      matchedWeight[j] = weight;
    }
  });
  for (let v = 0; v < vertexCount; v++) {
    const m = mate[v];
    if (m <= v) continue;
    if (matchedWeight[v] === -Infinity) {
      report(`matched pair (${v}, ${m}) is not an edge`);
      continue;
    }
    const s = U[v] + U[m] + index.between(v, m) - 2 * matchedWeight[v];
    if (s !== 0) report(`matched pair (${v}, ${m}) is not tight: slack ${s / 2}`);
  }
  const members = index.members();
  for (let b = 0; b < members.length; b++) {
    if (duals.blossomDual[b] === 0) continue;
    const set = members[b];
    const inside = new Set(set);
    let matchedInside = 0;
    for (const v of set) if (mate[v] > v && inside.has(mate[v])) matchedInside++;
    if (set.length % 2 !== 1 || matchedInside !== (set.length - 1) / 2) {
      report(`blossom ${b} (${set.length} vertices, dual ${duals.blossomDual[b] / 2}) is not full`);
    }
  }
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}

/** {@link checkCertificate} over an explicit edge list. */
export function checkEdgeListCertificate(
  vertexCount: number,
  edges: readonly { readonly u: number; readonly v: number; readonly weight: number }[],
  mate: Int32Array,
  duals: MatchingDuals,
  kind: CertificateKind,
): CertificateCheck {
  return checkCertificate(
    vertexCount,
    (visit) => {
      for (const e of edges) visit(e.u, e.v, e.weight);
    },
    mate,
    duals,
    kind,
  );
}
