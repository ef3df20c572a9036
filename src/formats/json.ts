/**
 * Tengen's tournament file: JSON, versioned (`"format": "tengen-tournament", "version": 1`), described by
 * `tournament.schema.json` beside this file and documented in docs/file-format.md.
 *
 * Reading reports every problem with the file, the line, the JSON path and the player concerned; writing is
 * deterministic (stable key order, sorted games), so JSON → model → JSON is lossless.
 *
 * Why one file of this size: the reader and the writer of one format together, so that each field is read and written side by side.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { failed, ok, type InputError, type Parsed } from '../model/errors';
import { formatRank, parseRank, type Rank } from '../model/rank';
import type { Bye, Game, Player, PlayerId, PlayoffGame, Settings, Team, Tournament } from '../model/tournament';
import { displayName } from '../model/tournament';
import { MAX_NESTING } from '../model/limits';
import { validateTournament } from '../model/validate';
import { DEFAULT_ENTRANT_RANK_RULE, entrantRank, type Member } from '../model/entrants';
import { parseSiteUrl } from '../model/siteUrl';
import generatedValidator from './tournamentSchemaValidator';

export const FORMAT = 'tengen-tournament';
export const FORMAT_VERSION = 1;

// ---------------------------------------------------------------------------------------------------------------
// A JSON reader that remembers where each value starts, so errors can name lines.
// ---------------------------------------------------------------------------------------------------------------

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Parses JSON text; `lines` maps each JSON pointer ("/players/3/rank") to the line its value starts on. */
export function parseJsonWithLines(text: string): { value: unknown; lines: Map<string, number> } {
  const lines = new Map<string, number>();
  return { value: parseJson(text, lines), lines };
}

/**
 * The same reading, with the same refusals, without the lines: a pointer string and a map entry for every value of a
 * 700-player tournament cost more than the reading itself, and are needed only to name the line of an error — which
 * reads the text again with them (issue 28).
 */
function parseJson(text: string, lines: Map<string, number> | undefined): unknown {
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(what, line, i - lineStart + 1);
  };
  const ws = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        i++;
        lineStart = i;
      } else if (c === 32 || c === 9 || c === 13) i++;
      else break;
    }
  };
  const str = (): string => {
    i++; // opening quote
    let out = '';
    for (;;) {
      // The run of plain characters up to the next quote, backslash or line break, taken in one slice.
      const from = i;
      for (let c = text.charCodeAt(i); i < text.length && c !== 34 && c !== 92 && c !== 10; c = text.charCodeAt(++i));
      if (i > from) out += text.slice(from, i);
      if (i >= text.length) fail('unterminated string');
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\n') fail('line break inside a string');
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail(`bad escape \\${e ?? ''} in a string`);
      }
    }
  };
  // Recursive, but never deeper than MAX_NESTING: a file nested 5,000 deep is refused, not a stack overflow.
  let depth = 0;
  const value = (path: string): unknown => {
    ws();
    lines?.set(path, line);
    const c = text[i];
    if ((c === '{' || c === '[') && ++depth > MAX_NESTING) fail(`nested deeper than ${MAX_NESTING} levels (a Tengen tournament nests 5 deep)`);
    const close = <T>(v: T): T => {
      depth--;
      return v;
    };
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        i++;
        return close(obj);
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a "key" in quotes');
        const keyLine = line;
        const key = str();
        ws();
        if (text[i] !== ':') fail(`expected ":" after "${key}"`);
        i++;
        const childPath = lines ? `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}` : '';
        if (Object.prototype.hasOwnProperty.call(obj, key)) fail(`"${key}" appears twice in the same object`);
        // defineProperty, not assignment: a key "__proto__" must stay a plain key, as with JSON.parse
        Object.defineProperty(obj, key, { value: value(childPath), enumerable: true, writable: true, configurable: true });
        lines?.set(`${childPath}#key`, keyLine);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return close(obj);
        }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return close(arr);
      }
      for (;;) {
        arr.push(value(lines ? `${path}/${arr.length}` : ''));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return close(arr);
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return str();
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 40));
    if (m) {
      const n = Number(m[0]);
      // Beyond ±1.8e308 JavaScript holds Infinity, and 1e-400 becomes 0: refused, not silently changed.
      if (!Number.isFinite(n)) fail(`the number ${m[0]} is too large`);
      // A non-zero number written so small that it becomes 0 (1e-400; issue 27) is refused the same way.
      if (n === 0 && /[1-9]/.test(m[0].replace(/[eE][+-]?\d+$/, ''))) fail(`the number ${m[0]} is too small: it would be read as 0`);
      i += m[0].length;
      return n;
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    return fail(i >= text.length ? 'the file ends too early' : `unexpected character ${JSON.stringify(text[i])}`);
  };
  const result = value('');
  ws();
  if (i < text.length) fail('unexpected text after the end of the tournament');
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------------

/**
 * The validator of `tournament.schema.json`, compiled ahead of time by Ajv (scripts/schema-validator.js, with the
 * options it had here: allErrors, not strict): compiling it at run time cost every command that reads a tournament
 * 300–800 ms of CPU — the OpenGotha file carries the tournament as JSON (issue 28). Same code, same errors; a test
 * fails when the schema changes without it being regenerated.
 */
const validateSchema = generatedValidator as unknown as ValidateFunction;

function schemaMessage(e: ErrorObject): string {
  switch (e.keyword) {
    case 'required':
      return `missing "${(e.params as { missingProperty: string }).missingProperty}"`;
    case 'additionalProperties':
      return `unknown key "${(e.params as { additionalProperty: string }).additionalProperty}" (misspelt? see docs/file-format.md)`;
    case 'enum':
      return `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    default:
      return e.message ?? 'invalid';
  }
}

/** The player a JSON path is about, for error messages: "/players/3/…" or "/games/7/…". */
function playerOfPath(doc: Record<string, unknown>, path: string): string | undefined {
  const players = Array.isArray(doc.players) ? (doc.players as Record<string, unknown>[]) : [];
  const describe = (p: Record<string, unknown> | undefined) =>
    p && typeof p === 'object' ? `${p.id ?? '?'} (${displayName({ family: String(p.family ?? '?'), given: String(p.given ?? '') })})` : undefined;
  let m = /^\/players\/(\d+)/.exec(path);
  if (m) return describe(players[Number(m[1])]);
  m = /^\/(games|byes)\/(\d+)/.exec(path);
  if (m) {
    const item = (doc[m[1]] as Record<string, unknown>[] | undefined)?.[Number(m[2])];
    const id = item && (m[1] === 'games' ? item.white : item.player);
    const p = players.find((x) => x && x.id === id);
    return p ? describe(p) : id !== undefined ? String(id) : undefined;
  }
  return undefined;
}

function lineOf(lines: Map<string, number>, path: string): number | undefined {
  for (let p = path; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const l = lines.get(p);
    if (l !== undefined) return l;
    if (p === '') return undefined;
  }
}

export function parseTournamentJson(text: string, file?: string): Parsed<Tournament> {
  return readTournamentJson(text, file, false);
}

/**
 * `parseTournamentJson` of a text `JSON.stringify` wrote (the tournament OpenGotha's Tengen comment restores,
 * opengothaComment.ts): such a text has no key twice in an object, no raw line break in a string, and its numbers as
 * JavaScript prints them, so `JSON.parse` gives the value `parseJson` would, natively (issue 28). Only the nesting is
 * checked on it; a document nested too deep is read by `parseJson`, for its refusal word for word.
 */
export function parseStringifiedTournamentJson(text: string, file?: string): Parsed<Tournament> {
  return readTournamentJson(text, file, true);
}

/** Whether `value` holds no object or array nested deeper than `levels` (itself the first level). */
function nestedAtMost(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (levels === 0) return false;
  for (const x of Array.isArray(value) ? value : Object.values(value)) if (!nestedAtMost(x, levels - 1)) return false;
  return true;
}

function readTournamentJson(text: string, file: string | undefined, stringified: boolean): Parsed<Tournament> {
  let doc: unknown;
  const source = text.replace(/^\uFEFF/, '');
  // Where each value starts, worked out only for an error: the text is read again, this time with its lines.
  let linesRead: Map<string, number> | undefined;
  const lines = () => (linesRead ??= parseJsonWithLines(source).lines);
  let parsedNatively: { value: unknown } | undefined;
  if (stringified) {
    try {
      const value: unknown = JSON.parse(source);
      if (nestedAtMost(value, MAX_NESTING)) parsedNatively = { value };
    } catch {
      parsedNatively = undefined;
    }
  }
  try {
    doc = parsedNatively ? parsedNatively.value : parseJson(source, undefined);
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      return failed([{ file, line: e.line, where: `column ${e.column}`, message: `not valid JSON: ${e.message}` }]);
    }
    throw e;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    return failed([{ file, line: 1, message: 'a tournament file holds one JSON object ({ "format": "tengen-tournament", … })' }]);
  }
  const record = doc as Record<string, unknown>;
  if (record.format !== FORMAT) {
    return failed([{ file, line: lineOf(lines(), '/format'), where: '/format', message: `not a Tengen tournament: expected "format": "${FORMAT}"` }]);
  }
  if (record.version !== FORMAT_VERSION) {
    return failed([
      { file, line: lineOf(lines(), '/version'), where: '/version', message: `this file is format version ${JSON.stringify(record.version)}; this Tengen reads version ${FORMAT_VERSION}` },
    ]);
  }
  if (!validateSchema(doc)) {
    const errors = (validateSchema.errors ?? []).map((e): InputError => {
      const extra = e.keyword === 'additionalProperties' ? `/${(e.params as { additionalProperty: string }).additionalProperty}` : '';
      const path = e.instancePath + extra;
      return {
        file,
        line: lines().get(`${path}#key`) ?? lineOf(lines(), path),
        where: path || '/',
        player: playerOfPath(record, e.instancePath),
        message: schemaMessage(e),
      };
    });
    return failed(dedupe(errors));
  }

  const errors: InputError[] = [];
  const rank = (text: string, path: string): Rank => {
    const r = parseRank(text);
    if (r.ok) return r.rank;
    errors.push({ file, line: lineOf(lines(), path), where: path, player: playerOfPath(record, path), message: r.message });
    return 0 as Rank;
  };
  const json = doc as unknown as TournamentJson;
  const s = json.settings;
  /**
   * A pair go pair or rengo team (settings.entrants) is ranked by its members (src/model/entrants.ts); a rank written
   * beside them must be that one. An entrant with neither rank nor members is refused.
   */
  const entrantRankOf = (p: TournamentJson['players'][number], i: number, given: Rank | undefined, members: Member[] | undefined): Rank => {
    const where = `/players/${i}`;
    const who = `${p.id} (${displayName(p)})`;
    if (!members) {
      if (given === undefined) errors.push({ file, line: lineOf(lines(), where), where, player: who, message: 'has no rank; give a rank, or members whose ranks give it' });
      return given ?? (0 as Rank);
    }
    const rule = s.entrants?.rank ?? DEFAULT_ENTRANT_RANK_RULE;
    const computed = entrantRank(members.map((m) => m.rank), rule);
    if (given !== undefined && given !== computed) {
      errors.push({ file, line: lineOf(lines(), where), where: `${where}/rank`, player: who, message: `rank ${formatRank(given)} is not the rank its members give: ${formatRank(computed)} (${rule}${s.entrants ? '' : ', the default'}); leave out the rank or correct it` });
    }
    return computed;
  };
  // The site's address as tengen publish uses it (model/siteUrl.ts): an http(s) folder, read with its final "/".
  const siteUrl = (text: string): string | undefined => {
    const parsed = parseSiteUrl(text, '/settings/siteUrl');
    if (parsed.ok) return parsed.value;
    for (const e of parsed.errors) errors.push({ file, line: lineOf(lines(), '/settings/siteUrl'), where: '/settings/siteUrl', message: e.message });
    return undefined;
  };
  const settings: Settings = strip({
    system: s.system,
    rounds: s.rounds,
    ruleset: s.ruleset,
    bar: s.bar === undefined ? undefined : rank(s.bar, '/settings/bar'),
    floor: s.floor === undefined ? undefined : rank(s.floor, '/settings/floor'),
    mmsZero: s.mmsZero === undefined ? undefined : rank(s.mmsZero, '/settings/mmsZero'),
    sections: s.sections,
    handicap: s.handicap && strip({ ...s.handicap, evenAtOrAbove: s.handicap.evenAtOrAbove === undefined ? undefined : rank(s.handicap.evenAtOrAbove, '/settings/handicap/evenAtOrAbove') }),
    komi: s.komi,
    tiebreaks: s.tiebreaks,
    lotterySeed: s.lotterySeed,
    pairingTiebreaks: s.pairingTiebreaks,
    hostCity: s.hostCity,
    paper: s.paper,
    siteUrl: s.siteUrl === undefined ? undefined : siteUrl(s.siteUrl),
    prizes: s.prizes,
    opengotha: s.opengotha,
    schedule: s.schedule,
    cycles: s.cycles,
    lots: s.lots,
    bracket: s.bracket,
    egc: s.egc,
    teams: s.teams,
    entrants: s.entrants,
  });
  const players: Player[] = json.players.map((p, i) => {
    const members = p.members?.map((m, k) => ({ family: m.family, given: m.given, rank: rank(m.rank, `/players/${i}/members/${k}/rank`) }));
    const given = p.rank === undefined ? undefined : rank(p.rank, `/players/${i}/rank`);
    return strip({ ...p, id: p.id as PlayerId, members, rank: entrantRankOf(p, i, given, members) });
  });
  const games: Game[] = json.games.map((g) => strip({ ...g, white: g.white as PlayerId, black: g.black as PlayerId, handicap: g.handicap ?? 0 }));
  const byes: Bye[] = json.byes.map((b) => ({ round: b.round, player: b.player as PlayerId }));
  const t: Tournament = strip({
    name: json.name,
    shortName: json.shortName,
    location: json.location,
    director: json.director,
    beginDate: json.beginDate,
    endDate: json.endDate,
    settings,
    players,
    games,
    byes,
    teams: json.teams?.map((team) => ({ ...team, boards: team.boards.map((b) => ({ ...b, player: b.player as PlayerId })) })),
    playoffs: json.playoffs?.map((g) => strip({ ...g, white: g.white as PlayerId, black: g.black as PlayerId, handicap: g.handicap ?? 0 })),
  });
  if (errors.length) return failed(errors);
  const semantic = validateTournament(
    t,
    {
      player: (i) => ({ line: lineOf(lines(), `/players/${i}`), where: `/players/${i}` }),
      game: (i) => ({ line: lineOf(lines(), `/games/${i}`), where: `/games/${i}` }),
      bye: (i) => ({ line: lineOf(lines(), `/byes/${i}`), where: `/byes/${i}` }),
      field: (path) => ({ line: lineOf(lines(), path), where: path }),
    },
    file,
  );
  return semantic.length ? failed(semantic) : ok(t);
}

function dedupe(errors: InputError[]): InputError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.where}|${e.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Drop keys whose value is undefined, so parsed models compare equal to hand-built ones. */
function strip<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------------------

type RankText = string;
interface TournamentJson {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  name: string;
  shortName?: string;
  location?: string;
  director?: string;
  beginDate?: string;
  endDate?: string;
  settings: Omit<Settings, 'bar' | 'floor' | 'mmsZero' | 'handicap'> & {
    bar?: RankText;
    floor?: RankText;
    mmsZero?: RankText;
    handicap?: Omit<NonNullable<Settings['handicap']>, 'evenAtOrAbove'> & { evenAtOrAbove?: RankText };
  };
  players: (Omit<Player, 'id' | 'rank' | 'members'> & { id: number; rank?: RankText; members?: (Omit<Member, 'rank'> & { rank: RankText })[] })[];
  games: (Omit<Game, 'white' | 'black' | 'handicap'> & { white: number; black: number; handicap?: number })[];
  byes: { round: number; player: number }[];
  teams?: (Omit<Team, 'boards'> & { boards: { round: number; board: number; player: number }[] })[];
  playoffs?: (Omit<PlayoffGame, 'white' | 'black' | 'handicap'> & { white: number; black: number; handicap?: number })[];
}

/** Copy `keys` of `o` in this order, leaving out undefined values. */
function pick<T extends object>(o: T, keys: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

function sortedRecord(r: Readonly<Record<string, string>> | undefined): Record<string, string> | undefined {
  if (!r) return undefined;
  return Object.fromEntries(Object.keys(r).sort().map((k) => [k, r[k]]));
}

/** The tournament's players as Tengen JSON writes them, by ID (`tournamentToJson`'s "players"). */
export function playersToJson(t: Tournament): TournamentJson['players'] {
  return [...t.players]
    .sort((a, b) => a.id - b.id)
    .map((p) =>
      pick(
        { ...p, rank: formatRank(p.rank), absentRounds: p.absentRounds && [...p.absentRounds].sort((a, b) => a - b), extra: sortedRecord(p.extra), members: p.members?.map((m) => ({ family: m.family, given: m.given, rank: formatRank(m.rank) })) },
        ['id', 'family', 'given', 'rank', 'club', 'city', 'country', 'rating', 'egdPin', 'feeLevel', 'section', 'initialMms', 'absentRounds', 'previousOrder', 'pairingNumber', 'european', 'pko', 'leagueQualified', 'declaredAllRounds', 'extra', 'members'],
      ),
    ) as TournamentJson['players'];
}

export function tournamentToJson(t: Tournament): TournamentJson {
  const s = t.settings;
  const rank = (r: Rank | undefined) => (r === undefined ? undefined : formatRank(r));
  const settings = pick(
    {
      system: s.system,
      rounds: s.rounds,
      ruleset: s.ruleset,
      bar: rank(s.bar),
      floor: rank(s.floor),
      mmsZero: rank(s.mmsZero),
      sections: s.sections?.map((x) => ({ name: x.name, initialMms: x.initialMms })),
      handicap: s.handicap && pick({ policy: s.handicap.policy, ceiling: s.handicap.ceiling, evenAtOrAbove: rank(s.handicap.evenAtOrAbove), correction: s.handicap.correction }, ['policy', 'ceiling', 'evenAtOrAbove', 'correction']),
      komi: s.komi,
      tiebreaks: s.tiebreaks && [...s.tiebreaks],
      lotterySeed: s.lotterySeed,
      pairingTiebreaks: s.pairingTiebreaks && [...s.pairingTiebreaks],
      hostCity: s.hostCity,
      paper: s.paper,
      siteUrl: s.siteUrl,
      prizes: s.prizes?.map((x) => pick(x, ['section', 'place', 'amount', 'unit', 'item'])) as Settings['prizes'],
      opengotha:
        s.opengotha &&
        pick(
          {
            ...s.opengotha,
            placementCriteria: s.opengotha.placementCriteria && [...s.opengotha.placementCriteria],
            pairingParameters: sortedRecord(s.opengotha.pairingParameters),
            generalParameters: sortedRecord(s.opengotha.generalParameters),
            teamPlacementCriteria: s.opengotha.teamPlacementCriteria && [...s.opengotha.teamPlacementCriteria],
          },
          ['mmsHalvesAbsent', 'mmsHalvesBye', 'nbwHalvesAbsent', 'nbwHalvesBye', 'roundDown', 'placementCriteria', 'pairingParameters', 'generalParameters', 'teamSize', 'teamPlacementCriteria'],
        ),
      schedule: s.schedule,
      cycles: s.cycles,
      lots: s.lots && pick(s.lots, ['by', 'seed']),
      bracket: s.bracket,
      egc: s.egc,
      teams: s.teams && pick({ ...s.teams }, ['boards', 'start']),
      entrants: s.entrants && pick({ ...s.entrants }, ['kind', 'rank']),
    },
    ['system', 'rounds', 'ruleset', 'bar', 'floor', 'mmsZero', 'sections', 'handicap', 'komi', 'tiebreaks', 'lotterySeed', 'pairingTiebreaks', 'hostCity', 'paper', 'siteUrl', 'prizes', 'opengotha', 'schedule', 'cycles', 'lots', 'bracket', 'egc', 'teams', 'entrants'],
  ) as TournamentJson['settings'];
  const players = playersToJson(t);
  const games = [...t.games]
    .sort((a, b) => a.round - b.round || (a.table ?? Infinity) - (b.table ?? Infinity) || a.white - b.white)
    .map((g) => pick(g, ['round', 'table', 'white', 'black', 'handicap', 'colourKnown', 'result', 'method', 'reason'])) as TournamentJson['games'];
  const byes = [...t.byes].sort((a, b) => a.round - b.round || a.player - b.player).map((b) => ({ round: b.round, player: b.player }));
  const teams = t.teams?.map((team) => ({
    number: team.number,
    name: team.name,
    boards: [...team.boards].sort((a, b) => a.round - b.round || a.board - b.board).map((b) => ({ round: b.round, board: b.board, player: b.player })),
  }));
  const playoffs = t.playoffs
    ?.slice()
    .sort((a, b) => a.place - b.place || a.round - b.round || (a.table ?? Infinity) - (b.table ?? Infinity) || a.white - b.white)
    .map((g) => pick(g, ['place', 'round', 'table', 'white', 'black', 'handicap', 'colourKnown', 'result', 'method', 'reason'])) as TournamentJson['playoffs'];
  return pick(
    { format: FORMAT, version: FORMAT_VERSION, name: t.name, shortName: t.shortName, location: t.location, director: t.director, beginDate: t.beginDate, endDate: t.endDate, settings, players, games, byes, teams, playoffs },
    ['format', 'version', 'name', 'shortName', 'location', 'director', 'beginDate', 'endDate', 'settings', 'players', 'games', 'byes', 'teams', 'playoffs'],
  ) as TournamentJson;
}

/** The tournament as Tengen JSON text: stable key order, 2-space indent, a final newline. */
export function writeTournamentJson(t: Tournament): string {
  return `${JSON.stringify(tournamentToJson(t), null, 2)}\n`;
}
