/**
 * Pairs to avoid when possible (seeds/mays-swiss-mcmahon-manual.txt, "Doing the Pairings", Consideration No. 2:
 * "Are the players from the same city, or are they related (siblings, parent and child)? If either is true, try
 * switching the cards … as the event nears its end, it will become harder to avoid pairing such players"):
 * relatives, then the same city, then the same club.
 *
 * Two exceptions, neither avoided nor reported:
 * - the host city: "naturally, the tournament director makes no effort to avoid the pairing of the players from the
 *   host city" (Mays, "Registration", the duties of the second registration official). Only the city is passed
 *   over: two local players of the same club are still kept apart, as the club is what Mays says should be written
 *   ("Actually, it's the name of the club that ought to be written down, not the name of the city"); a director who
 *   wants the locals to meet freely sets the club level to 0 (`optimal`) or `avoidSameClub: false` (`mays`).
 * - EGF: "For players starting above the top bar, the pairing is not biased by geography." (EGF General Tournament
 *   Rules, Pairing): under the `egf` ruleset with a bar, a pair with a player whose initial McMahon score is the
 *   bar's or more shares no city, club or country. Relatives the director names are still kept apart (family is not
 *   geography).
 */
import type { Player, PlayerId, RulesetName, Tournament } from '../model/tournament';
import { clampRank } from '../model/rank';
import { egcCongressStart } from '../scoring/egcCongressStart';
import { initialMms } from '../scoring/scoreboard';
import { pairKey } from './controls';

export type Neighbourhood = 'related' | 'same-city' | 'same-club';

export interface GeographyOptions {
  /** Avoid players of the same city (default true). */
  readonly avoidSameCity?: boolean;
  /** Avoid players of the same club (default true). */
  readonly avoidSameClub?: boolean;
  /** Relatives named by the director. */
  readonly relatives?: readonly (readonly [PlayerId, PlayerId])[];
  /** Take players sharing a family name as relatives (default false: common names are not families). */
  readonly sameFamilyNameIsRelated?: boolean;
  /** The host city: two of its players are not kept apart for their city (Mays). */
  readonly hostCity?: string;
  /** Players whose pairs are not biased by geography (EGF: those starting above the top bar). */
  readonly geographyFree?: (player: Player) => boolean;
}

function same(a: string | undefined, b: string | undefined): boolean {
  const x = a?.trim().toLowerCase();
  const y = b?.trim().toLowerCase();
  return Boolean(x) && x === y;
}

/** What two players share that makes their pair one to avoid, or undefined. */
export function neighbourhoodOf(options: GeographyOptions = {}): (a: Player, b: Player) => Neighbourhood | undefined {
  const avoidCity = options.avoidSameCity ?? true;
  const avoidClub = options.avoidSameClub ?? true;
  const relatives = new Set((options.relatives ?? []).map(([a, b]) => pairKey(a, b)));
  const free = options.geographyFree ?? (() => false);
  return (a, b) => {
    if (relatives.has(pairKey(a.id, b.id)) || (options.sameFamilyNameIsRelated && same(a.family, b.family))) return 'related';
    if (free(a) || free(b)) return undefined;
    if (avoidCity && same(a.city, b.city) && !isHostCity(a.city, options.hostCity)) return 'same-city';
    if (avoidClub && same(a.club, b.club)) return 'same-club';
    return undefined;
  };
}

/** This city is the host city (compared as the director typed them, ignoring case and spaces around). */
export function isHostCity(city: string | undefined, hostCity: string | undefined): boolean {
  return same(city, hostCity);
}

/**
 * EGF: "For players starting above the top bar, the pairing is not biased by geography." Under the `egf` ruleset
 * of a McMahon with a bar, the players whose initial McMahon score is at least the bar's (the top group and any
 * supergroup); nobody otherwise.
 */
export function startsAboveTopBar(t: Tournament, ruleset: RulesetName = t.settings.ruleset): (player: Player) => boolean {
  // The congress McMahon sets its bar by its own rule (../scoring/egcCongressStart).
  const bar = t.settings.egc && t.settings.system === 'mcmahon' ? egcCongressStart(t).usedBar : t.settings.bar;
  if (ruleset !== 'egf' || bar === undefined || t.settings.system !== 'mcmahon') return () => false;
  const barMms = clampRank(bar, t.settings.floor, bar) - (t.settings.mmsZero ?? 0);
  return (p) => initialMms(t, p) >= barMms;
}

/** "both from Montréal", "both of the club Go Club Paris", "relatives (Doe, Doe)". */
export function describeNeighbourhood(kind: Neighbourhood, a: Player, b: Player): string {
  if (kind === 'same-city') return `both from ${a.city?.trim()}`;
  if (kind === 'same-club') return `both of the club ${a.club?.trim()}`;
  return `relatives (${a.family}, ${b.family})`;
}
