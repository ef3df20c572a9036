/**
 * Edmonds' blossom algorithm for maximum-weight matching in general graphs, primal-dual, O(n³), exact integer
 * arithmetic. Nothing here knows about Go: vertices are 0…n−1, edges carry integer weights.
 *
 * The implementation follows the classical O(n³) organisation described in Galil's survey "Efficient algorithms
 * for finding maximum matching in graphs" (ACM Computing Surveys, 1986): stages that each end in one augmentation,
 * substages that grow alternating trees from every free vertex over tight edges, shrink odd cycles into blossoms,
 * and otherwise change the dual variables by the largest amount that keeps them feasible ("delta"). Each top-level
 * S-blossom remembers its least-slack edge to every other S-blossom so that delta is found in O(n).
 *
 * Speed without changing a single choice (the draws built on this solver must stay byte-identical): a stage lists what
 * it touches (the vertices of its trees, its labelled blossoms, the holders of a least-slack edge; an edge it allows
 * carries the stage's number), so clearing a stage and changing the duals cost the size of the trees, not of the
 * graph — ties among equal deltas still go to the lowest index, as the whole-graph loops gave them; and a blossom's
 * vertices are a linked segment, read without recursion or copies. Solving the sparse graphs of a 710-player congress round runs through
 * thousands of stages, most of them small, so those whole-graph loops had been the larger part of the work. And a stage
 * is first tried without keeping the least-slack edges, which only a dual change reads (most stages augment before
 * one): a try that needs one is undone and the stage run again from the same start (`BlossomSolver.solve`).
 *
 * Units. Every dual is stored doubled (`2·y_v`, `2·z_B`) and every weight is doubled in the slack, so that all
 * quantities stay integers: slack(i, j) = U_i + U_j + Σ_{B ∋ i,j} Z_B − 2·w_ij ≥ 0 with U = 2y, Z = 2z.
 * Integrality holds because every free vertex always carries a dual of the same parity, so the slack between two
 * S-vertices is even and "delta3 = slack / 2" is an integer.
 *
 * Why one file of this size: Edmonds' blossom algorithm: one algorithm whose state (duals, blossoms, labels) every step shares; split, its invariants would be spread over files.
 */

/** One undirected edge. `weight` must be a safe integer with |weight| ≤ {@link MAX_ABS_WEIGHT}. */
export interface WeightedEdge {
  readonly u: number;
  readonly v: number;
  readonly weight: number;
}

export interface MatchingOptions {
  /**
   * When true, return a maximum-weight matching among the matchings of maximum cardinality (negative weights are
   * then taken when they let more vertices be matched). When false (default), a maximum-weight matching of any size.
   */
  readonly maxCardinality?: boolean;
}

/**
 * The dual solution, doubled so every value is an exact integer. With U = `vertex`, Z = `blossomDual`, for every
 * edge (i, j): U_i + U_j + Σ Z_B over the blossoms B containing both i and j ≥ 2·w_ij, with equality on matched
 * edges. Blossoms form a forest: `blossomParent[b]` is the enclosing blossom or −1, `vertexBlossom[v]` the innermost
 * blossom holding v or −1. In the default mode also U_v ≥ 0, U_v = 0 on unmatched vertices and Z_B ≥ 0; that
 * certifies a maximum-weight matching. In `maxCardinality` mode, when the matching is perfect, the same inequalities
 * with U free in sign certify a maximum-weight perfect matching.
 */
export interface MatchingDuals {
  readonly vertex: Float64Array;
  readonly blossomDual: Float64Array;
  readonly blossomParent: Int32Array;
  readonly vertexBlossom: Int32Array;
}

export interface MatchingResult {
  /** `mate[v]` is v's partner, or −1 when v is unmatched. */
  readonly mate: Int32Array;
  /** Exact total weight of the matched edges. */
  readonly weight: bigint;
  /** Number of matched pairs. */
  readonly cardinality: number;
  readonly duals: MatchingDuals;
}

/**
 * Largest accepted |weight|: 2^49. With W = max|w| and D the sum of all dual changes, every intermediate value
 * (doubled duals, doubled weights, slacks) is at most 4W + 4D in magnitude, so it stays an exact double below 2^53
 * while D ≤ 2^51 − W. In the default mode D ≤ W always. In `maxCardinality` mode D is O(n·W) in theory (far less in
 * practice); the solver tracks D and throws a RangeError rather than ever lose precision.
 */
export const MAX_ABS_WEIGHT = 2 ** 49;

const FREE = 0;
/** The arrays of a blossom slot never used yet. */
const NO_ENTRIES = new Int32Array(0);
const S_LABEL = 1;
const T_LABEL = 2;

/** A graph in compressed adjacency form, validated once and reusable for several solves. */
export interface BlossomGraph {
  readonly vertexCount: number;
  readonly edgeCount: number;
  readonly edgeU: Int32Array;
  readonly edgeV: Int32Array;
  /** Doubled weights: 2·w. */
  readonly weight2: Float64Array;
  readonly adjacencyStart: Int32Array;
  readonly adjacencyEdge: Int32Array;
  /** The other endpoint of `adjacencyEdge[a]`, beside it, so a vertex's scan reads its neighbours in order. */
  readonly adjacencyOther: Int32Array;
  /** `weight2[adjacencyEdge[a]]`, beside it for the same reason. */
  readonly adjacencyWeight2: Float64Array;
}

/** Validates and packs an edge list. Throws RangeError naming the first bad edge. */
export function buildBlossomGraph(vertexCount: number, edges: readonly WeightedEdge[]): BlossomGraph {
  if (!Number.isSafeInteger(vertexCount) || vertexCount < 0) {
    throw new RangeError(`vertexCount must be a non-negative integer, got ${vertexCount}`);
  }
  const m = edges.length;
  const edgeU = new Int32Array(m);
  const edgeV = new Int32Array(m);
  const weight2 = new Float64Array(m);
  const degree = new Int32Array(vertexCount + 1);
  for (let k = 0; k < m; k++) {
    const { u, v, weight } = edges[k];
    if (!Number.isInteger(u) || !Number.isInteger(v) || u < 0 || v < 0 || u >= vertexCount || v >= vertexCount) {
      throw new RangeError(`edges[${k}]: endpoints (${u}, ${v}) must be integers in 0…${vertexCount - 1}`);
    }
    if (u === v) throw new RangeError(`edges[${k}]: self-loop on vertex ${u} is not allowed`);
    if (!Number.isSafeInteger(weight) || Math.abs(weight) > MAX_ABS_WEIGHT) {
      throw new RangeError(`edges[${k}] (${u}, ${v}): weight ${weight} must be an integer with |w| ≤ 2^49`);
    }
    edgeU[k] = u;
    edgeV[k] = v;
    weight2[k] = 2 * weight;
    degree[u]++;
    degree[v]++;
  }
  return packAdjacency(vertexCount, edgeU, edgeV, weight2, degree);
}

/** Builds the adjacency arrays; `degree` holds the vertex degrees and is consumed. */
export function packAdjacency(
  vertexCount: number,
  edgeU: Int32Array,
  edgeV: Int32Array,
  weight2: Float64Array,
  degree: Int32Array,
): BlossomGraph {
  const m = edgeU.length;
  const adjacencyStart = new Int32Array(vertexCount + 1);
  for (let v = 0; v < vertexCount; v++) adjacencyStart[v + 1] = adjacencyStart[v] + degree[v];
  const fill = adjacencyStart.slice(0, vertexCount);
  const adjacencyEdge = new Int32Array(2 * m);
  const adjacencyOther = new Int32Array(2 * m);
  const adjacencyWeight2 = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const u = edgeU[k];
    const v = edgeV[k];
    adjacencyOther[fill[u]] = v;
    adjacencyWeight2[fill[u]] = weight2[k];
    adjacencyEdge[fill[u]++] = k;
    adjacencyOther[fill[v]] = u;
    adjacencyWeight2[fill[v]] = weight2[k];
    adjacencyEdge[fill[v]++] = k;
  }
  return { vertexCount, edgeCount: m, edgeU, edgeV, weight2, adjacencyStart, adjacencyEdge, adjacencyOther, adjacencyWeight2 };
}

/**
 * A starting point for the perfect-matching mode: feasible doubled vertex duals (U_i + U_j ≥ 2·w_ij on every edge),
 * a matching of tight edges (`mateEdge[v]` = edge index or −1), and every unmatched vertex's dual of one parity.
 */
export interface WarmStart {
  readonly vertexDual: Float64Array;
  readonly mateEdge: Int32Array;
}

/** `max-weight`: maximum weight, any cardinality. `max-cardinality`: maximum weight among maximum-cardinality matchings. */
export type BlossomMode = 'max-weight' | 'max-cardinality';

export interface BlossomState {
  readonly mateEdge: Int32Array;
  readonly duals: MatchingDuals;
}

/**
 * Runs the primal-dual algorithm on a packed graph. Without `warm`, starts from the empty matching and all vertex
 * duals equal to max(0, max w) (the textbook start). With `warm` (only in MaxCardinality mode), starts from the given
 * duals and matching; the result is then a maximum-weight perfect matching whenever the graph has a perfect matching.
 */
export function runBlossom(graph: BlossomGraph, mode: BlossomMode, warm?: WarmStart, options: BlossomRunOptions = {}): BlossomState {
  const solver = new BlossomSolver(graph, mode, warm);
  if (options.verifyTops === true) solver.verifyTops = true;
  return solver.solve(options.firstTries ?? true);
}

export interface BlossomRunOptions {
  /**
   * Whether a stage is first tried without keeping the least-slack edges (default true; see `BlossomSolver.solve`).
   * The same answer either way, duals and ties included: false is the reference the tests compare the tries with.
   */
  readonly firstTries?: boolean;
  /**
   * Tests only: after every blossom formed or dissolved, each vertex's top-level blossom as the representatives give
   * it (`BlossomSolver.vertexRep`) is checked against the one its blossom parents lead to; an Error on a difference.
   */
  readonly verifyTops?: boolean;
}

/**
 * Maximum-weight matching of a general graph by Edmonds' blossom algorithm.
 *
 * Deterministic: the same vertex count and the same edges in the same order always give the same matching, ties
 * included. Parallel edges are allowed (the best one is used); self-loops and non-integer or out-of-range weights
 * throw a RangeError.
 */
export function maxWeightMatching(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  options: MatchingOptions = {},
): MatchingResult {
  const graph = buildBlossomGraph(vertexCount, edges);
  const mode = options.maxCardinality ? 'max-cardinality' : 'max-weight';
  const state = runBlossom(graph, mode);
  return summarise(graph, state, (k) => edges[k].weight);
}

/** Converts a solver state into the public result. `weightOf(k)` is the caller's (undoubled) weight of edge k. */
export function summarise(graph: BlossomGraph, state: BlossomState, weightOf: (edge: number) => number): MatchingResult {
  const n = graph.vertexCount;
  const mate = new Int32Array(n).fill(-1);
  let weight = 0n;
  let cardinality = 0;
  for (let v = 0; v < n; v++) {
    const k = state.mateEdge[v];
    if (k < 0) continue;
    const w = graph.edgeU[k] ^ graph.edgeV[k] ^ v;
    mate[v] = w;
    if (v < w) {
      weight += BigInt(weightOf(k));
      cardinality++;
    }
  }
  return { mate, weight, cardinality, duals: state.duals };
}

/**
 * The blossom slots' arrays (children, their edges and ends, least-slack lists: `BlossomSolver.childs` …), kept from one
 * solve to the next instead of allocated again by every solver (a congress round runs some thirty solves, each forming
 * hundreds of blossoms: tens of thousands of small arrays a round for the garbage collector). Sharing is safe: a solve
 * runs to its end without yielding or calling out, one at a time (JavaScript runs one at a time, and nothing here is
 * re-entered), and a solver reads a slot's arrays only up to the lengths it wrote itself (`childCount`,
 * `bestListLength`, both fresh per solver), exactly as it reads a slot reused within one solve.
 */
const SLOT_POOL = { childs: [] as Int32Array[], edges: [] as Int32Array[], ends: [] as Int32Array[], best: [] as Int32Array[] };

/** Arrays larger than this are not kept past their solve (the pool stays small whatever the fields were). */
const POOLED_SLOT_LENGTH = 64;

/** `list` with a slot for each of n blossoms (new slots empty): the pool's own list, shared by every solver. */
function pooledSlots(list: Int32Array[], n: number): Int32Array[] {
  while (list.length < n) list.push(NO_ENTRIES);
  return list;
}

/**
 * Drops the pool's arrays longer than `POOLED_SLOT_LENGTH` (a rare large blossom's), after a solve of n vertices: only
 * its first n slots can have grown (its blossoms are n…2n − 1, slots 0…n − 1), so the rest are not read (issue 28: a
 * round's thirty small re-draws each read the whole pool, thousands of slots after a large field). A solve that threw
 * leaves its slots to the next solve as large; only memory: a solver reads a slot's arrays up to the lengths it wrote.
 */
function trimSlots(n: number): void {
  for (const list of [SLOT_POOL.childs, SLOT_POOL.edges, SLOT_POOL.ends, SLOT_POOL.best]) {
    const end = Math.min(n, list.length);
    for (let s = 0; s < end; s++) if (list[s].length > POOLED_SLOT_LENGTH) list[s] = NO_ENTRIES;
  }
}

/** Moves a[0…i) after a[i…len) in place (a rotation left by i), through `scratch`. */
function rotateLeft(a: Int32Array, i: number, len: number, scratch: Int32Array): void {
  for (let k = 0; k < i; k++) scratch[k] = a[k];
  a.copyWithin(0, i, len);
  for (let k = 0; k < i; k++) a[len - i + k] = scratch[k];
}

class BlossomSolver {
  private readonly n: number;
  private readonly g: BlossomGraph;
  private readonly mode: BlossomMode;
  /** Doubled duals: vertices 0…n−1, blossoms n…2n−1. */
  private readonly dual: Float64Array;
  private readonly mateEdge: Int32Array;
  /**
   * The top-level blossom (or the vertex itself) containing vertex x is `repTop[vertexRep[x]]`: every vertex of a
   * top-level blossom B points (`vertexRep`) at one vertex of B, its representative `rep[B]`, and `repTop` maps that
   * vertex to B. A new blossom takes the representative of its largest child (`size`), so only the vertices of its other
   * children are pointed anew; a dissolving blossom gives it back to that child and points the others' vertices back at
   * their own (issue 28: in a congress round's large solves each stage shrinks some two hundred blossoms, each taking
   * the last one in, and pointing every vertex of each at the new blossom was five million writes a solve, 40 % of
   * `addBlossom`). A vertex is its own representative while it is in no blossom (`rep[v]` = v).
   */
  private readonly vertexRep: Int32Array;
  private readonly repTop: Int32Array;
  private readonly rep: Int32Array;
  private readonly size: Int32Array;
  private readonly blossomParent: Int32Array;
  private readonly blossomBase: Int32Array;
  /**
   * Children of blossom b (slot b − n): the first `childCount[b − n]` entries of `childs[b − n]`, in cyclic order from
   * the base's child. Each slot keeps its arrays when the blossom dissolves, for the next blossom in that slot (they
   * grow as needed): forming and dissolving a blossom allocates nothing.
   */
  private readonly childs: Int32Array[];
  private readonly childCount: Int32Array;
  /**
   * The room of slot s's arrays (`childs[s].length`, `bestList[s].length`), kept beside them: a check before every
   * blossom reads a number here, not an array's length through the pool's list (issue 28: measured, those two checks
   * were a tenth of `addBlossom` in the 2,000-player field's round 8). Set from the pool's arrays at the start of a solve
   * and with every array this solver makes; nothing else replaces them until the solve ends (`trimSlots`).
   */
  private readonly childRoom: Int32Array;
  private readonly bestRoom: Int32Array;
  /** blossomEdges[b − n][i] joins childs[i] and childs[i+1]; blossomEnds[b − n][i] is its endpoint in childs[i]. */
  private readonly blossomEdges: Int32Array[];
  private readonly blossomEnds: Int32Array[];
  private readonly label: Uint8Array;
  /** The edge through which a top-level blossom (or vertex) got its label, and its endpoint on the parent side. */
  private readonly labelEdge: Int32Array;
  private readonly labelFrom: Int32Array;
  private readonly bestEdge: Int32Array;
  /** slack(bestEdge[x]) at the current duals: set with the edge, recomputed after every dual change. */
  private readonly bestSlack: Float64Array;
  /**
   * A top-level S-blossom's least-slack edge to each S-blossom it reached (`bestList[b − n]`, the first
   * `bestListLength[b]` entries), or no list (−1: a vertex, or a blossom whose list was not made this stage).
   */
  private readonly bestList: Int32Array[];
  private readonly bestListLength: Int32Array;
  /** Edge k is allowed (tight, or through a blossom) this stage when `allowedStage[k]` is the stage. */
  private readonly allowedStage: Int32Array;
  /** Free blossom slots, a stack: the next blossom takes `unusedBlossoms[unusedCount − 1]`. */
  private readonly unusedBlossoms: Int32Array;
  private unusedCount = 0;
  /** Scratch for rotating a blossom's children. */
  private readonly rotation: Int32Array;
  private queue: Int32Array;
  private queueLength = 0;
  private readonly mark: Int32Array;
  /**
   * What the current stage touched, so that a stage starts and a dual change works in time proportional to the trees
   * rather than to the whole graph: the vertices of labelled blossoms (`tree`), the labelled blossoms (`blossoms`)
   * and the holders of a least-slack edge (`holders`); an allowed edge needs no clearing (`allowedStage`). Each list
   * holds an entry once a stage (`…Stage` records the stage it was listed in); an entry may since have lost its label
   * or edge, so readers check the current state, exactly as the whole-graph loops did. `roots`: the unmatched
   * vertices, ascending.
   */
  private stage = 1;
  private readonly tree: Int32Array;
  private treeCount = 0;
  private readonly treeStage: Int32Array;
  private readonly blossoms: Int32Array;
  private blossomCount = 0;
  private readonly blossomStage: Int32Array;
  private readonly holders: Int32Array;
  private holderCount = 0;
  private readonly holderStage: Int32Array;
  private readonly roots: Int32Array;
  /** Scratch: the S-blossoms of dual zero a stage leaves behind. */
  private readonly spent: Int32Array;
  private markStamp = 0;
  private readonly bestTo: Int32Array;
  /** slack(bestTo[x]), kept beside it: the duals do not change while a blossom is added. */
  private readonly bestToSlack: Float64Array;
  /** The S-blossoms addBlossom reached, in the order it first reached them. */
  private readonly touched: Int32Array;
  /**
   * The vertices of every blossom as one segment of a linked list: from `leafHead[b]` along `nextLeaf` to
   * `leafTail[b]`, in the order of a depth-first walk of its children (a vertex is its own segment). A new blossom
   * links its children's segments; a blossom whose children rotate (augmentBlossom) relinks them, so reading a
   * blossom's vertices costs no recursion and no allocation.
   */
  private readonly leafHead: Int32Array;
  private readonly leafTail: Int32Array;
  private readonly nextLeaf: Int32Array;
  /**
   * A stage's first try (see `solve`): true while it grows the trees without keeping the least-slack edges, which only
   * a dual change reads; `formed` lists the blossoms the try made, in order, to be undone if it must be run again.
   */
  private tryingWithoutDuals = false;
  private readonly formed: Int32Array;
  private formedCount = 0;
  /** Sum of all dual changes so far, and the limit that keeps every value a safe integer. */
  private totalDelta = 0;
  private readonly deltaLimit: number;
  /** `BlossomRunOptions.verifyTops`. */
  verifyTops = false;

  constructor(graph: BlossomGraph, mode: BlossomMode, warm?: WarmStart) {
    const n = graph.vertexCount;
    this.n = n;
    this.g = graph;
    this.mode = mode;
    this.dual = new Float64Array(2 * n);
    this.mateEdge = new Int32Array(n).fill(-1);
    this.vertexRep = new Int32Array(n);
    this.repTop = new Int32Array(n);
    this.rep = new Int32Array(2 * n);
    this.size = new Int32Array(2 * n);
    for (let v = 0; v < n; v++) {
      this.vertexRep[v] = v;
      this.repTop[v] = v;
      this.rep[v] = v;
      this.size[v] = 1;
    }
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomBase = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.blossomBase[v] = v;
    this.childs = pooledSlots(SLOT_POOL.childs, n);
    this.blossomEdges = pooledSlots(SLOT_POOL.edges, n);
    this.blossomEnds = pooledSlots(SLOT_POOL.ends, n);
    this.childCount = new Int32Array(n);
    this.rotation = new Int32Array(n);
    this.label = new Uint8Array(2 * n);
    this.labelEdge = new Int32Array(2 * n).fill(-1);
    this.labelFrom = new Int32Array(2 * n).fill(-1);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.bestSlack = new Float64Array(2 * n);
    this.bestList = pooledSlots(SLOT_POOL.best, n);
    this.childRoom = new Int32Array(n);
    this.bestRoom = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      this.childRoom[s] = this.childs[s].length;
      this.bestRoom[s] = this.bestList[s].length;
    }
    this.bestListLength = new Int32Array(2 * n).fill(-1);
    this.allowedStage = new Int32Array(graph.edgeCount);
    this.unusedBlossoms = new Int32Array(n);
    for (let b = 2 * n - 1; b >= n; b--) this.unusedBlossoms[this.unusedCount++] = b;
    this.queue = new Int32Array(Math.max(16, n));
    this.mark = new Int32Array(2 * n);
    this.bestTo = new Int32Array(2 * n).fill(-1);
    this.tree = new Int32Array(n);
    this.treeStage = new Int32Array(n);
    this.blossoms = new Int32Array(n);
    this.blossomStage = new Int32Array(2 * n);
    this.holders = new Int32Array(2 * n);
    this.holderStage = new Int32Array(2 * n);
    this.roots = new Int32Array(n);
    this.spent = new Int32Array(n);
    this.formed = new Int32Array(n);
    this.bestToSlack = new Float64Array(2 * n);
    this.touched = new Int32Array(2 * n);
    this.leafHead = new Int32Array(2 * n).fill(-1);
    this.leafTail = new Int32Array(2 * n).fill(-1);
    this.nextLeaf = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) {
      this.leafHead[v] = v;
      this.leafTail[v] = v;
    }

    let maxAbsWeight2 = 0;
    for (let k = 0; k < graph.edgeCount; k++) maxAbsWeight2 = Math.max(maxAbsWeight2, Math.abs(graph.weight2[k]));
    let maxAbsDual = 0;
    if (warm) {
      if (mode !== 'max-cardinality') throw new Error('warm start is only valid in max-cardinality mode');
      this.dual.set(warm.vertexDual);
      this.mateEdge.set(warm.mateEdge);
      for (let v = 0; v < n; v++) maxAbsDual = Math.max(maxAbsDual, Math.abs(warm.vertexDual[v]));
    } else {
      let maxWeight = 0;
      for (let k = 0; k < graph.edgeCount; k++) maxWeight = Math.max(maxWeight, graph.weight2[k] / 2);
      this.dual.fill(maxWeight, 0, n);
      maxAbsDual = maxWeight;
    }
    // Any slack is |U_i| + |U_j| + ΣZ + |2w| ≤ 2(maxAbsDual + D) + 2D + maxAbsWeight2 with D = total delta.
    this.deltaLimit = (2 ** 53 - 2 * maxAbsDual - maxAbsWeight2) / 4 - 1;
    if (this.deltaLimit <= 0) throw new RangeError('weights and duals are too large for exact arithmetic');
  }

  /** `BlossomRunOptions.verifyTops`: every vertex's top by the representatives is the one its parents lead to. */
  private checkTops(): void {
    for (let x = 0; x < this.n; x++) {
      let t = x;
      while (this.blossomParent[t] !== -1) t = this.blossomParent[t];
      const byRep = this.repTop[this.vertexRep[x]];
      if (byRep !== t) throw new Error(`internal: vertex ${x} lies in top-level blossom ${t}, its representative says ${byRep}`);
      // The blossom's own representative, the same for all its vertices (scanQueue's same-blossom test reads this).
      if (this.vertexRep[x] !== this.rep[t]) throw new Error(`internal: vertex ${x} of top-level blossom ${t} points at ${this.vertexRep[x]}, not its representative ${this.rep[t]}`);
    }
  }

  private other(k: number, v: number): number {
    return this.g.edgeU[k] ^ this.g.edgeV[k] ^ v;
  }

  private pushQueue(v: number): void {
    if (this.queueLength === this.queue.length) {
      const bigger = new Int32Array(this.queue.length * 2);
      bigger.set(this.queue);
      this.queue = bigger;
    }
    this.queue[this.queueLength++] = v;
  }

  /** Lists vertex x as lying in a labelled blossom this stage. */
  private enterTree(x: number): void {
    if (this.treeStage[x] !== this.stage) {
      this.treeStage[x] = this.stage;
      this.tree[this.treeCount++] = x;
    }
  }

  /** Lists blossom b (b ≥ n) as labelled this stage. */
  private listBlossom(b: number): void {
    if (this.blossomStage[b] !== this.stage) {
      this.blossomStage[b] = this.stage;
      this.blossoms[this.blossomCount++] = b;
    }
  }

  /** Lists x as holding a least-slack edge this stage. */
  private listHolder(x: number): void {
    if (this.holderStage[x] !== this.stage) {
      this.holderStage[x] = this.stage;
      this.holders[this.holderCount++] = x;
    }
  }

  private allow(k: number): void {
    this.allowedStage[k] = this.stage;
  }

  /** Links the vertex segments of blossom b's children in their current order and sets b's segment. */
  private linkLeaves(b: number): void {
    const childs = this.childs[b - this.n];
    const len = this.childCount[b - this.n];
    const { leafHead, leafTail, nextLeaf } = this;
    for (let i = 0; i + 1 < len; i++) nextLeaf[leafTail[childs[i]]] = leafHead[childs[i + 1]];
    leafHead[b] = leafHead[childs[0]];
    leafTail[b] = leafTail[childs[len - 1]];
  }

  /** Room for `size` children in slot s (its three arrays), keeping nothing: the slot is being filled anew. */
  private reserveChildren(s: number, size: number): void {
    if (this.childRoom[s] >= size) return;
    const room = Math.max(size, 2 * this.childRoom[s], 8);
    this.childRoom[s] = room;
    this.childs[s] = new Int32Array(room);
    this.blossomEdges[s] = new Int32Array(room);
    this.blossomEnds[s] = new Int32Array(room);
  }

  /** Labels root v, a vertex outside any blossom, S: exactly what assignLabel(v, S_LABEL, −1, −1) does for it. */
  private labelRoot(v: number): void {
    this.label[v] = S_LABEL;
    this.labelEdge[v] = -1;
    this.labelFrom[v] = -1;
    this.bestEdge[v] = -1;
    this.enterTree(v);
    this.pushQueue(v);
  }

  /** Labels the top-level blossom containing w with `t`, reached through edge k from vertex `from`. */
  private assignLabel(w: number, t: number, k: number, from: number): void {
    for (;;) {
      const b = this.repTop[this.vertexRep[w]];
      this.label[w] = t;
      this.label[b] = t;
      this.labelEdge[w] = k;
      this.labelEdge[b] = k;
      this.labelFrom[w] = from;
      this.labelFrom[b] = from;
      this.bestEdge[w] = -1;
      this.bestEdge[b] = -1;
      if (b < this.n) this.enterTree(b);
      else {
        this.listBlossom(b);
        const last = this.leafTail[b];
        for (let x = this.leafHead[b]; ; x = this.nextLeaf[x]) {
          this.enterTree(x);
          if (x === last) break;
        }
      }
      if (t === S_LABEL) {
        if (b < this.n) this.pushQueue(b);
        else {
          const last = this.leafTail[b];
          for (let x = this.leafHead[b]; ; x = this.nextLeaf[x]) {
            this.pushQueue(x);
            if (x === last) break;
          }
        }
        return;
      }
      // A T-blossom's base is matched; its mate becomes an S-vertex.
      const base = this.blossomBase[b];
      const m = this.mateEdge[base];
      w = this.other(m, base);
      t = S_LABEL;
      k = m;
      from = base;
    }
  }

  /**
   * Walks up the alternating trees from S-vertices v and w. Returns the base of the new blossom when both reach a
   * common ancestor, or −1 when they reach two different roots (an augmenting path).
   */
  private scanBlossom(v: number, w: number): number {
    const stamp = ++this.markStamp;
    let base = -1;
    while (v !== -1 || w !== -1) {
      const b = this.repTop[this.vertexRep[v]];
      if (this.mark[b] === stamp) {
        base = this.blossomBase[b];
        break;
      }
      this.mark[b] = stamp;
      if (this.labelEdge[b] === -1) {
        v = -1;
      } else {
        const t = this.labelFrom[b];
        v = this.labelFrom[this.repTop[this.vertexRep[t]]];
      }
      if (w !== -1) {
        const swap = v;
        v = w;
        w = swap;
      }
    }
    return base;
  }

  /** Shrinks the odd cycle closed by edge k (v, w both S) with the given base into a new S-blossom. */
  private addBlossom(base: number, k: number, v: number, w: number): void {
    const n = this.n;
    const bb = this.repTop[this.vertexRep[base]];
    let bv = this.repTop[this.vertexRep[v]];
    let bw = this.repTop[this.vertexRep[w]];
    const b = this.unusedBlossoms[--this.unusedCount];
    this.blossomBase[b] = base;
    this.blossomParent[b] = -1;
    this.blossomParent[bb] = b;
    // The cycle: the base's blossom, v's path up to it (reversed), w's path from it. Both paths are counted first so
    // that the children are written straight into place: childs = [bb, …v's path from the top…, …w's path…].
    const { labelEdge, labelFrom, blossomParent, repTop, vertexRep } = this;
    let fromV = 0;
    for (let x = bv; x !== bb; x = repTop[vertexRep[labelFrom[x]]]) fromV++;
    let fromW = 0;
    for (let x = bw; x !== bb; x = repTop[vertexRep[labelFrom[x]]]) fromW++;
    const len = 1 + fromV + fromW;
    const slot = b - n;
    this.reserveChildren(slot, len);
    const childs = this.childs[slot];
    const edges = this.blossomEdges[slot];
    const ends = this.blossomEnds[slot];
    this.childCount[slot] = len;
    childs[0] = bb;
    for (let q = fromV; bv !== bb; q--) {
      blossomParent[bv] = b;
      childs[q] = bv;
      edges[q - 1] = labelEdge[bv];
      ends[q - 1] = labelFrom[bv];
      bv = repTop[vertexRep[labelFrom[bv]]];
    }
    edges[fromV] = k;
    ends[fromV] = v;
    for (let q = fromV + 1; bw !== bb; q++) {
      blossomParent[bw] = b;
      childs[q] = bw;
      const e = labelEdge[bw];
      edges[q] = e;
      ends[q] = this.other(e, labelFrom[bw]);
      bw = repTop[vertexRep[labelFrom[bw]]];
    }
    this.label[b] = S_LABEL;
    this.listBlossom(b);
    this.labelEdge[b] = this.labelEdge[bb];
    this.labelFrom[b] = this.labelFrom[bb];
    this.dual[b] = 0;
    this.linkLeaves(b);
    // Every vertex now lies in b; those of T-children are queued (as S-vertices), in the order of b's vertices. b takes
    // the representative of its largest child (the first of equal sizes), whose vertices need not be visited.
    const { leafTail, nextLeaf, label, bestListLength, size } = this;
    let heavy = childs[0];
    let total = size[heavy];
    for (let ci = 1; ci < len; ci++) {
      const c = childs[ci];
      total += size[c];
      if (size[c] > size[heavy]) heavy = c;
    }
    const r = this.rep[heavy];
    this.rep[b] = r;
    size[b] = total;
    this.repTop[r] = b;
    for (let ci = 0; ci < len; ci++) {
      const c = childs[ci];
      if (c < n) {
        if (label[c] === T_LABEL) this.pushQueue(c);
        vertexRep[c] = r;
        continue;
      }
      if (label[c] === T_LABEL) {
        const last = leafTail[c];
        for (let x = this.leafHead[c]; ; x = nextLeaf[x]) {
          this.pushQueue(x);
          vertexRep[x] = r;
          if (x === last) break;
        }
      } else if (c !== heavy) {
        const last = leafTail[c];
        for (let x = this.leafHead[c]; ; x = nextLeaf[x]) {
          vertexRep[x] = r;
          if (x === last) break;
        }
      }
    }
    if (this.verifyTops) this.checkTops();
    if (this.tryingWithoutDuals) {
      // A first try keeps no least-slack edges (only a dual change reads them): the children's are given up as below.
      for (let ci = 0; ci < len; ci++) {
        const c = childs[ci];
        bestListLength[c] = -1;
        this.bestEdge[c] = -1;
      }
      bestListLength[b] = -1;
      this.bestEdge[b] = -1;
      this.formed[this.formedCount++] = b;
      return;
    }
    // Least-slack edge from the new blossom to every other S-blossom: per S-blossom the first edge of least slack
    // in the order the children's lists (or, without a list, their vertices' edges) give them.
    const { bestTo, bestToSlack, touched, dual } = this;
    const { adjacencyStart, adjacencyEdge, adjacencyOther, adjacencyWeight2, edgeU, edgeV, weight2 } = this.g;
    let touchedCount = 0;
    for (let ci = 0; ci < len; ci++) {
      const c = childs[ci];
      const listLength = bestListLength[c];
      if (listLength < 0) {
        const last = leafTail[c];
        for (let x = this.leafHead[c]; ; x = nextLeaf[x]) {
          const dx = dual[x];
          const end = adjacencyStart[x + 1];
          for (let a = adjacencyStart[x]; a < end; a++) {
            // Inside b exactly when y points at b's representative r (see scanQueue); only an edge leaving b reads its
            // other end's blossom.
            const y = adjacencyOther[a];
            const ry = vertexRep[y];
            if (ry === r) continue;
            const bj = repTop[ry];
            if (label[bj] !== S_LABEL) continue;
            const e = adjacencyEdge[a];
            const slack = dx + dual[y] - adjacencyWeight2[a];
            if (bestTo[bj] === -1) {
              touched[touchedCount++] = bj;
              bestTo[bj] = e;
              bestToSlack[bj] = slack;
            } else if (slack < bestToSlack[bj]) {
              bestTo[bj] = e;
              bestToSlack[bj] = slack;
            }
          }
          if (x === last) break;
        }
      } else {
        const list = this.bestList[c - n];
        for (let i = 0; i < listLength; i++) {
          const e = list[i];
          // The end of e outside b (if any): its top-level blossom (an end inside b points at b's representative r).
          let ry = vertexRep[edgeV[e]];
          if (ry === r) ry = vertexRep[edgeU[e]];
          if (ry === r) continue;
          const bj = repTop[ry];
          if (label[bj] !== S_LABEL) continue;
          const slack = dual[edgeU[e]] + dual[edgeV[e]] - weight2[e];
          if (bestTo[bj] === -1) {
            touched[touchedCount++] = bj;
            bestTo[bj] = e;
            bestToSlack[bj] = slack;
          } else if (slack < bestToSlack[bj]) {
            bestTo[bj] = e;
            bestToSlack[bj] = slack;
          }
        }
      }
      bestListLength[c] = -1;
      this.bestEdge[c] = -1;
    }
    if (this.bestRoom[slot] < touchedCount) {
      const room = Math.max(touchedCount, 2 * this.bestRoom[slot], 8);
      this.bestRoom[slot] = room;
      this.bestList[slot] = new Int32Array(room);
    }
    const best = this.bestList[slot];
    let bestEdge = -1;
    let bestSlack = 0;
    for (let i = 0; i < touchedCount; i++) {
      const bj = touched[i];
      const e = bestTo[bj];
      const s = bestToSlack[bj];
      bestTo[bj] = -1;
      best[i] = e;
      if (bestEdge === -1 || s < bestSlack) {
        bestEdge = e;
        bestSlack = s;
      }
    }
    bestListLength[b] = touchedCount;
    this.bestEdge[b] = bestEdge;
    this.bestSlack[b] = bestSlack;
    if (bestEdge !== -1) this.listHolder(b);
  }

  /** Dissolves top-level blossom b. During a stage (T-blossom whose dual reached 0) relabels its children. */
  private expandBlossom(b: number, endStage: boolean): void {
    const n = this.n;
    const childs = this.childs[b - n];
    const len = this.childCount[b - n];
    // Each child gets its representative back: the largest (b's) keeps its vertices as they point; the vertices of the
    // others point at their own again.
    const r = this.rep[b];
    const { vertexRep, repTop } = this;
    for (let ci = 0; ci < len; ci++) {
      const s = childs[ci];
      this.blossomParent[s] = -1;
      if (s < n) {
        vertexRep[s] = s;
        repTop[s] = s;
        continue;
      }
      const own = this.rep[s];
      repTop[own] = s;
      if (own !== r) {
        const last = this.leafTail[s];
        for (let x = this.leafHead[s]; ; x = this.nextLeaf[x]) {
          vertexRep[x] = own;
          if (x === last) break;
        }
      }
      if (endStage && this.dual[s] === 0) this.expandBlossom(s, endStage);
    }
    if (!endStage && this.label[b] === T_LABEL) this.relabelExpandedT(b);
    this.label[b] = FREE;
    this.labelEdge[b] = -1;
    this.labelFrom[b] = -1;
    this.childCount[b - n] = 0;
    this.blossomBase[b] = -1;
    this.bestListLength[b] = -1;
    this.bestEdge[b] = -1;
    this.unusedBlossoms[this.unusedCount++] = b;
  }

  /**
   * After expanding T-blossom b: the children on the even-length path from the entry child to the base child
   * become T, S, …, T; the other children become unlabelled unless one of their vertices was already reached by a
   * tight edge from an S-vertex, in which case they become T through that edge.
   */
  private relabelExpandedT(b: number): void {
    const n = this.n;
    const childs = this.childs[b - n];
    const edges = this.blossomEdges[b - n];
    const ends = this.blossomEnds[b - n];
    const len = this.childCount[b - n];
    const entry = this.other(this.labelEdge[b], this.labelFrom[b]);
    const entryChild = this.repTop[this.vertexRep[entry]];
    let j = 0;
    while (childs[j] !== entryChild) j++;
    const forward = (j & 1) === 1;
    let edge = this.labelEdge[b];
    let from = this.labelFrom[b];
    while (j !== 0) {
      // childs[j] becomes T through (edge, from); assignLabel makes its mate child S.
      const x = this.other(edge, from);
      this.label[x] = FREE;
      this.assignLabel(x, T_LABEL, edge, from);
      // Step over the matched pair to the next T child.
      let nextEdge: number;
      let nextFrom: number;
      if (forward) {
        // childs[j] —edges[j]— childs[j+1] (matched) —edges[j+1]— childs[j+2]
        this.allow(edges[j]);
        const e = edges[(j + 1) % len];
        nextEdge = e;
        nextFrom = ends[(j + 1) % len];
        j = (j + 2) % len;
      } else {
        // childs[j] —edges[j−1]— childs[j−1] (matched) —edges[j−2]— childs[j−2]
        this.allow(edges[j - 1]);
        const e = edges[j - 2];
        nextEdge = e;
        nextFrom = this.other(e, ends[j - 2]);
        j -= 2;
      }
      this.allow(nextEdge);
      edge = nextEdge;
      from = nextFrom;
    }
    // The base child becomes T without relabelling its mate, which is already S outside this blossom.
    const baseChild = childs[0];
    const x = this.other(edge, from);
    this.label[x] = T_LABEL;
    this.label[baseChild] = T_LABEL;
    if (baseChild >= n) this.listBlossom(baseChild);
    this.labelEdge[x] = edge;
    this.labelEdge[baseChild] = edge;
    this.labelFrom[x] = from;
    this.labelFrom[baseChild] = from;
    this.bestEdge[baseChild] = -1;
    // The children off the path.
    let i = forward ? 1 : len - 1;
    const step = forward ? 1 : -1;
    while (childs[i] !== entryChild) {
      const c = childs[i];
      i = (i + step + len) % len;
      if (this.label[c] === S_LABEL) continue;
      let reached = -1;
      const last = this.leafTail[c];
      for (let x = this.leafHead[c]; ; x = this.nextLeaf[x]) {
        if (this.label[x] !== FREE) {
          reached = x;
          break;
        }
        if (x === last) break;
      }
      if (reached >= 0) {
        this.label[reached] = FREE;
        this.assignLabel(reached, T_LABEL, this.labelEdge[reached], this.labelFrom[reached]);
      }
    }
  }

  /** Swaps matched and unmatched edges inside blossom b so that vertex v becomes its base. */
  private augmentBlossom(b: number, v: number): void {
    const n = this.n;
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t];
    if (t >= n) this.augmentBlossom(t, v);
    const childs = this.childs[b - n];
    const edges = this.blossomEdges[b - n];
    const ends = this.blossomEnds[b - n];
    const len = this.childCount[b - n];
    let i = 0;
    while (childs[i] !== t) i++;
    let j = i;
    const forward = (i & 1) === 1;
    while (j !== 0) {
      let e: number;
      let x: number; // endpoint in the nearer child
      let y: number; // endpoint in the farther child
      let near: number;
      let far: number;
      if (forward) {
        near = childs[(j + 1) % len];
        far = childs[(j + 2) % len];
        e = edges[(j + 1) % len];
        x = ends[(j + 1) % len];
        y = this.other(e, x);
        j = (j + 2) % len;
      } else {
        near = childs[j - 1];
        far = childs[j - 2];
        e = edges[j - 2];
        y = ends[j - 2];
        x = this.other(e, y);
        j -= 2;
      }
      if (near >= n) this.augmentBlossom(near, x);
      if (far >= n) this.augmentBlossom(far, y);
      this.mateEdge[x] = e;
      this.mateEdge[y] = e;
    }
    if (i > 0) {
      // Rotate the children (and their edges) so that t's comes first, in place.
      rotateLeft(childs, i, len, this.rotation);
      rotateLeft(edges, i, len, this.rotation);
      rotateLeft(ends, i, len, this.rotation);
    }
    // The children may have rotated (here or inside them): b's vertices follow their new order.
    this.linkLeaves(b);
    this.blossomBase[b] = v;
  }

  /** Augments along the path through edge k between S-vertices v and w (in different trees). */
  private augmentMatching(k: number, v: number, w: number): void {
    for (const start of [v, w]) {
      let s = start;
      let e = k;
      for (;;) {
        const bs = this.repTop[this.vertexRep[s]];
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mateEdge[s] = e;
        if (this.labelEdge[bs] === -1) break;
        const t = this.labelFrom[bs];
        const bt = this.repTop[this.vertexRep[t]];
        e = this.labelEdge[bt];
        s = this.labelFrom[bt];
        const j = this.other(e, s);
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mateEdge[j] = e;
      }
    }
  }

  solve(firstTries: boolean): BlossomState {
    const n = this.n;
    const { dual, label, blossomParent } = this;
    let rootCount = 0;
    for (let v = 0; v < n; v++) if (this.mateEdge[v] === -1) this.roots[rootCount++] = v;
    // Each stage is first tried without keeping the least-slack edges (issue 28): they serve only a dual change, and a
    // congress round's large solves run some 500 stages, most of which augment before any (round 8 of the 2,000-player
    // field: 51 dual changes in 513 stages), while keeping them was about half of the work of shrinking a blossom. What
    // the trees do — labels, tight edges, blossoms, the augmenting path — never reads them, so a try that augments has
    // done exactly what the stage does. A try whose queue runs dry (a dual change is due) is undone — its blossoms
    // dissolved in reverse order, which also gives their slots back in order — and the stage runs again from the same
    // start, keeping them, as always. A stage is tried so only after one that needed no dual change.
    let tryFirst = firstTries;
    for (;;) {
      rootCount = this.startStage(rootCount);
      let augmented = false;
      let dualsChanged = false;
      if (tryFirst) {
        this.tryingWithoutDuals = true;
        this.formedCount = 0;
        augmented = this.scanQueue();
        this.tryingWithoutDuals = false;
        if (!augmented) {
          for (let i = this.formedCount - 1; i >= 0; i--) {
            this.expandBlossom(this.formed[i], false);
            if (this.verifyTops) this.checkTops();
          }
          rootCount = this.startStage(rootCount);
        }
      }
      if (!augmented) {
        for (;;) {
          augmented = this.scanQueue();
          if (augmented) break;
          // No tight edge left to grow along: change the duals, or stop.
          dualsChanged = true;
          if (!this.changeDuals()) break;
        }
      }
      if (!augmented) break;
      tryFirst = firstTries && !dualsChanged;
      // End of stage: S-blossoms whose dual fell to zero are no longer needed (expanded in index order; every
      // labelled blossom was listed this stage).
      let spent = 0;
      const candidates = this.spent;
      for (let i = 0; i < this.blossomCount; i++) {
        const b = this.blossoms[i];
        if (blossomParent[b] === -1 && this.blossomBase[b] >= 0 && label[b] === S_LABEL && dual[b] === 0) {
          candidates[spent++] = b;
        }
      }
      // Ascending, as a sort of the distinct indices gave them, in place (a stage leaves a few: no view, no sort call).
      for (let i = 1; i < spent; i++) {
        const b = candidates[i];
        let j = i - 1;
        for (; j >= 0 && candidates[j] > b; j--) candidates[j + 1] = candidates[j];
        candidates[j + 1] = b;
      }
      for (let i = 0; i < spent; i++) {
        this.expandBlossom(candidates[i], true);
        if (this.verifyTops) this.checkTops();
      }
    }
    const duals = this.exportDuals();
    trimSlots(n);
    return { mateEdge: this.mateEdge, duals };
  }

  /**
   * Starts a stage: clears what the last one (or the last try) labelled, and labels every free vertex S, the root of
   * an alternating tree, in ascending order. Returns how many roots remain (the first ones of `roots`).
   */
  private startStage(rootCount: number): number {
    const { label, repTop, vertexRep, tree, blossoms, holders, bestListLength, bestEdge, mateEdge, roots } = this;
    // Read from locals (issue 28: a congress round's large solve clears and labels a thousand roots a stage).
    for (let i = 0, count = this.treeCount; i < count; i++) label[tree[i]] = FREE;
    for (let i = 0, count = this.blossomCount; i < count; i++) {
      const b = blossoms[i];
      label[b] = FREE;
      bestListLength[b] = -1;
    }
    for (let i = 0, count = this.holderCount; i < count; i++) bestEdge[holders[i]] = -1;
    this.treeCount = 0;
    this.blossomCount = 0;
    this.holderCount = 0;
    this.stage++;
    this.queueLength = 0;
    // Vertices once matched stay matched: the roots are the last stage's roots still unmatched, ascending.
    let kept = 0;
    for (let i = 0; i < rootCount; i++) {
      const v = roots[i];
      if (mateEdge[v] !== -1) continue;
      roots[kept++] = v;
      const b = repTop[vertexRep[v]];
      if (label[b] !== FREE) continue;
      // A root outside any blossom (most of them): what assignLabel(v, S_LABEL, −1, −1) does for a vertex, in place.
      if (b === v) this.labelRoot(v);
      else this.assignLabel(v, S_LABEL, -1, -1);
    }
    return kept;
  }

  /**
   * Grows the alternating trees from the queued S-vertices along tight edges (labelling, shrinking blossoms) until the
   * queue is empty, remembering each non-tight edge's least slack for the next dual change; true when it augmented.
   * This loop visits every edge of every S-vertex once a stage, so it reads only typed arrays held in locals.
   */
  private scanQueue(): boolean {
    const g = this.g;
    const { dual, label, repTop, vertexRep, bestEdge, bestSlack, allowedStage, stage, holders, holderStage } = this;
    // Compared with true once here: tested as it was read, the field took a general truth test at every edge passed
    // over (perf, issue 28).
    const tryingWithoutDuals = this.tryingWithoutDuals === true;
    const { adjacencyStart, adjacencyEdge, adjacencyOther, adjacencyWeight2 } = g;
    while (this.queueLength > 0) {
      const v = this.queue[--this.queueLength];
      // Vertex duals change only between scans (changeDuals), so v's dual is fixed for its scan, and v's top-level
      // blossom changes only when a blossom is added.
      const dv = dual[v];
      // v and w lie in one top-level blossom exactly when they point at one representative (`vertexRep`: every vertex
      // of a top-level blossom points at its representative, and two blossoms never share one; `checkTops` verifies
      // it), so the blossom itself is looked up only for an edge leaving v's (issue 28: two thirds of the edges a
      // 2,000-player round's solves scan lie inside the scanning vertex's blossom).
      let rv = vertexRep[v];
      let bv = repTop[rv];
      const end = adjacencyStart[v + 1];
      for (let a = adjacencyStart[v]; a < end; a++) {
        const w = adjacencyOther[a];
        const rw = vertexRep[w];
        if (rv === rw) continue;
        const k = adjacencyEdge[a];
        if (allowedStage[k] !== stage) {
          const kslack = dv + dual[w] - adjacencyWeight2[a];
          if (kslack > 0) {
            // Not tight: remember the least-slack edge to an S-blossom (delta3) or to a free vertex (delta2); of equal
            // slacks the first scanned is kept. Not in a first try (`tryingWithoutDuals`), which never changes the duals.
            if (tryingWithoutDuals) continue;
            if (label[repTop[rw]] === S_LABEL) {
              if (bestEdge[bv] === -1 || kslack < bestSlack[bv]) {
                // `listHolder` written out (V8 called it here rather than inline it, perf: issue 28).
                if (bestEdge[bv] === -1 && holderStage[bv] !== stage) {
                  holderStage[bv] = stage;
                  holders[this.holderCount++] = bv;
                }
                bestEdge[bv] = k;
                bestSlack[bv] = kslack;
              }
            } else if (label[w] === FREE) {
              if (bestEdge[w] === -1 || kslack < bestSlack[w]) {
                if (bestEdge[w] === -1 && holderStage[w] !== stage) {
                  holderStage[w] = stage;
                  holders[this.holderCount++] = w;
                }
                bestEdge[w] = k;
                bestSlack[w] = kslack;
              }
            }
            continue;
          }
          allowedStage[k] = stage;
        }
        const lw = label[repTop[rw]];
        if (lw === FREE) {
          this.assignLabel(w, T_LABEL, k, v);
        } else if (lw === S_LABEL) {
          const base = this.scanBlossom(v, w);
          if (base < 0) {
            this.augmentMatching(k, v, w);
            return true;
          }
          this.addBlossom(base, k, v, w);
          rv = vertexRep[v];
          bv = repTop[rv];
        } else if (label[w] === FREE) {
          // w sits inside a T-blossom: remember how it was reached in case the blossom expands.
          label[w] = T_LABEL;
          this.labelEdge[w] = k;
          this.labelFrom[w] = v;
        }
      }
    }
    return false;
  }

  /**
   * Changes the duals by the largest amount that keeps them feasible and acts on what limited it: a new tight edge is
   * queued, or a T-blossom whose dual reached zero is expanded. False when the stage must end without augmenting
   * (default mode: a vertex dual reached zero; max-cardinality mode: no augmenting path remains).
   */
  private changeDuals(): boolean {
    const n = this.n;
    const g = this.g;
    const { dual, label, repTop, vertexRep, bestEdge, bestSlack, blossomParent, blossomBase, holders, blossoms, tree } = this;
    // The least delta of each kind, the lowest index on ties (vertices before blossoms for delta3, as their indices
    // are); the kinds are then compared in the order 1, 2, 3, 4, a later kind winning only when strictly smaller.
    // Only listed holders and blossoms can qualify: the lists hold every one that gained an edge or a label.
    let d2 = 0;
    let e2 = -1;
    let x2 = -1;
    let d3 = 0;
    let e3 = -1;
    let x3 = -1;
    let d4 = 0;
    let b4 = -1;
    for (let i = 0; i < this.holderCount; i++) {
      const x = holders[i];
      const e = bestEdge[x];
      if (e === -1) continue;
      if (x < n && label[repTop[vertexRep[x]]] === FREE) {
        // delta2: a free vertex's least-slack edge to an S-vertex.
        const d = bestSlack[x];
        if (e2 === -1 || d < d2 || (d === d2 && x < x2)) {
          d2 = d;
          e2 = e;
          x2 = x;
        }
      } else if (blossomParent[x] === -1 && label[x] === S_LABEL && (x < n || blossomBase[x] >= 0)) {
        // delta3: a top-level S-blossom's (or S-vertex's) least-slack edge to another S-blossom.
        const d = bestSlack[x] / 2;
        if (e3 === -1 || d < d3 || (d === d3 && x < x3)) {
          d3 = d;
          e3 = e;
          x3 = x;
        }
      }
    }
    for (let i = 0; i < this.blossomCount; i++) {
      const b = blossoms[i];
      if (blossomParent[b] !== -1 || blossomBase[b] < 0 || label[b] !== T_LABEL) continue;
      // delta4: a T-blossom's dual reaching zero.
      const d = dual[b] / 2;
      if (b4 === -1 || d < d4 || (d === d4 && b < b4)) {
        d4 = d;
        b4 = b;
      }
    }
    let deltaType = -1;
    let delta = 0;
    let deltaEdge = -1;
    let deltaBlossom = -1;
    if (this.mode !== 'max-cardinality') {
      deltaType = 1;
      delta = dual[0];
      for (let v = 1; v < n; v++) if (dual[v] < delta) delta = dual[v];
    }
    if (e2 !== -1 && (deltaType === -1 || d2 < delta)) {
      delta = d2;
      deltaType = 2;
      deltaEdge = e2;
    }
    if (e3 !== -1 && (deltaType === -1 || d3 < delta)) {
      delta = d3;
      deltaType = 3;
      deltaEdge = e3;
    }
    if (b4 !== -1 && (deltaType === -1 || d4 < delta)) {
      delta = d4;
      deltaType = 4;
      deltaBlossom = b4;
    }
    // Max-cardinality mode: no augmenting path exists any more.
    if (deltaType === -1) return false;
    this.totalDelta += delta;
    if (this.totalDelta > this.deltaLimit) {
      throw new RangeError('dual values would exceed 2^53: reduce the weight range');
    }
    // Only vertices of labelled blossoms change (every one of them is listed in `tree`).
    for (let i = 0; i < this.treeCount; i++) {
      const v = tree[i];
      const l = label[repTop[vertexRep[v]]];
      if (l === S_LABEL) dual[v] -= delta;
      else if (l === T_LABEL) dual[v] += delta;
    }
    for (let i = 0; i < this.blossomCount; i++) {
      const b = blossoms[i];
      if (blossomBase[b] >= 0 && blossomParent[b] === -1) {
        if (label[b] === S_LABEL) dual[b] += 2 * delta;
        else if (label[b] === T_LABEL) dual[b] -= 2 * delta;
      }
    }
    // The remembered least slacks follow the duals (vertex duals only: exactly slack(bestEdge[x])).
    const { edgeU, edgeV, weight2 } = g;
    for (let i = 0; i < this.holderCount; i++) {
      const x = holders[i];
      const e = bestEdge[x];
      if (e !== -1) bestSlack[x] = dual[edgeU[e]] + dual[edgeV[e]] - weight2[e];
    }
    if (deltaType === 1) return false;
    if (deltaType === 2 || deltaType === 3) {
      this.allow(deltaEdge);
      let i = g.edgeU[deltaEdge];
      if (label[repTop[vertexRep[i]]] !== S_LABEL) i = g.edgeV[deltaEdge];
      this.pushQueue(i);
    } else {
      this.expandBlossom(deltaBlossom, false);
      if (this.verifyTops) this.checkTops();
    }
    return true;
  }

  private exportDuals(): MatchingDuals {
    const n = this.n;
    const live: number[] = [];
    const index = new Int32Array(2 * n).fill(-1);
    for (let b = n; b < 2 * n; b++) {
      if (this.blossomBase[b] >= 0) {
        index[b] = live.length;
        live.push(b);
      }
    }
    const blossomDual = new Float64Array(live.length);
    const blossomParent = new Int32Array(live.length);
    const vertexBlossom = new Int32Array(n).fill(-1);
    live.forEach((b, i) => {
      blossomDual[i] = this.dual[b];
      const p = this.blossomParent[b];
      blossomParent[i] = p >= 0 ? index[p] : -1;
      const childs = this.childs[b - n];
      for (let ci = 0; ci < this.childCount[b - n]; ci++) if (childs[ci] < n) vertexBlossom[childs[ci]] = i;
    });
    return { vertex: this.dual.slice(0, n), blossomDual, blossomParent, vertexBlossom };
  }
}
