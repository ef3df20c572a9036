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

/**
 * The pairing systems New tournament offers: [value, label]. `mcmahon-egc` is the congress McMahon (`"mcmahon"` with
 * `"egc": true`, seeds/egc-championship-rules.txt, The McMahon Tournament).
 */
export const SYSTEM_CHOICES: readonly (readonly [string, string])[] = [
  ['mcmahon', 'McMahon'],
  ['swiss', 'Swiss'],
  ['round-robin', 'Round-robin (league)'],
  ['knockout', 'Knockout'],
  ['egc-qt', 'EGC Qualification Tournament'],
  ['groups-of-eight', 'Groups of Eight'],
  ['mcmahon-egc', 'McMahon, European Championship (congress)'],
];

/** What each system needs besides the rounds: the settings fields the form shows for it. */
export const SYSTEM_FIELDS: Readonly<Record<string, readonly ('schedule' | 'cycles' | 'bracket')[]>> = {
  'round-robin': ['schedule', 'cycles'],
  knockout: ['bracket'],
};

export const SCHEDULE_CHOICES: readonly (readonly [string, string])[] = [
  ['berger', 'Berger tables (any number of players)'],
  ['egc', 'European Championship league (10 or 12 players)'],
];
export const CYCLES_CHOICES: readonly (readonly [string, string])[] = [
  ['1', 'Once (one cycle)'],
  ['2', 'Twice, colours reversed (two cycles)'],
];
export const BRACKET_CHOICES: readonly (readonly [string, string])[] = [
  ['fold', 'Fold (lowest number against highest)'],
  ['egc-pko-24', 'EGC Preliminary Knockouts, 24 players'],
  ['egc-pko-32', 'EGC Preliminary Knockouts, 32 players'],
];

/**
 * The systems this engine pairs: every one the form offers (the score-group systems; the round-robin, ./roundRobin;
 * the knockout, the QT and Groups of Eight, src/systems/registry.ts; the congress McMahon, src/systems/egc/egcCongress).
 */
export const ENGINE_SYSTEMS: ReadonlySet<string> = new Set(SYSTEM_CHOICES.map(([v]) => v));

const BRACKETS = ['fold', 'egc-pko-24', 'egc-pko-32'] as const;

export interface SystemFields {
  readonly system: string;
  readonly rounds: number;
  readonly schedule: string;
  readonly cycles: string;
  readonly bracket: string;
}

export type SystemSettings =
  | { readonly ok: true; readonly system: string; readonly schedule?: 'berger' | 'egc'; readonly cycles?: number; readonly bracket?: string; readonly egc?: boolean }
  | { readonly ok: false; readonly problems: readonly string[] };

/** The system and its settings the form's fields give, or what is wrong (naming the field). */
export function systemSettings(fields: SystemFields): SystemSettings {
  const label = SYSTEM_CHOICES.find(([v]) => v === fields.system)?.[1];
  if (!label) return { ok: false, problems: [`Pairing system: "${fields.system}" is not a system Tengen knows`] };
  const system = fields.system === 'mcmahon-egc' ? 'mcmahon' : fields.system;
  if (fields.system === 'mcmahon-egc') return { ok: true, system, egc: true };
  if (system === 'knockout') {
    const bracket = (BRACKETS as readonly string[]).includes(fields.bracket) ? fields.bracket : undefined;
    if (!bracket) return { ok: false, problems: [`Knockout bracket: "${fields.bracket}" is not one of ${BRACKETS.join(', ')}`] };
    return { ok: true, system, bracket };
  }
  if (system !== 'round-robin') return { ok: true, system };
  const schedule = fields.schedule === 'egc' ? 'egc' : 'berger';
  const cycles = fields.cycles === '2' ? 2 : 1;
  // seeds/egc-championship-rules.txt, The League: "The league of 10 Europeans is played in 9 rounds round-robin"; from
  // 2010 on, "The league of 12 Europeans is played in 11 rounds".
  if (schedule === 'egc' && ![9, 11].map((r) => r * cycles).includes(fields.rounds)) {
    return { ok: false, problems: [`Number of rounds: the European Championship league has 9 rounds (10 players) or 11 (12 players)${cycles === 2 ? ', twice that with two cycles' : ''}; you typed ${fields.rounds}`] };
  }
  return { ok: true, system, schedule, cycles };
}
