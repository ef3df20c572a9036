/**
 * Semantic checks every format runs after parsing: the tournament must be one a director could have written on the
 * paper grid. Each error names the player and, through the caller's locator, the file line or element.
 *
 * Why one file of this size: every check of a tournament as read, in one pass over it, so that one file lists what a tournament must be.
 */
import { codePoint, escapeControlCharacters, firstControlCharacter } from './controlCharacters';
import type { InputError } from './errors';
import { MAX_HANDICAP, MAX_KOMI, MAX_OPENGOTHA_HALVES, MAX_PLAYERS, MAX_PRIZE_AMOUNT, MAX_RATING, MAX_ROUNDS, MAX_SCORE } from './limits';
import { formatRank } from './rank';
import { displayName, type Player, type PlayerId, type Tournament } from './tournament';

/** Where an item of the tournament sits in its source (line, element, JSON path). */
export interface Location {
  readonly line?: number;
  readonly where?: string;
}

export interface Locator {
  player?(index: number): Location;
  game?(index: number): Location;
  bye?(index: number): Location;
  /**
   * A field, by its JSON pointer in Tengen's file ("/settings/komi", "/players/3/rating"); without it, a player's
   * field is located at the player, any other field at the file.
   */
  field?(path: string): Location | undefined;
}

/** "12 (Doe, John)"; a control character in the name is shown escaped, so the message stays one plain line. */
export function describePlayer(player: Pick<Player, 'id' | 'family' | 'given'>): string {
  return `${player.id} (${escapeControlCharacters(displayName(player))})`;
}

/** A number as a message shows it: as written, or "Infinity" said in words. */
function shown(x: number): string {
  return Number.isFinite(x) ? String(x) : 'a number too large to hold';
}

/** Whole or half points (seeds: "half points are real"), within ±limit. */
function isHalfPoints(x: number, limit: number): boolean {
  return Number.isInteger(2 * x) && Math.abs(x) <= limit;
}

/** "2026-02-28" yes; "2026-02-30", "yesterday", "28/02/2026" no. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function isWholeIn(x: number, min: number, max: number): boolean {
  return Number.isInteger(x) && x >= min && x <= max;
}

/** The text fields of a tournament outside its players, by JSON pointer. */
function tournamentTexts(t: Tournament): [string, string | undefined][] {
  const s = t.settings;
  const texts: [string, string | undefined][] = [
    ['/name', t.name],
    ['/shortName', t.shortName],
    ['/location', t.location],
    ['/director', t.director],
    ['/beginDate', t.beginDate],
    ['/endDate', t.endDate],
    ['/settings/hostCity', s.hostCity],
  ];
  s.sections?.forEach((x, i) => texts.push([`/settings/sections/${i}/name`, x.name]));
  s.prizes?.forEach((x, i) => texts.push([`/settings/prizes/${i}/section`, x.section], [`/settings/prizes/${i}/unit`, x.unit], [`/settings/prizes/${i}/item`, x.item]));
  s.opengotha?.placementCriteria?.forEach((x, i) => texts.push([`/settings/opengotha/placementCriteria/${i}`, x]));
  s.opengotha?.teamPlacementCriteria?.forEach((x, i) => texts.push([`/settings/opengotha/teamPlacementCriteria/${i}`, x]));
  for (const set of ['pairingParameters', 'generalParameters'] as const) {
    for (const [k, v] of Object.entries(s.opengotha?.[set] ?? {})) texts.push([`/settings/opengotha/${set}/${k}`, k], [`/settings/opengotha/${set}/${k}`, v]);
  }
  t.teams?.forEach((x, i) => texts.push([`/teams/${i}/name`, x.name]));
  return texts;
}

/**
 * The text fields of a player, by the key under "/players/i", in the order they are checked (then his extra fields,
 * each name and value under "extra/name"). Read by key, not as a list of pairs made for each player (issue 28: a
 * congress's thousand players, checked on every read while V8 still interprets the check).
 */
const PLAYER_TEXT_KEYS = ['family', 'given', 'club', 'city', 'country', 'egdPin', 'feeLevel', 'section'] as const;

/** Lone surrogates (half a character: no file format can write them) and the Unicode noncharacters U+FDD0–U+FDEF, U+FFFE, U+FFFF. */
const NOT_A_CHARACTER = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFDD0-\uFDEF\uFFFE\uFFFF]/;
/** The most characters an Excel cell holds ("Specifications and limits": 32,767), so every text fits the workbook. */
export const MAX_TEXT_LENGTH = 32767;

/**
 * Printable ASCII alone (space to tilde): no control character, surrogate or noncharacter, so nothing for
 * `controlCharacterMessage` to find but the length (issue 28: a congress's thousands of names, clubs and cities are
 * told plain by one test rather than two searches each).
 */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

function controlCharacterMessage(field: string, text: string): string | undefined {
  if (text.length <= MAX_TEXT_LENGTH && PLAIN_ASCII.test(text)) return undefined;
  if (text.length > MAX_TEXT_LENGTH) {
    return `${field} is ${text.length.toLocaleString('en')} characters long: at most ${MAX_TEXT_LENGTH.toLocaleString('en')} (what a workbook cell holds)`;
  }
  const odd = NOT_A_CHARACTER.exec(text)?.[0];
  if (odd !== undefined) {
    return `${field} "${escapeControlCharacters(text.slice(0, 80))}" holds ${codePoint(odd)}, which is not a character (a lone surrogate or a Unicode noncharacter); retype the text without it`;
  }
  const c = firstControlCharacter(text);
  if (c === undefined) return undefined;
  return `${field} "${escapeControlCharacters(text)}" holds the control character ${codePoint(c)}; names and other text must be plain characters on one line (retype the text without it)`;
}

/** What `occupy` keeps for a bye, where it keeps a game's opponent: never a player's ID (those are whole numbers from 1). */
const BYE = -1;

/** What a caller knows of the tournament before it is checked. */
export interface CheckedBefore {
  /**
   * Its games (round, players, handicap) and byes are those of a tournament checked before without an error, in any
   * order, with the same player IDs and rounds (the workbook's reading: the Grid's tournament is checked, then the
   * same games with the pairing sheets' tables and the Players sheet's details). What that check proved of them —
   * their players registered, rounds in range, no one playing himself, handicaps in range, no one twice in a round —
   * is not checked again (issue 28: a congress's 5,000 games); what a game or bye says beside that is (its table, how it
   * ended, a player's absences, which may come from elsewhere).
   */
  readonly gamesAndByes?: boolean;
  /**
   * The players of a tournament checked before without an error, by ID (the workbook's reading: the Grid's, checked
   * first). A text of a player here that is the same text under the same key of that player then (its name, club,
   * section, as the Grid gives them) was found plain by that check and is not searched again (issue 28: a congress's
   * thousands of names and clubs read twice); every other text (city, country … from the Players sheet, a name the
   * Players sheet spells), and every other check of a player, is made.
   */
  readonly players?: ReadonlyMap<PlayerId, Player>;
}

export function validateTournament(t: Tournament, locate: Locator = {}, file?: string, before: CheckedBefore = {}): InputError[] {
  const errors: InputError[] = [];
  // Every player, game and bye is checked, few are wrong: where an item sits, and what occupies a player in a round,
  // are worked out only for an error (a grid of 1,000 players has 5,000 games).
  type Lazy<T> = () => T;
  const at = (where: Lazy<Location | undefined>) => {
    const loc = where();
    return { file, line: loc?.line, where: loc?.where };
  };
  const byId = new Map<PlayerId, Player>();
  const rounds = t.settings.rounds;

  const field = (path: string) => {
    const loc = locate.field?.(path);
    return { file, line: loc?.line, where: loc?.where ?? path.slice(1).replace(/\//g, '.') };
  };
  // The number of rounds first, and alone: every round number is checked against it, and a huge one would have
  // every later step (a grid of a million columns) run out of memory.
  if (!isWholeIn(rounds, 1, MAX_ROUNDS)) {
    return [{ ...field('/settings/rounds'), message: `the number of rounds must be a whole number from 1 to at most ${MAX_ROUNDS} (what a sheet's 16,384 columns hold), not ${shown(rounds)}` }];
  }
  if (t.players.length > MAX_PLAYERS) {
    return [{ ...field('/players'), message: `${t.players.length} players: Tengen holds at most ${MAX_PLAYERS} (what a sheet's 1,048,576 rows hold)` }];
  }

  for (const [path, text] of tournamentTexts(t)) {
    const wrong = text === undefined ? undefined : controlCharacterMessage(path.split('/').pop()!, text);
    if (wrong) errors.push({ ...field(path), message: wrong });
  }
  checkSettingsNumbers(t, (path, message) => errors.push({ ...field(path), message }));
  // Dates are calendar dates written YYYY-MM-DD (docs/file-format.md), as every format Tengen writes takes them
  // (issue 27: "2026-02-30" and "yesterday" were written, then refused by the workbook reader).
  for (const key of ['beginDate', 'endDate'] as const) {
    const d = t[key];
    if (d !== undefined && !isCalendarDate(d)) errors.push({ ...field(`/${key}`), message: `${key} "${escapeControlCharacters(d.slice(0, 40))}" is not a date: expected a calendar date written YYYY-MM-DD, such as 2026-06-06` });
  }
  const sectionNames = (t.settings.sections ?? []).map((x) => x.name);
  const sectionList = sectionNames.length ? sectionNames.join(', ') : "the tournament's sections: it has none";
  const seenSections = new Set<string>();
  t.settings.sections?.forEach((x, i) => {
    if (seenSections.has(x.name)) errors.push({ ...field(`/settings/sections/${i}/name`), message: `section "${escapeControlCharacters(x.name)}" is defined twice` });
    seenSections.add(x.name);
  });
  t.settings.prizes?.forEach((x, i) => {
    if (x.section !== undefined && !seenSections.has(x.section)) {
      errors.push({ ...field(`/settings/prizes/${i}/section`), message: `the prize's section "${escapeControlCharacters(x.section)}" is not one of ${sectionList}` });
    }
  });

  t.players.forEach((p, i) => {
    const loc = () => locate.player?.(i);
    const playerField = (key: string) => {
      const l = locate.field?.(`/players/${i}/${key}`) ?? loc();
      return { file, line: l?.line, where: l?.where };
    };
    if (!isWholeIn(p.id, 1, MAX_PLAYERS)) {
      errors.push({ ...playerField('id'), player: escapeControlCharacters(displayName(p)), message: `ID must be a whole number from 1 to ${MAX_PLAYERS}, not ${shown(p.id)}` });
      return;
    }
    const was = before.players?.get(p.id);
    for (let k = 0; k < PLAYER_TEXT_KEYS.length; k++) {
      const key = PLAYER_TEXT_KEYS[k];
      const text = p[key];
      // Checked before, the same text under the same key (`CheckedBefore.players`): the same answer, no error.
      if (text === undefined || (was !== undefined && was[key] === text)) continue;
      const wrong = controlCharacterMessage(key, text);
      if (wrong) errors.push({ ...playerField(key), player: describePlayer(p), message: wrong });
    }
    if (p.extra !== undefined) {
      for (const [name, text] of Object.entries(p.extra)) {
        // A value left undefined (an object built in code, not read) is skipped, as a missing field is.
        for (const checked of [name, text] as (string | undefined)[]) {
          const wrong = checked === undefined ? undefined : controlCharacterMessage(name, checked);
          if (wrong) errors.push({ ...playerField(`extra/${name}`), player: describePlayer(p), message: wrong });
        }
      }
    }
    // A player is known by his family name on every sheet and in every format: it cannot be blank (issue 27: an
    // empty or space-only name was written and then refused on reading back).
    if (p.family.trim() === '' && p.given.trim() === '') {
      errors.push({ ...playerField('family'), player: String(p.id), message: 'the name is empty: a player needs a family name (or at least a given name)' });
    }
    if (p.section !== undefined && !seenSections.has(p.section)) {
      errors.push({ ...playerField('section'), player: describePlayer(p), message: `section "${escapeControlCharacters(p.section)}" is not one of ${sectionList}` });
    }
    if (p.initialMms !== undefined && !isHalfPoints(p.initialMms, MAX_SCORE)) {
      errors.push({ ...playerField('initialMms'), player: describePlayer(p), message: `initial McMahon score ${shown(p.initialMms)} is not a whole or half point from -${MAX_SCORE} to ${MAX_SCORE}` });
    }
    if (p.rating !== undefined && !(Math.abs(p.rating) <= MAX_RATING)) {
      errors.push({ ...playerField('rating'), player: describePlayer(p), message: `rating ${shown(p.rating)} is not a rating from -${MAX_RATING} to ${MAX_RATING}` });
    }
    if (p.previousOrder !== undefined && !isWholeIn(p.previousOrder, 1, MAX_PLAYERS)) {
      errors.push({ ...playerField('previousOrder'), player: describePlayer(p), message: `previous order ${shown(p.previousOrder)} is not a place from 1 to ${MAX_PLAYERS}` });
    }
    const other = byId.get(p.id);
    if (other) {
      errors.push({
        ...at(loc),
        player: describePlayer(p),
        message: `duplicate ID ${p.id}: already used by ${displayName(other)}; every player needs his own ID`,
      });
      return;
    }
    byId.set(p.id, p);
    for (const r of p.absentRounds ?? []) {
      if (!Number.isInteger(r) || r < 1 || r > rounds) {
        errors.push({ ...at(loc), player: describePlayer(p), message: `absent round ${r} is not a round of this ${rounds}-round tournament` });
      }
    }
  });

  const name = (id: PlayerId) => {
    const p = byId.get(id);
    return p ? describePlayer(p) : String(id);
  };
  /**
   * round → player → what already occupies him that round: his opponent's ID, or `BYE` (`occupation` says it). Kept as
   * a number, not a message made ready for each game (issue 28: a congress grid's 5,000 games, read on every command).
   */
  const seen = new Map<number, Map<PlayerId, number>>();
  const occupation = (other: number) => (other === BYE ? 'the bye' : `a game against ${name(other as PlayerId)}`);
  const occupy = (round: number, id: PlayerId, other: number, loc: Lazy<Location | undefined>) => {
    let inRound = seen.get(round);
    if (!inRound) seen.set(round, (inRound = new Map()));
    const before = inRound.get(id);
    if (before !== undefined) {
      errors.push({ ...at(loc), player: name(id), message: `${occupation(other)} in round ${round}, but he already has ${occupation(before)} in that round` });
    } else {
      inRound.set(id, other);
    }
  };
  const checkRound = (round: number, loc: Lazy<Location | undefined>, player?: PlayerId): boolean => {
    if (!Number.isInteger(round) || round < 1 || round > rounds) {
      errors.push({ ...at(loc), player: player !== undefined ? name(player) : undefined, message: `round ${round} is not a round of this ${rounds}-round tournament` });
      return false;
    }
    return true;
  };
  const absent = (id: PlayerId, round: number) => byId.get(id)?.absentRounds?.includes(round) ?? false;

  // Proven by the check before (`CheckedBefore.gamesAndByes`): every player of a game or bye registered, every round in
  // range, no one against himself, every handicap in range, and no one twice in a round — those checks below find
  // nothing on the same games and byes, and are skipped.
  const proven = before.gamesAndByes === true;
  t.games.forEach((g, i) => {
    const loc = () => locate.game?.(i);
    if (proven) {
      checkGameSays(g, i, loc);
      return;
    }
    let known = true;
    if (!byId.has(g.white)) {
      errors.push({ ...at(loc), message: `the white player ${g.white} is not a registered player` });
      known = false;
    }
    if (!byId.has(g.black)) {
      errors.push({ ...at(loc), message: `the black player ${g.black} is not a registered player` });
      known = false;
    }
    if (!checkRound(g.round, loc, g.white) || !known) return;
    if (g.white === g.black) {
      errors.push({ ...at(loc), player: name(g.white), message: `plays against himself in round ${g.round}` });
      return;
    }
    if (!isWholeIn(g.handicap, 0, MAX_HANDICAP)) {
      errors.push({ ...at(loc), player: name(g.black), message: `handicap ${shown(g.handicap)} is not a number of stones 0–${MAX_HANDICAP}` });
    }
    checkGameSays(g, i, loc);
    occupy(g.round, g.white, g.black, loc);
    occupy(g.round, g.black, g.white, loc);
  });

  /** What a game says beside its players, round and handicap: its table, and how it ended against their absences. */
  function checkGameSays(g: Tournament['games'][number], i: number, loc: Lazy<Location | undefined>): void {
    // Tables are numbered from 1 (the pairing sheet's first table, OpenGotha's tableNumber) — every reader, not
    // only the JSON schema: a table 0 read from another format would be written out and refused on reading back.
    if (g.table !== undefined && !isWholeIn(g.table, 1, MAX_PLAYERS)) {
      errors.push({ ...at(() => locate.field?.(`/games/${i}/table`) ?? loc()), player: name(g.white), message: `table ${shown(g.table)} is not a table number from 1 to ${MAX_PLAYERS}` });
    }
    const byPlay = g.result === 'white-wins' || g.result === 'black-wins' || g.result === 'jigo';
    if (byPlay) {
      for (let k = 0; k < 2; k++) {
        const id = k === 0 ? g.white : g.black;
        if (absent(id, g.round)) {
          errors.push({
            ...at(loc),
            player: name(id),
            message: `contradictory results: a game by play (${g.result}) in round ${g.round}, a round he is marked absent`,
          });
        }
      }
    }
    if (g.method && !byPlay) {
      errors.push({ ...at(loc), player: name(g.white), message: `contradictory result: "${g.method}" describes a game by play, but the result is ${g.result}` });
    }
    if (g.reason && byPlay) {
      errors.push({ ...at(loc), player: name(g.white), message: `contradictory result: default reason "${g.reason}" given for a game won by play (${g.result})` });
    }
  }

  t.byes.forEach((b, i) => {
    const loc = () => locate.bye?.(i);
    if (proven) {
      if (absent(b.player, b.round)) errors.push({ ...at(loc), player: name(b.player), message: `contradictory: a bye in round ${b.round}, a round he is marked absent` });
      return;
    }
    if (!byId.has(b.player)) {
      errors.push({ ...at(loc), message: `the bye goes to ${b.player}, who is not a registered player` });
      return;
    }
    if (!checkRound(b.round, loc, b.player)) return;
    if (absent(b.player, b.round)) {
      errors.push({ ...at(loc), player: name(b.player), message: `contradictory: a bye in round ${b.round}, a round he is marked absent` });
    }
    occupy(b.round, b.player, BYE, loc);
  });

  checkTeams(t, byId, name, field, errors);
  return errors;
}

/**
 * Team lineups (docs/file-format.md, Teams): each board names a registered player; a team has at most its team size
 * of boards (`settings.teams.boards`, or OpenGotha's teamSize); in a round, a board holds one player and a player
 * sits on one board of one team. A round with no entry keeps the team's lineup of the latest earlier round, as the
 * standings read it (src/scoring/teamStandings.ts), so the check runs on that lineup.
 */
function checkTeams(
  t: Tournament,
  byId: ReadonlyMap<PlayerId, Player>,
  name: (id: PlayerId) => string,
  field: (path: string) => Omit<InputError, 'message'>,
  errors: InputError[],
): void {
  const rounds = t.settings.rounds;
  const teamSize = t.settings.teams?.boards ?? t.settings.opengotha?.teamSize;
  const sizeSaid = t.settings.teams ? 'settings.teams.boards' : "OpenGotha's teamSize";
  const numbers = new Map<number, string>();
  /** round → player → the team and board he already sits on */
  const seats = new Map<number, Map<PlayerId, { team: string; board: number; path: string }>>();
  t.teams?.forEach((team, i) => {
    const label = `team ${shown(team.number)} (${escapeControlCharacters(team.name)})`;
    if (!isWholeIn(team.number, 0, MAX_PLAYERS)) errors.push({ ...field(`/teams/${i}/number`), message: `team number ${shown(team.number)} is not a whole number from 0 to ${MAX_PLAYERS}` });
    const twin = numbers.get(team.number);
    if (twin !== undefined) {
      errors.push({ ...field(`/teams/${i}/number`), message: `duplicate team number ${team.number}: ${label} and ${twin} both use it; every team needs its own number` });
    } else numbers.set(team.number, label);
    /** round → board → [player, path] as the team lists them */
    const listed = new Map<number, Map<number, [PlayerId, string]>>();
    team.boards.forEach((b, j) => {
      const path = `/teams/${i}/boards/${j}`;
      const where = `${label}, board ${shown(b.board)}, round ${shown(b.round)}`;
      if (!isWholeIn(b.board, 1, MAX_PLAYERS)) {
        errors.push({ ...field(`${path}/board`), message: `${where}: board ${shown(b.board)} is not a board number from 1 to ${MAX_PLAYERS}` });
        return;
      }
      if (!isWholeIn(b.round, 1, rounds)) {
        errors.push({ ...field(`${path}/round`), message: `${where}: round ${shown(b.round)} is not a round of this ${rounds}-round tournament` });
        return;
      }
      if (!byId.has(b.player)) {
        errors.push({ ...field(`${path}/player`), message: `${where}: player ${shown(b.player)} is not a registered player (expected the ID of a player of the tournament)` });
        return;
      }
      if (teamSize !== undefined && b.board > teamSize) {
        errors.push({ ...field(`${path}/board`), player: name(b.player), message: `${where}: board ${b.board} is beyond the team size: ${sizeSaid} is ${teamSize}, so boards run 1–${teamSize}` });
        return;
      }
      let inRound = listed.get(b.round);
      if (!inRound) listed.set(b.round, (inRound = new Map()));
      const before = inRound.get(b.board);
      if (before) {
        errors.push({ ...field(`${path}/player`), player: name(b.player), message: `${where}: two players on one board — ${name(before[0])} is already on board ${b.board} of this team in round ${b.round}; a board holds one player a round` });
        return;
      }
      inRound.set(b.board, [b.player, path]);
    });
    // The lineup of each round: the entries of the latest round at or before it that has any.
    let lineup: Map<number, [PlayerId, string]> | undefined;
    for (let r = 1; r <= rounds; r++) {
      lineup = listed.get(r) ?? lineup;
      if (!lineup) continue;
      let inRound = seats.get(r);
      if (!inRound) seats.set(r, (inRound = new Map()));
      for (const [board, [player, path]] of lineup) {
        const before = inRound.get(player);
        if (before) {
          const same = before.team === label;
          errors.push({
            ...field(`${path}/player`),
            player: name(player),
            message: same
              ? `${label}: ${name(player)} sits on boards ${before.board} and ${board} in round ${r}; a player plays one board a round`
              : `${label}, board ${board}, round ${r}: ${name(player)} is already on ${before.team}, board ${before.board} (${before.path.slice(1).replace(/\//g, '.')}); a player plays for one team a round`,
          });
          // One error per player and team is enough to find the line: later rounds repeat the same lineup.
          lineup = new Map([...lineup].filter(([, [p]]) => p !== player));
          listed.set(r, lineup);
          continue;
        }
        inRound.set(player, { team: label, board, path });
      }
    }
  });
}

/** The numbers of the settings, each within its stated limit (limits.ts). */
function checkSettingsNumbers(t: Tournament, report: (path: string, message: string) => void): void {
  const s = t.settings;
  // McMahon: "every rank at or above the bar starts with the bar's MMS, at or below the floor with the floor's".
  if (s.bar !== undefined && s.floor !== undefined && s.bar < s.floor) {
    report('/settings/bar', `the McMahon bar ${formatRank(s.bar)} is below the floor ${formatRank(s.floor)}; the bar must be at or above the floor`);
  }
  if (s.komi !== undefined && !isHalfPoints(s.komi, MAX_KOMI)) report('/settings/komi', `komi ${shown(s.komi)} is not a whole or half point from -${MAX_KOMI} to ${MAX_KOMI}`);
  if (s.lotterySeed !== undefined && !Number.isSafeInteger(s.lotterySeed)) {
    report('/settings/lotterySeed', `lottery seed ${shown(s.lotterySeed)} is not a whole number of at most 15 digits`);
  }
  const ceiling = s.handicap?.ceiling;
  if (ceiling !== undefined && !isWholeIn(ceiling, 0, MAX_HANDICAP)) report('/settings/handicap/ceiling', `handicap ceiling ${shown(ceiling)} is not a number of stones 0–${MAX_HANDICAP}`);
  s.sections?.forEach((x, i) => {
    if (!isHalfPoints(x.initialMms, MAX_SCORE)) {
      report(`/settings/sections/${i}/initialMms`, `section ${escapeControlCharacters(x.name)}: initial McMahon score ${shown(x.initialMms)} is not a whole or half point from -${MAX_SCORE} to ${MAX_SCORE}`);
    }
  });
  s.prizes?.forEach((x, i) => {
    if (!isWholeIn(x.place, 1, MAX_PLAYERS)) report(`/settings/prizes/${i}/place`, `place ${shown(x.place)} is not a place from 1 to ${MAX_PLAYERS}`);
    if (x.amount !== undefined && !(x.amount >= 0 && x.amount <= MAX_PRIZE_AMOUNT)) {
      report(`/settings/prizes/${i}/amount`, `prize ${shown(x.amount)} is not an amount from 0 to ${MAX_PRIZE_AMOUNT}`);
    }
  });
  const og = s.opengotha;
  if (og) {
    for (const key of ['mmsHalvesAbsent', 'mmsHalvesBye', 'nbwHalvesAbsent', 'nbwHalvesBye'] as const) {
      if (!isWholeIn(og[key], 0, MAX_OPENGOTHA_HALVES)) report(`/settings/opengotha/${key}`, `${key} ${shown(og[key])} is not a number of half points from 0 to ${MAX_OPENGOTHA_HALVES}`);
    }
    if (og.teamSize !== undefined && !isWholeIn(og.teamSize, 1, MAX_PLAYERS)) report('/settings/opengotha/teamSize', `teamSize ${shown(og.teamSize)} is not a number of boards from 1 to ${MAX_PLAYERS}`);
  }
}
