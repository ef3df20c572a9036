/**
 * Maximum-cardinality matching in a general graph given by an adjacency oracle (Edmonds 1965, breadth-first search
 * with blossom contraction through a base array). Used to decide whether a perfect matching exists at all when a
 * sparse candidate graph has none: it extends a given matching, one search per unmatched vertex. A vertex from which
 * no augmenting path starts never gets one later, so a single search per free vertex suffices: O(n³) in the worst
 * case, O(f·n²) when f vertices start unmatched.
 */

/** Neighbours of v, in increasing order, written into `out`; returns how many. */
export type NeighbourLister = (v: number, out: Int32Array) => number;

/**
 * Grows `mate` (−1 = unmatched; updated in place) to a maximum-cardinality matching. Returns the number of pairs.
 * Deterministic: roots and neighbours are tried in increasing order.
 */
export function augmentToMaximumCardinality(vertexCount: number, neighbours: NeighbourLister, mate: Int32Array): number {
  const n = vertexCount;
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const outer = new Uint8Array(n);
  const inBlossom = new Uint8Array(n);
  const onPath = new Uint8Array(n);
  const queue = new Int32Array(n);
  const buffer = new Int32Array(n);

  /** Lowest common ancestor of the bases of a and b in the alternating tree. */
  const commonBase = (a: number, b: number): number => {
    onPath.fill(0);
    for (;;) {
      a = base[a];
      onPath[a] = 1;
      if (mate[a] === -1) break;
      a = parent[mate[a]];
    }
    for (;;) {
      b = base[b];
      if (onPath[b]) return b;
      b = parent[mate[b]];
    }
  };

  /** Marks the bases on the path from v up to the blossom base, pointing odd vertices back across edge (v, child). */
  const markPath = (v: number, blossomBase: number, child: number): void => {
    while (base[v] !== blossomBase) {
      inBlossom[base[v]] = 1;
      inBlossom[base[mate[v]]] = 1;
      parent[v] = child;
      child = mate[v];
      v = parent[mate[v]];
    }
  };

  const search = (root: number): boolean => {
    parent.fill(-1);
    outer.fill(0);
    for (let i = 0; i < n; i++) base[i] = i;
    let head = 0;
    let tail = 0;
    outer[root] = 1;
    queue[tail++] = root;
    while (head < tail) {
      const v = queue[head++];
      const degree = neighbours(v, buffer);
      for (let a = 0; a < degree; a++) {
        const to = buffer[a];
        if (base[v] === base[to] || mate[v] === to) continue;
        if (to === root || (mate[to] !== -1 && parent[mate[to]] !== -1)) {
          // Edge between two outer vertices: an odd cycle. Contract it.
          const b = commonBase(v, to);
          inBlossom.fill(0);
          markPath(v, b, to);
          markPath(to, b, v);
          for (let i = 0; i < n; i++) {
            if (inBlossom[base[i]]) {
              base[i] = b;
              if (!outer[i]) {
                outer[i] = 1;
                queue[tail++] = i;
              }
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (mate[to] === -1) {
            // Augment along the alternating path ending at `to`.
            let u = to;
            while (u !== -1) {
              const pv = parent[u];
              const next = mate[pv];
              mate[u] = pv;
              mate[pv] = u;
              u = next;
            }
            return true;
          }
          outer[mate[to]] = 1;
          queue[tail++] = mate[to];
        }
      }
    }
    return false;
  };

  for (let v = 0; v < n; v++) if (mate[v] === -1) search(v);
  let pairs = 0;
  for (let v = 0; v < n; v++) if (mate[v] > v) pairs++;
  return pairs;
}
