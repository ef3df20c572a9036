/**
 * The `optimal` priorities' costs for many pairs at once (../../pairing/matching/lexicographic `CostTier.costs`):
 * the same values as the per-pair costs of ./optimalWeights, computed in one typed loop from per-player arrays. The
 * matcher's first stage reads a tier over every allowed pair of the field (251,000 at the EGC's 710 players); a call
 * through a closure per pair was a large part of a round's time (issue 28: "profile first").
 *
 * Every tier is written out here as arithmetic on per-player arrays (geography with its director-named relatives
 * read per pair, the handicap from the rule's few numbers) except the random seeding's lottery, which loops over its
 * own per-pair cost — the same value by construction. test/systems/optimalTierBatches.test.ts compares every batch with the per-pair cost on every pair of
 * generated fields.
 */
export type BatchCost = (u: Int32Array, v: Int32Array, count: number, out: Int32Array) => void;

/** What the batches read: per-vertex arrays of ./optimalWeights' `OptimalTiers`. */
export interface TierArrays {
  readonly score: Int32Array;
  readonly downLast: Uint8Array;
  readonly upLast: Uint8Array;
  readonly downFloats: Int32Array;
  readonly upFloats: Int32Array;
  /** The half of its score group a vertex is in (1 top, 2 bottom, 0 the middle of an odd group). */
  readonly half: Uint8Array;
  /** Earlier meetings of vertices i < j at i·n + j. */
  readonly met: Uint8Array;
  readonly allowRepeats: boolean;
  /** `halves` counts pairs of one half (slip and fold seeding only). */
  readonly halvesApply: boolean;
  /** Colour: whites minus blacks, rank and player ID of each vertex; colours by nigiri; ./colours' rank window. */
  readonly balance: Int32Array;
  readonly rank: Int32Array;
  readonly id: Int32Array;
  readonly nigiri: boolean;
  readonly within: number;
  /**
   * The handicap rule as ./optimalWeights' `OptimalTiers.handicap` reads it (the difference in ranks, or in whole
   * McMahon points, less `minus`, at least 0, at most `ceiling`; even when either player is at or above `even`), or
   * null when no pair has one (policy `none`).
   */
  readonly stones: { readonly byMms: boolean; readonly minus: number; readonly ceiling: number; readonly even: number | undefined } | null;
  /** Position inside the score group (0 = strongest) and the group's size. */
  readonly position: Int32Array;
  readonly groupSize: Int32Array;
  /** `slip`, `fold` or `adjacent` (the random seeding's lottery is read per pair). */
  readonly seeding: string;
  /** Geography: city, club and country codes (0 none), 1 for a player not kept apart, the levels. */
  readonly city: Int32Array;
  readonly club: Int32Array;
  readonly country: Int32Array;
  readonly free: Uint8Array;
  readonly avoid: { readonly city: number; readonly club: number; readonly country: number };
  /** The related level of pair i < j when the director named relatives, else null (no pair is related). */
  readonly related: ((i: number, j: number) => number) | null;
}

/** Loops over a per-pair cost: the same values by construction. */
export function eachPair(cost: (i: number, j: number) => number): BatchCost {
  return (u, v, count, out) => {
    for (let p = 0; p < count; p++) out[p] = cost(u[p], v[p]);
  };
}

/** The batches written out as arithmetic on per-vertex arrays (see the module comment); the others are absent. */
export function arithmeticBatches(a: TierArrays): Readonly<Record<string, BatchCost | undefined>> {
  const s = a.score;
  const n = s.length;
  return {
    repeats: (u, v, count, out) => {
      if (!a.allowRepeats) {
        out.fill(0, 0, count);
        return;
      }
      for (let p = 0; p < count; p++) out[p] = a.met[u[p] * n + v[p]];
    },
    'score difference': (u, v, count, out) => {
      for (let p = 0; p < count; p++) out[p] = Math.abs(s[u[p]] - s[v[p]]);
    },
    'largest gap': (u, v, count, out) => {
      for (let p = 0; p < count; p++) out[p] = Math.abs(s[u[p]] - s[v[p]]);
    },
    'gaps of 2+': (u, v, count, out) => {
      for (let p = 0; p < count; p++) out[p] = Math.abs(s[u[p]] - s[v[p]]) >= 4 ? 1 : 0;
    },
    'large gaps': (u, v, count, out) => {
      for (let p = 0; p < count; p++) {
        const d = s[u[p]] - s[v[p]];
        out[p] = d * d;
      }
    },
    'consecutive float': (u, v, count, out) => {
      for (let p = 0; p < count; p++) {
        const i = u[p];
        const j = v[p];
        if (s[i] === s[j]) out[p] = 0;
        else out[p] = s[i] > s[j] ? a.downLast[i] + a.upLast[j] : a.downLast[j] + a.upLast[i];
      }
    },
    'repeated float': (u, v, count, out) => {
      for (let p = 0; p < count; p++) {
        const i = u[p];
        const j = v[p];
        if (s[i] === s[j]) out[p] = 0;
        else if (s[i] > s[j]) out[p] = Math.min(a.downFloats[i], 3) + Math.min(a.upFloats[j], 3);
        else out[p] = Math.min(a.downFloats[j], 3) + Math.min(a.upFloats[i], 3);
      }
    },
    'cross-group pairs': (u, v, count, out) => {
      for (let p = 0; p < count; p++) out[p] = s[u[p]] === s[v[p]] ? 0 : 1;
    },
    colour: (u, v, count, out) => {
      // As `colour` in ./optimalWeights: who ./colours would give White, and the squared balance of a player given
      // again the colour he has had more often.
      const bal = a.balance;
      for (let p = 0; p < count; p++) {
        const white = evenWhite(a, u[p], v[p]);
        if (white < 0) {
          out[p] = 0;
          continue;
        }
        const black = white === u[p] ? v[p] : u[p];
        const w = Math.min(Math.max(bal[white], 0), 4);
        const k = Math.min(Math.max(-bal[black], 0), 4);
        out[p] = w * w + k * k;
      }
    },
    'colour: three out': (u, v, count, out) => {
      // As `colour: three out` in ./optimalWeights: two players two or more out the same way, where ./colours decides
      // their colours by the balance.
      const bal = a.balance;
      for (let p = 0; p < count; p++) {
        const i = u[p];
        const j = v[p];
        const white = bal[i] * bal[j] < 4 || Math.abs(a.rank[i] - a.rank[j]) > a.within ? -1 : evenWhite(a, i, j);
        if (white < 0) {
          out[p] = 0;
          continue;
        }
        const black = white === i ? j : i;
        out[p] = (bal[white] >= 2 ? 1 : 0) + (bal[black] <= -2 ? 1 : 0);
      }
    },
    geography: (u, v, count, out) => {
      // As `geography` in ./optimalWeights: relatives (named by the director), then city, club, country unless either
      // player is not kept apart.
      const { city, club, country, free, avoid, related } = a;
      for (let p = 0; p < count; p++) {
        const i = u[p];
        const j = v[p];
        let c = related === null ? 0 : related(i, j);
        if (free[i] === 0 && free[j] === 0) {
          if (city[i] !== 0 && city[i] === city[j]) c += avoid.city;
          if (club[i] !== 0 && club[i] === club[j]) c += avoid.club;
          if (country[i] !== 0 && country[i] === country[j]) c += avoid.country;
        }
        out[p] = c;
      }
    },
    seeding: a.seeding === 'random' ? undefined : seedingBatch(a),
    handicap: (u, v, count, out) => {
      if (a.stones === null) {
        out.fill(0, 0, count);
        return;
      }
      for (let p = 0; p < count; p++) out[p] = stonesOf(a, u[p], v[p]);
    },
    'large handicaps': (u, v, count, out) => {
      if (a.stones === null) {
        out.fill(0, 0, count);
        return;
      }
      for (let p = 0; p < count; p++) {
        const x = stonesOf(a, u[p], v[p]);
        out[p] = x * x;
      }
    },
    halves: (u, v, count, out) => {
      if (!a.halvesApply) {
        out.fill(0, 0, count);
        return;
      }
      for (let p = 0; p < count; p++) {
        const i = u[p];
        const j = v[p];
        out[p] = s[i] === s[j] && a.half[i] !== 0 && a.half[i] === a.half[j] ? 1 : 0;
      }
    },
  };
}

/**
 * Who takes White in an even game of vertices i and j as ./colours decides it (the lower balance between players at
 * most `within` ranks apart, otherwise the lower player ID), or −1 when colours cost nothing: both balanced, nigiri, a
 * repeat meeting (its colours are reversed, EGF) or a handicap game (the stronger takes White).
 */
export function evenWhite(a: TierArrays, i: number, j: number): number {
  const bal = a.balance;
  const n = bal.length;
  if ((bal[i] === 0 && bal[j] === 0) || a.nigiri || a.met[i < j ? i * n + j : j * n + i] > 0 || (a.stones !== null && stonesOf(a, i, j) > 0)) return -1;
  const x = a.id[i] < a.id[j] ? i : j;
  const y = x === i ? j : i;
  return Math.abs(a.rank[x] - a.rank[y]) <= a.within && bal[x] !== bal[y] ? (bal[x] < bal[y] ? x : y) : x;
}

/** As `seeding` in ./optimalWeights, for `slip`, `fold` and `adjacent`. */
function seedingBatch(a: TierArrays): BatchCost {
  const s = a.score;
  const pos = a.position;
  const size = a.groupSize;
  const mode = a.seeding;
  return (u, v, count, out) => {
    for (let p = 0; p < count; p++) {
      const i = u[p];
      const j = v[p];
      if (s[i] !== s[j]) {
        // Across groups: the higher player's distance from the bottom of his group, the lower one's from the top.
        out[p] = s[i] > s[j] ? size[i] - 1 - pos[i] + pos[j] : size[j] - 1 - pos[j] + pos[i];
        continue;
      }
      const g = size[i];
      if (mode === 'fold') {
        out[p] = Math.abs(pos[i] + pos[j] - (g - (g % 2) - 1));
      } else if (mode === 'adjacent') {
        const lo = pos[i] < pos[j] ? pos[i] : pos[j];
        const hi = pos[i] < pos[j] ? pos[j] : pos[i];
        out[p] = (hi - lo) * (hi - lo) - 1 + (lo % 2);
      } else {
        out[p] = Math.abs(Math.abs(pos[i] - pos[j]) - Math.floor(g / 2));
      }
    }
  };
}

/** The handicap of vertices i and j (`TierArrays.stones`; 0 without a handicap rule). */
function stonesOf(a: TierArrays, i: number, j: number): number {
  const h = a.stones;
  if (h === null) return 0;
  const rank = a.rank;
  if (h.even !== undefined && (rank[i] >= h.even || rank[j] >= h.even)) return 0;
  const difference = h.byMms ? Math.floor(Math.abs(a.score[i] - a.score[j]) / 2) : Math.abs(rank[i] - rank[j]);
  return Math.min(Math.max(0, difference - h.minus), h.ceiling);
}
