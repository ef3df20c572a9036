/**
 * What OpenGotha's XML cannot hold of a Tengen tournament — its settings (ruleset, system, sections, prizes, host
 * city, MMS zero…), player IDs, pairing numbers and other player fields, games' methods and reasons, play-offs —
 * travels in one XML comment right after the root start tag:
 *
 *     <!-- tengen:settings {"version":1,"about":{…},"settings":{…},"players":[{"key":"…","id":1,…}],…} -->
 *
 * OpenGotha ignores comments and does not write them back when it saves, so a file re-saved by OpenGotha is read as
 * OpenGotha's. The JSON is Tengen's own (src/formats/json.ts); a "-" followed by "-" is written "\u002d" so that the
 * comment never holds "--". Players are named by their OpenGotha key, as in the file's games.
 */
import { failed, type InputError, type Parsed } from '../model/errors';
import type { Team, Tournament } from '../model/tournament';
import { FORMAT, FORMAT_VERSION, parseStringifiedTournamentJson, playersToJson, tournamentToJson } from './json';
import { boardsWrittenAsListed, writtenBoards } from './opengothaTeamsExport';

export const COMMENT_TAG = 'tengen:settings';
const VERSION = 1;

/** Player fields the <Player> element holds; every other one goes in the comment. */
const NATIVE_PLAYER_FIELDS = ['family', 'given', 'rank', 'club', 'country', 'rating', 'egdPin', 'absentRounds'] as const;
const ABOUT_FIELDS = ['name', 'shortName', 'location', 'director', 'beginDate', 'endDate'] as const;

type Json = Record<string, unknown>;

/** The comment's text (without a final newline) for a tournament whose players have the given OpenGotha keys. */
export function tengenComment(t: Tournament, keyOf: ReadonlyMap<number, string>): string {
  const j = tournamentToJson(t) as unknown as Json;
  const about: Json = {};
  for (const k of ABOUT_FIELDS) if (j[k] !== undefined) about[k] = j[k];
  const players = (j.players as Json[]).map((p) => {
    const rest: Json = { key: keyOf.get(p.id as number) };
    for (const [k, v] of Object.entries(p)) if (!(NATIVE_PLAYER_FIELDS as readonly string[]).includes(k)) rest[k] = v;
    return rest;
  });
  // What a <Game> cannot say: a game without a table or colour flag (the export fills them in), method and reason.
  const games = (j.games as Json[]).flatMap((g) => {
    const more: Json = {};
    if (g.table === undefined) more.table = null;
    if (g.colourKnown === undefined) more.colourKnown = null;
    if (g.method !== undefined) more.method = g.method;
    if (g.reason !== undefined) more.reason = g.reason;
    return Object.keys(more).length > 0 ? [{ round: g.round, white: g.white, black: g.black, ...more }] : [];
  });
  const payload: Json = { version: VERSION, about, settings: j.settings, players };
  if (games.length > 0) payload.games = games;
  if (j.playoffs !== undefined) payload.playoffs = j.playoffs;
  // The XML lists each team's lineup in every round (OpenGotha's way); Tengen's boards, listed from the round a lineup
  // starts, come back from here (when the XML's lineups are still what they give).
  if (t.teams !== undefined && !boardsWrittenAsListed(t)) payload.teams = j.teams;
  const text = JSON.stringify(payload).replace(/-(?=-)/g, '\\u002d');
  return `<!-- ${COMMENT_TAG} ${text} -->`;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The comment in a file's text, with its line, when there is one. */
export function findTengenComment(text: string): { body: string; line: number } | undefined {
  const m = /<!--\s*tengen:settings(?=\s)([\s\S]*?)-->/.exec(text);
  if (!m) return undefined;
  const line = text.slice(0, m.index).split('\n').length;
  return { body: m[1], line };
}

/**
 * The tournament read from the XML with what the comment holds restored: settings, tournament fields, player IDs and
 * fields, games' extras, play-offs. `keyOf` gives each player of `t` his OpenGotha key.
 */
export function restoreFromComment(
  t: Tournament,
  keyOf: (id: number) => string,
  comment: { body: string; line: number },
  file: string | undefined,
): Parsed<Tournament> {
  const where = `<!-- ${COMMENT_TAG} -->`;
  const refuse = (message: string): Parsed<Tournament> =>
    failed([{ file, line: comment.line, where, message: `${message}; remove the comment to read the file as OpenGotha's own` }]);
  let payload: unknown;
  try {
    payload = JSON.parse(comment.body);
  } catch (e) {
    return refuse(`Tengen's comment is not well-formed JSON (${(e as Error).message})`);
  }
  if (!isObject(payload) || payload.version !== VERSION || !isObject(payload.about) || !isObject(payload.settings) || !Array.isArray(payload.players)) {
    return refuse(`Tengen's comment must be {"version":${VERSION},"about":{…},"settings":{…},"players":[…]}`);
  }
  // The players as Tengen JSON writes them (their fields the <Player> holds are taken from there), not the whole
  // tournament: its games, byes and teams are taken from the model below (issue 28).
  const jsonPlayers = playersToJson(t) as unknown as Json[];
  const fromComment = new Map<string, Json>();
  for (const p of payload.players) {
    if (!isObject(p) || typeof p.key !== 'string' || typeof p.id !== 'number') return refuse('every player of Tengen\'s comment needs a "key" and an "id"');
    if (fromComment.has(p.key)) return refuse(`player "${p.key}" is twice in Tengen's comment`);
    fromComment.set(p.key, p);
  }
  const idMap = new Map<number, number>();
  const players: Json[] = [];
  for (const p of jsonPlayers) {
    const key = keyOf(p.id as number);
    const c = fromComment.get(key);
    if (!c) return refuse(`player "${key}" of the file is not in Tengen's comment`);
    fromComment.delete(key);
    idMap.set(p.id as number, c.id as number);
    const restored: Json = {};
    for (const k of NATIVE_PLAYER_FIELDS) if (p[k] !== undefined) restored[k] = p[k];
    for (const [k, v] of Object.entries(c)) if (k !== 'key') restored[k] = v;
    players.push(restored);
  }
  if (fromComment.size > 0) return refuse(`player "${[...fromComment.keys()][0]}" of Tengen's comment is not in the file`);
  const id = (n: unknown) => idMap.get(n as number) ?? n;

  const extras = new Map<string, Json>();
  for (const g of Array.isArray(payload.games) ? payload.games : []) {
    if (!isObject(g)) return refuse('every game of Tengen\'s comment must be an object');
    extras.set(`${String(g.round)}/${String(g.white)}/${String(g.black)}`, g);
  }
  // Games, byes and teams in the order the file had them (a model game is its JSON already).
  const games = (t.games as unknown as Json[]).map((g) => {
    const out: Json = { ...g, white: id(g.white), black: id(g.black) };
    const more = extras.get(`${String(out.round)}/${String(out.white)}/${String(out.black)}`);
    if (more) {
      for (const [k, v] of Object.entries(more)) {
        if (k === 'round' || k === 'white' || k === 'black') continue;
        if (v === null) delete out[k];
        else out[k] = v;
      }
    }
    return out;
  });
  const byes = (t.byes as unknown as Json[]).map((b) => ({ ...b, player: id(b.player) }));
  let teams: Json[] | undefined = (t.teams as unknown as Json[] | undefined)?.map((team) => ({
    ...team,
    boards: (team.boards as Json[]).map((b) => ({ ...b, player: id(b.player) })),
  }));
  if (Array.isArray(payload.teams) && teams !== undefined) {
    const listed = payload.teams as Json[];
    const key = (b: Json) => `${String(b.round)}/${String(b.board)}/${String(b.player)}`;
    const rounds = (payload.settings as { rounds?: unknown }).rounds;
    const same =
      typeof rounds === 'number' &&
      listed.length === teams.length &&
      teams.every((team, i) => {
        const mine = listed[i];
        if (!isObject(mine) || mine.number !== team.number || !Array.isArray(mine.boards)) return false;
        const asModel = { number: team.number as number, name: String(team.name), boards: mine.boards as unknown as Team['boards'] };
        const written = writtenBoards({ settings: { rounds } } as Tournament, asModel).map((b) => key(b as unknown as Json)).sort();
        const inFile = (team.boards as Json[]).map(key).sort();
        return written.length === inFile.length && written.every((k, n) => k === inFile[n]);
      });
    if (same) teams = teams.map((team, i) => ({ ...team, boards: ((listed[i] as Json).boards as Json[]).map((b) => ({ ...b })) }));
  }

  const doc: Json = { format: FORMAT, version: FORMAT_VERSION };
  for (const k of ABOUT_FIELDS) if (payload.about[k] !== undefined) doc[k] = payload.about[k];
  Object.assign(doc, { settings: payload.settings, players, games, byes });
  if (teams !== undefined) doc.teams = teams;
  if (payload.playoffs !== undefined) doc.playoffs = payload.playoffs;

  const parsed = parseStringifiedTournamentJson(JSON.stringify(doc), file);
  if (parsed.ok) return parsed;
  const errors: InputError[] = parsed.errors.map((e) => ({
    file,
    line: comment.line,
    where: [where, e.where].filter(Boolean).join(': '),
    ...(e.player !== undefined && { player: e.player }),
    message: `with Tengen's comment the tournament is not valid: ${e.message}`,
  }));
  return failed(errors);
}
