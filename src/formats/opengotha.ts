/**
 * OpenGotha XML import (OpenGotha 3.x tournament files, tournament.dtd; also the files Pairgoth exports).
 *
 * What OpenGotha does is quoted from its ExternalDocument.importTournamentFromXMLFile and the classes it fills
 * (Player, Game, GeneralParameterSet, HandicapParameterSet, PlacementParameterSet); where Tengen knowingly differs,
 * the comment says why. Nothing is thrown and nothing is logged: every problem is an InputError naming the file,
 * the line, the element and the player.
 */
import { escapeControlCharacters } from '../model/controlCharacters';
import { failed, ok, type InputError, type Parsed } from '../model/errors';
import { MAX_RATING, MAX_ROUNDS } from '../model/limits';
import { clampRank, parseRank, type Rank } from '../model/rank';
import {
  displayName,
  type Bye,
  type Criterion,
  type Game,
  type GameResult,
  handicapPolicyOf,
  type HandicapSettings,
  type OpenGothaScoring,
  type PairingSystem,
  type Player,
  type PlayerId,
  type Settings,
  type Team,
  type TeamBoard,
  type Tournament,
} from '../model/tournament';
import { validateTournament, type Location } from '../model/validate';
import { findTengenComment, restoreFromComment } from './opengothaComment';
import { childrenNamed, descendantsNamed, parseXml, startTag, type XmlElement } from './xml';

// ---------------------------------------------------------------------------------------------------------------
// Player keys
// ---------------------------------------------------------------------------------------------------------------

/**
 * OpenGotha's key of a player, the only way its games, byes and team boards name him.
 * Player.computeKeyString: `(name + firstName).replaceAll(" ", "").toUpperCase()`; Tournament.getPlayerByKeyString
 * applies the same function to the reference it is given, so "GuneyMete" finds GÜNEY… only if spelt alike.
 */
export function openGothaKey(nameAndFirstName: string): string {
  return nameAndFirstName.replace(/ /g, '').toUpperCase();
}

const LATIN_UPPER_FOLDS: readonly [RegExp, string][] = [
  [/[ÀÁÂÃÄÅ]/g, 'A'],
  [/Ç/g, 'C'],
  [/[ÈÉÊË]/g, 'E'],
  [/[ÌÍÎÏ]/g, 'I'],
  [/Ñ/g, 'N'],
  [/[ÒÓÔÕÖØ]/g, 'O'],
  [/[ÙÚÛÜ]/g, 'U'],
  [/Ý/g, 'Y'],
];
const LATIN_LOWER_AND_TURKISH_FOLDS: readonly [RegExp, string][] = [
  [/[àáâãäå]/g, 'a'],
  [/ç/g, 'c'],
  [/[èéêë]/g, 'e'],
  [/[ìíîï]/g, 'i'],
  [/ñ/g, 'n'],
  [/[òóôõöø]/g, 'o'],
  [/[ùúûü]/g, 'u'],
  [/ý/g, 'y'],
  [/ı/g, 'i'],
  [/ğ/g, 'g'],
  [/ş/g, 's'],
  [/Ğ/g, 'G'],
  [/Ş/g, 'S'],
  [/İ/g, 'I'],
];

function fold(s: string, folds: readonly [RegExp, string][]): string {
  return folds.reduce((acc, [re, to]) => acc.replace(re, to), s);
}

/**
 * The key files with dataVersion ≤ 200 used (Tournament.getPlayerByObsoleteCanonicalName): name and first name
 * upper-cased, spaces removed, Latin-1 accents folded, then every character outside A–Z dropped.
 */
function obsoleteCanonicalName(name: string, firstName: string): string {
  const s = (name.toUpperCase() + firstName.toUpperCase()).replace(/ /g, '');
  return fold(s, LATIN_UPPER_FOLDS).replace(/[^A-Z]/g, '');
}

/** Gotha.forceToASCII: fold Latin-9 and Turkish letters, then every other non-ASCII character becomes "?". */
function forceToAscii(s: string): string {
  return Array.from(fold(fold(s, LATIN_UPPER_FOLDS), LATIN_LOWER_AND_TURKISH_FOLDS))
    .map((c) => (c.charCodeAt(0) > 127 ? '?' : c))
    .join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Results and placement criteria
// ---------------------------------------------------------------------------------------------------------------

/** Game.RESULT_* as ExternalDocument writes them. OpenGotha has no "both win by play": BOTHWIN counts as default. */
const RESULTS: Readonly<Record<string, GameResult>> = {
  RESULT_UNKNOWN: 'unknown',
  RESULT_WHITEWINS: 'white-wins',
  RESULT_BLACKWINS: 'black-wins',
  RESULT_EQUAL: 'jigo',
  RESULT_BOTHLOSE: 'both-lose-by-default',
  RESULT_BOTHWIN: 'both-win-by-default',
  RESULT_WHITEWINS_BYDEF: 'white-wins-by-default',
  RESULT_BLACKWINS_BYDEF: 'black-wins-by-default',
  RESULT_EQUAL_BYDEF: 'jigo-by-default',
  RESULT_BOTHLOSE_BYDEF: 'both-lose-by-default',
  RESULT_BOTHWIN_BYDEF: 'both-win-by-default',
};

/**
 * PlacementParameterSet.allPlacementCriteria by long name (the name written in the file), with the group
 * checkCriteriaCoherence puts it in: "Criteria should not mix elements from McMahon group with elements from Swiss
 * group". Internal constant names (SOSMM1, SOSWM2) are accepted too, as some tools write them.
 */
interface CriterionInfo {
  readonly tengen?: Criterion;
  readonly group?: 'swiss' | 'mcmahon';
}
const PLACEMENT_CRITERIA: Readonly<Record<string, CriterionInfo>> = {
  CAT: { group: 'swiss' },
  RANK: {},
  RATING: { tengen: 'rating' },
  NBW: { tengen: 'nbw', group: 'swiss' },
  MMS: { tengen: 'mms', group: 'mcmahon' },
  STS: { group: 'mcmahon' },
  SOSW: { tengen: 'sos', group: 'swiss' },
  'SOSW-1': { tengen: 'sos1', group: 'swiss' },
  SOSWM1: { tengen: 'sos1', group: 'swiss' },
  'SOSW-2': { tengen: 'sos2', group: 'swiss' },
  SOSWM2: { tengen: 'sos2', group: 'swiss' },
  SODOSW: { tengen: 'sodos', group: 'swiss' },
  SOSOSW: { tengen: 'sosos', group: 'swiss' },
  CUSSW: { tengen: 'cuss', group: 'swiss' },
  SOSM: { tengen: 'sos', group: 'mcmahon' },
  'SOSM-1': { tengen: 'sos1', group: 'mcmahon' },
  SOSMM1: { tengen: 'sos1', group: 'mcmahon' },
  'SOSM-2': { tengen: 'sos2', group: 'mcmahon' },
  SOSMM2: { tengen: 'sos2', group: 'mcmahon' },
  SODOSM: { tengen: 'sodos', group: 'mcmahon' },
  SOSOSM: { tengen: 'sosos', group: 'mcmahon' },
  CUSSM: { tengen: 'cuss', group: 'mcmahon' },
  SOSTS: { group: 'mcmahon' },
  EXT: { group: 'swiss' },
  EXR: { group: 'swiss' },
  DC: { tengen: 'dc' },
  SDC: {},
};

/**
 * The pairing system follows the main criterion. PlacementParameterSet.mainCriterion: the first NBW or MMS among
 * the criteria decides, NBW meaning Swiss. Without either, the first criterion of the Swiss or McMahon group
 * decides; with none at all, McMahon (the DTD's default criterion is MMS).
 */
function systemOf(criteria: readonly string[]): PairingSystem {
  const upper = criteria.map((c) => c.toUpperCase());
  const main = upper.find((c) => c === 'NBW' || c === 'MMS');
  if (main) return main === 'NBW' ? 'swiss' : 'mcmahon';
  const grouped = upper.map((c) => PLACEMENT_CRITERIA[c]?.group).find((g) => g !== undefined);
  return grouped ?? 'mcmahon';
}

// ---------------------------------------------------------------------------------------------------------------
// Defaults of tournament.dtd, used where a file leaves an attribute out
// ---------------------------------------------------------------------------------------------------------------

const DTD = {
  rank: '30K',
  participating: '11111111111111111111',
  knownColor: 'true',
  handicap: '0',
  result: 'RESULT_UNKNOWN',
  name: 'defaultname',
  komi: '7.5',
  numberOfRounds: '5',
  genMMFloor: '20K',
  genMMBar: '4D',
  genMMZero: '30K',
  genNBW2ValueAbsent: '0',
  genNBW2ValueBye: '1',
  genMMS2ValueAbsent: '1',
  genMMS2ValueBye: '1',
  genRoundDownNBWMMS: 'true',
  hdBasedOnMMS: 'true',
  hdNoHdRankThreshold: '1D',
  hdCorrection: '1',
  hdCeiling: '9',
} as const;

/** Player attributes that have a place in the model; every other one is kept in `extra`. */
const MAPPED_PLAYER_ATTRIBUTES = new Set(['name', 'firstName', 'rank', 'club', 'country', 'rating', 'egfPin', 'participating']);
/** GeneralParameterSet attributes that have a place in the model; the others go to `generalParameters`. */
const MAPPED_GENERAL_ATTRIBUTES = new Set([
  'name',
  'shortName',
  'location',
  'director',
  'beginDate',
  'endDate',
  'komi',
  'numberOfRounds',
  'genMMFloor',
  'genMMBar',
  'genMMZero',
  'genNBW2ValueAbsent',
  'genNBW2ValueBye',
  'genMMS2ValueAbsent',
  'genMMS2ValueBye',
  'genRoundDownNBWMMS',
]);

// ---------------------------------------------------------------------------------------------------------------
// The import
// ---------------------------------------------------------------------------------------------------------------

/** Where errors go while a file is read: each names the element's line, the element and, when known, the player. */
interface Reader {
  error(element: XmlElement, where: string, message: string, player?: string): void;
}

const nonEmpty = (s: string | undefined): string | undefined => {
  const t = s?.trim();
  return t ? t : undefined;
};

/** A whole number as Java's Integer.parseInt reads it (no decimals, optional sign). */
function parseWhole(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  return /^[+-]?\d+$/.test(t) ? Number(t) : undefined;
}

/**
 * Reads an OpenGotha tournament file (already decoded: OpenGotha writes UTF-8, ExternalDocument.DEFAULT_CHARSET).
 * Players get Tengen IDs 1..n, strongest first (Mays' paper ID numbers); the order of <Player> elements in the file
 * does not matter. Every problem found is returned, each naming the file, the line, the element and the player.
 */
export function parseOpenGotha(text: string, file?: string): Parsed<Tournament> {
  const xml = parseXml(text, file);
  if (!xml.ok) return xml;
  const root = xml.value;
  if (root.name !== 'Tournament') return failed([notOpenGotha(root, file)]);

  const errors: InputError[] = [];
  const reader: Reader = { error: (element, where, message, player) => errors.push({ file, line: element.line, where, player, message }) };

  const general = readGeneral(root, reader);
  // The number of rounds first: each player's participation is read round by round.
  if (!(general.rounds >= 1 && general.rounds <= MAX_ROUNDS)) {
    const gps = descendantsNamed(root, 'GeneralParameterSet')[0] ?? root;
    return failed([
      {
        file,
        line: gps.line,
        where: '<GeneralParameterSet>',
        message: `numberOfRounds="${gps.attributes.numberOfRounds}": the number of rounds must be from 1 to at most ${MAX_ROUNDS} (what a sheet's 16,384 columns hold)`,
      },
    ]);
  }
  const placement = readPlacement(root);
  const hps = descendantsNamed(root, 'HandicapParameterSet')[0];
  const handicap = readHandicap(hps, reader);
  const pairingParameters: Record<string, string> = {};
  for (const set of [descendantsNamed(root, 'PairingParameterSet')[0], hps]) {
    if (set) Object.assign(pairingParameters, set.attributes);
  }

  const { parsedPlayers, unreadableKeys } = readPlayers(root, reader, general);
  const numbered = numberByStrength(parsedPlayers);
  const resolve = resolver(parsedPlayers, unreadableKeys);
  const games = readGames(root, reader, resolve, numbered.idOf);
  const byes = readByes(root, reader, resolve, numbered.idOf);
  const teamParameters = readTeamParameters(root, reader);
  const teams = readTeams(root, reader, resolve, numbered.idOf, general.rounds, teamParameters);

  const settings: Settings = {
    system: placement.system,
    rounds: general.rounds,
    ruleset: 'opengotha',
    ...(general.bar !== undefined && { bar: general.bar }),
    ...(general.floor !== undefined && { floor: general.floor }),
    ...(general.mmsZero !== undefined && { mmsZero: general.mmsZero }),
    ...(handicap !== undefined && { handicap }),
    ...(general.komi !== undefined && { komi: general.komi }),
    ...(placement.tiebreaks.length > 0 && { tiebreaks: placement.tiebreaks }),
    opengotha: {
      ...general.scoring,
      placementCriteria: placement.placementCriteria,
      pairingParameters,
      ...(teamParameters.teamSize !== undefined && { teamSize: teamParameters.teamSize }),
      ...(teamParameters.placementCriteria !== undefined && { teamPlacementCriteria: teamParameters.placementCriteria }),
    },
  };
  const tournament: Tournament = {
    ...general.about,
    settings,
    players: numbered.players,
    games: games.items,
    byes: byes.items,
    ...(teams.length > 0 && { teams }),
  };

  const gps = descendantsNamed(root, 'GeneralParameterSet')[0];
  const semantic = validateTournament(
    tournament,
    {
      player: (i) => numbered.locations[i],
      game: (i) => games.locations[i],
      bye: (i) => byes.locations[i],
      // A player's field is on his <Player>, every other one on the <GeneralParameterSet> (or the root).
      field: (path) => {
        const m = /^\/players\/(\d+)\//.exec(path);
        if (m) return numbered.locations[Number(m[1])];
        if (/^\/(games|byes)\//.test(path)) return undefined;
        return gps ? { line: gps.line, where: `<GeneralParameterSet>: ${path.split('/').pop()}` } : { line: root.line, where: `<${root.name}>` };
      },
    },
    file,
  );
  const all = [...errors, ...semantic];
  if (all.length > 0) return failed(all);
  // A file Tengen exported: what OpenGotha's XML cannot hold is in Tengen's comment (./opengothaComment.ts).
  const comment = findTengenComment(text);
  if (comment) {
    const keys = new Map(tournament.players.map((p) => [p.id as number, openGothaKey(p.family + p.given)]));
    return restoreFromComment(tournament, (id) => keys.get(id) ?? '', comment, file);
  }
  return ok(tournament);
}

function notOpenGotha(root: XmlElement, file: string | undefined): InputError {
  if (root.name === 'TournamentData') {
    const version = root.attributes.typeversion ? ` ${root.attributes.typeversion}` : '';
    return {
      file,
      line: root.line,
      where: startTag(root, ['typeversion']),
      message: `this is a MacMahon${version} tournament file (root element <TournamentData>), not an OpenGotha one; Tengen reads OpenGotha XML, whose root element is <Tournament>`,
    };
  }
  return { file, line: root.line, where: `<${root.name}>`, message: `not an OpenGotha tournament file: the root element is <${root.name}>, expected <Tournament>` };
}

// --- GeneralParameterSet -------------------------------------------------------------------------------------------

interface General {
  readonly about: Pick<Tournament, 'name' | 'shortName' | 'location' | 'director' | 'beginDate' | 'endDate'>;
  readonly rounds: number;
  readonly bar?: Rank;
  readonly floor?: Rank;
  readonly mmsZero?: Rank;
  readonly komi?: number;
  readonly scoring: OpenGothaScoring;
}

function readGeneral(root: XmlElement, reader: Reader): General {
  // ExternalDocument: the first GeneralParameterSet of the document.
  const gps = descendantsNamed(root, 'GeneralParameterSet')[0];
  const where = '<GeneralParameterSet>';
  const attribute = (name: string): string | undefined => gps?.attributes[name];
  const rank = (name: keyof typeof DTD): Rank | undefined => {
    const parsed = parseRank(attribute(name) ?? DTD[name]);
    if (parsed.ok) return parsed.rank;
    if (gps) reader.error(gps, where, `${name}: ${parsed.message}`);
    return undefined;
  };
  const whole = (name: keyof typeof DTD): number => {
    const value = attribute(name) ?? DTD[name];
    const n = parseWhole(value);
    if (n === undefined && gps) reader.error(gps, where, `${name}="${value}" is not a whole number`);
    return n ?? Number(DTD[name]);
  };

  const komiText = attribute('komi') ?? DTD.komi;
  const komiNormalised = komiText.trim().replace(',', '.');
  const komi = /^[+-]?\d+(?:\.\d+)?$/.test(komiNormalised) ? Number(komiNormalised) : undefined;
  if (komi === undefined && gps) reader.error(gps, where, `komi="${komiText}" is not a number such as 6.5 or 7.5`);

  const generalParameters: Record<string, string> = {};
  for (const [k, v] of Object.entries(gps?.attributes ?? {})) {
    if (!MAPPED_GENERAL_ATTRIBUTES.has(k)) generalParameters[k] = v;
  }
  const text = (name: string) => nonEmpty(attribute(name));
  return {
    about: {
      name: attribute('name') ?? DTD.name,
      ...(text('shortName') !== undefined && { shortName: text('shortName') }),
      ...(text('location') !== undefined && { location: text('location') }),
      ...(text('director') !== undefined && { director: text('director') }),
      ...(text('beginDate') !== undefined && { beginDate: text('beginDate') }),
      ...(text('endDate') !== undefined && { endDate: text('endDate') }),
    },
    rounds: whole('numberOfRounds'),
    bar: rank('genMMBar'),
    floor: rank('genMMFloor'),
    mmsZero: rank('genMMZero'),
    komi,
    scoring: {
      mmsHalvesAbsent: whole('genMMS2ValueAbsent'),
      mmsHalvesBye: whole('genMMS2ValueBye'),
      nbwHalvesAbsent: whole('genNBW2ValueAbsent'),
      nbwHalvesBye: whole('genNBW2ValueBye'),
      // Boolean.valueOf: only "true" (any case) is true.
      roundDown: (attribute('genRoundDownNBWMMS') ?? DTD.genRoundDownNBWMMS).trim().toLowerCase() === 'true',
      generalParameters,
    },
  };
}

// --- PlacementParameterSet -----------------------------------------------------------------------------------------

/** The PlacementCriterion names of a placement set, each at its `number`, NULL left out. */
function criteriaOf(set: XmlElement | undefined): string[] {
  const elements = set ? descendantsNamed(set, 'PlacementCriterion') : [];
  return elements
    .map((c, index) => ({ name: (c.attributes.name ?? 'NULL').trim(), number: parseWhole(c.attributes.number) ?? index + 1, index }))
    .sort((a, b) => a.number - b.number || a.index - b.index)
    .map((c) => c.name)
    .filter((n) => n.toUpperCase() !== 'NULL');
}

function readPlacement(root: XmlElement): { placementCriteria: string[]; tiebreaks: Criterion[]; system: PairingSystem } {
  // ExternalDocument reads the PlacementCriterion elements of the first PlacementParameterSet, each at its `number`
  // (the TeamPlacementParameterSet has its own: readTeamParameters).
  const placementCriteria = criteriaOf(descendantsNamed(root, 'PlacementParameterSet')[0]);
  const tiebreaks: Criterion[] = [];
  for (const name of placementCriteria) {
    const mapped = PLACEMENT_CRITERIA[name.toUpperCase()]?.tengen;
    if (mapped && !tiebreaks.includes(mapped)) tiebreaks.push(mapped);
  }
  const system = systemOf(placementCriteria.length > 0 ? placementCriteria : ['MMS']);
  return { placementCriteria, tiebreaks, system };
}

// --- Players -------------------------------------------------------------------------------------------------------

interface ParsedPlayer {
  readonly element: XmlElement;
  readonly where: string;
  readonly key: string;
  readonly obsoleteKey: string;
  readonly family: string;
  readonly given: string;
  readonly rank: Rank;
  readonly rating?: number;
  readonly player: Omit<Player, 'id'>;
  /** Every attribute, for the last, total tie-break of the ID order. */
  readonly signature: string;
}

function readPlayers(
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
    const where = startTag(element, ['name', 'firstName']);
    if (a.name === undefined || a.firstName === undefined) {
      reader.error(element, where, 'a <Player> needs both a name and a firstName attribute (tournament.dtd: #REQUIRED)');
      continue;
    }
    const family = a.name.trim();
    const given = a.firstName.trim();
    const who = escapeControlCharacters(displayName({ family, given }));
    const key = openGothaKey(a.name + a.firstName);
    let readable = true;

    const rank = parseRank(a.rank ?? DTD.rank);
    if (!rank.ok) {
      reader.error(element, where, `unknown rank: ${rank.message}`, who);
      readable = false;
    }
    const ratingText = nonEmpty(a.rating);
    const rating = parseWhole(ratingText);
    if (ratingText !== undefined && rating === undefined) {
      reader.error(element, where, `rating="${a.rating}" is not a whole number (OpenGotha ratings run from -900 to 2949)`, who);
      readable = false;
    } else if (rating !== undefined && !(Math.abs(rating) <= MAX_RATING)) {
      reader.error(element, where, `rating ${ratingText} is not a rating from -${MAX_RATING} to ${MAX_RATING} (OpenGotha ratings run from -900 to 2949)`, who);
      readable = false;
    }
    const correctionText = a.smmsCorrection ?? '0';
    const correction = parseWhole(correctionText);
    if (correction === undefined) {
      reader.error(element, where, `smmsCorrection="${correctionText}" is not a whole number`, who);
      readable = false;
    }

    const earlier = firstWithKey.get(key);
    if (earlier) {
      reader.error(
        element,
        where,
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
      where,
      key,
      obsoleteKey: obsoleteCanonicalName(a.name, a.firstName),
      family,
      given,
      rank: rank.rank,
      rating,
      player,
      signature: JSON.stringify(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))),
    });
  }
  return { parsedPlayers, unreadableKeys };
}

/**
 * IDs: Mays numbers players by strength, 1 = strongest. Rank, then rating, then name; the last keys only make the
 * order total, so the IDs never depend on the order of <Player> elements in the file.
 */
function numberByStrength(parsedPlayers: readonly ParsedPlayer[]): {
  players: Player[];
  locations: Location[];
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>;
} {
  const ordered = [...parsedPlayers].sort(compareByStrength);
  const idOf = new Map<ParsedPlayer, PlayerId>();
  ordered.forEach((p, i) => idOf.set(p, (i + 1) as PlayerId));
  return {
    players: ordered.map((p) => ({ id: idOf.get(p) as PlayerId, ...p.player })),
    locations: ordered.map((p) => ({ line: p.element.line, where: p.where })),
    idOf,
  };
}

// --- References to players -----------------------------------------------------------------------------------------

type Resolution = { player: ParsedPlayer } | { unreadable: true } | { unknown: string };
type Resolve = (reference: string) => Resolution;

/**
 * ExternalDocument looks a reference up with getPlayerByKeyString (dataVersion > 200) or
 * getPlayerByObsoleteCanonicalName (dataVersion ≤ 200, the default when the attribute is absent), and then, if that
 * fails, by the obsolete name of forceToASCII(reference).toUpperCase(). Files OpenGotha 3.51 wrote without a
 * dataVersion use the new keys, so Tengen tries the three lookups in that order whatever the dataVersion.
 */
function resolver(parsedPlayers: readonly ParsedPlayer[], unreadableKeys: ReadonlySet<string>): Resolve {
  const byKey = new Map(parsedPlayers.map((p) => [p.key, p]));
  const byObsoleteKey = new Map<string, ParsedPlayer[]>();
  for (const p of parsedPlayers) byObsoleteKey.set(p.obsoleteKey, [...(byObsoleteKey.get(p.obsoleteKey) ?? []), p]);
  const example = parsedPlayers[0]?.key ?? 'NEMOANDRÉ';
  return (reference) => {
    const key = openGothaKey(reference);
    const direct = byKey.get(key);
    if (direct) return { player: direct };
    if (unreadableKeys.has(key)) return { unreadable: true };
    for (const candidate of [reference, forceToAscii(reference).toUpperCase()]) {
      const found = byObsoleteKey.get(candidate) ?? [];
      if (found.length === 1) return { player: found[0] };
      if (found.length > 1) {
        const whom = found.map((p) => `${displayName(p)} (line ${p.element.line})`).join(' and ');
        return { unknown: `"${reference}" is ambiguous: it is the old-style key of ${whom}` };
      }
    }
    return {
      unknown: `"${reference}" is not the key of any <Player>: OpenGotha names players by NAME+FIRSTNAME upper-cased without spaces, e.g. "${example}"`,
    };
  };
}

/** The ID of the player a reference names; reports an unknown one (an unreadable one is reported already). */
function referencedId(
  reader: Reader,
  resolve: Resolve,
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>,
  element: XmlElement,
  where: string,
  attribute: string,
): PlayerId | undefined {
  const reference = element.attributes[attribute];
  if (reference === undefined) {
    reader.error(element, where, `the ${attribute} attribute is missing (tournament.dtd: #REQUIRED)`);
    return undefined;
  }
  const found = resolve(reference);
  if ('player' in found) return idOf.get(found.player);
  if ('unknown' in found) reader.error(element, where, `${attribute}: ${found.unknown}`, reference);
  return undefined;
}

// --- TeamTournamentParameterSet ------------------------------------------------------------------------------------

interface TeamParameters {
  /** teamSize of the <TeamGeneralParameterSet>, when the file has one (the DTD's "4" when the attribute is left out). */
  readonly teamSize?: number;
  /** The element that says it, for the messages of readTeams. */
  readonly teamSizeAt?: XmlElement;
  readonly placementCriteria?: string[];
}

/**
 * tournament.dtd: `<!ELEMENT TeamTournamentParameterSet (TeamGeneralParameterSet?, TeamPlacementParameterSet?)>`,
 * `<!ATTLIST TeamGeneralParameterSet teamSize CDATA "4">` — the number of boards of OpenGotha's team matches — and
 * `<!ELEMENT TeamPlacementParameterSet (PlacementCriteria)>`. Kept in settings.opengotha (teamSize,
 * teamPlacementCriteria) to be written back; `settings.teams` is the director's (docs/file-format.md, Teams).
 */
function readTeamParameters(root: XmlElement, reader: Reader): TeamParameters {
  const set = descendantsNamed(root, 'TeamTournamentParameterSet')[0];
  if (!set) return {};
  const general = descendantsNamed(set, 'TeamGeneralParameterSet')[0];
  const placement = descendantsNamed(set, 'TeamPlacementParameterSet')[0];
  let teamSize: number | undefined;
  if (general) {
    const text = general.attributes.teamSize ?? '4';
    const n = parseWhole(text);
    if (n === undefined || n < 1) reader.error(general, startTag(general, ['teamSize']), `teamSize="${text}" is not a number of boards: expected a whole number ≥ 1 (OpenGotha's default is 4)`);
    else teamSize = n;
  }
  return {
    ...(teamSize !== undefined && { teamSize, teamSizeAt: general }),
    ...(placement && { placementCriteria: criteriaOf(placement) }),
  };
}

// --- Games, byes, teams --------------------------------------------------------------------------------------------

function readGames(
  root: XmlElement,
  reader: Reader,
  resolve: Resolve,
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>,
): { items: Game[]; locations: Location[] } {
  const items: Game[] = [];
  const locations: Location[] = [];
  for (const element of descendantsNamed(root, 'Game')) {
    const a = element.attributes;
    const where = startTag(element, ['roundNumber', 'tableNumber']);
    let complete = true;
    const round = parseWhole(a.roundNumber);
    if (round === undefined) {
      reader.error(element, where, `roundNumber="${a.roundNumber ?? ''}" is not a round number`);
      complete = false;
    }
    const table = parseWhole(a.tableNumber);
    if (a.tableNumber !== undefined && table === undefined) {
      reader.error(element, where, `tableNumber="${a.tableNumber}" is not a table number`);
      complete = false;
    }
    const white = referencedId(reader, resolve, idOf, element, where, 'whitePlayer');
    const black = referencedId(reader, resolve, idOf, element, where, 'blackPlayer');
    const handicapText = a.handicap ?? DTD.handicap;
    const stones = parseWhole(handicapText);
    if (stones === undefined) {
      reader.error(element, where, `handicap="${handicapText}" is not a number of stones`);
      complete = false;
    }
    const code = (a.result ?? DTD.result).trim();
    const result = RESULTS[code];
    if (!result) {
      reader.error(element, where, `unknown result code "${code}": expected one of ${Object.keys(RESULTS).join(', ')}`);
      complete = false;
    }
    if (!complete || round === undefined || white === undefined || black === undefined || stones === undefined || !result) continue;
    items.push({
      round,
      ...(table !== undefined && { table }),
      white,
      black,
      handicap: stones,
      // OpenGotha itself reads an attribute named "strKnownColor" here (so every imported colour is "known"); Tengen
      // reads the attribute OpenGotha writes, knownColor.
      colourKnown: (a.knownColor ?? DTD.knownColor).trim().toLowerCase() !== 'false',
      result,
    });
    locations.push({ line: element.line, where });
  }
  return { items, locations };
}

/**
 * OpenGotha holds one bye player per round (Tournament.getByePlayers; a later <ByePlayer> of the same round replaces
 * an earlier one). Pairgoth gives several byes in a round (malavasi: two in round 1), and so does the Tengen model:
 * every <ByePlayer> is kept.
 */
function readByes(
  root: XmlElement,
  reader: Reader,
  resolve: Resolve,
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>,
): { items: Bye[]; locations: Location[] } {
  const items: Bye[] = [];
  const locations: Location[] = [];
  for (const element of descendantsNamed(root, 'ByePlayer')) {
    const a = element.attributes;
    // Pairgoth writes the <ByePlayers> container as <ByePlayer> without attributes; it holds the real ones.
    if (a.player === undefined && a.roundNumber === undefined && childrenNamed(element, 'ByePlayer').length > 0) continue;
    const where = startTag(element, ['roundNumber', 'player']);
    const round = parseWhole(a.roundNumber);
    if (round === undefined) {
      reader.error(element, where, `roundNumber="${a.roundNumber ?? ''}" is not a round number`);
      continue;
    }
    const player = referencedId(reader, resolve, idOf, element, where, 'player');
    if (player === undefined) continue;
    items.push({ round, player });
    locations.push({ line: element.line, where });
  }
  return { items, locations };
}

function readTeams(
  root: XmlElement,
  reader: Reader,
  resolve: Resolve,
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>,
  rounds: number,
  parameters: TeamParameters,
): Team[] {
  const teams: Team[] = [];
  const { teamSize, teamSizeAt } = parameters;
  const sizeSaid = teamSizeAt ? `<TeamGeneralParameterSet teamSize="${teamSize}"> (line ${teamSizeAt.line})` : '';
  for (const element of descendantsNamed(root, 'Team')) {
    const where = startTag(element, ['teamNumber', 'teamName']);
    const number = parseWhole(element.attributes.teamNumber);
    if (number === undefined) {
      reader.error(element, where, `teamNumber="${element.attributes.teamNumber ?? ''}" is not a team number`);
      continue;
    }
    const label = `team ${number} (${escapeControlCharacters(element.attributes.teamName ?? '')})`;
    // Board members per round as the file lists them (all its rounds, OpenGotha's 20 included): at most teamSize.
    const members = new Map<number, number>();
    const boards: TeamBoard[] = [];
    for (const board of childrenNamed(element, 'Board')) {
      const boardWhere = startTag(board, ['roundNumber', 'boardNumber', 'player']);
      const boardNumber = parseWhole(board.attributes.boardNumber);
      const roundText = board.attributes.roundNumber;
      const round = parseWhole(roundText);
      // Boards are numbered from 1, as OpenGotha writes them (and as Tengen's JSON requires).
      if (boardNumber === undefined || boardNumber < 1 || (roundText !== undefined && round === undefined)) {
        reader.error(board, boardWhere, 'a <Board> needs a whole boardNumber ≥ 1 and a whole roundNumber');
        continue;
      }
      if (teamSize !== undefined && boardNumber > teamSize) {
        reader.error(board, boardWhere, `${label}: board ${boardNumber}${round === undefined ? '' : ` in round ${round}`} is beyond the team size: ${sizeSaid} allows boards 1–${teamSize}`);
        continue;
      }
      if (teamSize !== undefined) {
        const listed = round === undefined ? Array.from({ length: rounds }, (_, i) => i + 1) : [round];
        for (const r of listed) members.set(r, (members.get(r) ?? 0) + 1);
        const over = listed.find((r) => members.get(r)! > teamSize);
        if (over !== undefined) {
          reader.error(board, boardWhere, `${label} has ${members.get(over)} board members in round ${over}, more than ${sizeSaid} allows; each board holds one player a round`);
          continue;
        }
      }
      const player = referencedId(reader, resolve, idOf, board, boardWhere, 'player');
      if (player === undefined) continue;
      // OpenGotha keeps a composition for each of its 20 possible rounds (Gotha.MAX_NUMBER_OF_ROUNDS); Tengen keeps
      // the rounds of this tournament. Before OpenGotha 3.28.04 a board had no roundNumber: it holds every round.
      if (round === undefined) {
        for (let r = 1; r <= rounds; r++) boards.push({ round: r, board: boardNumber, player });
      } else if (round >= 1 && round <= rounds) {
        boards.push({ round, board: boardNumber, player });
      }
    }
    teams.push({ number, name: element.attributes.teamName ?? '', boards });
  }
  return teams;
}

// --- Helpers -------------------------------------------------------------------------------------------------------

function compareByStrength(a: ParsedPlayer, b: ParsedPlayer): number {
  return (
    b.rank - a.rank ||
    (b.rating ?? -Infinity) - (a.rating ?? -Infinity) ||
    compareText(a.family, b.family) ||
    compareText(a.given, b.given) ||
    compareText(a.key, b.key) ||
    compareText(a.signature, b.signature)
  );
}

/** Alphabetical as a director reads it (case and accents second), then by code point so the order is total. */
function compareText(a: string, b: string): number {
  const human = a.localeCompare(b, 'en', { sensitivity: 'base' });
  if (human !== 0) return human;
  return a < b ? -1 : a > b ? 1 : 0;
}

function readHandicap(
  hps: XmlElement | undefined,
  reader: Reader,
): HandicapSettings | undefined {
  const where = '<HandicapParameterSet>';
  const attribute = (name: keyof typeof DTD): string => (hps?.attributes[name] ?? DTD[name]).trim();
  let valid = true;

  // HandicapParameterSet: before 3.52.04 a boolean hdBasedOnMMS; since then hdBase (rank, MMS or Breizh score).
  let basedOnMms: boolean;
  const base = hps?.attributes.hdBase?.trim().toUpperCase();
  if (base !== undefined) {
    basedOnMms = base === 'MMS';
    if (base !== 'MMS' && base !== 'RANK') {
      if (hps) reader.error(hps, where, `hdBase="${hps.attributes.hdBase}" is not supported: Tengen gives handicaps on the MMS or on the rank difference (MMS or RANK)`);
      valid = false;
    }
  } else {
    basedOnMms = attribute('hdBasedOnMMS').toLowerCase() === 'true';
  }
  const correction = parseWhole(attribute('hdCorrection'));
  // OpenGotha lowers the difference by any hdCorrection (Tournament.gameBetween); a negative one would raise it.
  if (correction === undefined || correction < 0) {
    if (hps) reader.error(hps, where, `hdCorrection="${attribute('hdCorrection')}" is not a number of stones (a whole number, 0 or more, that lowers each handicap)`);
    valid = false;
  }
  const ceiling = parseWhole(attribute('hdCeiling'));
  if (ceiling === undefined || ceiling < 0) {
    if (hps) reader.error(hps, where, `hdCeiling="${attribute('hdCeiling')}" is not a number of stones`);
    valid = false;
  }
  const threshold = parseRank(attribute('hdNoHdRankThreshold'));
  if (!threshold.ok) {
    if (hps) reader.error(hps, where, `hdNoHdRankThreshold: ${threshold.message}`);
    valid = false;
  }
  if (!valid || correction === undefined || ceiling === undefined || !threshold.ok) return undefined;

  const policy = handicapPolicyOf(basedOnMms, correction);
  // OpenGotha caps each player's (pseudo-)rank at hdNoHdRankThreshold before taking the difference
  // (Tournament.gameBetween: pseudoRank = min(pseudoRank, hdNoHdRankThreshold)), so two players at or above it play
  // even; the raw value stays in opengotha.pairingParameters for the pairing engine.
  return { ...policy, ceiling, evenAtOrAbove: threshold.rank };
}
