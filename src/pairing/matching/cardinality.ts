/**
 * Maximum-cardinality matching in a general graph given by an adjacency oracle (Edmonds 1965, breadth-first search
 * with blossom contraction through a base array). Used to decide whether a perfect matching exists at all when a
 * sparse candidate graph has none: it extends a given matching, one search per unmatched vertex. A vertex from which
 * no augmenting path starts never gets one later, so a single search per free vertex suffices: O(n³) in the worst
 * case, O(f·n²) when f vertices start unmatched.
 */

/** Neighbours of v, in increasing order, written into `out`; returns how many. */
export type NeighbourLister = (v: number, out: Int32Array) => number;

/** The same neighbours laid out once: v's are `list[start[v]]` … `list[start[v + 1] − 1]`, increasing. */
export interface Adjacency {
  readonly start: Int32Array;
  readonly list: Int32Array;
}

/**
 * Grows `mate` (−1 = unmatched; updated in place) to a maximum-cardinality matching. Returns the number of pairs.
 * Deterministic: roots and neighbours are tried in increasing order.
 *
 * A search that finds no augmenting path explores everything reachable from its root and may contract hundreds of
 * blossoms; each contraction touches only the vertices of the current tree (not all n), and the marks are stamps
 * instead of arrays cleared per contraction. The vertices a contraction makes outer join the queue in increasing
 * order, as a scan of all n vertices gave them, so the matching found is the same.
 */
export function augmentToMaximumCardinality(vertexCount: number, neighbours: NeighbourLister | Adjacency, mate: Int32Array): number {
  const n = vertexCount;
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const outer = new Uint8Array(n);
  // Stamps: onPath[x] === pathStamp, inBlossom[x] === blossomStamp mean "marked" for the current walk or contraction.
  const inBlossom = new Int32Array(n);
  const onPath = new Int32Array(n);
  let pathStamp = 0;
  let blossomStamp = 0;
  const queue = new Int32Array(n);
  // The vertices of the current tree, in the order they joined it, and scratch for a contraction's new outer ones.
  const members = new Int32Array(n);
  let memberCount = 0;
  const joined = new Int32Array(n);
  const lister = typeof neighbours === 'function' ? neighbours : null;
  const buffer = lister ? new Int32Array(n) : new Int32Array(0);
  const adjacency = lister ? null : (neighbours as Adjacency);

  /** Lowest common ancestor of the bases of a and b in the alternating tree. */
  const commonBase = (a: number, b: number): number => {
    const stamp = ++pathStamp;
    for (;;) {
      a = base[a];
      onPath[a] = stamp;
      if (mate[a] === -1) break;
      a = parent[mate[a]];
    }
    for (;;) {
      b = base[b];
      if (onPath[b] === stamp) return b;
      b = parent[mate[b]];
    }
  };

  /** Marks the bases on the path from v up to the blossom base, pointing odd vertices back across edge (v, child). */
  const markPath = (v: number, blossomBase: number, child: number): void => {
    const stamp = blossomStamp;
    while (base[v] !== blossomBase) {
      inBlossom[base[v]] = stamp;
      inBlossom[base[mate[v]]] = stamp;
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
    memberCount = 0;
    members[memberCount++] = root;
    while (head < tail) {
      const v = queue[head++];
      let nbr: Int32Array;
      let from: number;
      let end: number;
      if (lister) {
        nbr = buffer;
        from = 0;
        end = lister(v, buffer);
      } else {
        nbr = (adjacency as Adjacency).list;
        from = (adjacency as Adjacency).start[v];
        end = (adjacency as Adjacency).start[v + 1];
      }
      for (let a = from; a < end; a++) {
        const to = nbr[a];
        if (base[v] === base[to] || mate[v] === to) continue;
        if (to === root || (mate[to] !== -1 && parent[mate[to]] !== -1)) {
          // Edge between two outer vertices: an odd cycle. Contract it.
          const b = commonBase(v, to);
          blossomStamp++;
          markPath(v, b, to);
          markPath(to, b, v);
          // Only tree vertices can have a marked base; those not yet outer join the queue in increasing order.
          let count = 0;
          for (let m = 0; m < memberCount; m++) {
            const i = members[m];
            if (inBlossom[base[i]] === blossomStamp) {
              base[i] = b;
              if (!outer[i]) {
                outer[i] = 1;
                joined[count++] = i;
              }
            }
          }
          if (count > 1) joined.subarray(0, count).sort();
          for (let q = 0; q < count; q++) queue[tail++] = joined[q];
        } else if (parent[to] === -1) {
          parent[to] = v;
          members[memberCount++] = to;
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
          members[memberCount++] = mate[to];
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
