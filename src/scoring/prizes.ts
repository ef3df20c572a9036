/**
 * Who wins which prize: the standings cut into the groups prizes are given in (each McMahon section, or the whole
 * field), each group's places, and each prize of a place given to the player there — equal players sharing.
 *
 * seeds/mays-swiss-mcmahon-manual.txt, "Prizes": "All tournaments offer prizes to the winners of first place in each
 * section, and some tournaments offer prizes to the winners of second place"; "McMahon section": "The players in each
 * section are in competition with each other for the prizes available in their section".
 * seeds/egf-general-tournament-rules-excerpt.txt, equal players: "each of them receives the same amount if there are
 * money prizes. They equally share the sum of all money prizes issued for those place numbers that they would have
 * got if they were not equal. Other divisible prizes like, e.g., points accumulated in a series of tournaments, are
 * distributed similarly." — "Indivisible prizes like seeding places or flight tickets are issued by tiebreakers even
 * if otherwise equal players share place number, title, or divisible prizes."
 */
import { fraction, type Fraction } from '../model/fraction';
import type { PlayerId, Prize, Tournament } from '../model/tournament';
import type { Standings, StandingsEntry } from './standings';

/** A group prizes are given in: a McMahon section, or the whole field (`section` undefined). */
export interface PrizeGroup {
  readonly section?: string;
  /** The section's initial McMahon score (the whole field: undefined). */
  readonly initialMms?: number;
  /** The group's players in standings order, each with his place in the group. */
  readonly entries: readonly { readonly entry: StandingsEntry; readonly place: number }[];
  /** The section's winner(s) (Mays, "Determining the Winners": most victories, then the tie-breakers). */
  readonly winners: readonly PlayerId[];
  /** What each player of the group wins. */
  readonly awards: ReadonlyMap<PlayerId, Award>;
}

export interface Award {
  /** Divisible prizes: this player's share of each unit's sum (exact). */
  readonly shares: readonly { readonly unit: string; readonly share: Fraction; readonly total: number; readonly sharedBy: number }[];
  /** Indivisible prizes of the places this player holds (with the players equal to him). */
  readonly items: readonly string[];
  /** Equal players hold these places together: the items go by the director's decision between them. */
  readonly itemsShared: boolean;
}

/** The places of a group: one greater than the number of better placed players of the group (EGF). */
function placesIn(entries: readonly StandingsEntry[], key: (e: StandingsEntry) => string): { entry: StandingsEntry; place: number }[] {
  const out: { entry: StandingsEntry; place: number }[] = [];
  entries.forEach((e, i) => {
    const same = i > 0 && key(entries[i - 1]) === key(e);
    out.push({ entry: e, place: same ? out[i - 1].place : i + 1 });
  });
  return out;
}

function awardsOf(placed: readonly { entry: StandingsEntry; place: number }[], prizes: readonly Prize[]): Map<PlayerId, Award> {
  const awards = new Map<PlayerId, Award>();
  const byPlace = new Map<number, StandingsEntry[]>();
  for (const { entry, place } of placed) {
    const list = byPlace.get(place);
    if (list) list.push(entry);
    else byPlace.set(place, [entry]);
  }
  for (const [first, equal] of byPlace) {
    const held = prizes.filter((p) => p.place >= first && p.place < first + equal.length);
    if (held.length === 0) continue;
    const totals = new Map<string, number>();
    for (const p of held) if (p.amount !== undefined) totals.set(p.unit ?? '', (totals.get(p.unit ?? '') ?? 0) + p.amount);
    // Shares exact to the hundredth of the unit summed (a sum of 100 among 3 is 100/3 each, shown 33.33).
    const shares = [...totals].map(([unit, total]) => ({ unit, total, sharedBy: equal.length, share: fraction(Math.round(total * 100), 100 * equal.length) }));
    const items = held.filter((p) => p.item !== undefined).sort((a, b) => a.place - b.place).map((p) => p.item!);
    for (const e of equal) awards.set(e.player.id, { shares, items, itemsShared: equal.length > 1 && items.length > 0 });
  }
  return awards;
}

/**
 * The prize groups of a tournament: one per McMahon section when it has named sections (Mays), in the order of the
 * standings (the top section first), then the whole field when a prize is given there or the tournament has no
 * sections. A section's places are its players' places among themselves; the whole field's, among everyone.
 */
export function prizeGroups(standings: Standings): PrizeGroup[] {
  const t: Tournament = standings.tournament;
  const prizes = t.settings.prizes ?? [];
  const groups: PrizeGroup[] = [];
  const named = (t.settings.sections ?? []).length > 0;
  if (named) {
    const sections = [...new Set(standings.entries.map((e) => e.section))];
    for (const section of sections) {
      const entries = standings.entries.filter((e) => e.section === section);
      const placed = placesIn(entries, (e) => `${e.sectionPlace}`);
      groups.push({
        section,
        initialMms: entries[0].sectionInitialMms,
        entries: placed,
        winners: standings.sectionWinners.get(section) ?? [],
        awards: awardsOf(placed, prizes.filter((p) => p.section === section)),
      });
    }
  }
  const fieldPrizes = prizes.filter((p) => p.section === undefined);
  if (!named || fieldPrizes.length > 0) {
    // Across sections the standings list each section in turn (Mays' ruleset places within sections): the field's
    // place of a player is then his place in that list, equal players being equal within their section.
    const bySection = standings.scoreboard.ruleset.placesWithinSection;
    const placed = placesIn(standings.entries, (e) => (bySection ? `${e.section}#${e.place}` : `${e.place}`));
    const first = placed.filter((x) => x.place === 1).map((x) => x.entry.player.id);
    groups.push({ entries: placed, winners: first, awards: awardsOf(placed, fieldPrizes) });
  }
  return groups;
}

/** Prizes naming a section no player is in: a likely misspelling, for the director to see. */
export function prizesWithoutSection(standings: Standings): Prize[] {
  const sections = new Set(standings.entries.map((e) => e.section));
  return (standings.tournament.settings.prizes ?? []).filter((p) => p.section !== undefined && !sections.has(p.section));
}
