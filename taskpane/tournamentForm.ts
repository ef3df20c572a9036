/**
 * What the New tournament form asks beyond the name and the rounds, because the draw needs it on day one: the host
 * city, the handicaps and the komi. Plain functions over the form's values, so a test can check them without a page.
 *
 * - Host city: Mays, "Registration" (p. 14) — "naturally, the tournament director makes no effort to avoid the pairing
 *   of the players from the host city". The form fills it with the place until the director types his own.
 * - Handicaps: each ruleset's own defaults (`defaultHandicapSettings`, src/pairing/handicap.ts) are filled in and
 *   follow the ruleset chosen. Only a setting the director changed is stored: the ruleset's default is left to the
 *   ruleset, so the BGA's "even at or above the bar" still follows the bar set later in Sections.
 * - Komi: 7.5, the komi of the EGC's McMahon ("7.5 komi and Japanese playing material", European Go Championship
 *   Tournament Rules) and of OpenGotha's files; in a handicap game the handicap decides (Mays: "no komi").
 */
import { formatRank, parseRank, type Rank } from '../src/model/rank';
import type { HandicapPolicy, HandicapSettings, RulesetName } from '../src/model/tournament';
import { DEFAULT_HANDICAP_CEILING, defaultHandicapSettings } from '../src/pairing/handicap';

export const DEFAULT_KOMI = 7.5;

/** The handicap policies offered, in the words of the rule texts: [value, label]. */
export const HANDICAP_POLICIES: readonly (readonly [HandicapPolicy, string])[] = [
  ['none', 'Even games (no handicap)'],
  ['rank-difference-minus-1', 'Rank difference − 1 (Mays)'],
  ['rank-difference-minus-2', 'Rank difference − 2 (EGF)'],
  ['rank-difference', 'Rank difference'],
  ['mms-difference-minus-1', 'McMahon score difference − 1 (BGA)'],
  ['mms-difference-minus-2', 'McMahon score difference − 2'],
  ['mms-difference', 'McMahon score difference'],
];

/** The form's handicap and komi fields as text, as the inputs hold them. */
export interface DrawFields {
  readonly policy: string;
  readonly ceiling: string;
  /** Even game when either player is this rank or stronger; empty for none. */
  readonly evenAtOrAbove: string;
  readonly komi: string;
}

/** The fields a ruleset fills in. */
export function drawDefaults(ruleset: RulesetName): DrawFields {
  const d = defaultHandicapSettings(ruleset);
  return {
    policy: d.policy,
    ceiling: String(d.ceiling ?? DEFAULT_HANDICAP_CEILING),
    evenAtOrAbove: d.evenAtOrAbove !== undefined ? formatRank(d.evenAtOrAbove) : '',
    komi: String(DEFAULT_KOMI),
  };
}

function sameHandicap(a: HandicapSettings, b: HandicapSettings): boolean {
  return a.policy === b.policy && (a.ceiling ?? DEFAULT_HANDICAP_CEILING) === (b.ceiling ?? DEFAULT_HANDICAP_CEILING) && a.evenAtOrAbove === b.evenAtOrAbove;
}

export type DrawSettings = { readonly ok: true; readonly handicap?: HandicapSettings; readonly komi: number } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * The settings the fields give, or what is wrong with them (naming the field). `handicap` only when it differs from
 * the ruleset's default.
 */
export function drawSettings(ruleset: RulesetName, fields: DrawFields): DrawSettings {
  const problems: string[] = [];
  const policy = HANDICAP_POLICIES.find(([p]) => p === fields.policy)?.[0];
  if (!policy) problems.push(`Handicaps: "${fields.policy}" is not a handicap policy`);
  const ceiling = Number(fields.ceiling);
  if (fields.ceiling.trim() === '' || !Number.isInteger(ceiling) || ceiling < 0 || ceiling > 9) problems.push(`Largest handicap: "${fields.ceiling}" — type a whole number of stones from 0 to 9`);
  let evenAtOrAbove: Rank | undefined;
  if (fields.evenAtOrAbove.trim()) {
    const r = parseRank(fields.evenAtOrAbove.trim());
    if (r.ok) evenAtOrAbove = r.rank;
    else problems.push(`Even games from: "${fields.evenAtOrAbove}" — ${r.message}`);
  }
  const komiText = fields.komi.trim().replace(',', '.');
  const komi = Number(komiText);
  // Komi is a whole or half number of points.
  if (komiText === '' || !Number.isFinite(komi) || !Number.isInteger(komi * 2)) problems.push(`Komi: "${fields.komi}" — type a number of points such as 6.5 or 7.5`);
  if (problems.length > 0 || !policy) return { ok: false, problems };
  const chosen: HandicapSettings = { policy, ceiling, ...(evenAtOrAbove !== undefined ? { evenAtOrAbove } : {}) };
  const byDefault = defaultHandicapSettings(ruleset);
  return sameHandicap(chosen, byDefault) ? { ok: true, komi } : { ok: true, handicap: chosen, komi };
}
