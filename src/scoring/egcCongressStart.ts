/**
 * Where players start in the European Go Congress McMahon (`settings.egc`): the top bar, the supergroup, the PKO
 * players and the late entries (seeds/egc-championship-rules.txt, "The McMahon Tournament", sections "Top Bar and
 * Supergroup", "Entry or Leaving" and "General").
 *
 * The initial McMahon score of the scoreboard (./scoreboard `initialMms`) reads `egcCongressStart` when `settings.egc`
 * is set; the bar advice of ../pairing/sections (`egcBarAdvice`) is `egcTopBar` over any list of players.
 */
import { clampRank, formatRank, STRONGEST_RANK, type Rank } from '../model/rank';
import type { Player, PlayerId, Round, Tournament } from '../model/tournament';

export const EGC_RULES = 'seeds/egc-championship-rules.txt';
export const TOP_BAR_RULE = `${EGC_RULES}, "Top Bar and Supergroup"`;

export interface EgcTopBarOptions {
  /** The lowest bar allowed (default 4d): "the smallest rank 4 dan or above". */
  readonly lowestBar?: Rank;
  /** At most this many above the bar (default 67). */
  readonly maxAboveBar?: number;
  /** "… plus the number of such players already qualified for the league" (default 0). */
  readonly alreadyQualified?: number;
  /** The players already qualified for the league, counted above each bar considered on top of `alreadyQualified`. */
  readonly qualifiedForLeague?: (p: Player) => boolean;
  /**
   * Who counts for the bar: "the number of players - including those in the PKOs - entering for round 1" (default:
   * everyone; `egcCongressStart` passes the players not absent in round 1).
   */
  readonly entersRound1?: (p: Player) => boolean;
  /** Players in the supergroup whatever their rank: "The Europeans in the PKOs are in the … supergroup" (default none). */
  readonly inSupergroupAnyway?: (p: Player) => boolean;
  /**
   * Who may join the supergroup among the players above the bar (EGC: "in the Tournament Agreement, have declared to
   * play all 10 rounds"); default: players with no absent round.
   */
  readonly supergroupEligible?: (p: Player) => boolean;
  /** "if then the top bar group contained fewer than 8 players, then it equals the supergroup" (default 8). */
  readonly minTopBarGroup?: number;
}

export interface BarCandidate {
  readonly bar: Rank;
  /** Players at or above the bar ("said to start 'above the bar'"). */
  readonly aboveBar: number;
  /** Strongest rank minus the bar. */
  readonly depth: number;
}

/** A proposed McMahon bar (../pairing/sections: the BGA's and the EGC's), with every bar considered. */
export interface BarAdvice {
  readonly bar: Rank;
  readonly aboveBar: readonly PlayerId[];
  /** Every bar considered, strongest first, for the director to choose another. */
  readonly candidates: readonly BarCandidate[];
  readonly rule: string;
  readonly notes: readonly string[];
}

export interface EgcTopBar extends BarAdvice {
  /** The players counted above the bar are those entering for round 1, at or above the bar's rank. */
  readonly supergroup: readonly PlayerId[];
  /** McMahon points the supergroup starts above the bar: 1, or 0 when it equals the top bar group. */
  readonly supergroupPoints: number;
  /** The players above the bar, entering for round 1, not in the supergroup. */
  readonly topBarGroup: readonly PlayerId[];
}

/**
 * The top bar and the supergroup (seeds/egc-championship-rules.txt, "Top Bar and Supergroup"):
 *  - "The top bar is set to the smallest rank 4 dan or above so that the number of players - including those in the
 *    PKOs - entering for round 1 and being above the top bar is at most 67 plus the number of such players already
 *    qualified for the league." "Above the top bar" is read as McMahon directors say it (BGA: players at or above the
 *    bar are "said to start 'above the bar'"): a player of the bar's rank counts.
 *  - "The Europeans in the PKOs are in the McMahon tournament's supergroup. Other Europeans and non-Europeans are in
 *    the supergroup if they are above the top bar and, in the Tournament Agreement, have declared to play all 10
 *    rounds."
 *  - "The supergroup starts 1 McMahon point above the top bar. However, if then the top bar group contained fewer
 *    than 8 players, then it equals the supergroup." The top bar group: the players above the bar entering for
 *    round 1 who are not in the supergroup.
 */
export function egcTopBar(players: readonly Player[], options: EgcTopBarOptions = {}): EgcTopBar {
  const lowest = options.lowestBar ?? (3 as Rank);
  const enters = options.entersRound1 ?? (() => true);
  const counted = players.filter(enters);
  // "at most 67 plus the number of such players already qualified for the league": such players — entering for
  // round 1 and above the bar — are counted for each bar considered.
  const qualified = options.qualifiedForLeague ?? (() => false);
  const limitAt = (bar: number) => (options.maxAboveBar ?? 67) + (options.alreadyQualified ?? 0) + counted.filter((p) => p.rank >= bar && qualified(p)).length;
  const strongest = counted.reduce((max, p) => (p.rank > max ? p.rank : max), lowest);
  const above = (bar: number) => counted.filter((p) => p.rank >= bar);
  const candidates: BarCandidate[] = [];
  for (let bar = Math.min(strongest, STRONGEST_RANK); bar >= lowest; bar--) {
    candidates.push({ bar: bar as Rank, aboveBar: above(bar).length, depth: strongest - bar });
  }
  const fitting = candidates.filter((c) => c.aboveBar <= limitAt(c.bar));
  const notes: string[] = [];
  let chosen: BarCandidate;
  if (fitting.length > 0) {
    chosen = fitting[fitting.length - 1];
  } else {
    chosen = candidates[0];
    notes.push(`${chosen.aboveBar} players at ${formatRank(chosen.bar)}, the strongest rank, exceed ${limitAt(chosen.bar)}: the EGC rule has no bar here ("The top bar is well-defined unless more than 64 7 dans but no 8 dans appear")`);
  }
  const aboveBar = above(chosen.bar);
  const anyway = options.inSupergroupAnyway ?? (() => false);
  const eligible = options.supergroupEligible ?? ((p: Player) => (p.absentRounds ?? []).length === 0);
  const supergroup = players.filter((p) => anyway(p) || (p.rank >= chosen.bar && eligible(p)));
  const inSupergroup = new Set(supergroup.map((p) => p.id));
  const topBarGroup = aboveBar.filter((p) => !inSupergroup.has(p.id));
  const minTopBarGroup = options.minTopBarGroup ?? 8;
  let supergroupPoints = 1;
  if (supergroup.length === 0) {
    supergroupPoints = 0;
  } else if (topBarGroup.length < minTopBarGroup) {
    supergroupPoints = 0;
    notes.push(`the top bar group would hold only ${topBarGroup.length} players (fewer than ${minTopBarGroup}), so it equals the supergroup`);
  }
  notes.push(
    `bar ${formatRank(chosen.bar)}: ${aboveBar.length} players above it (at most ${limitAt(chosen.bar)}); supergroup of ${supergroup.length}${supergroupPoints ? ', 1 point above the bar' : ''}, top bar group of ${topBarGroup.length}`,
  );
  return {
    bar: chosen.bar,
    aboveBar: aboveBar.map((p) => p.id),
    candidates,
    rule: TOP_BAR_RULE,
    notes,
    supergroup: supergroup.map((p) => p.id),
    supergroupPoints,
    topBarGroup: topBarGroup.map((p) => p.id),
  };
}

/**
 * "… in the Tournament Agreement, have declared to play all 10 rounds": the player's `declaredAllRounds` when set,
 * else no absent round — and never a late entry ("Late entries do not play in the supergroup").
 */
export function declaredAllRounds(p: Player): boolean {
  if (isLateEntry(p)) return false;
  return p.declaredAllRounds ?? (p.absentRounds ?? []).length === 0;
}

/** A late entry: not playing round 1 ("Late entries do not play in the supergroup, unless it equals the top bar group"). */
export function isLateEntry(p: Player): boolean {
  return (p.absentRounds ?? []).includes(1 as Round);
}

export interface EgcCongressStart extends EgcTopBar {
  /** The bar the scores use: the director's `settings.bar` when he set one, else the rule's (`computedBar`). */
  readonly usedBar: Rank;
  /** The bar the rule gives. */
  readonly computedBar: Rank;
  /** Initial McMahon score of the supergroup, in points. */
  readonly supergroupMms: number;
  readonly inSupergroup: ReadonlySet<PlayerId>;
}

const cache = new WeakMap<readonly Player[], EgcCongressStart>();

/**
 * The congress McMahon's start for a tournament with `settings.egc` (cached per player list):
 *  - the bar by `egcTopBar`, counting the players "entering for round 1" (not absent in round 1), PKO players
 *    included; a bar the director wrote in `settings.bar` is his decision and is used instead (the notes say both);
 *  - the supergroup: "The Europeans in the PKOs" (every player marked `pko`: "The game results of the PKOs are also
 *    counted for the McMahon tournament as if the players had started in the supergroup or, if it equals the top bar
 *    group, above the top bar"), and the players above the bar who play every round — a player with an absent round
 *    has not "declared to play all 10 rounds", and a late entry is absent in round 1 ("Late entries do not play in
 *    the supergroup, unless it equals the top bar group": when it does, he starts at the bar like everyone above it).
 */
export function egcCongressStart(t: Tournament): EgcCongressStart {
  const cached = cache.get(t.players);
  if (cached && cached.usedBar === (t.settings.bar ?? cached.computedBar)) return cached;
  const top = egcTopBar(t.players, {
    entersRound1: (p) => !isLateEntry(p),
    inSupergroupAnyway: (p) => p.pko === true,
    supergroupEligible: declaredAllRounds,
    qualifiedForLeague: (p) => p.leagueQualified === true,
  });
  const usedBar = t.settings.bar ?? top.bar;
  const notes = t.settings.bar !== undefined && t.settings.bar !== top.bar
    ? [...top.notes, `the director's bar ${formatRank(t.settings.bar)} is used, not the rule's ${formatRank(top.bar)}`]
    : top.notes;
  const barMms = clampRank(usedBar, t.settings.floor, usedBar) - (t.settings.mmsZero ?? 0);
  const start: EgcCongressStart = { ...top, notes, usedBar, computedBar: top.bar, supergroupMms: barMms + top.supergroupPoints, inSupergroup: new Set(top.supergroup) };
  cache.set(t.players, start);
  return start;
}

/** The initial McMahon score of the congress McMahon, in points (the player's own `initialMms` is the director's). */
export function egcInitialMms(t: Tournament, p: Player): number {
  const start = egcCongressStart(t);
  if (start.inSupergroup.has(p.id)) return start.supergroupMms;
  return clampRank(p.rank, t.settings.floor, start.usedBar) - (t.settings.mmsZero ?? 0);
}

/**
 * The tournament without the initial McMahon scores the congress rule gives anyway (a grid shows every player's
 * initial MMS, and reads a value other than the bar's clamp as the director's own): what a workbook read back holds
 * when `settings.egc` is set, so that it round-trips to the file it was written from.
 */
export function withoutRuleStarts(t: Tournament): Tournament {
  if (!t.settings.egc || t.settings.system !== 'mcmahon') return t;
  const bare = t.players.map((p) => {
    if (p.initialMms === undefined) return p;
    const rest: { -readonly [K in keyof Player]?: Player[K] } = { ...p };
    delete rest.initialMms;
    return rest as Player;
  });
  const ruled = { ...t, players: bare };
  const players = t.players.map((p, i) => (p.initialMms !== undefined && p.section === undefined && p.initialMms === egcInitialMms(ruled, bare[i]) ? bare[i] : p));
  return { ...t, players };
}
