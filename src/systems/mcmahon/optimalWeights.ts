/**
 * The priorities of the `optimal` pairing system, as cost tiers for one lexicographic matching of the whole field
 * (./matching/lexicographic): a tier is considered only among the pairings that tie on every tier above it,
 * so no quantity of a lower concern ever buys a higher one.
 *
 * In order:
 *  1. `repeats` — seeds/mays-swiss-mcmahon-manual.txt, Appendix D, Cardinal Rule No. 2: "No two players can be paired
 *     together twice"; seeds/egf-general-tournament-rules-excerpt.txt: never the same pair twice. By default a repeat
 *     (or a pair the director forbade) is not a pair at all; with `allowRepeats` repeats are counted and minimised.
 *  2. `score difference` — Cardinal Rule No. 3: "Always pair together players with the same current McMahon score, if
 *     possible": the sum over the pairs of |current score difference| in half points (wins in Swiss); then, among
 *     the draws of that least total, `colour: three out` — seeds/egf-general-tournament-rules-excerpt.txt: "Each
 *     player's colour balance shall approach 50%": an even game of two players two or more out of balance the same
 *     way sends one of them three out, so each such game costs 1 where the ruleset balances the pair's colours
 *     (../../pairing/colours; Mays gives White to the stronger of players more than a rank apart, whatever the
 *     balance). Right below the least total (issue 20, "no player ever three colours out of balance"): above it, 5
 *     of `npm run quality`'s 500 rounds paid a larger total MMS difference than both Mays and OpenGotha for it; below
 *     the gaps, 17 player-rounds were three out after the round, here 7. Then the smallest gaps:
 *     `largest gap` — the largest difference of a pair, as small as
 *     the total allows (a bottleneck tier, ../../pairing/matching/lexicographic: nobody leaps further than he must);
 *     then `gaps of 2+` — the fewest pairs two points (two wins) or more apart: nobody is drawn two or more groups up
 *     or down when a draw of the same total and no larger leap avoids it; then `large gaps` — the sum of the squared
 *     differences (half points), so that of the rest one leap of k groups (k² · 4) costs more than k floats of one
 *     group (k · 4). Mays moves the odd card of a group to the NEXT group ("Doing the Pairings": "takes the weakest
 *     player from the column … and pairs him with the strongest player from Section 2"), and OpenGotha's
 *     score-difference cost grows faster than linearly (./opengotha/weights, `scoreDifferenceTerm`): a cascade of
 *     one-group floats, never a leap. Why this order (issue 20, measured by `npm run quality` on 500 rounds of
 *     generated EGF fields, each against `mays` and `opengotha` from the same state; figures in the README): the squares
 *     alone traded one gap of 3 and one of 1 for two gaps of 2 (more games two groups apart than OpenGotha's at the
 *     same total in 16 rounds); the count of gaps of 2+ first made a larger leap than both others in about 50; the
 *     largest first, then the count, leaves 4 rounds with more games 2+ apart than one of them. No order, and no rule
 *     that judges a draw by its gaps, does better on both: two draws of the same total differ by an exchange of gaps of
 *     the same sum ({2, 2} against {1, 3}), and Mays and OpenGotha each take both sides of the very same exchange in
 *     different rounds — from one state even against each other (../../check/gapExchanges names them). This order keeps
 *     the smaller leap, as both do in most such rounds. Then
 *     `consecutive float`: a player drawn down (up) who was drawn down (up) in the previous round; then
 *     `repeated float`: a player drawn down (up) again who was already drawn down (up) in any earlier round (issue
 *     20: Müller drawn up four groups in rounds 2 and 3 running, while the same total allowed one-group floats).
 *  3. `handicap` — in a handicap tournament, the fewest handicap stones in total, then `large handicaps` (the sum of
 *     the squared stones: of two draws with the same total, the one without the big handicap). Mays' paper method
 *     keeps handicaps small by pairing inside narrow rank order — cards "in ascending order of their ID numbers",
 *     sections of a few ranks each, the odd card "pairs him with the strongest player from Section 2" — and gives
 *     them as "Consideration No. 4: Is the weaker player in the pairing entitled to a handicap? … By tradition, the
 *     formula that is applied is Handicap – 1" ("Doing the Pairings"); "Why Is Handicap – 1 Used…" calls a 20-kyu
 *     against a 13-kyu a "mismatch" ("like throwing a lamb to the wolves"). With broad sections, top half against
 *     bottom half (or a score group kept together at any price) pairs a 6k with a 15k; so here the handicap
 *     outranks the number of players leaving their group and the halves: inside what the priorities above allow,
 *     the draw pairs the nearest ranks, and the tiers below choose among draws of equally small handicaps. In an
 *     even tournament (policy `none`, or everyone at or above `evenAtOrAbove`; the EGF: "By default, no handicaps
 *     are used") both tiers cost 0 and change nothing.
 *     Then `colour` — Consideration No. 3 and the EGF's "Each player's colour balance shall approach 50%" (each
 *     ruleset's rule is quoted in ../../pairing/colours): colours of an even game are decided as ./colours decides
 *     them, and a player who gets again the colour he has had more often costs the square of his |whites − blacks|
 *     before the round (capped at 4): one player sent to 3 out of balance (9) costs more than two sent to 2 (4 + 4).
 *     Right below the score and handicap priorities, as OpenGotha weighs colours into the pair's weight: at equal
 *     score and handicap cost, pairs whose colour preferences fit are preferred (issue 20: Kovács 5d, four Whites in
 *     four rounds). A repeat meeting reverses colours (EGF), so costs nothing here.
 *  4. `cross-group pairs`: as few players as possible leave their score group (Appendix D, Conditions 1 and 2 — an
 *     odd group, or a player who has met his whole group). Below the handicap: at the same total score difference
 *     Mays' cards do not count the floats either (the odd card of each group goes down, group after group).
 *  5. `halves` — "Doing the Pairings": "he takes the cards in the bottom half of the column and aligns them with those
 *     in the top half": inside a score group, a pair of two players of the same half costs 1 (slip and fold alike;
 *     the exact slip/fold/random partner is the last tier, so that geography and colours can choose inside the
 *     halves — Mays' "switching the cards in the column on the right").
 *  6. `geography` — Consideration No. 2: "Are the players from the same city, or are they related (siblings, parent
 *     and child)?": the sum of the levels of what two players share (relatives named by the director, same city,
 *     same club, same country; each level configurable, 0 ignores it). A pair of the host city shares no city:
 *     "naturally, the tournament director makes no effort to avoid the pairing of the players from the host city"
 *     (Mays, "Registration"); and players starting above the EGF top bar are not kept apart at all (see
 *     ./geography).
 *  7. `seeding` — the exact partner inside a group: `slip` (position i meets i + g/2: Mays' top half against bottom
 *     half), `fold` (first meets last), or `random` (a seeded lottery per pair); across groups, Mays' "takes the weakest
 *     player from the column … and pairs him with the strongest player from Section 2".
 *
 * ## Ranges, and why the order is exact
 * Per pair: repeats 0…rounds; score difference and largest gap 0…the field's largest gap in half points; gaps of 2+
 * 0…1; large gaps its square;
 * consecutive float 0…2; repeated float 0…6;
 * handicap 0…the ceiling (9); large handicaps 0…81; cross-group 0…1; halves 0…1; geography 0…the sum of the avoid
 * levels (default 15, at most 400); colour 0…32; colour: three out 0…2; seeding 0…the largest score group (slip, fold), its square
 * (adjacent) or 0…999 (random). The matcher (./matching/lexicographic) gives each tier a unit larger than everything
 * below it can total over the n/2 pairs, and
 * when the product would exceed the exact solver's 2^50 it solves in stages, each keeping exactly the optima of the
 * stages before (certified duals). About log2(n/2 · max) bits per tier: for 2,000 players the fourteen summed tiers need
 * about 130 bits, so three stages (the largest gap, a bottleneck, takes one stage per threshold it lowers, plus one). A RangeError — never a traded priority — would come only if one tier alone
 * needed more than 2^50 (a per-pair range above 2^50 / (n/2), far beyond these), and `pairOptimal` reports it as a
 * `PairingError`.
 *
 * Inside a score group players are in order of strength: rank, then rating, then ID ("Place these cards in a column
 * in ascending order of their ID numbers"; IDs are given by strength) — after the tournament's pairing tie-breakers
 * when it sets them (./groupOrder; the EGC: "SOS-2 is used as a tiebreaker" for the pairings).
 *
 * Why one file of this size: every priority's weight in one place, so that their orders of magnitude — which must never trade — are read together.
 */
import type { PairingCriterion, Player, PlayerId } from '../../model/tournament';
import type { HandicapSettings } from '../../model/tournament';
import { pairKey } from '../../pairing/controls';
import { isHostCity } from '../../pairing/geography';
import { groupOrder } from '../../pairing/groupOrder';
import { DEFAULT_HANDICAP_CEILING } from '../../pairing/handicap';
import type { PairingHistory } from '../../pairing/history';
import type { AllowedPairs, CostTier, Loans } from '../../pairing/matching';
import { arithmeticBatches, eachPair } from './tierBatches';

/**
 * `adjacent`: seeds/mays-swiss-mcmahon-manual.txt, "Alternate Method of Pairing": "pair the adjacent players with
 * each other (Player 1 with Player 2, Player 3 with Player 4, and so on)" — no top half against bottom half then.
 */
export type Seeding = 'slip' | 'fold' | 'random' | 'adjacent';

/** How much to avoid each kind of shared background (0 = ignore). Integers 0…100. */
export interface AvoidLevels {
  readonly related?: number;
  readonly city?: number;
  readonly club?: number;
  readonly country?: number;
}

export const DEFAULT_AVOID: Required<AvoidLevels> = { related: 8, city: 4, club: 2, country: 1 };

export interface TierOptions {
  readonly seeding?: Seeding;
  /** The lottery seed for `random` seeding (recorded in the report). */
  readonly seed?: number;
  readonly avoid?: AvoidLevels;
  /** Relatives named by the director ("family" pairs to avoid). */
  readonly relatives?: readonly (readonly [PlayerId, PlayerId])[];
  /** Count and minimise repeats instead of refusing them. */
  readonly allowRepeats?: boolean;
  readonly handicap: HandicapSettings | undefined;
  /** Colours by nigiri: colour balance is then not a concern. */
  readonly nigiri?: boolean;
  /** As ./colours: balance colours only between players this many ranks apart (default 1). */
  readonly balanceWithinRanks?: number;
  /** The draw's order inside a score group before rank, rating and ID (./groupOrder; EGC: SOS-2). */
  readonly pairingTiebreaks?: readonly PairingCriterion[];
  /** The host city: two of its players share no city here (./geography). */
  readonly hostCity?: string;
  /** Players whose pairs are not biased by city, club or country (./geography: EGF, above the top bar). */
  readonly geographyFree?: (player: Player) => boolean;
}

export const TIER_NAMES = [
  'repeats',
  'score difference',
  'colour: three out',
  'largest gap',
  'gaps of 2+',
  'large gaps',
  'consecutive float',
  'repeated float',
  'handicap',
  'large handicaps',
  'colour',
  'cross-group pairs',
  'halves',
  'geography',
  'seeding',
] as const;
export type TierName = (typeof TIER_NAMES)[number];

const RANDOM_RANGE = 1000;

/** Tiers that count the largest cost of a pair, not the sum (../../pairing/matching/lexicographic). */
export const BOTTLENECK: ReadonlySet<TierName> = new Set<TierName>(['largest gap']);

/** A gap of two points (four half points) or more: a player "drawn two or more groups up or down" (issue 20). */
export const LARGE_GAP_HALVES = 4;

function norm(text: string | undefined): string | undefined {
  const t = text?.trim().toLowerCase();
  return t ? t : undefined;
}

/**
 * `Int32Array.from(xs, f)` for a list, the same values in the same order of calls, without the iterator protocol's
 * object per element (the constructor builds several of these per field each round).
 */
function int32Of<T>(xs: readonly T[], f: (x: T) => number): Int32Array {
  const out = new Int32Array(xs.length);
  for (let i = 0; i < xs.length; i++) out[i] = f(xs[i]);
  return out;
}

/** A small integer per distinct non-empty value, 0 for none. */
function codes(values: readonly (string | undefined)[]): Int32Array {
  const map = new Map<string, number>();
  return int32Of(values, (v) => {
    const k = norm(v);
    if (k === undefined) return 0;
    let c = map.get(k);
    if (c === undefined) {
      c = map.size + 1;
      map.set(k, c);
    }
    return c;
  });
}

/** A 32-bit mix of the seed and the pair (deterministic lottery). */
function lottery(seed: number, a: number, b: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const x of [a, b]) {
    h = Math.imul(h ^ x, 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** The field to pair as vertices, with everything the tiers read precomputed (the matcher asks for every pair). */
export class OptimalTiers {
  readonly ids: readonly PlayerId[];
  readonly score: Int32Array;
  /** Position inside the score group (0 = strongest) and the group's size. */
  readonly position: Int32Array;
  readonly groupSize: Int32Array;
  readonly downFloats: Int32Array;
  readonly upFloats: Int32Array;
  /** 1 for a player drawn down (up) in the previous round. */
  readonly downLast: Uint8Array;
  readonly upLast: Uint8Array;
  private readonly index = new Map<PlayerId, number>();
  /** Earlier meetings of vertices i < j at i·n + j. */
  private readonly met: Uint8Array;
  /** How many pairs of the field have met (entries of `met` above 0). */
  private readonly metPairs: number;
  /** How many others of the field each vertex has met (entries of `met` above 0 in his row and column). */
  private readonly metPartners: Int32Array;
  private readonly city: Int32Array;
  private readonly club: Int32Array;
  private readonly country: Int32Array;
  /** Whites minus Blacks in earlier even games of known colours (../../pairing/history). */
  readonly balance: Int32Array;
  private readonly rank: Int32Array;
  /** 1 for a player whose pairs are not biased by geography. */
  private readonly free: Uint8Array;
  private readonly relatives: Set<string>;
  private readonly avoid: Required<AvoidLevels>;
  private readonly handicapByMms: boolean;
  private readonly handicapMinus: number;

  constructor(
    readonly history: PairingHistory,
    pool: readonly PlayerId[],
    readonly options: TierOptions,
  ) {
    const h = history;
    const players = pool.map((id) => h.player(id));
    const strength = (a: Player, b: Player) => b.rank - a.rank || (b.rating ?? -Infinity) - (a.rating ?? -Infinity) || a.id - b.id;
    const tiebreak = groupOrder(h, options.pairingTiebreaks);
    // Each player's score read once; the places sorted by the same comparisons as the players themselves (the same
    // order: a sort's result depends only on its comparisons' answers).
    const scores = int32Of(pool, (id) => h.scoreHalves(id));
    const order = Array.from(pool, (_, q) => q).sort(
      (x, y) => scores[y] - scores[x] || tiebreak(players[x].id, players[y].id) || strength(players[x], players[y]),
    );
    const ordered = order.map((q) => players[q]);
    this.ids = ordered.map((p) => p.id);
    this.ids.forEach((id, i) => this.index.set(id, i));
    const n = ordered.length;
    this.score = int32Of(order, (q) => scores[q]);
    this.position = new Int32Array(n);
    this.groupSize = new Int32Array(n);
    for (let i = 0; i < n; ) {
      let j = i;
      while (j < n && this.score[j] === this.score[i]) j++;
      for (let k = i; k < j; k++) {
        this.position[k] = k - i;
        this.groupSize[k] = j - i;
      }
      i = j;
    }
    // A player of the host city has no city to keep apart (./geography).
    this.city = codes(ordered.map((p) => (isHostCity(p.city, options.hostCity) ? undefined : p.city)));
    const free = options.geographyFree;
    this.free = new Uint8Array(int32Of(ordered, (p) => (free && free(p) ? 1 : 0)));
    this.club = codes(ordered.map((p) => p.club));
    this.country = codes(ordered.map((p) => p.country));
    this.rank = int32Of(ordered, (p) => p.rank);
    this.balance = int32Of(this.ids, (id) => h.colourBalance(id));
    const policy = options.handicap?.policy ?? 'none';
    this.handicapByMms = policy.startsWith('mms');
    this.handicapMinus = options.handicap?.correction ?? (policy.endsWith('minus-2') ? 2 : policy.endsWith('minus-1') ? 1 : 0);
    this.relatives = new Set((options.relatives ?? []).map(([a, b]) => pairKey(a, b)));
    this.avoid = { ...DEFAULT_AVOID, ...(options.avoid ?? {}) };
    for (const [k, v] of Object.entries(this.avoid)) {
      if (!Number.isInteger(v) || v < 0 || v > 100) throw new RangeError(`avoid.${k} = ${v}: expected an integer level 0…100`);
    }

    // Earlier meetings and floats, from the games before this round.
    this.met = new Uint8Array(n * n);
    this.metPartners = new Int32Array(n);
    this.downFloats = new Int32Array(n);
    this.upFloats = new Int32Array(n);
    this.downLast = new Uint8Array(n);
    this.upLast = new Uint8Array(n);
    this.metPairs = readGames(h, this.index, n, this.met, this.metPartners, this.downFloats, this.upFloats, this.downLast, this.upLast);
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: PlayerId): boolean {
    return this.index.has(id);
  }

  vertex(id: PlayerId): number {
    const v = this.index.get(id);
    if (v === undefined) throw new RangeError(`player ${id} is not in the field to pair`);
    return v;
  }

  meetings(i: number, j: number): number {
    return i < j ? this.met[i * this.ids.length + j] : this.met[j * this.ids.length + i];
  }

  /**
   * How many partners each vertex may meet (every other vertex with `allowRepeats`, else those he has not met): the
   * degrees of `allowedPairs()` without forbidden pairs, counted as the meetings were read (no pass over the pairs).
   */
  allowedDegrees(): Int32Array {
    const n = this.ids.length;
    const repeats = this.options.allowRepeats === true;
    return Int32Array.from(this.metPartners, (k) => n - 1 - (repeats ? 0 : k));
  }

  /**
   * The pairs i < j that have not met (every pair with `allowRepeats`) and that `forbidden` (vertices, when given)
   * does not reject, in triangle order: what ../../pairing/matching/lexicographic reads, without a call per pair.
   */
  allowedPairs(forbidden?: (i: number, j: number) => boolean, loans?: Loans): AllowedPairs {
    const n = this.ids.length;
    const met = this.met;
    const repeats = this.options.allowRepeats === true;
    // Every pair but those that met (counted as the meetings were read): one pass over the triangle, not two.
    const count = (n * (n - 1)) / 2 - (repeats ? 0 : this.metPairs);
    // Lent arrays (../../pairing/matching/loans) hold whatever was left in them: `unmetPairs` writes the first `count`
    // entries read (forbidden pairs only shorten the list: `count` says how many).
    const u = loans ? loans.int32(count) : new Int32Array(count);
    const v = loans ? loans.int32(count) : new Int32Array(count);
    // The rows as the list is written: i ascending, then j ascending from i + 1 (`unmetPairs`), triangle order.
    const rowStart = new Int32Array(n + 1);
    return { u, v, count: unmetPairs(met, n, repeats, forbidden ?? null, u, v, rowStart), rowStart };
  }

  /** The shared background of two vertices, strongest level first. */
  shared(i: number, j: number): ('related' | 'same-city' | 'same-club' | 'same-country')[] {
    const out: ('related' | 'same-city' | 'same-club' | 'same-country')[] = [];
    if (this.avoid.related > 0 && this.relatives.has(pairKey(this.ids[i], this.ids[j]))) out.push('related');
    if (this.free[i] || this.free[j]) return out;
    if (this.avoid.city > 0 && this.city[i] !== 0 && this.city[i] === this.city[j]) out.push('same-city');
    if (this.avoid.club > 0 && this.club[i] !== 0 && this.club[i] === this.club[j]) out.push('same-club');
    if (this.avoid.country > 0 && this.country[i] !== 0 && this.country[i] === this.country[j]) out.push('same-country');
    return out;
  }

  /**
   * The stones ./handicap's `decideHandicap` gives the pair (the same rule, inlined: the matcher asks for every pair):
   * the difference in ranks, or in whole McMahon points for the MMS policies, less the policy's correction, at least
   * 0, at most the ceiling; even when either player is at or above `evenAtOrAbove`.
   */
  handicap(i: number, j: number): number {
    const settings = this.options.handicap;
    if (!settings || settings.policy === 'none') return 0;
    const even = settings.evenAtOrAbove;
    if (even !== undefined && (this.rank[i] >= even || this.rank[j] >= even)) return 0;
    const difference = this.handicapByMms ? Math.floor(Math.abs(this.score[i] - this.score[j]) / 2) : Math.abs(this.rank[i] - this.rank[j]);
    return Math.min(Math.max(0, difference - this.handicapMinus), settings.ceiling ?? DEFAULT_HANDICAP_CEILING);
  }

  /**
   * Whether `handicap(i, j)` is 0 for every pair of the field, known from the rule and the ranks alone (its first two
   * tests): no handicap policy, or every player at or above `evenAtOrAbove` (the EGC's even games: everyone from 30k).
   */
  everyGameEven(): boolean {
    const settings = this.options.handicap;
    if (!settings || settings.policy === 'none') return true;
    const even = settings.evenAtOrAbove;
    if (even === undefined) return false;
    for (let i = 0; i < this.rank.length; i++) if (this.rank[i] < even) return false;
    return true;
  }

  /**
   * The player who takes White in an even game of i and j as ./colours decides it (the lower balance between players
   * at most `within` ranks apart, otherwise the lower ID), or −1 when colours cost nothing here: both balanced,
   * nigiri, a repeat meeting (its colours are reversed, EGF) or a handicap game (the stronger takes White).
   */
  private evenWhite(i: number, j: number, within: number): number {
    const bi = this.balance[i];
    const bj = this.balance[j];
    if (bi === 0 && bj === 0) return -1;
    if (this.options.nigiri || this.meetings(i, j) > 0 || this.handicap(i, j) > 0) return -1;
    const [a, b] = this.ids[i] < this.ids[j] ? [i, j] : [j, i];
    const ba = this.balance[a];
    const bb = this.balance[b];
    return Math.abs(this.rank[a] - this.rank[b]) <= within && ba !== bb ? (ba < bb ? a : b) : a;
  }

  private tierList: readonly CostTier[] | null = null;
  private candidateList: readonly { readonly u: number; readonly v: number }[] | null = null;

  /**
   * The tiers, in priority order (see the module comment). Vertex i < j always. Built once per field: the draw, its
   * report's re-draws and its seeding lines read the same tiers (callers never change the list).
   */
  tiers(): readonly CostTier[] {
    this.tierList ??= this.buildTiers();
    return this.tierList;
  }

  private buildTiers(): CostTier[] {
    const s = this.score;
    const pos = this.position;
    const size = this.groupSize;
    const seeding = this.options.seeding ?? 'slip';
    const seed = this.options.seed ?? 0;
    const avoid = this.avoid;
    const within = this.options.balanceWithinRanks ?? 1;
    const halfOf = (i: number): number => {
      const g = size[i];
      if (g % 2 === 1 && pos[i] === (g - 1) / 2) return 0;
      return pos[i] < g / 2 ? 1 : 2;
    };
    const tiers: Record<TierName, (i: number, j: number) => number> = {
      repeats: (i, j) => (this.options.allowRepeats ? this.meetings(i, j) : 0),
      'score difference': (i, j) => Math.abs(s[i] - s[j]),
      'largest gap': (i, j) => Math.abs(s[i] - s[j]),
      'gaps of 2+': (i, j) => (Math.abs(s[i] - s[j]) >= LARGE_GAP_HALVES ? 1 : 0),
      'large gaps': (i, j) => (s[i] - s[j]) * (s[i] - s[j]),
      'consecutive float': (i, j) => {
        if (s[i] === s[j]) return 0;
        const [hi, lo] = s[i] > s[j] ? [i, j] : [j, i];
        return this.downLast[hi] + this.upLast[lo];
      },
      'repeated float': (i, j) => {
        if (s[i] === s[j]) return 0;
        const [hi, lo] = s[i] > s[j] ? [i, j] : [j, i];
        return Math.min(this.downFloats[hi], 3) + Math.min(this.upFloats[lo], 3);
      },
      'cross-group pairs': (i, j) => (s[i] === s[j] ? 0 : 1),
      halves: (i, j) => {
        if (seeding === 'random' || seeding === 'adjacent' || s[i] !== s[j]) return 0;
        const a = halfOf(i);
        const b = halfOf(j);
        return a !== 0 && a === b ? 1 : 0;
      },
      geography: (i, j) => {
        let c = 0;
        if (this.relatives.size > 0 && this.relatives.has(pairKey(this.ids[i], this.ids[j]))) c += avoid.related;
        if (this.free[i] || this.free[j]) return c;
        if (this.city[i] !== 0 && this.city[i] === this.city[j]) c += avoid.city;
        if (this.club[i] !== 0 && this.club[i] === this.club[j]) c += avoid.club;
        if (this.country[i] !== 0 && this.country[i] === this.country[j]) c += avoid.country;
        return c;
      },
      colour: (i, j) => {
        // As ./colours decides: the lower balance takes White between players at most `balanceWithinRanks` apart,
        // otherwise the lower ID; a player getting again the colour he has had more often costs his balance squared
        // (|balance| capped at 4), so that nobody is sent 3 out of balance to spare two others going 2 out.
        const white = this.evenWhite(i, j, within);
        if (white < 0) return 0;
        const black = white === i ? j : i;
        const w = Math.min(Math.max(this.balance[white], 0), 4);
        const k = Math.min(Math.max(-this.balance[black], 0), 4);
        return w * w + k * k;
      },
      'colour: three out': (i, j) => {
        // Players two out of balance the same way: whichever takes the colour he has had more often goes three out.
        // Only where the ruleset balances this pair's colours (./colours): Mays gives White to the stronger of players
        // more than a rank apart, whatever their balance.
        if (this.balance[i] * this.balance[j] < 4) return 0;
        const white = this.evenWhite(i, j, within);
        if (white < 0) return 0;
        const [a, b] = this.ids[i] < this.ids[j] ? [i, j] : [j, i];
        if (Math.abs(this.rank[a] - this.rank[b]) > within) return 0;
        const black = white === i ? j : i;
        return (this.balance[white] >= 2 ? 1 : 0) + (this.balance[black] <= -2 ? 1 : 0);
      },
      handicap: (i, j) => this.handicap(i, j),
      'large handicaps': (i, j) => {
        const stones = this.handicap(i, j);
        return stones * stones;
      },
      seeding: (i, j) => {
        if (seeding === 'random') return lottery(seed, this.ids[i], this.ids[j]) % RANDOM_RANGE;
        if (s[i] !== s[j]) {
          const hi = s[i] > s[j] ? i : j;
          const lo = s[i] > s[j] ? j : i;
          return size[hi] - 1 - pos[hi] + pos[lo];
        }
        const g = size[i];
        const even = g - (g % 2);
        if (seeding === 'fold') return Math.abs(pos[i] + pos[j] - (even - 1));
        // Adjacent: 1–2, 3–4, … cost 0; otherwise the squared distance (so that after a repeat the topmost card goes
        // to the nearest card below he may meet, Mays' "goes down the column"), one more across a pair.
        if (seeding === 'adjacent') {
          const lo = Math.min(pos[i], pos[j]);
          const hi = Math.max(pos[i], pos[j]);
          return (hi - lo) * (hi - lo) - 1 + (lo % 2);
        }
        return Math.abs(Math.abs(pos[i] - pos[j]) - Math.floor(g / 2));
      },
    };
    // Upper bounds (speed only, see CostTier.maxCost): a low tier that cannot join the first stage is then read over
    // the tight pairs of a later stage only.
    let largestGroup = 0;
    for (let i = 0; i < size.length; i++) if (size[i] > largestGroup) largestGroup = size[i];
    const ceiling = this.options.handicap?.ceiling ?? DEFAULT_HANDICAP_CEILING;
    let top = -Infinity;
    let bottom = Infinity;
    for (let i = 0; i < s.length; i++) {
      if (s[i] > top) top = s[i];
      if (s[i] < bottom) bottom = s[i];
    }
    const spread = s.length > 0 ? top - bottom : 0;
    const bounds: Partial<Record<TierName, number>> = {
      'largest gap': spread,
      'gaps of 2+': 1,
      'large gaps': spread * spread,
      'consecutive float': 2,
      'repeated float': 6,
      handicap: ceiling,
      'large handicaps': ceiling * ceiling,
      'cross-group pairs': 1,
      halves: 1,
      geography: avoid.related + avoid.city + avoid.club + avoid.country,
      colour: 32,
      'colour: three out': 2,
      seeding: seeding === 'random' ? RANDOM_RANGE - 1 : 2 * largestGroup,
    };
    const batches = arithmeticBatches({
      score: s,
      downLast: this.downLast,
      upLast: this.upLast,
      downFloats: this.downFloats,
      upFloats: this.upFloats,
      half: Uint8Array.from(s, (_, i) => halfOf(i)),
      met: this.met,
      allowRepeats: this.options.allowRepeats === true,
      halvesApply: seeding !== 'random' && seeding !== 'adjacent',
      balance: this.balance,
      rank: this.rank,
      id: int32Of(this.ids, (id) => id),
      nigiri: this.options.nigiri === true,
      within,
      stones:
        !this.options.handicap || this.options.handicap.policy === 'none'
          ? null
          : { byMms: this.handicapByMms, minus: this.handicapMinus, ceiling: this.options.handicap.ceiling ?? DEFAULT_HANDICAP_CEILING, even: this.options.handicap.evenAtOrAbove },
      position: pos,
      groupSize: size,
      seeding,
      city: this.city,
      club: this.club,
      country: this.country,
      free: this.free,
      avoid,
      related: this.relatives.size > 0 ? (i, j) => (this.relatives.has(pairKey(this.ids[i], this.ids[j])) ? avoid.related : 0) : null,
    });
    const zero = this.zeroTiers(spread);
    return TIER_NAMES.map((name) => ({
      name,
      cost: tiers[name],
      costs: batches[name] ?? eachPair(tiers[name]),
      maxCost: bounds[name],
      ...(zero.has(name) ? { zero: true } : {}),
      ...(BOTTLENECK.has(name) ? { bottleneck: true } : {}),
    }));
  }

  /**
   * The tiers that cost 0 on every pair of this field, known from the per-player arrays alone (speed only, see
   * CostTier.zero: the matcher then does not read them over the field's ~n²/2 pairs; a tier read and found 0
   * everywhere weighs exactly the same — nothing). Each reason is the tier's own formula in `tiers()` at 0.
   */
  private zeroTiers(spread: number): Set<TierName> {
    const zero = new Set<TierName>();
    const n = this.ids.length;
    // Repeats are not pairs at all unless allowed; allowed, they cost nothing when nobody has met.
    if (this.options.allowRepeats !== true || this.metPairs === 0) zero.add('repeats');
    // Everyone at one score: no difference, no gap, no float, nobody out of his group.
    if (spread === 0) {
      for (const name of ['score difference', 'largest gap', 'large gaps', 'cross-group pairs', 'consecutive float', 'repeated float'] as const) zero.add(name);
    }
    if (spread < LARGE_GAP_HALVES) zero.add('gaps of 2+');
    let lastFloat = false;
    let anyFloat = false;
    let whiteTwo = 0;
    let blackTwo = 0;
    let unbalanced = false;
    for (let i = 0; i < n; i++) {
      if (this.downLast[i] !== 0 || this.upLast[i] !== 0) lastFloat = true;
      if (this.downFloats[i] !== 0 || this.upFloats[i] !== 0) anyFloat = true;
      const b = this.balance[i];
      if (b !== 0) unbalanced = true;
      if (b >= 2) whiteTwo++;
      if (b <= -2) blackTwo++;
    }
    // A float costs the higher player's down-floats and the lower one's up-floats: none anywhere, nothing.
    if (!lastFloat) zero.add('consecutive float');
    if (!anyFloat) zero.add('repeated float');
    // Colours cost nothing by nigiri, or when every balance is 0 (`evenWhite` is then −1 for every pair); "three out"
    // needs two players two or more out the same way (balance product ≥ 4).
    const nigiri = this.options.nigiri === true;
    if (nigiri || !unbalanced) zero.add('colour');
    if (nigiri || (whiteTwo < 2 && blackTwo < 2)) zero.add('colour: three out');
    if (!this.options.handicap || this.options.handicap.policy === 'none') {
      zero.add('handicap');
      zero.add('large handicaps');
    }
    const seeding = this.options.seeding ?? 'slip';
    if (seeding === 'random' || seeding === 'adjacent') zero.add('halves');
    return zero;
  }

  /**
   * Pairs likely in the optimum, to speed up the matcher (never its answer): each player's slip and fold partners and
   * their neighbours inside his group, and the players next to him in the field's order (floats between groups).
   */
  candidates(): readonly { readonly u: number; readonly v: number }[] {
    this.candidateList ??= this.buildCandidates();
    return this.candidateList;
  }

  private buildCandidates(): { u: number; v: number }[] {
    const out: { u: number; v: number }[] = [];
    const n = this.ids.length;
    for (let i = 0; i < n; i++) {
      const start = i - this.position[i];
      const g = this.groupSize[i];
      const half = Math.floor(g / 2);
      const p = this.position[i];
      const offer = (q: number) => {
        if (q >= 0 && q < g && q !== p) out.push({ u: i, v: start + q });
      };
      // Slip partners (p + half, then p − half, each ±1), then the fold partner, in this order.
      for (let d = -1; d <= 1; d++) offer(p + half + d);
      for (let d = -1; d <= 1; d++) offer(p - half + d);
      offer(g - 1 - p);
      for (let d = 1; d <= 3; d++) if (i + d < n) out.push({ u: i, v: i + d });
    }
    return out;
  }

  /** The tiers' totals over a set of pairs of this field (for reports and comparisons). */
  evaluate(pairs: readonly (readonly [PlayerId, PlayerId])[]): Record<TierName, number> {
    const tiers = this.tiers();
    const totals = Object.fromEntries(TIER_NAMES.map((n) => [n, 0])) as Record<TierName, number>;
    for (const [a, b] of pairs) {
      const x = this.vertex(a);
      const y = this.vertex(b);
      const [i, j] = x < y ? [x, y] : [y, x];
      tiers.forEach((t) => {
        const c = t.name === 'repeats' ? this.meetings(i, j) : t.cost(i, j);
        const name = t.name as TierName;
        totals[name] = t.bottleneck ? Math.max(totals[name], c) : totals[name] + c;
      });
    }
    return totals;
  }
}

/**
 * Earlier meetings and floats of the field (vertices by `index`), from the games before round `h.round`: fills `met`
 * (meetings of vertices i < j at i·n + j, at most 255), `metPartners`, the floats down and up, and those of the previous
 * round; returns how many pairs have met. A function of its own, not inside the constructor: its loop over every game
 * made that large constructor hot enough to be compiled again whole, each round.
 */
function readGames(
  h: PairingHistory,
  index: ReadonlyMap<PlayerId, number>,
  n: number,
  met: Uint8Array,
  metPartners: Int32Array,
  downFloats: Int32Array,
  upFloats: Int32Array,
  downLast: Uint8Array,
  upLast: Uint8Array,
): number {
  let metPairs = 0;
  const sb = h.scoreboard;
  const before = (p: number, r: number): number => {
    const after = sb.primary === 'mms' ? sb.mmsAfter[p] : sb.nbwAfter[p];
    return after[Math.min(r - 1, after.length - 1)];
  };
  for (const g of h.tournament.games) {
    if (g.round >= h.round) continue;
    const a = index.get(g.white);
    const b = index.get(g.black);
    if (a !== undefined && b !== undefined) {
      const key = Math.min(a, b) * n + Math.max(a, b);
      if (met[key] === 0 && a !== b) {
        metPairs++;
        metPartners[a]++;
        metPartners[b]++;
      }
      met[key] = Math.min(met[key] + 1, 255);
    }
    const pw = sb.indexOf.get(g.white);
    const pb = sb.indexOf.get(g.black);
    if (pw === undefined || pb === undefined) continue;
    const sw = before(pw, g.round);
    const sbk = before(pb, g.round);
    if (sw === sbk) continue;
    const [up, down] = sw > sbk ? [b, a] : [a, b]; // `down` is the higher player, drawn down; `up` the lower, drawn up.
    if (down !== undefined) downFloats[down]++;
    if (up !== undefined) upFloats[up]++;
    if (g.round === h.round - 1) {
      if (down !== undefined) downLast[down] = 1;
      if (up !== undefined) upLast[up] = 1;
    }
  }
  return metPairs;
}

/**
 * Every pair i < j of n vertices that has not met (`met[i·n + j]` 0; every pair with `repeats`) and that `forbidden`
 * does not reject, in triangle order, into `u`/`v`, each row's start into `rowStart`; returns how many. A function of its own: V8 optimises its loop.
 */
function unmetPairs(
  met: Uint8Array,
  n: number,
  repeats: boolean,
  forbidden: ((i: number, j: number) => boolean) | null,
  u: Int32Array,
  v: Int32Array,
  rowStart: Int32Array,
): number {
  let p = 0;
  for (let i = 0; i < n; i++) {
    rowStart[i] = p;
    const row = i * n;
    for (let j = i + 1; j < n; j++) {
      if ((!repeats && met[row + j] !== 0) || (forbidden !== null && forbidden(i, j))) continue;
      u[p] = i;
      v[p++] = j;
    }
  }
  rowStart[n] = p;
  return p;
}
