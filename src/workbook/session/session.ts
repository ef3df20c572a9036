/**
 * The workbook session: what the task pane wizard (and the CLI) call. Reading gives the tournament the workbook
 * holds; every action returns one `WorkbookBatch` — pure data, applied by the adapter all at once after the
 * director confirms it — or refuses with a `SessionRefusal` saying why and naming the cells concerned.
 *
 * "Never overwrite a director's entries silently" (DEVELOPERS.md): every batch compares the grid's input cells
 * before and after (title block, each player's line 1, the section names, each round's opponent, colour and
 * result — matched by player and round, not by address, so a new player shifting the rows is no change) and is
 * refused, naming the cells, when a non-empty cell would change, unless the caller says the overwrite is confirmed.
 *
 * Writes touch only the cells they change (`changes.ts`): a batch renders the sheets it concerns as they were read
 * and as they will be, and writes the cells that differ, each expected (an `expect` op the adapter checks in the
 * same apply, before writing anything) to hold what `readSession` read — so a result the director typed since, or
 * another pane's write, refuses the batch ("the Grid changed since you opened this step (cells H16, K22): re-read
 * and check") instead of being overwritten, and notes, formulas and columns the director added are never cleared.
 * A result is its two result cells (`resultChanges`), the formulas' cached values, its pairing sheet's Result cell
 * and Log lines; the Place column is left to Pair Round and Standings (it depends on every player). The Log grows by
 * `append`. Sheets written whole: a new tournament or an import (the director confirmed replacing one), a round's
 * pairing sheet made anew, Standings and the final copies — each expected to be as read, or missing.
 */
import { failed, ok, TengenInputError, type InputError, type Parsed } from '../../model/errors';
import { formatRank, parseRank } from '../../model/rank';
import { displayName, playerLabel, type Game, type GameResult, type Player, type PlayerId, type RulesetName, type Round, type Tournament } from '../../model/tournament';
import { validateTournament } from '../../model/validate';
import { writeTournamentJson } from '../../formats/json';
import { parseOpenGotha } from '../../formats/opengotha';
import { applyPairing, pairingProblems } from '../../pairing/apply';
import { pairMays, type MaysOptions } from '../../systems/mcmahon/mays';
import { admitLatecomer, numberByStrength } from '../../pairing/numbering';
import { applyBar, applySections, sectionForRank, type BarChoice, type ProposedSection } from '../../systems/mcmahon/sections';
import { isDeviation, type PairingResult, type RoundPairing } from '../../pairing/types';
import type { CellValue, WorkbookAdapter, WorkbookBatch, WorkbookOp } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { expectAsRead, opsBySheet, sheetChanges, type SheetRead, type WorkbookRead } from './changes';
import { resultChanges } from '../cells/resultCells';
import { GRID_SHEET, gridCells, gridInputCells, gridLayout, gridOps, pairedRounds, readGridDetailed } from '../sheets/grid';
import { LOG_SHEET, logOps, nextLogRow, type LogLine } from '../sheets/logSheet';
import { TITLE_KEYS, type GridLanguage, type TitleKey } from '../cells/notation';
import { pairingsOps, pairingsSheetName, readPairingSheet, type PairingSheetGame } from '../sheets/pairingsSheet';
import { BRACKET_SHEET, bracketOps, readBracketResults } from '../sheets/bracketSheet';
import { CEREMONY_SHEET, ceremonyOps, hasBracket, hasPoster, isPrintoutSheet, POSTER_SHEET, posterOps, roundPaperOps, roundSheets } from '../print/printouts';
import { isTeamSheet, TEAM_MATCHES_SHEET, TEAM_STANDINGS_SHEET, teamSheetsOps } from '../sheets/teamSheets';
import { EUROPEAN_SHEET, europeanOps } from '../sheets/europeanSheet';
import { entrantRankError, PLAYERS_SHEET, playersOps, readPlayersSheet } from '../sheets/playersSheet';
import { withoutRuleStarts } from '../../scoring/egcCongressStart';
import { readScratchPad, resultOfMark } from '../cells/scratchPad';
import { readSettingsSheet, SETTINGS_SHEET, settingsOps } from '../sheets/settingsSheet';
import { STANDINGS_SHEET, standingsOps } from '../sheets/standingsSheet';
import { GRID_CACHE_SHEET, gridCacheOps, isCacheSheet, SETTINGS_CACHE_SHEET, settingsCacheOps, STANDINGS_CACHE_SHEET, standingsCacheOps } from '../formulas/liveCache';
import { CROSS_TABLE_SHEET, crossTableOps } from '../sheets/crossTableSheet';
import { crossTableIntoTournament } from '../sheets/crossTableReader';

// ---------------------------------------------------------------------------------------------------------------
// Refusals and context
// ---------------------------------------------------------------------------------------------------------------

export type RefusalCode =
  /** The workbook already holds a tournament (a Grid sheet) and replacing it was not asked for. */
  | 'grid-exists'
  /** The round already has results; re-pairing it needs `confirmRepair`. */
  | 'results-exist'
  /** The round is already paired (no results yet); pairing it again needs `confirmRepair`. */
  | 'round-paired'
  /** The grid changed between the preview and now: preview again. */
  | 'grid-changed'
  /** The batch would change a director's non-empty entry; the cells are named. */
  | 'overwrite'
  /** The request itself is wrong (an unknown player or table, a pairing that leaves someone out …). */
  | 'invalid';

export class SessionRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** `Grid!H12`-style addresses of the cells concerned. */
    readonly cells: readonly string[] = [],
  ) {
    super(message);
    this.name = 'SessionRefusal';
  }
}

/** What a batch needs to know about the workbook besides the tournament. */
export interface SessionOptions {
  /** Grid language (default: the one `readTournament` found, else English). */
  readonly language?: GridLanguage;
  /** First empty row of the Log sheet (default: the one `readTournament` found, else 2). */
  readonly logRow?: number;
  /** Time written on the Log lines (default: now, ISO 8601). */
  readonly time?: string;
  /** The director confirmed changing non-empty entries. */
  readonly confirmOverwrite?: boolean;
}

interface WorkbookContext {
  readonly language: GridLanguage;
  readonly logRow: number;
  readonly sheets: readonly string[];
  /** The sheets as read (values; the Grid's formulas too): what every write expects to find. */
  readonly read?: WorkbookRead;
  /** The tournament as read, which `read` renders. */
  readonly tournament?: Tournament;
}

/**
 * Context of the tournaments `readTournament` returned, so the batch functions keep their short signatures; a
 * tournament derived from one (`{ ...t, players: … }`) falls back on the last workbook read, when it is the same
 * tournament by name. Explicit `SessionOptions` win over both.
 */
const contexts = new WeakMap<Tournament, WorkbookContext>();
let lastRead: { readonly name: string; readonly context: WorkbookContext } | undefined;

interface BatchContext {
  language: GridLanguage;
  logRow: number;
  time: string;
  sheets: readonly string[];
  read?: WorkbookRead;
  /** The tournament `read` renders. */
  readTournament?: Tournament;
  /** Whether `t` is the very tournament read (no change made to it in the pane since). */
  exact: boolean;
}

function contextOf(t: Tournament, options: SessionOptions = {}): BatchContext {
  const exact = contexts.get(t);
  const known = exact ?? (lastRead?.name === t.name ? lastRead.context : undefined);
  return {
    language: options.language ?? known?.language ?? 'en',
    logRow: options.logRow ?? known?.logRow ?? 2,
    time: options.time ?? new Date().toISOString(),
    sheets: known?.sheets ?? [],
    ...(known?.read ? { read: known.read, readTournament: known.tournament } : {}),
    exact: exact !== undefined,
  };
}

/** A short stable fingerprint of a tournament (FNV-1a over its canonical JSON, two 32-bit halves). */
export function fingerprint(t: Tournament): string {
  const text = writeTournamentJson(t);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

// ---------------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------------

export interface WorkbookSession {
  readonly tournament: Tournament;
  readonly language: GridLanguage;
  readonly logRow: number;
  readonly sheets: readonly string[];
  readonly fingerprint: string;
}

/**
 * The tournament a workbook holds: the Grid (title block, players, games — authoritative for what it shows), the
 * Settings sheet (the other settings), the Players sheet (the other player details, matched by ID) and each
 * `Pairings R<n>` sheet (table numbers).
 */
export async function readSession(wb: WorkbookAdapter): Promise<Parsed<WorkbookSession>> {
  try {
    return await readSheets(wb);
  } catch (e) {
    // An adapter refuses a sheet beyond what a tournament holds (xlsx.ts: a stray entry in XFD1048576).
    if (e instanceof TengenInputError) return failed(e.errors);
    throw e;
  }
}

async function readSheets(wb: WorkbookAdapter): Promise<Parsed<WorkbookSession>> {
  const sheets = await wb.sheetNames();
  if (!sheets.includes(GRID_SHEET)) {
    return failed([{ where: GRID_SHEET, message: 'this workbook has no Grid sheet: start a new tournament first' }]);
  }
  const gridValues = (await wb.readSheet(GRID_SHEET)) ?? [];
  const gridFormulas = await wb.readFormulas(GRID_SHEET);
  const grid = readGridDetailed(gridValues, { sheet: GRID_SHEET, formulas: gridFormulas });
  if (!grid.ok) return grid;
  const read = new Map<string, SheetRead>([[GRID_SHEET, { values: gridValues, formulas: gridFormulas }]]);
  const errors: InputError[] = [];
  const fromGrid = grid.value.tournament;

  // The Settings and Players sheets hold what the Grid does not show (komi, handicap policy, tie-breakers, host
  // city …; each player's city, country, rating, EGD PIN …). Without one of them all of it would silently take its
  // default or vanish, changing handicaps, pairings and places: refused. A director who means it says so with the
  // sheet left empty (its header alone, or nothing).
  const missing = [
    { sheet: SETTINGS_SHEET, holds: 'the komi, handicap, tie-breakers, host city and prizes the Grid does not show', without: "to play with Tengen's defaults" },
    { sheet: PLAYERS_SHEET, holds: "the city, country, rating, EGD PIN and fee level of each player, which the Grid does not show", without: 'to go on with what the Grid shows' },
  ].filter((m) => !sheets.includes(m.sheet));
  if (missing.length > 0) {
    return failed(
      missing.map((m) => ({
        where: m.sheet,
        message: `this workbook has no ${m.sheet} sheet (it holds ${m.holds}); restore it (undo its deletion, or copy it from a saved copy), or add an empty sheet named ${m.sheet} ${m.without}`,
      })),
    );
  }
  const settingsValues = (await wb.readSheet(SETTINGS_SHEET)) ?? [];
  const extra = readSettingsSheet(settingsValues, errors);
  const playersValues = (await wb.readSheet(PLAYERS_SHEET)) ?? [];
  read.set(SETTINGS_SHEET, { values: settingsValues });
  read.set(PLAYERS_SHEET, { values: playersValues });
  const rows = readPlayersSheet(playersValues, errors, PLAYERS_SHEET, extra.settings.entrants);

  const players: Player[] = fromGrid.players.map((p) => {
    const row = rows.get(p.id);
    if (!row) return p;
    const f = row.fields;
    const gridClub = p.club;
    const sheetClub = f.club ?? f.city;
    const club = gridClub === sheetClub ? f.club : gridClub;
    // The Players sheet lists the rounds a player is announced absent from; a round left blank on the grid is a
    // round not played, which the engine counts the same way (EGF: "The player does not play in a round"), so
    // the sheet's list is kept as it is.
    const absentRounds = [...(f.absentRounds ?? [])];
    // The Grid shows one "Family, Given" and is read split at its first comma; a family name holding a comma
    // ("Smith, Jr.") is told apart by the Players sheet, which keeps the two parts: when they make the Grid's name,
    // they are the player's. A name retyped on the Grid (no longer theirs) is the Grid's, as it reads.
    const sheetName = f.family !== undefined ? { family: f.family, given: f.given ?? '' } : undefined;
    const name = sheetName && displayName(sheetName) === displayName(p) ? sheetName : { family: p.family, given: p.given };
    // A pair go pair or rengo team: its members from the Players sheet; the Grid's rank must be the one they give.
    const wrongRank = f.members ? entrantRankError(p.rank, f.members, extra.settings.entrants?.rank) : undefined;
    if (wrongRank) errors.push({ where: sheetCell(GRID_SHEET, grid.value.playerRows.get(p.id) ?? 1, gridLayout(0, 0).columns.rank), player: String(p.id), message: wrongRank });
    const merged: Player = {
      ...(f.city !== undefined ? { city: f.city } : {}),
      ...(f.country !== undefined ? { country: f.country } : {}),
      ...(f.rating !== undefined ? { rating: f.rating } : {}),
      ...(f.egdPin !== undefined ? { egdPin: f.egdPin } : {}),
      ...(f.feeLevel !== undefined ? { feeLevel: f.feeLevel } : {}),
      ...(f.previousOrder !== undefined ? { previousOrder: f.previousOrder } : {}),
      ...(f.european !== undefined ? { european: f.european } : {}),
      ...(f.pko !== undefined ? { pko: f.pko } : {}),
      ...(f.declaredAllRounds !== undefined ? { declaredAllRounds: f.declaredAllRounds } : {}),
      ...(f.extra !== undefined ? { extra: f.extra } : {}),
      id: p.id,
      family: name.family,
      given: name.given,
      rank: p.rank,
      ...(club !== undefined ? { club } : {}),
      ...(p.section !== undefined ? { section: p.section } : {}),
      ...(p.initialMms !== undefined ? { initialMms: p.initialMms } : {}),
      ...(absentRounds.length > 0 ? { absentRounds } : {}),
      ...(f.members !== undefined ? { members: f.members } : {}),
    };
    return merged;
  });
  for (const [id, row] of rows) {
    if (!grid.value.playerRows.has(id)) {
      errors.push({ where: sheetCell(PLAYERS_SHEET, row.row, 1), player: String(id), message: `player ${id} is on the Players sheet but not on the Grid; add him to the Grid (two lines) or remove the row` });
    }
  }

  const sheetGames = new Map<string, PairingSheetGame>();
  for (let r = 1; r <= fromGrid.settings.rounds; r++) {
    const name = pairingsSheetName(r);
    if (!sheets.includes(name)) continue;
    const values = (await wb.readSheet(name)) ?? [];
    read.set(name, { values });
    for (const [k, g] of readPairingSheet(values, errors, name)) sheetGames.set(`${r}:${k}`, g);
  }
  const games: Game[] = fromGrid.games.map((g) => {
    const s = sheetGames.get(`${g.round}:${g.white}-${g.black}`);
    if (!s) return g;
    // How a game ended only means something once it has a result of that kind.
    const method = g.result === 'white-wins' || g.result === 'black-wins' || g.result === 'jigo' ? s.method : undefined;
    const reason = g.result.endsWith('by-default') ? s.reason : undefined;
    return { ...g, table: s.table, ...(method ? { method } : {}), ...(reason ? { reason } : {}) };
  });
  games.sort((a, b) => a.round - b.round || (a.table ?? Infinity) - (b.table ?? Infinity) || a.white - b.white);

  // The congress McMahon's initial scores come from its rule (../scoring/egcCongressStart), not from the grid's column.
  const fromSheets: Tournament = withoutRuleStarts({
    ...fromGrid,
    ...(extra.shortName !== undefined ? { shortName: extra.shortName } : {}),
    ...(extra.teams ? { teams: extra.teams } : {}),
    settings: { ...extra.settings, ...fromGrid.settings },
    players,
    games,
  });
  // A round-robin's cross-table gives the pairing numbers, and the results typed there (src/workbook/sheets/crossTableReader.ts).
  let tournament = fromSheets;
  if (fromSheets.settings.system === 'round-robin' && sheets.includes(CROSS_TABLE_SHEET)) {
    const values = (await wb.readSheet(CROSS_TABLE_SHEET)) ?? [];
    read.set(CROSS_TABLE_SHEET, { values, formulas: await wb.readFormulas(CROSS_TABLE_SHEET) });
    tournament = crossTableIntoTournament(values, fromSheets, errors);
  }
  // A knockout's results may be typed in its bracket (bracketSheet.ts): read into the games the Grid leaves open.
  if (hasBracket(tournament) && sheets.includes(BRACKET_SHEET)) {
    const values = (await wb.readSheet(BRACKET_SHEET)) ?? [];
    read.set(BRACKET_SHEET, { values });
    tournament = { ...tournament, games: readBracketResults(values, tournament, errors) };
  }
  errors.push(...validateTournament(tournament, { player: (i) => ({ where: sheetCell(GRID_SHEET, grid.value.playerRows.get(players[i].id) ?? 1, 1) }) }));
  if (errors.length > 0) return failed(errors);
  const logValues = sheets.includes(LOG_SHEET) ? await wb.readSheet(LOG_SHEET) : null;
  if (logValues) read.set(LOG_SHEET, { values: logValues });
  // The Standings sheet, for the batches that bring it up to date cell by cell (its spilled formula among them).
  if (sheets.includes(STANDINGS_SHEET)) read.set(STANDINGS_SHEET, { values: (await wb.readSheet(STANDINGS_SHEET)) ?? [], formulas: await wb.readFormulas(STANDINGS_SHEET) });
  // The hidden copies behind the live spills' fallback (liveCache.ts), diffed like the sheets they copy.
  for (const cache of [GRID_CACHE_SHEET, SETTINGS_CACHE_SHEET, STANDINGS_CACHE_SHEET]) {
    if (sheets.includes(cache)) read.set(cache, { values: (await wb.readSheet(cache)) ?? [] });
  }
  const logRow = nextLogRow(logValues);
  const context: WorkbookContext = { language: grid.value.language, logRow, sheets, read, tournament };
  contexts.set(tournament, context);
  lastRead = { name: tournament.name, context };
  return ok({ tournament, language: grid.value.language, logRow, sheets, fingerprint: fingerprint(tournament) });
}

export async function readTournament(wb: WorkbookAdapter): Promise<Parsed<Tournament>> {
  const s = await readSession(wb);
  return s.ok ? ok(s.value.tournament) : s;
}

// ---------------------------------------------------------------------------------------------------------------
// Overwrite protection
// ---------------------------------------------------------------------------------------------------------------

type Field = 'title' | 'id' | 'name' | 'club' | 'rank' | 'initial' | 'section' | 'opponent' | 'colour' | 'result';

interface InputCell {
  readonly address: string;
  readonly field: Field;
  readonly value: string;
}

/** The grid's input cells by meaning: `title:dates`, `12:name`, `12:r3:result` … */
function inputCells(t: Tournament, language: GridLanguage): Map<string, InputCell> {
  const layout = gridLayout(t.settings.rounds, t.players.length, { language });
  const cells = gridInputCells(t, { language });
  const out = new Map<string, InputCell>();
  const text = (row: number, column: number): string => {
    const c = cells[row - 1]?.[column - 1];
    return c === null || c === undefined || typeof c === 'object' ? '' : String(c);
  };
  const put = (k: string, field: Field, row: number, column: number) => out.set(k, { address: sheetCell(layout.sheet, row, column), field, value: text(row, column) });
  for (const key of TITLE_KEYS) put(`title:${key}`, 'title', layout.titleRow[key], layout.titleValueColumn);
  [...t.players]
    .sort((a, b) => a.id - b.id)
    .forEach((p, i) => {
      const row = layout.playerRow(i);
      const c = layout.columns;
      put(`${p.id}:name`, 'name', row, c.name);
      put(`${p.id}:club`, 'club', row, c.club);
      put(`${p.id}:rank`, 'rank', row, c.rank);
      put(`${p.id}:initial`, 'initial', row, c.initial);
      put(`${p.id}:section`, 'section', row + 1, c.initial);
      for (let r = 1; r <= layout.rounds; r++) {
        put(`${p.id}:r${r}:opponent`, 'opponent', row, layout.opponentColumn(r));
        put(`${p.id}:r${r}:colour`, 'colour', row, layout.colourColumn(r));
        put(`${p.id}:r${r}:result`, 'result', row, layout.resultColumn(r));
      }
    });
  return out;
}

/**
 * The cells whose non-empty entry `after` would change, by their address in `before`'s grid. `allowed` fields may
 * change (the purpose of the batch the director confirmed, e.g. sections and initial scores in `sectionsBatch`; a
 * title cell alone by its key, `title:bar`);
 * `renumbered` skips player cells (the IDs given by strength before round 1 move every row).
 */
function overwrites(before: Tournament, after: Tournament, language: GridLanguage, allowed: ReadonlySet<Field | `title:${TitleKey}`>, renumbered = false): InputCell[] {
  const a = inputCells(before, language);
  const b = inputCells(after, language);
  const changed: InputCell[] = [];
  for (const [k, cell] of a) {
    if (cell.value === '' || allowed.has(cell.field) || allowed.has(k as `title:${TitleKey}`)) continue;
    if (renumbered && cell.field !== 'title') continue;
    if ((b.get(k)?.value ?? '') !== cell.value) changed.push(cell);
  }
  return changed;
}

function refuseOverwrites(changed: readonly InputCell[], what: string): void {
  if (changed.length === 0) return;
  const list = changed.slice(0, 12).map((c) => `${c.address} ("${c.value}")`).join(', ');
  throw new SessionRefusal(
    'overwrite',
    `${what} would change ${changed.length} entr${changed.length === 1 ? 'y' : 'ies'} already in the workbook: ${list}${changed.length > 12 ? ', …' : ''}; confirm the overwrite to go on`,
    changed.map((c) => c.address),
  );
}

/**
 * The batch taking the Grid, the Players sheet and the given rounds' pairing sheets from the tournament as read to
 * `after`, with Log lines: the cells that differ, each expected as read (`changedOps`). The rendering before is of
 * the tournament read, so what the pane changed in it before the action (a player announced absent, say) is written
 * too. Without a workbook read (a tournament from a file), the sheets are written whole, as before.
 */
/** The hidden cache sheets of the live spills (liveCache.ts): the grid's and the settings' always, the Standings' with it. */
function liveCacheOps(t: Tournament, language: GridLanguage | undefined, withStandings: boolean, ruleset?: RulesetName): WorkbookOp[] {
  return [...gridCacheOps(t, language), ...settingsCacheOps(t.settings, t.shortName, t.teams), ...(withStandings ? standingsCacheOps(t, ruleset) : [])];
}

function tournamentBatch(
  before: Tournament,
  after: Tournament,
  label: string,
  lines: readonly LogLine[],
  ctx: BatchContext,
  options: { readonly rounds?: readonly Round[]; readonly whole?: ReadonlySet<string>; readonly confirmOverwrite?: boolean; readonly extra?: readonly WorkbookOp[] } = {},
): WorkbookBatch {
  // The live Standings sheet (one spilled =GO.STANDINGS) goes with the grid, so its cached values (what a file saved
  // by the standalone page shows without recalculation) follow the results; in Excel its formula recalculates anyway.
  // Like the other sheets it is diffed against what was read: its spill is rewritten as one unit when it moved.
  const withStandings = ctx.sheets.includes(STANDINGS_SHEET) || after.games.some((g) => g.result !== 'unknown');
  const render = (t: Tournament) => [
    ...gridOps(t, { language: ctx.language }),
    ...playersOps(t.players, t.settings.entrants),
    ...(options.rounds ?? []).flatMap((r) => pairingsOps(t, r, ctx.language)),
    ...(withStandings ? standingsOps(t) : []),
    ...liveCacheOps(t, ctx.language, withStandings),
    // A round-robin's cross-table follows the grid like the standings (its Points and Place live formulas too).
    ...(t.settings.system === 'round-robin' ? crossTableOps(t) : []),
    ...(hasBracket(t) ? bracketOps(t, ctx.language) : []),
  ];
  const extra = options.extra ?? [];
  if (!ctx.read) return { label, ops: [...render(after), ...extra, ...logOps(lines, ctx.logRow, ctx.time)] };
  return { label, ops: [...changedOps(ctx, render(ctx.readTournament ?? before), render(after), options), ...extra, ...logAppendOps(lines, ctx)] };
}

/**
 * The ops taking the sheets read from their rendering `before` to `after`: changed cells only, each expected as
 * read; a sheet missing when read is created whole (expected still missing); the sheets in `whole` are rewritten
 * whole (expected as read). A director's entry in a cell the new rendering needs is refused, named, unless the
 * overwrite is confirmed.
 */
function changedOps(ctx: BatchContext, before: readonly WorkbookOp[], after: readonly WorkbookOp[], options: { readonly whole?: ReadonlySet<string>; readonly confirmOverwrite?: boolean }): WorkbookOp[] {
  const read = ctx.read!;
  const ops: WorkbookOp[] = [];
  const intrusions: string[] = [];
  const was = opsBySheet(before);
  for (const [sheet, will] of opsBySheet(after)) {
    const found = read.get(sheet);
    if (!found) ops.push({ kind: 'expect-missing', sheet }, ...will);
    else if (options.whole?.has(sheet)) ops.push(expectAsRead(sheet, found), ...will);
    else {
      const changes = sheetChanges(sheet, isCacheSheet(sheet) ? asRead(sheet, found) : (was.get(sheet) ?? []), will, found);
      intrusions.push(...changes.intrusions);
      ops.push(...changes.ops);
    }
  }
  if (intrusions.length > 0 && !options.confirmOverwrite) {
    throw new SessionRefusal(
      'overwrite',
      `this would write over ${intrusions.length} cell${intrusions.length === 1 ? '' : 's'} Tengen did not write (${intrusions.slice(0, 12).join(', ')}${intrusions.length > 12 ? ', …' : ''}): move what is there, or confirm the overwrite`,
      intrusions,
    );
  }
  return ops;
}

/**
 * Log lines appended below the Log's last line as it is when the batch is applied (two panes' lines never land on
 * the same row); the Log and its header made first when the workbook had none.
 */
function logAppendOps(lines: readonly LogLine[], ctx: BatchContext): WorkbookOp[] {
  if (lines.length === 0) return [];
  const log = ctx.read?.get(LOG_SHEET);
  const start = log && log.values.length > 0 ? [{ kind: 'ensure-sheet' as const, sheet: LOG_SHEET }] : logOps([], 2, ctx.time);
  return [...start, { kind: 'append', sheet: LOG_SHEET, cells: lines.map((l) => [ctx.time, l.round ?? null, l.what]) }];
}


// ---------------------------------------------------------------------------------------------------------------
// A new tournament, players, sections
// ---------------------------------------------------------------------------------------------------------------

/** A player to register; the ID is given by the workbook (by strength before round 1, the next free one after). */
export type NewPlayer = Omit<Player, 'id'>;

/** The title of a new tournament (name, dates, place, director, settings) and its first players. */
export interface NewTournamentInfo extends Pick<Tournament, 'name' | 'shortName' | 'location' | 'director' | 'beginDate' | 'endDate' | 'settings'> {
  readonly language?: GridLanguage;
  readonly players?: readonly NewPlayer[];
  /** The workbook's sheets now (`await wb.sheetNames()`): a Grid there means a tournament is already there. */
  readonly existingSheets?: readonly string[];
  /** Replace the tournament already in the workbook (its Grid, Players, Settings, Pairings, Standings, Log). */
  readonly replace?: boolean;
  readonly time?: string;
}

const TOURNAMENT_SHEETS = (sheet: string) =>
  sheet === GRID_SHEET || sheet === PLAYERS_SHEET || sheet === SETTINGS_SHEET || sheet === STANDINGS_SHEET || sheet === LOG_SHEET || isTeamSheet(sheet) || sheet === EUROPEAN_SHEET || isPrintoutSheet(sheet) || isCacheSheet(sheet) || sheet === CROSS_TABLE_SHEET || / \(final\)$/.test(sheet);

/** Creates the Grid, Players, Settings and Log sheets of a new tournament (players numbered by strength). */
export function newTournamentBatch(info: NewTournamentInfo): WorkbookBatch {
  const existing = info.existingSheets ?? [];
  if (existing.includes(GRID_SHEET) && !info.replace) {
    throw new SessionRefusal('grid-exists', 'this workbook already holds a tournament (it has a Grid sheet); confirm replacing it, or use another workbook', [`${GRID_SHEET}!A1`]);
  }
  const base: Tournament = {
    name: info.name,
    ...(info.shortName ? { shortName: info.shortName } : {}),
    ...(info.location ? { location: info.location } : {}),
    ...(info.director ? { director: info.director } : {}),
    ...(info.beginDate ? { beginDate: info.beginDate } : {}),
    ...(info.endDate ? { endDate: info.endDate } : {}),
    settings: info.settings,
    players: (info.players ?? []).map((p, i) => ({ ...p, id: (i + 1) as PlayerId })),
    games: [],
    byes: [],
  };
  const t = numberByStrength(base).tournament;
  const invalid = validateTournament(t);
  if (invalid.length > 0) throw new SessionRefusal('invalid', invalid.map((e) => [e.player, e.message].filter(Boolean).join(': ')).join('\n'));
  return importBatch(t, { language: info.language, time: info.time, existingSheets: existing, replace: true, label: `New tournament ${t.name}` });
}

export interface ImportOptions {
  readonly language?: GridLanguage;
  readonly time?: string;
  readonly existingSheets?: readonly string[];
  readonly replace?: boolean;
  readonly label?: string;
}

/**
 * A whole tournament written into a workbook (from Tengen JSON or OpenGotha XML): Grid, Players, Settings, a
 * pairing sheet per round, Standings when there are results, Log. Refused when a Grid is there, unless `replace`.
 */
export function importBatch(t: Tournament, options: ImportOptions = {}): WorkbookBatch {
  const existing = options.existingSheets ?? [];
  if (existing.includes(GRID_SHEET) && !options.replace) {
    throw new SessionRefusal('grid-exists', 'this workbook already holds a tournament (it has a Grid sheet); confirm replacing it, or use another workbook', [`${GRID_SHEET}!A1`]);
  }
  const language = options.language ?? 'en';
  const time = options.time ?? new Date().toISOString();
  const ops: WorkbookOp[] = [...gridOps(t, { language }), ...playersOps(t.players, t.settings.entrants), ...settingsOps(t.settings, t.shortName, t.teams)];
  const rounds = pairedRounds(t);
  const written = new Set([GRID_SHEET, PLAYERS_SHEET, SETTINGS_SHEET, LOG_SHEET, GRID_CACHE_SHEET, SETTINGS_CACHE_SHEET]);
  ops.push(...gridCacheOps(t, language), ...settingsCacheOps(t.settings, t.shortName, t.teams));
  for (let r = 1; r <= rounds; r++) {
    // Slips and the table list for the last round paired only: the earlier ones have been played.
    ops.push(...roundPaperOps(t, r, language, r === rounds));
    for (const sheet of roundSheets(t, r, r === rounds)) written.add(sheet);
  }
  if (t.games.some((g) => g.result !== 'unknown') || t.byes.length > 0) {
    ops.push(...standingsOps(t), ...standingsCacheOps(t), ...ceremonyOps(t, language), ...europeanOps(t));
    written.add(STANDINGS_SHEET).add(STANDINGS_CACHE_SHEET).add(CEREMONY_SHEET);
    if (t.settings.egc) written.add(EUROPEAN_SHEET);
  }
  if (t.settings.system === 'round-robin') {
    ops.push(...crossTableOps(t));
    written.add(CROSS_TABLE_SHEET);
  }
  // A team tournament's Team matches and Team standings (./teamSheets), rendered from the games.
  if (t.settings.teams && rounds > 0) {
    ops.push(...teamSheetsOps(t));
    written.add(TEAM_MATCHES_SHEET).add(TEAM_STANDINGS_SHEET);
  }
  if (rounds > 0 && hasPoster(t)) {
    ops.push(...posterOps(t, language, pairingsSheetName(1)));
    written.add(POSTER_SHEET);
  }
  if (hasBracket(t)) {
    ops.push(...bracketOps(t, language));
    written.add(BRACKET_SHEET);
  }
  // The sheets of the tournament replaced are rewritten in place (each cleared first); the others deleted once the
  // Grid exists (Excel refuses to delete a workbook's last sheet).
  if (existing.includes(LOG_SHEET)) ops.push({ kind: 'clear', sheet: LOG_SHEET });
  for (const sheet of existing) if (TOURNAMENT_SHEETS(sheet) && !written.has(sheet)) ops.push({ kind: 'delete-sheet', sheet });
  ops.push(...logOps([{ what: `${options.label ?? `Imported ${t.name}`}: ${t.players.length} players, ${t.settings.rounds} rounds, ${rounds} paired` }], 2, time));
  return { label: options.label ?? `Import ${t.name}`, ops };
}

/** A tournament from an OpenGotha XML file, for `importBatch`. */
export function importOpenGotha(text: string, file?: string): Parsed<Tournament> {
  return parseOpenGotha(text, file);
}

/**
 * Registers players. Before any round is paired everyone is numbered again by strength (Mays, "Ordering the Players
 * by Strength and Numbering Them"); afterwards each newcomer is a latecomer with the next free ID, absent from the
 * rounds already paired, in the section of his rank (Mays, "Can Latecomers and Partial Players Register?").
 */
export function registerPlayersBatch(
  t: Tournament,
  players: readonly NewPlayer[],
  options: SessionOptions & {
    /** The director confirmed that players whose name is taken already are other people (two Kims): registered. */
    readonly confirmSameNames?: boolean;
  } = {},
): WorkbookBatch {
  const ctx = contextOf(t, options);
  const known = new Set(t.players.map((p) => `${p.family.toLowerCase()}|${p.given.toLowerCase()}`));
  for (const p of players) {
    if (!options.confirmSameNames && known.has(`${p.family.toLowerCase()}|${p.given.toLowerCase()}`)) throw new SessionRefusal('invalid', `${displayName(p)} is already registered`);
    known.add(`${p.family.toLowerCase()}|${p.given.toLowerCase()}`);
  }
  const paired = pairedRounds(t);
  let after: Tournament;
  const lines: LogLine[] = [];
  if (paired === 0) {
    const next = t.players.reduce((m, p) => Math.max(m, p.id), 0);
    const all: Tournament = { ...t, players: [...t.players, ...players.map((p, i) => ({ ...p, id: (next + i + 1) as PlayerId }))] };
    after = numberByStrength(all).tournament;
    for (const p of players) {
      const id = after.players.find((x) => x.family === p.family && x.given === p.given)!.id;
      lines.push({ what: `Registered ${playerLabel(after, id)}` });
    }
  } else {
    after = t;
    for (const p of players) {
      const section = p.section ?? (after.settings.sections ? sectionForRank(after, p.rank) : undefined);
      const admitted = admitLatecomer(after, section === undefined ? p : { ...p, section }, paired + 1);
      after = admitted.tournament;
      lines.push({ round: paired + 1, what: `Registered latecomer ${playerLabel(after, admitted.id)}, from round ${paired + 1}` });
    }
  }
  const invalid = validateTournament(after);
  if (invalid.length > 0) throw new SessionRefusal('invalid', invalid.map((e) => [e.player, e.message].filter(Boolean).join(': ')).join('\n'));
  if (!options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set(), paired === 0), 'Registering these players');
  return tournamentBatch(t, after, `Register ${players.length} player${players.length === 1 ? '' : 's'}`, lines, ctx, { confirmOverwrite: options.confirmOverwrite });
}

/**
 * A pasted list of players, one a line: `Family, Given<TAB or ;>rank<TAB or ;>club<…>city<…>country<…>rating`.
 * Blank lines and lines starting with `#` are skipped, and so is a first line that is a header (`Name; Rank …`).
 */
export function parsePlayerList(text: string): Parsed<NewPlayer[]> {
  const errors: InputError[] = [];
  const players: NewPlayer[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || raw.trim().startsWith('#')) return;
    const fields = raw.split(/\t|;/).map((f) => f.trim());
    if (players.length === 0 && errors.length === 0 && /^(name|nom)$/i.test(fields[0]) && /^(rank|cote|rang)$/i.test(fields[1] ?? '')) return;
    const [name, rankText = '', club, city, country, rating] = fields;
    const comma = name.indexOf(',');
    const family = (comma >= 0 ? name.slice(0, comma) : name).trim();
    const given = comma >= 0 ? name.slice(comma + 1).trim() : '';
    if (!family) {
      errors.push({ line, message: 'no name; expected "Family, Given", then the rank, separated by a tab or ";"' });
      return;
    }
    const rank = parseRank(rankText);
    if (!rank.ok) {
      errors.push({ line, player: name, message: rankText ? rank.message : 'no rank after the name; expected "Family, Given<TAB or ;>rank<TAB or ;>club"' });
      return;
    }
    let ratingValue: number | undefined;
    if (rating) {
      ratingValue = Number(rating);
      if (!Number.isFinite(ratingValue)) {
        errors.push({ line, player: name, message: `"${rating}" is not a rating; expected a number` });
        return;
      }
    }
    players.push({
      family,
      given,
      rank: rank.rank,
      ...(club ? { club } : {}),
      ...(city ? { city } : {}),
      ...(country ? { country } : {}),
      ...(ratingValue !== undefined ? { rating: ratingValue } : {}),
    });
  });
  return errors.length > 0 ? failed(errors) : ok(players);
}

/** The director's McMahon sections (from `proposeSections`, as he settled them): initial scores and section names. */
export function sectionsBatch(t: Tournament, sections: readonly Pick<ProposedSection, 'name' | 'initialMms' | 'players'>[], options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const after = applySections(t, sections);
  // The initial scores follow from the sections; a section name already there is the director's entry.
  if (!options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set<Field>(['initial', 'title'])), 'Setting these sections');
  const lines = sections.map((s) => ({ what: `Section ${s.name} (initial MMS ${s.initialMms}): ${s.players.join(', ')}` }));
  return tournamentBatch(t, after, 'Set McMahon sections', lines, ctx, { confirmOverwrite: options.confirmOverwrite });
}

/**
 * The McMahon bar (and floor, supergroup) the director chose before round 1 (seeds/bga-mcmahon-system.txt: "if the
 * bar is set at 3 dan (which is an MMS of 2) then no player can start at an MMS of more than 2"): the Grid's title
 * block (Bar, Floor) and every initial score, the Players sheet, and one Log line — the Log's earlier lines and the
 * other sheets are left as they are. Initial scores from rank replace McMahon sections (a section's score would win
 * over the bar), so sections already written are the director's entries: refused, naming them, unless the overwrite
 * is confirmed. Refused once round 1 is paired (the scores after each round start from the initial ones), naming
 * the Bar cell.
 */
export function barBatch(t: Tournament, choice: BarChoice, options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const layout = gridLayout(t.settings.rounds, t.players.length, { language: ctx.language });
  const barCell = sheetCell(layout.sheet, layout.titleRow.bar, layout.titleValueColumn);
  if (t.settings.system !== 'mcmahon') {
    const systemCell = sheetCell(layout.sheet, layout.titleRow.system, layout.titleValueColumn);
    throw new SessionRefusal('invalid', `a ${t.settings.system} tournament (${systemCell}) has no McMahon bar: everyone starts at 0`, [systemCell]);
  }
  const started = pairedRounds(t);
  if (started > 0) {
    throw new SessionRefusal(
      'invalid',
      `the tournament has started (${started === 1 ? 'round 1 is' : `rounds 1–${started} are`} paired): the bar is set before round 1 — type a new bar in ${barCell} and re-read the grid, if you must change it`,
      [barCell],
    );
  }
  if (choice.bar !== undefined && choice.floor !== undefined && choice.floor > choice.bar) {
    throw new SessionRefusal('invalid', `the floor (${formatRank(choice.floor)}) is above the bar (${formatRank(choice.bar)}): the floor must be at or below the bar`, [barCell]);
  }
  const { sections, ...settings } = t.settings;
  const unsectioned: Tournament = { ...t, settings, players: t.players.map(({ section: _s, ...p }) => p) }; // eslint-disable-line @typescript-eslint/no-unused-vars
  const after = applyBar(unsectioned, choice);
  if (!options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set(['initial', 'title:bar', 'title:floor'] as const)), 'Setting the bar');
  const bar = after.settings.bar;
  const floor = after.settings.floor;
  const above = bar === undefined ? 0 : after.players.filter((p) => p.rank >= bar).length;
  const what = [
    bar === undefined ? 'No bar' : `Bar at ${formatRank(bar)} (${above} player${above === 1 ? '' : 's'} at or above it)`,
    floor === undefined ? '' : `, floor at ${formatRank(floor)}`,
    ': initial McMahon scores from rank',
    sections && sections.length > 0 ? `; McMahon sections ${sections.map((s) => s.name).join(', ')} removed` : '',
  ].join('');
  return tournamentBatch(t, after, 'Set the McMahon bar', [{ what }], ctx, { confirmOverwrite: options.confirmOverwrite });
}

/** A player announced absent from (or back for) some rounds: latecomers, partial players, sleeping, withdrawn. */
export interface AbsenceChange {
  readonly player: PlayerId;
  readonly rounds: readonly Round[];
  /** True: absent from these rounds; false: present again. */
  readonly absent: boolean;
}

/**
 * Rounds players will miss (or play after all), kept on the Players sheet, before the rounds are paired (Mays:
 * "if any one of them decides to leave the tournament before it is over, then that player must not forget to
 * inform the tournament director. Otherwise, in the following round, a player will be paired with someone who
 * will not be there"). A round already paired for the player is refused: change its pairing instead.
 */
export function absencesBatch(t: Tournament, changes: readonly AbsenceChange[], options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const byId = new Map(t.players.map((p) => [p.id, p]));
  const lines: LogLine[] = [];
  for (const c of changes) {
    const p = byId.get(c.player);
    if (!p) throw new SessionRefusal('invalid', `no player ${c.player} in this tournament`);
    for (const r of c.rounds) {
      if (!Number.isInteger(r) || r < 1 || r > t.settings.rounds) throw new SessionRefusal('invalid', `round ${r} is not a round of this ${t.settings.rounds}-round tournament`);
      const paired = t.games.some((g) => g.round === r && (g.white === c.player || g.black === c.player)) || t.byes.some((b) => b.round === r && b.player === c.player);
      if (paired && c.absent) throw new SessionRefusal('invalid', `${playerLabel(t, c.player)} is already paired in round ${r}: change that round's pairing instead`);
    }
    const rounds = new Set(p.absentRounds ?? []);
    for (const r of c.rounds) {
      if (c.absent) rounds.add(r);
      else rounds.delete(r);
    }
    const absentRounds = [...rounds].sort((a, b) => a - b);
    const { absentRounds: _old, ...rest } = p; // eslint-disable-line @typescript-eslint/no-unused-vars
    byId.set(c.player, absentRounds.length > 0 ? { ...rest, absentRounds } : rest);
    lines.push({ what: `${playerLabel(t, c.player)} ${c.absent ? 'absent from' : 'plays again in'} round${c.rounds.length === 1 ? '' : 's'} ${c.rounds.join(', ')}` });
  }
  const after: Tournament = { ...t, players: t.players.map((p) => byId.get(p.id)!) };
  return tournamentBatch(t, after, 'Absences', lines, ctx, { confirmOverwrite: options.confirmOverwrite });
}

// ---------------------------------------------------------------------------------------------------------------
// Pairing
// ---------------------------------------------------------------------------------------------------------------

/** A pairing system: Mays' paper method by name, or any function (the `optimal` system's `pairOptimal`, …). */
export type PairingSystem = 'mays' | ((t: Tournament, round: Round, controls: MaysOptions) => PairingResult);

/** The tournament without the games and bye of a round (to pair it again). */
export function withoutRound(t: Tournament, round: Round): Tournament {
  return { ...t, games: t.games.filter((g) => g.round !== round), byes: t.byes.filter((b) => b.round !== round) };
}

export interface PairingPreview {
  readonly pairing: PairingResult;
  /** Fingerprint of the tournament the preview was made from; `pairRoundBatch` refuses if the grid changed since. */
  readonly fingerprint: string;
}

/** The pairing the system proposes for a round (an existing pairing of that round is set aside), not written. */
export function previewPairing(t: Tournament, round: Round, system: PairingSystem = 'mays', controls: MaysOptions = {}): PairingPreview {
  const base = withoutRound(t, round);
  const pairing = system === 'mays' ? pairMays(base, round, controls) : system(base, round, controls);
  return { pairing, fingerprint: fingerprint(t) };
}

export interface PairRoundOptions extends SessionOptions {
  /** `previewPairing(…).fingerprint`. */
  readonly expectedFingerprint: string;
  /** Fingerprint of the tournament read just now (default: `fingerprint(t)`). */
  readonly currentFingerprint?: string;
  /** The director confirmed pairing again a round that is already paired or has results. */
  readonly confirmRepair?: boolean;
}

/**
 * The round's grid cells, its `Pairings R<n>` sheet and its Log lines, in one batch. Refused when the grid changed
 * since the preview, when the round is already paired or has results (unless `confirmRepair`), and when the
 * pairing leaves a present player out or names an absent one.
 */
export function pairRoundBatch(t: Tournament, pairing: RoundPairing, options: PairRoundOptions): WorkbookBatch {
  const ctx = contextOf(t, options);
  const current = options.currentFingerprint ?? fingerprint(t);
  if (current !== options.expectedFingerprint) {
    throw new SessionRefusal('grid-changed', 'the workbook changed since this pairing was previewed (a result, a player or a setting was entered): preview the pairing again');
  }
  const round = pairing.round;
  if (!Number.isInteger(round) || round < 1 || round > t.settings.rounds) {
    throw new SessionRefusal('invalid', `round ${round} is not a round of this ${t.settings.rounds}-round tournament`);
  }
  const layout = gridLayout(t.settings.rounds, t.players.length, { language: ctx.language });
  const rowOf = new Map([...t.players].sort((a, b) => a.id - b.id).map((p, i) => [p.id, layout.playerRow(i)]));
  const existing = t.games.filter((g) => g.round === round);
  const reported = existing.filter((g) => g.result !== 'unknown');
  if (reported.length > 0 && !options.confirmRepair) {
    throw new SessionRefusal(
      'results-exist',
      `round ${round} already has ${reported.length} result${reported.length === 1 ? '' : 's'}; pairing it again erases them — confirm to go on`,
      reported.flatMap((g) => [g.white, g.black]).map((id) => sheetCell(layout.sheet, rowOf.get(id)!, layout.resultColumn(round))),
    );
  }
  const byes = t.byes.filter((b) => b.round === round);
  if ((existing.length > 0 || byes.length > 0) && !options.confirmRepair) {
    throw new SessionRefusal(
      'round-paired',
      `round ${round} is already paired (${existing.length} table${existing.length === 1 ? '' : 's'}); confirm to pair it again`,
      [...existing.flatMap((g) => [g.white, g.black]), ...byes.map((b) => b.player)].map((id) => sheetCell(layout.sheet, rowOf.get(id)!, layout.opponentColumn(round))),
    );
  }
  const base = withoutRound(t, round);
  const problems = pairingProblems(base, pairing);
  if (problems.length > 0) throw new SessionRefusal('invalid', `this pairing of round ${round} cannot be written: ${problems.join('; ')}`);
  const after = applyPairing(base, pairing);
  if (!options.confirmRepair && !options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set()), `Pairing round ${round}`);

  // Every bye of the round: a team bye is one per board of the bye team (the board-1 player's `bye`, the others' `freeWins`).
  const given = [...(pairing.bye === null ? [] : [pairing.bye]), ...(pairing.freeWins ?? [])];
  const byeText = given.length === 0 ? '' : `, ${given.length === 1 ? 'bye' : 'byes'} ${given.map((id) => playerLabel(after, id)).join('; ')}`;
  const lines: LogLine[] = [
    { round, what: `Paired round ${round} (${pairing.system}): ${pairing.games.length} tables${byeText}${existing.length > 0 || byes.length > 0 ? ' — replacing the earlier pairing' : ''}` },
    ...pairing.games.map((g) => ({
      round,
      what: `Table ${g.table}: ${playerLabel(after, g.white)} White – ${playerLabel(after, g.black)} Black${g.handicap > 0 ? `, handicap ${g.handicap}` : ''}${g.colourKnown ? '' : ', nigiri'}`,
    })),
    ...pairing.report.filter(isDeviation).map((d) => ({ round, what: `${d.kind}: ${d.message}` })),
  ];
  // A round paired again (confirmed) gets its pairing sheet made anew: it is Tengen's, and the director said so.
  const remade = new Set(existing.length > 0 || byes.length > 0 ? [pairingsSheetName(round)] : []);
  return tournamentBatch(t, after, `Pair round ${round}`, lines, ctx, {
    rounds: [round],
    whole: remade,
    confirmOverwrite: options.confirmOverwrite || options.confirmRepair,
    // The round's printouts (slips, the table list) and the grid poster: Tengen's own sheets, made anew whole.
    extra: [
      // (its pairing sheet is rendered with the round above; a table list is deleted only where there is one)
      ...roundPaperOps(after, round, ctx.language).filter((op) => op.sheet !== pairingsSheetName(round) && !(op.kind === 'delete-sheet' && !ctx.sheets.includes(op.sheet))),
      // a new poster goes before the round's pairing sheet; an existing one stays where it is (placing a sheet is not
      // undoable in Excel, so it would cost the batch its one undo step: officeAdapter.ts)
      ...(hasPoster(after) ? posterOps(after, ctx.language, ctx.sheets.includes(POSTER_SHEET) ? undefined : pairingsSheetName(round)) : []),
      // a team tournament's Team matches (the round's matches and its bye team) and Team standings: computed, made anew
      ...teamSheetsOps(after),
    ],
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Results, standings, the end
// ---------------------------------------------------------------------------------------------------------------

/**
 * A reported result. Mays, "Two Useful Aids When Game Results Are Reported": "writing down the ID number of the
 * winner (and only of the winner) on a separate piece of paper" — `{ winner }` (with `byDefault` for a default
 * win); any EGF result by table or by either player (`{ table, result }`, `{ player, result }`: jigo, both lose by
 * default, …; `unknown` takes a result back).
 */
export type ResultInput =
  | { readonly winner: PlayerId; readonly byDefault?: boolean }
  | { readonly table: number; readonly result: GameResult }
  | { readonly player: PlayerId; readonly result: GameResult };

/**
 * The scratch pad as typed (src/workbook/cells/scratchPad.ts, the one reader of its notation): winners' IDs separated by
 * spaces or commas; `12!` a default win of 12, `12=` a jigo at 12's table, `12=!` a jigo by default, `12-!` both
 * lose by default, `12+!` both win by default at 12's table, `12?` that game's result taken back. Errors name the
 * line and the entry ("line 2: "7x": not a result …").
 */
export function parseScratchPad(text: string): Parsed<ResultInput[]> {
  const read = readScratchPad(text);
  if (!read.ok) return failed(read.errors.map((e) => ({ ...(e.line !== undefined ? { line: e.line } : {}), message: `"${e.entry}": ${e.message}` })));
  return ok(
    read.value.map(({ player, mark }): ResultInput => {
      if (mark === '') return { winner: player };
      if (mark === '!') return { winner: player, byDefault: true };
      // The other marks say the same of both players, whichever colour the entry names.
      return { player, result: resultOfMark(mark, 'white') };
    }),
  );
}

/** The round's results written into the grid (scores and places follow), its pairing sheet and the Log. */
export function resultsBatch(t: Tournament, round: Round, results: readonly ResultInput[], options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const games = t.games.filter((g) => g.round === round);
  const set = new Map<Game, GameResult>();
  const lines: LogLine[] = [];
  for (const input of results) {
    let game: Game | undefined;
    let result: GameResult;
    if ('winner' in input) {
      game = games.find((g) => g.white === input.winner || g.black === input.winner);
      if (!game) {
        const bye = t.byes.some((b) => b.round === round && b.player === input.winner);
        throw new SessionRefusal('invalid', bye ? `${playerLabel(t, input.winner)} has the bye in round ${round}: there is no result to enter` : `${playerLabel(t, input.winner)} has no game in round ${round}`);
      }
      const white = game.white === input.winner;
      result = input.byDefault ? (white ? 'white-wins-by-default' : 'black-wins-by-default') : white ? 'white-wins' : 'black-wins';
    } else if ('table' in input) {
      game = games.find((g) => g.table === input.table);
      if (!game) throw new SessionRefusal('invalid', `round ${round} has no table ${input.table}`);
      result = input.result;
    } else {
      game = games.find((g) => g.white === input.player || g.black === input.player);
      if (!game) throw new SessionRefusal('invalid', `${playerLabel(t, input.player)} has no game in round ${round}`);
      result = input.result;
    }
    const before = set.get(game);
    if (before !== undefined && before !== result) {
      throw new SessionRefusal('invalid', `two different results for ${playerLabel(t, game.white)} – ${playerLabel(t, game.black)} in round ${round}: ${before} and ${result}`);
    }
    set.set(game, result);
    lines.push({ round, what: `Result: ${playerLabel(t, game.white)} White – ${playerLabel(t, game.black)} Black: ${result}${game.result !== 'unknown' && game.result !== result ? ` (was ${game.result})` : ''}` });
  }
  const after: Tournament = { ...t, games: t.games.map((g) => (set.has(g) ? { ...g, result: set.get(g)! } : g)) };
  const label = `Results of round ${round}`;
  // The tournament as read, unchanged: its result cells are found directly (a handful of cells, fast on any grid).
  // Not for a round-robin: its Cross-table's result cells follow each result too (they are what its Points and Place
  // formulas read); nor a knockout, whose bracket moves its winners right with every result: the sheets are diffed whole.
  const quick = ctx.exact && ctx.read && t.settings.system !== 'round-robin' && !hasBracket(t) ? resultChanges(t, after, round, ctx.language, ctx.read) : undefined;
  if (!options.confirmOverwrite) {
    if (quick) refuseOverwrites(quick.overwritten.map((c) => ({ ...c, field: 'result' })), `These results of round ${round}`);
    else refuseOverwrites(overwrites(t, after, ctx.language, new Set()), `These results of round ${round}`);
  }
  // A team tournament's Team matches and Team standings are computed from the board results: made anew with them
  // (Tengen's own sheets, a few dozen rows), so the team table a director posts is never behind the grid.
  const teamSheets = teamSheetsOps(after);
  if (quick) return { label, ops: [...quick.ops, ...teamSheets, ...logAppendOps(lines, ctx)] };
  return tournamentBatch(t, after, label, lines, ctx, { rounds: [round], confirmOverwrite: options.confirmOverwrite, extra: teamSheets });
}

/**
 * The cached values of the live formulas (the Grid's Place spill, the Standings spill, the scores and Victories)
 * brought to the engine's, for readers that do not recalculate: what the standalone page does before it saves a file
 * ("every formula is written with its current value", issue 10). A result alone leaves them to Excel, which
 * recalculates (one result stays a handful of cells, issue 9). Each sheet is diffed against what was read, so only a
 * spill whose values moved is written again, as one unit; nothing the director typed is touched.
 */
export function liveValuesBatch(t: Tournament, options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const ops: WorkbookOp[] = [];
  const withStandings = ctx.read?.has(STANDINGS_SHEET) ?? false;
  for (const [sheet, render] of [
    [GRID_SHEET, () => gridOps(t, { language: ctx.language })],
    [STANDINGS_SHEET, () => standingsOps(t)],
  ] as const) {
    const read = ctx.read?.get(sheet);
    if (!read) continue;
    const ops0 = render();
    ops.push(...sheetChanges(sheet, ops0, ops0, read).ops.filter((op) => op.kind !== 'ensure-sheet' && op.kind !== 'define-name'));
  }
  if (ctx.read?.has(GRID_SHEET)) ops.push(...cacheChanges(ctx.read, liveCacheOps(t, ctx.language, withStandings)));
  return { label: 'Live values', ops };
}

/** The Standings sheet (every criterion of the ruleset's or the tournament's placement order). */
export function standingsBatch(t: Tournament, ruleset?: RulesetName, options: SessionOptions = {}): WorkbookBatch {
  return { label: 'Standings', ops: [...standingsOps(t, ruleset), ...standingsCacheOps(t, ruleset), ...ceremonyOps(t, contextOf(t, options).language, ruleset), ...europeanOps(t, ruleset), ...teamSheetsOps(t), ...gridPlaces(t, options)] };
}

/**
 * The Grid's Place column (one spilled =GO.PLACE) and the formulas' cached values brought up to date, when the
 * workbook was read (results leave them alone): the grid rendered against itself, so only formulas and spills move.
 */
function gridPlaces(t: Tournament, options: SessionOptions): WorkbookOp[] {
  const ctx = contextOf(t, options);
  const grid = ctx.read?.get(GRID_SHEET);
  if (!grid) return [];
  const render = gridOps(t, { language: ctx.language });
  return [...sheetChanges(GRID_SHEET, render, render, grid).ops, ...cacheChanges(ctx.read!, [...gridCacheOps(t, ctx.language), ...settingsCacheOps(t.settings, t.shortName, t.teams)])];
}

/** The cache sheets' ops as changes against what was read (a cache sheet not read yet is written whole). */
function cacheChanges(read: WorkbookRead, ops: readonly WorkbookOp[]): WorkbookOp[] {
  const out: WorkbookOp[] = [];
  for (const [sheet, will] of opsBySheet(ops)) {
    const found = read.get(sheet);
    out.push(...(found ? sheetChanges(sheet, asRead(sheet, found), will, found).ops : [{ kind: 'expect-missing' as const, sheet }, ...will]));
  }
  return out;
}

/**
 * A cache sheet "rendered" as it was read: its copies must end equal to the live sheets whatever they held (a result
 * typed since the last refresh left them behind), so each cell is compared with what is there, not with a rendering
 * of the tournament read.
 */
function asRead(sheet: string, found: SheetRead): WorkbookOp[] {
  return found.values.length > 0 ? [{ kind: 'write', sheet, at: 'A1', cells: found.values.map((row) => [...row]) }] : [];
}

export const FINAL_GRID_SHEET = 'Grid (final)';
export const FINAL_STANDINGS_SHEET = 'Standings (final)';

/** Values-only copies of the Grid and the Standings, readable without the add-in or recalculation. */
export function finalizeBatch(t: Tournament, options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  return {
    label: 'Final grid and standings',
    ops: [
      ...gridOps(t, { sheet: FINAL_GRID_SHEET, language: ctx.language, valuesOnly: true }),
      ...standingsOps(t, undefined, FINAL_STANDINGS_SHEET),
      ...ceremonyOps(t, ctx.language),
      ...europeanOps(t),
      ...gridPlaces(t, options),
      ...(ctx.read
        ? logAppendOps([{ what: `Final grid and standings written (${FINAL_GRID_SHEET}, ${FINAL_STANDINGS_SHEET})` }], ctx)
        : logOps([{ what: `Final grid and standings written (${FINAL_GRID_SHEET}, ${FINAL_STANDINGS_SHEET})` }], ctx.logRow, ctx.time)),
    ],
  };
}

/** Values for tests and tools: what a cell of the grid of `t` holds. */
export function gridValue(t: Tournament, row: number, column: number, language: GridLanguage = 'en'): CellValue {
  const c = gridCells(t, { language })[row - 1]?.[column - 1];
  return c !== null && typeof c === 'object' ? (c.value ?? null) : (c ?? null);
}
