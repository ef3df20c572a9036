/**
 * Whether a pair of the `optimal` draw "could not be avoided" — checked, never assumed. The report says a pair (the
 * same city, club, country or family; a repeat; a player drawn down again) could not be avoided only when a re-draw
 * that forbids it, with everything else the same, costs more on a priority ABOVE the one concerned (or has no
 * complete pairing at all). Otherwise the pair was kept by the priority itself or one below it, and the report says
 * so — "kept because avoiding it would cost …" — with what the best draw avoiding it costs, in the words of the
 * priorities (./optimalWeights).
 *
 * Why: a director forced two other pairs, got the same total MMS difference with no same-club game, while the report
 * had said the same-club pair "could not be avoided" (issue 11). A claim in the report must survive that test.
 *
 * Cost: a check first re-pairs the score groups concerned (small), then asks whether any complete pairing avoids the
 * pair (one augmenting search); only a line that would claim unavoidability at a cost re-draws the whole field (over the priorities above the concern, then once more down to it when it turns out
 * avoidable), at most `MAX_REDRAWS` a round; a line beyond the bound says it was not re-checked and claims nothing.
 */
import type { PlayerId } from '../../model/tournament';
import { CompatibilityGraph } from '../../pairing/feasibility';
import { formatHalves, type PairingHistory } from '../../pairing/history';
import { augmentToMaximumCardinality, lexicographicPerfectMatching, type AllowedPairs, type CostTier } from '../../pairing/matching';
import type { OptimalTiers } from './optimalWeights';

/**
 * The most whole-field re-draws one round's report makes (each one or two matchings of the field, about a third of
 * the draw's own time each): bounded so that a 700-player round stays fast (`npm run bench`).
 */
export const MAX_REDRAWS = 2;

/**
 * The largest field whose report re-draws the whole field at all. Measured (`npm run bench`, EGC 2024, 710 players):
 * two whole-field re-draws a round took the draw from about 120 ms to about 300 ms a round, past the 150 ms the draw
 * must keep; the score-group re-pairing and the feasibility search stay cheap at any size. A club or a national
 * tournament, where a director reads every line of the report, is far below this.
 */
export const WHOLE_FIELD_REDRAW_LIMIT = 250;

/**
 * Whole-field feasibility searches (no weights, one augmenting search each) a round's report may make, in a field up
 * to `WHOLE_FIELD_REDRAW_LIMIT` (a larger one makes none: each search weighs every pair of the field, about 10 ms at
 * 710 players, eight of them a third of the draw's own time).
 */
const MAX_SEARCHES = 8;

/** The draw being explained: its field, what it allowed, and its pairs (vertex pairs of `tiers`). */
export interface DrawUnderReview {
  readonly h: PairingHistory;
  readonly tiers: OptimalTiers;
  readonly allowed: (i: number, j: number) => boolean;
  readonly pairs: readonly (readonly [PlayerId, PlayerId])[];
  readonly maxSpread?: number;
}

/** The outcome of one check. */
export type Avoidance =
  /** No complete pairing of the field avoids it. */
  | { readonly verdict: 'unavoidable'; readonly noPairing: true }
  /** Every draw avoiding it costs more on a priority above the one concerned: `cost` says the first. */
  | { readonly verdict: 'unavoidable'; readonly noPairing?: false; readonly cost: string; readonly tier: string }
  /** A draw avoiding it costs the same above the concern; `cost` is what it costs there or below (null: nothing). */
  | { readonly verdict: 'kept'; readonly cost: string | null }
  /** Not re-drawn: the round's bound on checks was reached. */
  | { readonly verdict: 'unchecked' };

/**
 * Re-draws the report of one round. A check first re-pairs only the score groups of the players concerned (and the
 * partners they hold): when that already avoids the pair at the same cost above the concern, the pair was not
 * unavoidable, and what that re-pairing costs is said. Only when it does not is the whole field re-drawn — the one
 * way to prove "could not be avoided" — at most `maxRedraws` times a round.
 */
export class AvoidabilityChecker {
  private readonly costTiers: readonly CostTier[];
  /** The draw's totals on every tier (read when a whole-field re-draw is compared with it). */
  private currentTotals: number[] | null = null;
  /** The tiers' candidates, then the draw's pairs (a whole-field re-draw's candidates). */
  private allCandidates: { u: number; v: number }[] | null = null;
  private readonly mate: Int32Array;
  /** The draw's pairs as vertices, in the order given (`drawU[p]`–`drawV[p]`). */
  private readonly drawU: Int32Array;
  private readonly drawV: Int32Array;
  /** The draw's pairs by their lower vertex, ascending (each v with mate[v] > v). */
  private readonly lows: Int32Array;
  /** `pairCosts[k][v]`: tier k's cost of the draw's pair (v, mate[v]), v its lower vertex — read once, when first needed. */
  private readonly pairCosts: (Float64Array | null)[];
  /** `byCost[k]`: the draw's pairs by their lower vertex, in descending order of tier k's cost (`byCostOf`). */
  private readonly byCost: (Int32Array | undefined)[] = [];
  /**
   * The tiers' candidates (`OptimalTiers.candidates`, listed by their `u` ascending) of vertex u are
   * `tierCandidates[candidateStart[u] … candidateStart[u + 1])`, so a part's candidates are read from its own vertices;
   * null when the list is not in that order (then it is scanned whole, as before).
   */
  private readonly tierCandidates: readonly { readonly u: number; readonly v: number }[];
  private candidateStart: Int32Array | null | undefined = undefined;
  /** Scratch, one per vertex, left as it was found after each use: a mark (0) and a part's index (-1). */
  private readonly marks: Uint8Array;
  private readonly partIndex: Int32Array;
  private redraws = 0;
  /** Whole-field feasibility searches so far (bounded at `MAX_SEARCHES`). */
  private searches = 0;

  constructor(
    private readonly draw: DrawUnderReview,
    private readonly maxRedraws = draw.tiers.size <= WHOLE_FIELD_REDRAW_LIMIT ? MAX_REDRAWS : 0,
  ) {
    const t = draw.tiers;
    this.costTiers = t.tiers();
    this.mate = new Int32Array(t.size).fill(-1);
    this.drawU = new Int32Array(draw.pairs.length);
    this.drawV = new Int32Array(draw.pairs.length);
    draw.pairs.forEach(([a, b], p) => {
      const u = t.vertex(a);
      const v = t.vertex(b);
      this.mate[u] = v;
      this.mate[v] = u;
      this.drawU[p] = u;
      this.drawV[p] = v;
    });
    const lows: number[] = [];
    for (let v = 0; v < t.size; v++) if (this.mate[v] > v) lows.push(v);
    this.lows = Int32Array.from(lows);
    this.pairCosts = this.costTiers.map(() => null);
    this.tierCandidates = t.candidates();
    this.marks = new Uint8Array(t.size);
    this.partIndex = new Int32Array(t.size).fill(-1);
  }

  /** The draw's totals on every tier, over all its pairs. */
  private get current(): number[] {
    this.currentTotals ??= this.totalsOf(this.costTiers.length, [...this.mate.keys()]);
    return this.currentTotals;
  }

  /** The tiers' candidates, then the draw's pairs (in the order given). */
  private get candidates(): { u: number; v: number }[] {
    this.allCandidates ??= [...this.tierCandidates, ...Array.from(this.drawU, (u, p) => ({ u, v: this.drawV[p] }))];
    return this.allCandidates;
  }

  /** Tier k's cost of each pair of the draw, by its lower vertex (`pairCosts`). */
  private costsOf(k: number): Float64Array {
    let costs = this.pairCosts[k];
    if (costs === null) {
      costs = new Float64Array(this.mate.length);
      for (const v of this.lows) costs[v] = this.pairCost(k, v, this.mate[v]);
      this.pairCosts[k] = costs;
    }
    return costs;
  }

  /** Whole-field re-draws made so far. */
  get count(): number {
    return this.redraws;
  }

  /** The tier index of a priority by name (-1 when the draw has no such priority). */
  tierIndex(name: string): number {
    return this.costTiers.findIndex((c) => c.name === name);
  }

  /**
   * Whether the pairs `forbid` names can be avoided at the same cost on every priority above `concern` (a tier name
   * of ./optimalWeights). `forbid(i, j)` (vertices of the draw's tiers, i < j) must reject a pair of the draw held by
   * one of the players `involved` (their score groups are re-paired first).
   */
  check(concern: string, forbid: (i: number, j: number) => boolean, involved: readonly PlayerId[]): Avoidance {
    const index = this.tierIndex(concern);
    const t = this.draw.tiers;
    if (index < 0 || t.size === 0) return { verdict: 'unchecked' };
    const allowed = (i: number, j: number) => this.draw.allowed(i, j) && !forbid(i, j);

    // 1. Re-pair the score groups of the players concerned, everyone else keeping his partner.
    const local = this.localVertices(involved.map((id) => t.vertex(id)));
    const before = this.totalsOf(index + 1, local);
    const after = this.redraw(allowed, index + 1, local);
    // A bottleneck tier (the largest gap) is the field's largest, not the score groups': the pairs outside count too,
    // or a smaller largest inside the groups would pass for a better draw.
    if (after !== null) this.withOutside(local, before, after);
    if (after !== null && this.firstWorse(after, before, 0, index) === null) {
      const cost = this.firstWorse(after, before, index, index + 1);
      return { verdict: 'kept', cost: cost === null ? null : `${cost} (re-pairing its score group${local.length > 2 ? 's' : ''})` };
    }

    // 2. Is there a complete pairing without it at all? One augmenting search from the draw less the forbidden pairs
    //    (./feasibility, no weights) answers at once.
    if (this.searches >= (this.maxRedraws > 0 ? MAX_SEARCHES : 0)) return { verdict: 'unchecked' };
    this.searches++;
    const hint = Int32Array.from(this.mate);
    for (let v = 0; v < t.size; v++) {
      const w = hint[v];
      if (w > v && forbid(v, w)) {
        hint[v] = -1;
        hint[w] = -1;
      }
    }
    const active = new Array<boolean>(t.size).fill(true);
    if (new CompatibilityGraph(t.size, allowed).perfectMatching(active, hint) === null) return { verdict: 'unavoidable', noPairing: true };

    // 3. The whole field, over the priorities above the concern: the only proof that it could not be avoided.
    if (this.redraws >= this.maxRedraws) return { verdict: 'unchecked' };
    this.redraws++;
    const all = [...this.mate.keys()];
    if (index === 0) {
      const whole = this.redraw(allowed, 1, all);
      if (whole === null) return { verdict: 'unavoidable', noPairing: true };
      return { verdict: 'kept', cost: this.firstWorse(whole, this.current, 0, 1) };
    }
    const above = this.redraw(allowed, index, all);
    if (above === null) return { verdict: 'unavoidable', noPairing: true };
    const worse = this.firstWorse(above, this.current, 0, index);
    if (worse !== null) return { verdict: 'unavoidable', cost: worse, tier: this.firstWorseTier(above, this.current, 0, index) as string };
    const down = this.redraw(allowed, index + 1, all);
    return { verdict: 'kept', cost: down === null ? null : this.firstWorse(down, this.current, index, index + 1) };
  }

  /** For each bottleneck tier, both local totals raised to the largest cost of the draw's pairs outside `local`. */
  private withOutside(local: readonly number[], before: number[], after: number[]): void {
    const inside = this.marks;
    for (const v of local) inside[v] = 1;
    for (let k = 0; k < before.length; k++) {
      if (!this.costTiers[k].bottleneck) continue;
      const costs = this.costsOf(k);
      // The draw's pairs by cost, the largest first: the first one outside is the largest outside (0 when none),
      // found in a step or two, not by a pass over the field per check (issue 28: 2,000 players, dozens of checks).
      const outside = largestOutside(this.byCostOf(k, costs), costs, inside);
      before[k] = Math.max(before[k], outside);
      after[k] = Math.max(after[k], outside);
    }
    for (const v of local) inside[v] = 0;
  }

  /** The draw's pairs (their lower vertices) in order of tier k's `costs`, the largest first: kept per tier. */
  private byCostOf(k: number, costs: Float64Array): Int32Array {
    let order = this.byCost[k];
    if (order === undefined) {
      order = Int32Array.from(this.lows).sort((a, b) => costs[b] - costs[a] || a - b);
      this.byCost[k] = order;
    }
    return order;
  }

  /** The players of the score groups of `vertices`, with the partners they hold (so the rest stays a pairing). */
  private localVertices(vertices: readonly number[]): number[] {
    const t = this.draw.tiers;
    // The field is in score order (./optimalWeights), so a score group is the one run of vertices `position` and
    // `groupSize` describe: every player of that score, read without a pass over the field.
    const chosen = this.marks;
    const out: number[] = [];
    const choose = (v: number) => {
      if (v >= 0 && chosen[v] === 0) {
        chosen[v] = 1;
        out.push(v);
      }
    };
    for (const x of vertices) {
      const first = x - t.position[x];
      for (let v = first; v < first + t.groupSize[x]; v++) {
        choose(v);
        choose(this.mate[v]);
      }
    }
    for (const v of out) chosen[v] = 0;
    return out.sort((a, b) => a - b);
  }

  /** The draw's totals on the first `upTo` tiers over its pairs inside `vertices`. */
  private totalsOf(upTo: number, vertices: readonly number[]): number[] {
    const totals = new Array<number>(upTo).fill(0);
    for (const v of vertices) {
      const w = this.mate[v];
      if (w <= v) continue;
      for (let k = 0; k < upTo; k++) {
        const known = this.pairCosts[k];
        const c = known === null ? this.pairCost(k, v, w) : known[v];
        // A bottleneck tier (the largest gap) is the largest cost of a pair, not the sum (../../pairing/matching).
        totals[k] = this.costTiers[k].bottleneck ? Math.max(totals[k], c) : totals[k] + c;
      }
    }
    return totals;
  }

  private pairCost(k: number, i: number, j: number): number {
    const t = this.draw.tiers;
    // The repeats tier weighs meetings only when repeats are allowed, as `OptimalTiers.evaluate` counts them.
    if (this.costTiers[k].name === 'repeats') return t.meetings(i, j);
    return this.costTiers[k].cost(i, j);
  }

  /**
   * The candidates of a part (`vertices` ascending) as its own indices: those of `candidates` with both ends in it, in
   * the same order. The tiers' candidates come by their u ascending, so those of the part's vertices are read from each
   * one's own run (not a pass over the field's list); then the draw's pairs.
   */
  private partCandidates(vertices: readonly number[]): { u: number; v: number }[] {
    const local = this.partIndex;
    vertices.forEach((v, x) => (local[v] = x));
    this.candidateStart ??= candidateIndex(this.tierCandidates, this.mate.length);
    const start = this.candidateStart;
    const out: { u: number; v: number }[] = [];
    const all = start === null ? this.candidates : this.tierCandidates;
    if (start === null) {
      for (let k = 0; k < all.length; k++) {
        const c = all[k];
        if (local[c.u] >= 0 && local[c.v] >= 0) out.push({ u: local[c.u], v: local[c.v] });
      }
    } else {
      for (const u of vertices) {
        for (let k = start[u]; k < start[u + 1]; k++) {
          const c = all[k];
          if (local[c.v] >= 0) out.push({ u: local[u], v: local[c.v] });
        }
      }
      for (let p = 0; p < this.drawU.length; p++) {
        const u = local[this.drawU[p]];
        const v = local[this.drawV[p]];
        if (u >= 0 && v >= 0) out.push({ u, v });
      }
    }
    for (const v of vertices) local[v] = -1;
    return out;
  }

  /** The draw's pairs inside a part (`vertices` ascending, holding each one's partner) as its own indices. */
  private partMate(vertices: readonly number[]): Int32Array {
    const local = this.partIndex;
    vertices.forEach((v, x) => (local[v] = x));
    const mate = new Int32Array(vertices.length);
    for (let x = 0; x < vertices.length; x++) mate[x] = local[this.mate[vertices[x]]];
    for (const v of vertices) local[v] = -1;
    return mate;
  }

  /** The tier totals of the best pairing of `vertices` over `allowed`, on the first `upTo` tiers; null if none. */
  private redraw(allowed: (i: number, j: number) => boolean, upTo: number, vertices: readonly number[]): number[] | null {
    const whole = vertices.length === this.draw.tiers.size;
    // A part's pair list (u, v) as the field's vertices: the last list mapped is kept (the matcher reads every tier of
    // a stage over the same list, and never changes a list it has handed over).
    let mappedFrom: Int32Array | null = null;
    let mappedFromV: Int32Array | null = null;
    let mappedCount = -1;
    let mapped = { u: new Int32Array(0), v: new Int32Array(0) };
    const inField = (u: Int32Array, v: Int32Array, count: number): { u: Int32Array; v: Int32Array } => {
      if (u !== mappedFrom || v !== mappedFromV || count !== mappedCount) {
        const gu = new Int32Array(count);
        const gv = new Int32Array(count);
        for (let p = 0; p < count; p++) {
          gu[p] = vertices[u[p]];
          gv[p] = vertices[v[p]];
        }
        mappedFrom = u;
        mappedFromV = v;
        mappedCount = count;
        mapped = { u: gu, v: gv };
      }
      return mapped;
    };
    // The whole field: the tiers as they are (no index mapping on the matcher's n² calls); a part: mapped.
    const tiers: CostTier[] = whole
      ? this.costTiers.slice(0, upTo).map((c) => (c.name === 'repeats' ? { name: c.name, cost: (i: number, j: number) => this.draw.tiers.meetings(i, j) } : c))
      : this.costTiers.slice(0, upTo).map((c, k) => {
          // `vertices` ascend, so a part's pair i < j is the field's pair vertices[i] < vertices[j]: its costs are
          // read many at once through the field's own batch (the repeats tier counts meetings, as `pairCost`), the
          // pairs mapped to the field's vertices once per list the matcher reads (all its tiers of a stage read one).
          const fieldTiers = this.draw.tiers;
          // The repeats tier counts meetings (`pairCost`), read many at once as well.
          const repeats = c.name === 'repeats';
          const batch = repeats
            ? (u: Int32Array, v: Int32Array, count: number, out: Int32Array) => {
                for (let p = 0; p < count; p++) out[p] = fieldTiers.meetings(u[p], v[p]);
              }
            : c.costs;
          // The field's bounds hold for its part (speed only, CostTier `maxCost` and `zero`: the matcher's totals, all a
          // re-draw reads, are the one lexicographic optimum's whatever it reads first). The repeats tier here counts
          // meetings: 0 everywhere only when repeats are allowed and nobody has met (otherwise it is read).
          const zero = c.zero === true && (!repeats || fieldTiers.options.allowRepeats === true);
          return {
            name: c.name,
            bottleneck: c.bottleneck,
            ...(c.maxCost !== undefined && !repeats ? { maxCost: c.maxCost } : {}),
            ...(zero ? { zero: true } : {}),
            cost: (i: number, j: number) => (vertices[i] < vertices[j] ? this.pairCost(k, vertices[i], vertices[j]) : this.pairCost(k, vertices[j], vertices[i])),
            ...(batch
              ? {
                  costs: (u: Int32Array, v: Int32Array, count: number, out: Int32Array) => {
                    const field = inField(u, v, count);
                    batch(field.u, field.v, count, out);
                  },
                }
              : {}),
          };
        });
    const permitted = whole ? allowed : (i: number, j: number) => (vertices[i] < vertices[j] ? allowed(vertices[i], vertices[j]) : allowed(vertices[j], vertices[i]));
    // A part's pairs listed once (the matcher reads the same list as from `permitted`: the same answer), and asked first
    // whether they hold a complete pairing at all: forbidding a float often leaves none, and the matcher would learn
    // it only after weighing its first stage and two solves (issue 28: a third of the part re-draws of an EGC round).
    let pairs: AllowedPairs | ((i: number, j: number) => boolean) = permitted;
    if (!whole) {
      const list = listPairs(vertices.length, permitted);
      if (!holdsPerfectMatching(list, this.partMate(vertices))) return null;
      pairs = list;
    }
    const candidates = whole ? this.candidates : this.partCandidates(vertices);
    let solved;
    try {
      solved = lexicographicPerfectMatching(vertices.length, pairs, tiers, { maxSpread: this.draw.maxSpread, candidates });
    } catch (e) {
      if (e instanceof RangeError) return null;
      throw e;
    }
    if (solved.status !== 'optimal') return null;
    return [...solved.totals];
  }

  /** The name of the first tier in [from, to) where `other` costs more than `base` (as `firstWorse`); null when none. */
  private firstWorseTier(other: readonly number[], base: readonly number[], from: number, to: number): string | null {
    for (let k = from; k < to; k++) {
      const delta = other[k] - base[k];
      if (delta > 0) return this.costTiers[k].name;
      if (delta < 0) return null;
    }
    return null;
  }

  /** The first tier in [from, to) where `other` costs more than `base`, in words; null when none does. */
  private firstWorse(other: readonly number[], base: readonly number[], from: number, to: number): string | null {
    for (let k = from; k < to; k++) {
      const delta = other[k] - base[k];
      if (delta > 0) return describeCost(this.draw.h, this.costTiers[k].name, delta);
      // Better on a tier only if worse on one above it (the draw is optimal over more pairs): nothing more to say.
      if (delta < 0) return null;
    }
    return null;
  }
}

/**
 * The largest `costs[v]` over the vertices v of `byCost` not marked `inside` (0 when none): `byCost` lists them by cost,
 * the largest first, so the first one outside is it. The same as the largest read over every one of them (costs are
 * never negative).
 */
export function largestOutside(byCost: Int32Array, costs: Float64Array, inside: Uint8Array): number {
  for (let p = 0; p < byCost.length; p++) if (inside[byCost[p]] === 0) return costs[byCost[p]];
  return 0;
}

/** The pairs i < j of n vertices that `allowed` accepts, in triangle order, with their rows (as the matcher lists them). */
export function listPairs(n: number, allowed: (i: number, j: number) => boolean): AllowedPairs {
  // Room for every pair of the part (a few score groups: hundreds of pairs), the first `count` written.
  const u = new Int32Array((n * (n - 1)) / 2);
  const v = new Int32Array(u.length);
  const rowStart = new Int32Array(n + 1);
  let count = 0;
  for (let i = 0; i < n; i++) {
    rowStart[i] = count;
    for (let j = i + 1; j < n; j++) {
      if (!allowed(i, j)) continue;
      u[count] = i;
      v[count++] = j;
    }
  }
  rowStart[n] = count;
  return { u, v, count, rowStart };
}

/**
 * Whether the listed pairs hold a perfect matching of their n vertices (`rowStart.length − 1`): a maximum-cardinality
 * search (../../pairing/matching/cardinality) grown from `hint`'s pairs that are listed (a part's own draw, less the pairs
 * a check forbids, is one or two augmentations from perfect). The matcher answers the same (a weighted perfect
 * matching exists exactly when one does), after weighing the pairs.
 */
export function holdsPerfectMatching(list: AllowedPairs, hint: Int32Array): boolean {
  const rows = list.rowStart as Int32Array;
  const n = rows.length - 1;
  if (n % 2 === 1) return false;
  // Each vertex's partners, ascending: in triangle order a vertex first gets those below it, then its own row.
  const start = new Int32Array(n + 1);
  for (let p = 0; p < list.count; p++) {
    start[list.u[p] + 1]++;
    start[list.v[p] + 1]++;
  }
  for (let x = 0; x < n; x++) start[x + 1] += start[x];
  const fill = start.slice(0, n);
  const partners = new Int32Array(2 * list.count);
  for (let p = 0; p < list.count; p++) {
    const a = list.u[p];
    const b = list.v[p];
    partners[fill[a]++] = b;
    partners[fill[b]++] = a;
  }
  const mate = new Int32Array(n).fill(-1);
  for (let x = 0; x < n; x++) {
    const y = hint[x];
    if (y <= x || y >= n || hint[y] !== x) continue;
    // Listed: y among x's partners (ascending).
    let listed = false;
    for (let k = start[x]; k < start[x + 1] && !listed; k++) listed = partners[k] === y;
    if (listed) {
      mate[x] = y;
      mate[y] = x;
    }
  }
  return augmentToMaximumCardinality(n, { start, list: partners }, mate) * 2 === n;
}

/**
 * Where each vertex's run of `candidates` starts (`start[u]` … `start[u + 1]`), when the list comes by its u ascending
 * (as `OptimalTiers.candidates` builds it); null otherwise.
 */
function candidateIndex(candidates: readonly { readonly u: number; readonly v: number }[], n: number): Int32Array | null {
  const start = new Int32Array(n + 1);
  let u = 0;
  for (let k = 0; k < candidates.length; k++) {
    const c = candidates[k];
    if (c.u < u || c.u >= n || c.v < 0 || c.v >= n) return null;
    while (u < c.u) start[++u] = k;
  }
  while (u < n) start[++u] = candidates.length;
  return start;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What `delta` more of a priority means, in a director's words. */
export function describeCost(h: PairingHistory, tier: string, delta: number): string {
  const mms = h.scoreboard.primary === 'mms';
  switch (tier) {
    case 'repeats':
      return delta === 1 ? 'a repeated game' : `${delta} repeated games`;
    case 'score difference':
      return `+${formatHalves(delta)} total ${mms ? 'MMS difference' : 'difference in wins'}`;
    case 'colour: three out':
      return `${plural(delta, 'more player', 'more players')} sent three colours out of balance`;
    case 'largest gap':
      return `a larger gap (${formatHalves(delta)} more than the largest of this draw)`;
    case 'gaps of 2+':
      return `${plural(delta, 'more game', 'more games')} with a score gap of 2 or more`;
    case 'large gaps':
      return `larger score gaps (+${delta} in the sum of the squared differences, in half points)`;
    case 'consecutive float':
      return `${plural(delta, 'more player', 'more players')} drawn up or down in two rounds running`;
    case 'repeated float':
      return `${plural(delta, 'more player', 'more players')} drawn up or down again`;
    case 'cross-group pairs':
      return `${plural(delta, 'more pair', 'more pairs')} across score groups`;
    case 'halves':
      return `${plural(delta, 'more pair', 'more pairs')} inside one half of a score group (not top half against bottom half)`;
    case 'geography':
      return `a closer pair elsewhere (+${delta} in family, city, club or country, at the levels set)`;
    case 'colour':
      return `+${delta} in colour balance (players given again the colour they have had more often)`;
    case 'handicap':
      return `${plural(delta, 'more handicap stone', 'more handicap stones')}`;
    case 'seeding':
      return 'partners further from the seeding order';
    default:
      return `+${delta} ${tier}`;
  }
}

/** What a draw avoiding it still has, when it costs the same down to the concern. */
const AS_MANY: Readonly<Record<string, string>> = {
  geography: 'a draw without it would pair as many players of the same family, city, club or country',
  repeats: 'a draw without it would have as many repeats',
  'repeated float': 'a draw without this float would draw as many players up or down again',
  'consecutive float': 'a draw without this float would draw as many players up or down in two rounds running',
  'large gaps': 'a draw without this pair would have gaps as large',
  'gaps of 2+': 'a draw without this pair would have as many games with a gap of 2 or more',
};

/** The words a report line ends with, for a pair checked by `AvoidabilityChecker.check` on `concern`. */
export function avoidanceWords(a: Avoidance, concern?: string): string {
  switch (a.verdict) {
    case 'unavoidable':
      return a.noPairing ? 'it could not be avoided: no complete pairing of the field avoids it' : `it could not be avoided: avoiding it would cost ${a.cost}`;
    case 'kept':
      return a.cost === null
        ? `kept: ${AS_MANY[concern ?? ''] ?? 'a draw avoiding it is as good down to this priority'}; this one is as good or better on every lower priority`
        : `kept because avoiding it would cost ${a.cost}`;
    case 'unchecked':
      return `kept (not re-checked: the report re-draws the whole field for at most ${MAX_REDRAWS} pairs a round, and only in fields of up to ${WHOLE_FIELD_REDRAW_LIMIT} players)`;
  }
}
