/**
 * Pairs to avoid when possible (seeds/mays-swiss-mcmahon-manual.txt, "Doing the Pairings", Consideration No. 2:
 * "Are the players from the same city, or are they related (siblings, parent and child)? If either is true, try
 * switching the cards … as the event nears its end, it will become harder to avoid pairing such players"):
 * relatives, then the same city, then the same club.
 */
import type { Player, PlayerId } from '../model/tournament';
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
  return (a, b) => {
    if (relatives.has(pairKey(a.id, b.id)) || (options.sameFamilyNameIsRelated && same(a.family, b.family))) return 'related';
    if (avoidCity && same(a.city, b.city)) return 'same-city';
    if (avoidClub && same(a.club, b.club)) return 'same-club';
    return undefined;
  };
}

/** "both from Montréal", "both of the club Go Club Paris", "relatives (Doe, Doe)". */
export function describeNeighbourhood(kind: Neighbourhood, a: Player, b: Player): string {
  if (kind === 'same-city') return `both from ${a.city?.trim()}`;
  if (kind === 'same-club') return `both of the club ${a.club?.trim()}`;
  return `relatives (${a.family}, ${b.family})`;
}
