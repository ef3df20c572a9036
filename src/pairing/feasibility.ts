/**
 * Can these players still all be paired? A yes/no oracle for pairing systems that decide pair by pair (Mays' paper
 * method): before a choice is kept, the players left must still have a complete pairing without a repeat, so a
 * system never paints itself into a corner and only reports "impossible" when it is.
 *
 * It is a maximum-cardinality matching in a general graph (Edmonds' blossom algorithm): no weights, nothing about
 * go. The weighted matching that pairing systems optimise lives in ./matching.
 */

/** The compatibility graph of a field: vertices 0 … n − 1, an edge where two players may meet. */
export class CompatibilityGraph {
  readonly n: number;
  private readonly adjacency: number[][];
  /** Upper-triangle bitmap of the edges (a byte per pair: 4 MB for 2,000 players). */
  private readonly edges: Uint8Array;

  constructor(n: number, allowed: (a: number, b: number) => boolean) {
    this.n = n;
    this.adjacency = [];
    this.edges = new Uint8Array(n * n);
    for (let a = 0; a < n; a++) this.adjacency.push([]);
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        if (allowed(a, b)) {
          this.adjacency[a].push(b);
          this.adjacency[b].push(a);
          this.edges[a * n + b] = 1;
        }
      }
    }
  }

  allowed(a: number, b: number): boolean {
    return (a < b ? this.edges[a * this.n + b] : this.edges[b * this.n + a]) === 1;
  }

  neighbours(a: number): readonly number[] {
    return this.adjacency[a];
  }

  /**
   * A perfect matching of the vertices marked active (mate[v] = partner, −1 for inactive vertices), or null when
   * none exists. `hint`, a matching of some of them (edges of the graph only), is a warm start: after removing a pair
   * from a perfectly matched set, one augmenting path repairs it.
   */
  perfectMatching(active: readonly boolean[], hint?: Int32Array): Int32Array | null {
    let count = 0;
    for (let v = 0; v < this.n; v++) if (active[v]) count++;
    if (count % 2 === 1) return null;
    const mate = this.maximumMatching(active, hint, true);
    return mate;
  }

  /**
   * A maximum matching of the active vertices. With `stopAtExposed`, returns null as soon as one vertex is shown to
   * stay exposed (no perfect matching): in Edmonds' algorithm a vertex with no augmenting path now has none later.
   */
  maximumMatching(active: readonly boolean[], hint?: Int32Array, stopAtExposed?: false): Int32Array;
  maximumMatching(active: readonly boolean[], hint: Int32Array | undefined, stopAtExposed: true): Int32Array | null;
  maximumMatching(active: readonly boolean[], hint?: Int32Array, stopAtExposed = false): Int32Array | null {
    const n = this.n;
    const adjacency = this.adjacency;
    const match = new Int32Array(n).fill(-1);
    if (hint) {
      for (let v = 0; v < n; v++) {
        const w = hint[v];
        if (w >= 0 && active[v] && active[w] && hint[w] === v && this.allowed(v, w)) match[v] = w;
      }
    }
    const parent = new Int32Array(n);
    const base = new Int32Array(n);
    const used = new Uint8Array(n);
    const blossom = new Uint8Array(n);
    const onPath = new Uint8Array(n);
    const queue = new Int32Array(n);

    const lowestCommonAncestor = (x: number, y: number): number => {
      onPath.fill(0);
      let a = x;
      for (;;) {
        a = base[a];
        onPath[a] = 1;
        if (match[a] === -1) break;
        a = parent[match[a]];
      }
      let b = y;
      for (;;) {
        b = base[b];
        if (onPath[b]) return b;
        b = parent[match[b]];
      }
    };
    const markPath = (from: number, stem: number, child: number): void => {
      let v = from;
      let c = child;
      while (base[v] !== stem) {
        blossom[base[v]] = 1;
        blossom[base[match[v]]] = 1;
        parent[v] = c;
        c = match[v];
        v = parent[match[v]];
      }
    };
    const findAugmentingPath = (root: number): number => {
      used.fill(0);
      parent.fill(-1);
      for (let i = 0; i < n; i++) base[i] = i;
      used[root] = 1;
      let head = 0;
      let tail = 0;
      queue[tail++] = root;
      while (head < tail) {
        const v = queue[head++];
        for (const to of adjacency[v]) {
          if (!active[to] || base[v] === base[to] || match[v] === to) continue;
          if (to === root || (match[to] !== -1 && parent[match[to]] !== -1)) {
            const stem = lowestCommonAncestor(v, to);
            blossom.fill(0);
            markPath(v, stem, to);
            markPath(to, stem, v);
            for (let i = 0; i < n; i++) {
              if (active[i] && blossom[base[i]]) {
                base[i] = stem;
                if (!used[i]) {
                  used[i] = 1;
                  queue[tail++] = i;
                }
              }
            }
          } else if (parent[to] === -1) {
            parent[to] = v;
            if (match[to] === -1) return to;
            used[match[to]] = 1;
            queue[tail++] = match[to];
          }
        }
      }
      return -1;
    };

    // Without a hint, a greedy start: each exposed vertex takes its first exposed neighbour (dense fields then need
    // few augmenting searches, each O(edges)).
    if (!hint) {
      for (let v = 0; v < n; v++) {
        if (!active[v] || match[v] !== -1) continue;
        for (const to of adjacency[v]) {
          if (active[to] && match[to] === -1) {
            match[v] = to;
            match[to] = v;
            break;
          }
        }
      }
    }
    for (let root = 0; root < n; root++) {
      if (!active[root] || match[root] !== -1) continue;
      let v = findAugmentingPath(root);
      if (v === -1) {
        if (stopAtExposed) return null;
        continue;
      }
      while (v !== -1) {
        const pv = parent[v];
        const ppv = match[pv];
        match[v] = pv;
        match[pv] = v;
        v = ppv;
      }
    }
    return match;
  }
}

/**
 * The least total cost of pairing every row with a different column of a square matrix of small non-negative
 * integers (the Hungarian method, O(n³)). Used to count the fewest unwanted pairs (same city …) an arrangement
 * must keep, with forbidden pairs priced above any sum of wanted ones.
 */
export function minimumAssignmentCost(cost: readonly (readonly number[])[]): number {
  const n = cost.length;
  if (n === 0) return 0;
  const INF = Number.MAX_SAFE_INTEGER;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(INF);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0];
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  let total = 0;
  for (let j = 1; j <= n; j++) total += cost[p[j] - 1][j - 1];
  return total;
}
