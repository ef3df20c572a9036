/**
 * Why a player stands where he does, in plain words: against the player just above him and the one just below, the
 * criteria they share and the one that separated them — "3rd: the same 4 wins as 2nd (Doe, John), but SOS 23.5
 * against 24". The numbers are the standings' own (./standings), in the placement order the standings used.
 *
 * seeds/egf-general-tournament-rules-excerpt.txt, equal players: "They have the same place number, which is one
 * greater than the number of better placed players" — so the player "above" is the nearest one with a smaller place
 * number, and players of the same place are "shared with", never above or below. Where places are decided inside each
 * McMahon section (Mays, "Determining the Winners"), the neighbours are those of his section.
 *
 * The Czech order explains itself criterion by criterion (./czechExplain); this is the text of every other ruleset.
 */
import { TengenInputError } from '../model/errors';
import { compare, formatFraction, type Fraction } from '../model/fraction';
import { displayName, type Criterion, type PlayerId } from '../model/tournament';
import type { Standings, StandingsEntry } from './standings';

export interface PlaceNeighbour {
  readonly id: PlayerId;
  readonly name: string;
  readonly place: number;
}

export interface PlaceComparison {
  readonly other: PlaceNeighbour;
  /** The criteria, in placement order, on which the two are equal before the one that separated them. */
  readonly same: readonly { readonly criterion: Criterion; readonly value: Fraction }[];
  /** The criterion that separated them and both values (his first). */
  readonly decided: { readonly criterion: Criterion; readonly mine: Fraction; readonly theirs: Fraction };
}

export interface PlaceExplanation {
  readonly player: PlaceNeighbour;
  /** His section, when places are decided inside each section. */
  readonly section?: string;
  readonly ruleset: string;
  readonly asOf: number;
  readonly order: readonly Criterion[];
  /** His value of the first criterion of the order (the score the standings start from). */
  readonly first: { readonly criterion: Criterion; readonly value: Fraction };
  /** The nearest player with a smaller place number (none for a first place). */
  readonly above?: PlaceComparison;
  /** The nearest player with a greater place number (none for the last place). */
  readonly below?: PlaceComparison;
  /** The other players of the same place. */
  readonly sharedWith: readonly PlaceNeighbour[];
}

function neighbour(e: StandingsEntry): PlaceNeighbour {
  return { id: e.player.id, name: displayName(e.player), place: e.place };
}

/** The first criterion of `order` on which the two differ, and the ones they share before it. */
function comparison(order: readonly Criterion[], me: StandingsEntry, other: StandingsEntry): PlaceComparison {
  const same: { criterion: Criterion; value: Fraction }[] = [];
  for (const c of order) {
    if (compare(me.values[c], other.values[c]) !== 0) return { other: neighbour(other), same, decided: { criterion: c, mine: me.values[c], theirs: other.values[c] } };
    same.push({ criterion: c, value: me.values[c] });
  }
  // Equal on every value yet placed apart: Direct Comparison decided on a later pass (its keys after the first).
  const last = order.includes('dc') ? 'dc' : order.includes('oneonone') ? 'oneonone' : order[order.length - 1];
  return { other: neighbour(other), same: same.filter((s) => s.criterion !== last), decided: { criterion: last, mine: me.values[last], theirs: other.values[last] } };
}

/** Every listed player's explanation, keyed by ID: one pass over the standings. */
export function explainPlaces(standings: Standings): Map<PlayerId, PlaceExplanation> {
  const out = new Map<PlayerId, PlaceExplanation>();
  const withinSection = standings.scoreboard.ruleset.placesWithinSection;
  // The standings list players place by place (each section from its first place, when places are by section).
  const groups: StandingsEntry[][] = [];
  for (const e of standings.entries) {
    const last = groups[groups.length - 1];
    if (last && last[0].place === e.place && (!withinSection || last[0].section === e.section)) last.push(e);
    else groups.push([e]);
  }
  groups.forEach((group, g) => {
    const section = group[0].section;
    const before = groups[g - 1];
    const after = groups[g + 1];
    const above = before && (!withinSection || before[0].section === section) ? before[before.length - 1] : undefined;
    const below = after && (!withinSection || after[0].section === section) ? after[0] : undefined;
    for (const e of group) {
      const first = standings.order[0] ?? standings.scoreboard.primary;
      out.set(e.player.id, {
        player: neighbour(e),
        section: withinSection ? section : undefined,
        ruleset: standings.scoreboard.ruleset.name,
        asOf: standings.asOf,
        order: standings.order,
        first: { criterion: first, value: e.values[first] },
        above: above && comparison(standings.order, e, above),
        below: below && comparison(standings.order, e, below),
        sharedWith: group.filter((x) => x !== e).map(neighbour),
      });
    }
  });
  return out;
}

/** One player's explanation; a player not in the standings is an error naming him. */
export function explainPlace(standings: Standings, id: PlayerId): PlaceExplanation {
  const found = explainPlaces(standings).get(id);
  if (found) return found;
  const known = standings.scoreboard.indexOf.has(id);
  throw new TengenInputError([{ player: String(id), message: known ? `player ${id} is not in the ${standings.scoreboard.ruleset.name} standings: no game and no bye in any round` : `no player has ID ${id}` }]);
}

export type PlaceLanguage = 'en' | 'fr';

const WORDS = {
  en: {
    label: { mms: 'MMS', nbw: 'wins', sos: 'SOS', sos1: 'SOS-1', sos2: 'SOS-2', sodos: 'SODOS', sosos: 'SOSOS', cuss: 'CUSS', cusp: 'CUSP', dc: 'direct comparison', oneonone: 'one-on-one', rating: 'rating', previousorder: 'previous order', lottery: 'lot' } as Record<Criterion, string>,
    ordinal: (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`,
    decimal: '.',
    against: 'against',
    theSame: (what: string, other: string) => `the same ${what} as ${other}`,
    but: 'but',
    ahead: (other: string) => `Ahead of ${other}`,
    forOther: (value: string, other: string) => `against ${value} for ${other}`,
    sharedWith: (names: string) => `Shared with ${names}: no criterion separates them.`,
    others: (n: number) => `${n} other players`,
    inSection: (s: string) => ` in section ${s}`,
    after: (round: number) => (round === 0 ? 'before round 1' : `after round ${round}`),
    wins: (v: string) => `${v} ${v === '1' ? 'win' : 'wins'}`,
  },
  fr: {
    label: { mms: 'MMS', nbw: 'victoires', sos: 'SOS', sos1: 'SOS-1', sos2: 'SOS-2', sodos: 'SODOS', sosos: 'SOSOS', cuss: 'CUSS', cusp: 'CUSP', dc: 'confrontation directe', oneonone: 'un contre un', rating: 'classement', previousorder: 'ordre précédent', lottery: 'tirage au sort' } as Record<Criterion, string>,
    ordinal: (n: number) => (n === 1 ? '1er' : `${n}e`),
    decimal: ',',
    against: 'contre',
    theSame: (what: string, other: string) => `${what}, comme ${other}`,
    but: 'mais',
    ahead: (other: string) => `Devant ${other}`,
    forOther: (value: string, other: string) => `contre ${value} pour ${other}`,
    sharedWith: (names: string) => `Place partagée avec ${names} : aucun critère ne les sépare.`,
    others: (n: number) => `${n} autres joueurs`,
    inSection: (s: string) => ` dans la section ${s}`,
    after: (round: number) => (round === 0 ? 'avant la ronde 1' : `après la ronde ${round}`),
    wins: (v: string) => `${v} ${v === '1' || v === '0' ? 'victoire' : 'victoires'}`,
  },
} as const;

/** A criterion's value as a player reads it: the lot and the previous order are stored negated to sort. */
function valueText(c: Criterion, f: Fraction, language: PlaceLanguage): string {
  const shown = c === 'lottery' || c === 'previousorder' ? { num: -f.num, den: f.den } : f;
  return formatFraction(shown as Fraction).replace('.', WORDS[language].decimal);
}

/** "4 wins", "MMS 30", "SOS 23.5". */
function valuePhrase(c: Criterion, f: Fraction, language: PlaceLanguage): string {
  const w = WORDS[language];
  const v = valueText(c, f, language);
  return c === 'nbw' ? w.wins(v) : `${w.label[c]} ${v}`;
}

function who(n: PlaceNeighbour, language: PlaceLanguage): string {
  return `${WORDS[language].ordinal(n.place)} (${n.name})`;
}

/** The sentence against one neighbour: the shared values, then the one that separated them. */
function versus(c: PlaceComparison, language: PlaceLanguage, lead: (rest: string) => string, withName: boolean): string {
  const w = WORDS[language];
  const other = who(c.other, language);
  const d = c.decided;
  const same = c.same.map((s) => valuePhrase(s.criterion, s.value, language)).join(', ');
  const split = `${valuePhrase(d.criterion, d.mine, language)} ${w.against} ${valueText(d.criterion, d.theirs, language)}`;
  if (c.same.length === 0) {
    return lead(withName ? `${valuePhrase(d.criterion, d.mine, language)} ${w.forOther(valueText(d.criterion, d.theirs, language), other)}` : split);
  }
  return lead(withName ? `${w.theSame(same, other)}, ${w.but} ${split}` : `${language === 'fr' ? `${same} aussi` : `the same ${same}`}, ${w.but} ${split}`);
}

/**
 * The explanation as sentences: his place and the one above, the one below, who shares his place. `tengen explain
 * FILE PLAYER place` prints the English text; the published site shows it in its language.
 */
export function renderPlaceExplanation(e: PlaceExplanation, language: PlaceLanguage = 'en'): string {
  const w = WORDS[language];
  const place = `${w.ordinal(e.player.place)}${e.section !== undefined ? w.inSection(e.section) : ''}`;
  const colon = language === 'fr' ? ' : ' : ': ';
  const lines: string[] = [];
  if (e.above) lines.push(versus(e.above, language, (rest) => `${place}${colon}${rest}.`, true));
  else lines.push(`${place}${colon}${valuePhrase(e.first.criterion, e.first.value, language)}.`);
  if (e.below) lines.push(versus(e.below, language, (rest) => `${w.ahead(who(e.below!.other, language))}${colon}${rest}.`, false));
  if (e.sharedWith.length > 0) lines.push(w.sharedWith(e.sharedWith.length <= 3 ? e.sharedWith.map((n) => n.name).join(language === 'fr' ? ' ; ' : '; ') : w.others(e.sharedWith.length)));
  return `${lines.join('\n')}\n`;
}

/** The header line `tengen explain … place` prints above the sentences. */
export function placeExplanationTitle(e: PlaceExplanation): string {
  return `Place of ${e.player.id} ${e.player.name} ${WORDS.en.after(e.asOf)} (${e.ruleset}; order ${e.order.map((c) => WORDS.en.label[c]).join(' › ')})`;
}
