/**
 * Go ranks.
 *
 * A rank is stored as one integer on a single ladder, so that "one rank ≈ one handicap stone" is plain subtraction:
 *   30k … 1k  →  −30 … −1
 *   1d  … 9d  →    0 …  8
 *   1p  … 9p  →    9 … 17   (professional ranks continue above 9d, as in OpenGotha's rank list)
 *
 * With this ladder a rank's value is also its BGA McMahon score ("a 4-kyu player starts at −4, and a 1-dan player
 * starts at 0", seeds/bga-mcmahon-system.txt), and OpenGotha's MMS is `rank − zero` (its zero is 30k).
 */

export type Rank = number & { readonly __brand: 'Rank' };

export const WEAKEST_RANK = -30 as Rank;
export const STRONGEST_RANK = 17 as Rank;

export type RankParse = { ok: true; rank: Rank } | { ok: false; message: string };

const EXPECTED = 'a rank such as 15k, 5d or 1p (also 15-K, 15 kyu, 5 dan, 1 pro): kyu 1–30, dan 1–9, pro 1–9';

/**
 * Accepts every spelling directors type: `5d`, `5D`, `5-D`, `5 dan`, `15k`, `15-K`, `15 kyu`, `1p`, `1 pro`, and
 * the French `5 kyu`/`1 dan` alike. Anything else is refused with a message saying what was expected.
 */
export function parseRank(text: string): RankParse {
  const cleaned = text.trim().toLowerCase();
  const match = /^(\d{1,2})\s*[-.]?\s*(k|kyu|kyus|d|dan|dans|p|pro|professional)$/.exec(cleaned);
  if (!match) {
    return { ok: false, message: `"${text}" is not a rank; expected ${EXPECTED}` };
  }
  const n = Number(match[1]);
  const kind = match[2][0];
  if (kind === 'k') {
    if (n < 1 || n > 30) return { ok: false, message: `"${text}": kyu ranks go from 30k to 1k` };
    return { ok: true, rank: -n as Rank };
  }
  if (kind === 'd') {
    if (n < 1 || n > 9) return { ok: false, message: `"${text}": dan ranks go from 1d to 9d` };
    return { ok: true, rank: (n - 1) as Rank };
  }
  if (n < 1 || n > 9) return { ok: false, message: `"${text}": professional ranks go from 1p to 9p` };
  return { ok: true, rank: (8 + n) as Rank };
}

/** The canonical short spelling: `15k`, `5d`, `1p`. */
export function formatRank(rank: Rank): string {
  if (rank < 0) return `${-rank}k`;
  if (rank <= 8) return `${rank + 1}d`;
  return `${rank - 8}p`;
}

export function isRank(value: number): value is Rank {
  return Number.isInteger(value) && value >= WEAKEST_RANK && value <= STRONGEST_RANK;
}

/** Clamp a rank between a floor and a bar (McMahon: everyone at or above the bar starts at the bar's score). */
export function clampRank(rank: Rank, floor: Rank | undefined, bar: Rank | undefined): Rank {
  let r = rank;
  if (bar !== undefined && r > bar) r = bar;
  if (floor !== undefined && r < floor) r = floor;
  return r;
}
