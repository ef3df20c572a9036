/** <Player> elements: read, checked, and numbered by strength (Mays' paper ID numbers). */
import { escapeControlCharacters } from '../../model/controlCharacters';
import { MAX_RATING } from '../../model/limits';
import { clampRank, parseRank, type Rank } from '../../model/rank';
import { displayName, type Player, type PlayerId } from '../../model/tournament';
import type { Location } from '../../model/validate';
import { descendantsNamed, startTag, type XmlElement } from '../xml';
import type { General } from './general';
import { openGothaKey } from './keys';
import { DTD, nonEmpty, parseWhole, type Reader } from './reader';

/** Player attributes that have a place in the model; every other one is kept in `extra`. */
const MAPPED_PLAYER_ATTRIBUTES = new Set(['name', 'firstName', 'rank', 'club', 'country', 'rating', 'egfPin', 'participating']);

export interface ParsedPlayer {
  readonly element: XmlElement;
  readonly key: string;
  readonly family: string;
  readonly given: string;
  readonly rank: Rank;
  readonly rating?: number;
  readonly player: Omit<Player, 'id'>;
}

/**
 * Every attribute of the player's <Player>, for the last, total tie-break of the ID order: made only when two players
 * get that far (same rank, rating, names and key), not for each of a congress's players as it is read (issue 28).
 */
function signatureOf(p: ParsedPlayer): string {
  let s = signatures.get(p);
  if (s === undefined) signatures.set(p, (s = JSON.stringify(Object.entries(p.element.attributes).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))));
  return s;
}
const signatures = new WeakMap<ParsedPlayer, string>();

export function readPlayers(
  root: XmlElement,
  reader: Reader,
  general: General,
): { parsedPlayers: ParsedPlayer[]; unreadableKeys: Set<string> } {
  const parsedPlayers: ParsedPlayer[] = [];
  /** Keys of <Player> elements that could not be read: games naming them are not reported a second time. */
  const unreadableKeys = new Set<string>();
  const firstWithKey = new Map<string, { who: string; line: number }>();

  for (const element of descendantsNamed(root, 'Player')) {
    const a = element.attributes;
    // Its start tag, as an error names it: spelled only for an error (issue 28: not for each of a congress's players).
    const where = () => startTag(element, ['name', 'firstName']);
    if (a.name === undefined || a.firstName === undefined) {
      reader.error(element, where(), 'a <Player> needs both a name and a firstName attribute (tournament.dtd: #REQUIRED)');
      continue;
    }
    const family = a.name.trim();
    const given = a.firstName.trim();
    const who = escapeControlCharacters(displayName({ family, given }));
    const key = openGothaKey(a.name + a.firstName);
    let readable = true;

    const rank = parseRank(a.rank ?? DTD.rank);
    if (!rank.ok) {
      reader.error(element, where(), `unknown rank: ${rank.message}`, who);
      readable = false;
    }
    const ratingText = nonEmpty(a.rating);
    const rating = parseWhole(ratingText);
    if (ratingText !== undefined && rating === undefined) {
      reader.error(element, where(), `rating="${a.rating}" is not a whole number (OpenGotha ratings run from -900 to 2949)`, who);
      readable = false;
    } else if (rating !== undefined && !(Math.abs(rating) <= MAX_RATING)) {
      reader.error(element, where(), `rating ${ratingText} is not a rating from -${MAX_RATING} to ${MAX_RATING} (OpenGotha ratings run from -900 to 2949)`, who);
      readable = false;
    }
    const correctionText = a.smmsCorrection ?? '0';
    const correction = parseWhole(correctionText);
    if (correction === undefined) {
      reader.error(element, where(), `smmsCorrection="${correctionText}" is not a whole number`, who);
      readable = false;
    }

    const earlier = firstWithKey.get(key);
    if (earlier) {
      reader.error(
        element,
        where(),
        `duplicate player: OpenGotha's key "${key}" is already used by ${earlier.who} on line ${earlier.line}; OpenGotha refuses two players whose name and first name differ only by case or spaces`,
        who,
      );
      continue;
    }
    firstWithKey.set(key, { who, line: element.line });
    if (!readable || !rank.ok || correction === undefined) {
      unreadableKeys.add(key);
      continue;
    }

    // Player.participating: a '0' at index r-1 means "not participating in round r"; any other character, or a
    // string too short, means participating (ExternalDocument.importPlayersFromXMLFile).
    const participating = a.participating ?? DTD.participating;
    const absentRounds: number[] = [];
    for (let r = 1; r <= general.rounds; r++) if (participating[r - 1] === '0') absentRounds.push(r);

    const extra: Record<string, string> = {};
    for (const [k, v] of Object.entries(a)) {
      if (!MAPPED_PLAYER_ATTRIBUTES.has(k) && v !== '') extra[k] = v;
    }
    // OpenGotha keeps a name's outer spaces ("Komín ", EGC 2024), and its pairing reads them (Pairing.detRandom, the
    // name order): the name as written is kept where it differs from Tengen's trimmed one.
    if (a.name !== family) extra.openGothaName = a.name;
    if (a.firstName !== given) extra.openGothaFirstName = a.firstName;

    // Player.smms: clamp the rank between floor and bar, subtract MMS zero, then add smmsCorrection.
    const initialMms =
      correction !== 0 && general.mmsZero !== undefined
        ? clampRank(rank.rank, general.floor, general.bar) - general.mmsZero + correction
        : undefined;

    const player: Omit<Player, 'id'> = {
      family,
      given,
      rank: rank.rank,
      ...(nonEmpty(a.club) !== undefined && { club: nonEmpty(a.club) }),
      ...(nonEmpty(a.country) !== undefined && { country: nonEmpty(a.country) }),
      ...(rating !== undefined && { rating }),
      ...(nonEmpty(a.egfPin) !== undefined && { egdPin: nonEmpty(a.egfPin) }),
      ...(initialMms !== undefined && { initialMms }),
      ...(absentRounds.length > 0 && { absentRounds }),
      ...(Object.keys(extra).length > 0 && { extra }),
    };
    parsedPlayers.push({
      element,
      key,
      family,
      given,
      rank: rank.rank,
      rating,
      player,
    });
  }
  return { parsedPlayers, unreadableKeys };
}

/**
 * IDs: Mays numbers players by strength, 1 = strongest. Rank, then rating, then name; the last keys only make the
 * order total, so the IDs never depend on the order of <Player> elements in the file.
 */
export function numberByStrength(parsedPlayers: readonly ParsedPlayer[]): {
  players: Player[];
  locations: Location[];
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>;
} {
  const ordered = [...parsedPlayers].sort(compareByStrength);
  const idOf = new Map<ParsedPlayer, PlayerId>();
  ordered.forEach((p, i) => idOf.set(p, (i + 1) as PlayerId));
  return {
    players: ordered.map((p) => ({ id: idOf.get(p) as PlayerId, ...p.player })),
    locations: ordered.map(locationOf),
    idOf,
  };
}

/** Where a player's <Player> is, for an error: its line, and its start tag spelled only when an error names it. */
function locationOf(p: ParsedPlayer): Location {
  let where: string | undefined;
  return {
    line: p.element.line,
    get where() {
      return (where ??= startTag(p.element, ['name', 'firstName']));
    },
  };
}

export function compareByStrength(a: ParsedPlayer, b: ParsedPlayer): number {
  return (
    b.rank - a.rank ||
    (b.rating ?? -Infinity) - (a.rating ?? -Infinity) ||
    compareText(a.family, b.family) ||
    compareText(a.given, b.given) ||
    compareText(a.key, b.key) ||
    compareText(signatureOf(a), signatureOf(b))
  );
}

/** Alphabetical as a director reads it (case and accents second), then by code point so the order is total. */
/**
 * `a.localeCompare(b, 'en', { sensitivity: 'base' })` is defined as the compare of this collator (ECMA-402,
 * String.prototype.localeCompare): made once, not for each of a congress's ten thousand comparisons (issue 28).
 */
let baseCollator: Intl.Collator | undefined;

export function compareText(a: string, b: string): number {
  // Made at the first comparison, not when the module loads: a collator costs the first one tens of ms (ICU's data).
  baseCollator ??= new Intl.Collator('en', { sensitivity: 'base' });
  const human = baseCollator.compare(a, b);
  if (human !== 0) return human;
  return a < b ? -1 : a > b ? 1 : 0;
}
