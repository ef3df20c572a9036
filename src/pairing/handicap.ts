/**
 * Handicaps: how many stones the weaker player of a pair receives, under the tournament's `HandicapPolicy`.
 *
 * - Mays ("Doing the Pairings", Consideration No. 4): "By tradition, the formula that is applied is Handicap – 1. In
 *   other words, 1 is subtracted from the normal difference in the ranks … If the difference is 1, then there is no
 *   komi; if the difference is 2, then the weaker player gets 2 stones." — "if one player is 17-kyu and the other
 *   player is 15-kyu … the handicap becomes 1 stone, which means no komi"; "17-kyu and the other player is 14-kyu …
 *   the handicap becomes 2 stones".
 * - BGA (seeds/bga-mcmahon-system.txt): "The handicap in the McMahon system is normally one less than the current
 *   difference in the players' McMahon scores, with a handicap of 1 meaning a no-komi game"; "it is normal in
 *   Europe to use difference-2, and some tournaments use the difference directly"; "If *either* player declared a
 *   grade at or above the bar, then the game must be even."
 * - EGF (seeds/egf-general-tournament-rules-excerpt.txt): "By default, no handicaps are used. If handicaps are used
 *   for 15 kyu or below, then by default they use the rank difference minus 2."
 *
 * In a handicap game the stronger player takes White; Black places the stones.
 */
import { formatRank, parseRank, type Rank } from '../model/rank';
import { handicapPolicyOf, type HandicapPolicy, type HandicapSettings, type OpenGothaScoring, type PlayerId, type RulesetName, type Settings } from '../model/tournament';
import { formatHalves } from './history';

/** The default ceiling: nine stones. */
export const DEFAULT_HANDICAP_CEILING = 9;

/** Mays' tradition: rank difference − 1. */
export const MAYS_HANDICAP: HandicapSettings = { policy: 'rank-difference-minus-1' };

/** BGA: McMahon difference − 1, even whenever either player declared a rank at or above the bar. */
export function bgaHandicap(bar: Rank | undefined): HandicapSettings {
  return bar === undefined ? { policy: 'mms-difference-minus-1' } : { policy: 'mms-difference-minus-1', evenAtOrAbove: bar };
}

/** EGF: rank difference − 2, and only between players of 15 kyu or below (even when either is 14k or stronger). */
export const EGF_HANDICAP: HandicapSettings = { policy: 'rank-difference-minus-2', evenAtOrAbove: -14 as Rank };

/**
 * The European Go Championship's McMahon: "Handicaps may only be used below 15 kyu. All other games are even games."
 * (EGC championship rules, The McMahon Tournament, General). Below 15k is 16k and weaker, so 15k plays even; the
 * size follows the EGF default for handicap games, rank difference − 2.
 */
export const EGC_HANDICAP: HandicapSettings = { policy: 'rank-difference-minus-2', evenAtOrAbove: -15 as Rank };

/** Even games: the EGF default, "By default, no handicaps are used." (EGF General Tournament Rules, Pairing). */
export const EVEN_GAMES: HandicapSettings = { policy: 'none' };

/** What a ruleset's default handicaps may depend on besides the ruleset. */
export interface HandicapDefaultsContext {
  /** The McMahon bar (BGA: even games at or above it). */
  readonly bar?: Rank;
  /** OpenGotha's HandicapParameterSet as read from the file (`opengotha.pairingParameters`). */
  readonly opengotha?: OpenGothaScoring;
}

/**
 * Each ruleset's own handicaps, used when the file sets none (a director's explicit `settings.handicap` always wins:
 * see `handicapSettingsOf`).
 * - `aqjg`: Mays' tradition, rank difference − 1 ("By tradition, the formula that is applied is Handicap – 1",
 *   Mays, "Doing the Pairings", Consideration No. 4).
 * - `egf`: even games ("By default, no handicaps are used.", EGF General Tournament Rules). A tournament that wants
 *   handicaps sets them: `EGF_HANDICAP` (15k or below, difference − 2) or, for the EGC, `EGC_HANDICAP` (below 15k).
 * - `bga`: "The handicap in the McMahon system is normally one less than the current difference in the players'
 *   McMahon scores" and "If *either* player declared a grade at or above the bar, then the game must be even."
 *   (BGA, The McMahon System): McMahon difference − 1 below the bar, even at or above it.
 * - `opengotha`: the file's HandicapParameterSet (hdBase/hdBasedOnMMS, hdCorrection, hdCeiling,
 *   hdNoHdRankThreshold), each absent attribute at OpenGotha's own default (MMS, 1, 9, 1D).
 */
export function defaultHandicapSettings(ruleset: RulesetName, context: HandicapDefaultsContext = {}): HandicapSettings {
  switch (ruleset) {
    case 'aqjg':
      return MAYS_HANDICAP;
    case 'egf':
    case 'czech':
      return EVEN_GAMES;
    case 'bga':
      return bgaHandicap(context.bar);
    case 'opengotha':
      return openGothaHandicap(context.opengotha?.pairingParameters ?? {});
  }
}

/**
 * The handicaps a tournament plays under: the director's setting, else its ruleset's default — for the European Go
 * Congress McMahon (`settings.egc`) limited by its rule, whatever the setting: "Handicaps may only be used below 15
 * kyu. All other games are even games." (European Go Championship Tournament Rules, "The McMahon Tournament",
 * General). `egcHandicapLimit` says when the limit changed the director's setting.
 */
export function handicapSettingsOf(settings: Pick<Settings, 'ruleset' | 'bar' | 'handicap' | 'opengotha' | 'egc'>): HandicapSettings {
  const chosen = settings.handicap ?? defaultHandicapSettings(settings.ruleset, { bar: settings.bar, opengotha: settings.opengotha });
  return settings.egc ? limitedToEgc(chosen) : chosen;
}

/** A handicap setting with the EGC's limit: even whenever either player is 15k or stronger. */
function limitedToEgc(h: HandicapSettings): HandicapSettings {
  if (h.policy === 'none') return h;
  const limit = EGC_HANDICAP.evenAtOrAbove!;
  return h.evenAtOrAbove !== undefined && h.evenAtOrAbove <= limit ? h : { ...h, evenAtOrAbove: limit };
}

/** What the EGC's handicap limit changed in the director's own setting (for the report), or undefined. */
export function egcHandicapLimit(settings: Pick<Settings, 'handicap' | 'egc'>): string | undefined {
  const own = settings.handicap;
  if (!settings.egc || !own || own.policy === 'none') return undefined;
  if (own.evenAtOrAbove !== undefined && own.evenAtOrAbove <= EGC_HANDICAP.evenAtOrAbove!) return undefined;
  const was = own.evenAtOrAbove === undefined ? 'between any ranks' : `below ${formatRank(own.evenAtOrAbove)}`;
  return `the tournament's handicaps (${own.policy}, ${was}) are limited by the European Go Championship Tournament Rules ("The McMahon Tournament", General: "Handicaps may only be used below 15 kyu. All other games are even games."): every game with a player of 15k or stronger is even`;
}

/** OpenGotha's HandicapParameterSet defaults (its DTD): on the MMS, correction 1, ceiling 9, no handicap from 1D. */
const OPENGOTHA_HANDICAP_DEFAULTS = { hdBasedOnMMS: 'true', hdCorrection: '1', hdCeiling: '9', hdNoHdRankThreshold: '1D' };

function openGothaHandicap(written: Readonly<Record<string, string>>): HandicapSettings {
  const text = (name: keyof typeof OPENGOTHA_HANDICAP_DEFAULTS) => (written[name] ?? OPENGOTHA_HANDICAP_DEFAULTS[name]).trim();
  // Before 3.52.04 a boolean hdBasedOnMMS; since then hdBase (MMS or RANK).
  const base = written.hdBase?.trim().toUpperCase();
  const onMms = base !== undefined ? base === 'MMS' : text('hdBasedOnMMS').toLowerCase() === 'true';
  const whole = (name: 'hdCorrection' | 'hdCeiling', fallback: number) => {
    const n = Number(text(name));
    return Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  const correction = whole('hdCorrection', 1);
  const threshold = parseRank(text('hdNoHdRankThreshold'));
  return { ...handicapPolicyOf(onMms, correction), ceiling: whole('hdCeiling', DEFAULT_HANDICAP_CEILING), evenAtOrAbove: threshold.ok ? threshold.rank : (0 as Rank) };
}

export interface HandicapPlayer {
  readonly id: PlayerId;
  readonly rank: Rank;
  /** Current McMahon score, in half points (for the MMS policies). */
  readonly scoreHalves: number;
}

export interface HandicapDecision {
  /** 0 = even game, 1 = no komi, n = n stones. */
  readonly handicap: number;
  /** The player who takes White when `handicap` > 0 (the stronger by the policy's measure). */
  readonly stronger: PlayerId;
  readonly weaker: PlayerId;
  /** In words, for the report. */
  readonly reason: string;
}

function correction(policy: HandicapPolicy): number {
  if (policy.endsWith('minus-2')) return 2;
  if (policy.endsWith('minus-1')) return 1;
  return 0;
}

function describeStones(h: number): string {
  if (h === 0) return 'even game';
  if (h === 1) return 'handicap 1 (no komi)';
  return `handicap ${h}`;
}

/**
 * The handicap between two players. The difference is in ranks for the rank policies and in whole McMahon points
 * (the half-point difference rounded down) for the MMS policies; the policy's correction is subtracted, a negative
 * result is an even game, and the result is capped at the ceiling (default 9).
 */
export function decideHandicap(a: HandicapPlayer, b: HandicapPlayer, settings: HandicapSettings | undefined): HandicapDecision {
  const policy = settings?.policy ?? 'none';
  const byMms = policy.startsWith('mms');
  const measure = (p: HandicapPlayer) => (byMms ? p.scoreHalves : p.rank * 2);
  // The stronger by the policy's measure; on equal measure, the stronger rank, then the lower ID.
  const aStronger =
    measure(a) !== measure(b) ? measure(a) > measure(b) : a.rank !== b.rank ? a.rank > b.rank : a.id < b.id;
  const [strong, weak] = aStronger ? [a, b] : [b, a];

  if (policy === 'none') {
    return { handicap: 0, stronger: strong.id, weaker: weak.id, reason: 'no handicaps in this tournament' };
  }
  const evenAt = settings?.evenAtOrAbove;
  if (evenAt !== undefined && (a.rank >= evenAt || b.rank >= evenAt)) {
    const who = a.rank >= evenAt ? a : b;
    return {
      handicap: 0,
      stronger: strong.id,
      weaker: weak.id,
      reason: `even game: ${formatRank(who.rank)} is at or above ${formatRank(evenAt)}, where every game is even`,
    };
  }
  const difference = byMms ? Math.floor((strong.scoreHalves - weak.scoreHalves) / 2) : strong.rank - weak.rank;
  const minus = settings?.correction ?? correction(policy);
  const ceiling = settings?.ceiling ?? DEFAULT_HANDICAP_CEILING;
  const raw = Math.max(0, difference - minus);
  const handicap = Math.min(raw, ceiling);
  const what = byMms
    ? `McMahon ${formatHalves(strong.scoreHalves)} vs ${formatHalves(weak.scoreHalves)}: difference ${difference}`
    : `${formatRank(strong.rank)} vs ${formatRank(weak.rank)}: rank difference ${difference}`;
  const capped = raw > ceiling ? `, capped at ${ceiling}` : '';
  return {
    handicap,
    stronger: strong.id,
    weaker: weak.id,
    reason: `${what}${minus ? ` − ${minus}` : ''} → ${describeStones(handicap)}${capped}`,
  };
}
