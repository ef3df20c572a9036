/**
 * Pair go and rengo entrants. seeds/egf-general-tournament-rules-excerpt.txt: "In case of pairgo or rengo, 'player'
 * denotes a pair or team." The entrant is one Player of the draw and the standings, with its members' names and ranks;
 * its rank for the draw and the handicaps is set by the event's rule (settings.entrants.rank) — the EGF rules are
 * silent on which, so the director chooses and the file records it:
 *  - `average-down`: the mean of the members' ranks, rounded down (towards the weaker rank);
 *  - `average-nearest`: the mean rounded to the nearest rank, halves up (towards the stronger);
 *  - `strongest`: the strongest member's rank.
 * Ranks are on Tengen's one ladder (30k = −30 … 1k = −1, 1d = 0 …), so a mean of 3d and 2k is 1d.
 */
import type { Rank } from './rank';

export type EntrantKind = 'pair-go' | 'rengo';
export type EntrantRankRule = 'average-down' | 'average-nearest' | 'strongest';
export const ENTRANT_RANK_RULES: readonly EntrantRankRule[] = ['average-down', 'average-nearest', 'strongest'];
/** The rule of an event that names none (the JSON file's members without settings.entrants, a blank Settings row). */
export const DEFAULT_ENTRANT_RANK_RULE: EntrantRankRule = 'average-down';

export interface EntrantSettings {
  readonly kind: EntrantKind;
  readonly rank: EntrantRankRule;
}

/** A member of a pair or rengo team, as registered. */
export interface Member {
  readonly family: string;
  readonly given: string;
  readonly rank: Rank;
}

/** The entrant's rank from its members' ranks by the event's rule. */
export function entrantRank(ranks: readonly Rank[], rule: EntrantRankRule): Rank {
  if (ranks.length === 0) throw new RangeError('an entrant needs at least one member');
  if (rule === 'strongest') return Math.max(...ranks) as Rank;
  const mean = ranks.reduce((s, r) => s + r, 0) / ranks.length;
  return (rule === 'average-nearest' ? Math.floor(mean + 0.5) : Math.floor(mean)) as Rank;
}
