/**
 * Reading the workbook: the tournament the Grid, Players, Settings, pairing and cross-table sheets hold, with what
 * was read of each sheet kept for the batches' compare-then-write (./context.ts).
 */
import { failed, ok, TengenInputError, type InputError, type Parsed } from '../../model/errors';
import { displayName, type Game, type Player, type Round, type Tournament } from '../../model/tournament';
import { validateTournament } from '../../model/validate';
import { withoutRuleStarts } from '../../scoring/egcCongressStart';
import type { CellValue, WorkbookAdapter } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { type GridLanguage } from '../cells/notation';
import { GRID_CACHE_SHEET, SETTINGS_CACHE_SHEET, STANDINGS_CACHE_SHEET } from '../formulas/liveCache';
import { BRACKET_SHEET, hasBracket, readBracketResults } from '../sheets/bracketSheet';
import { crossTableIntoTournament } from '../sheets/crossTableReader';
import { CROSS_TABLE_SHEET } from '../sheets/crossTableSheet';
import { GRID_SHEET, gridCells, gridLayout, readGridDetailed } from '../sheets/grid';
import { LOG_SHEET, nextLogRow } from '../sheets/logSheet';
import { pairingSheetContradictions } from '../sheets/pairingsAgainstGrid';
import { pairingsSheetName, readPairingSheet, type PairingSheetGame } from '../sheets/pairingsSheet';
import { playoffSheetKind, readPlayoffSheet } from '../sheets/playoffSheet';
import { entrantRankError, PLAYERS_SHEET, readPlayersSheet } from '../sheets/playersSheet';
import { readSettingsSheet, SETTINGS_SHEET } from '../sheets/settingsSheet';
import { STANDINGS_SHEET } from '../sheets/standingsSheet';
import { type SheetRead } from './changes';
import { fingerprint, rememberRead, type WorkbookContext } from './context';

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

export async function readSheets(wb: WorkbookAdapter): Promise<Parsed<WorkbookSession>> {
  const read = await readTournamentSheets(wb);
  if (!read.ok) return read;
  const { tournament, language, sheets, sheetsRead } = read.value;
  const logValues = await readBatchSheets(wb, sheets, sheetsRead);
  const logRow = nextLogRow(logValues);
  const context: WorkbookContext = { language, logRow, sheets, read: sheetsRead, tournament };
  rememberRead(tournament, context);
  // The fingerprint is computed when first asked for (a result never needs it: issue 28), once.
  let print: string | undefined;
  const session: WorkbookSession = {
    tournament,
    language,
    logRow,
    sheets,
    get fingerprint() {
      print ??= fingerprint(tournament);
      return print;
    },
  };
  sessions.set(wb, session);
  return ok(session);
}

/** The session each adapter was last read into (`readSheets`), for `sessionReadBefore`. */
const sessions = new WeakMap<WorkbookAdapter, WorkbookSession>();

/**
 * The session `wb` was last read into, when it gave `t`: for a caller that knows the workbook unchanged since (the
 * command line's file read again, its bytes the same: `readXlsxFile` gives back the very workbook then, unchanged in
 * memory), which reuses that reading rather than reading every sheet again (issue 28). Undefined otherwise.
 */
export function sessionReadBefore(wb: WorkbookAdapter, t: Tournament): WorkbookSession | undefined {
  const s = sessions.get(wb);
  return s?.tournament === t ? s : undefined;
}

/**
 * The sheets only the batches need, kept in `sheetsRead`: the Log (its values returned), the Standings sheet (for the
 * batches that bring it up to date cell by cell, its spilled formula among them), the hidden copies behind the live
 * spills' fallback (liveCache.ts, diffed like the sheets they copy). The Standings sheet and the copies are read when
 * a batch first asks for them where the adapter can (`readSheetLater`: a result never reads them), held to the limits
 * now all the same.
 */
async function readBatchSheets(wb: WorkbookAdapter, sheets: readonly string[], sheetsRead: Map<string, SheetRead>): Promise<CellValue[][] | null> {
  const logValues = sheets.includes(LOG_SHEET) ? await wb.readSheet(LOG_SHEET) : null;
  if (logValues) sheetsRead.set(LOG_SHEET, { values: logValues });
  for (const [sheet, withFormulas] of [[STANDINGS_SHEET, true], [GRID_CACHE_SHEET, false], [SETTINGS_CACHE_SHEET, false], [STANDINGS_CACHE_SHEET, false]] as const) {
    if (!sheets.includes(sheet)) continue;
    const later = wb.readSheetLater ? await wb.readSheetLater(sheet) : null;
    if (later) sheetsRead.set(sheet, new SheetReadLater(later, withFormulas));
    else sheetsRead.set(sheet, { values: (await wb.readSheet(sheet)) ?? [], ...(withFormulas ? { formulas: await wb.readFormulas(sheet) } : {}) });
  }
  return logValues;
}

/**
 * A sheet as read, its cells parsed when first looked at (a class: its getters on the prototype, its shape fixed, for
 * the thousands of cells a batch looks up). Never copied by spreading: its cells are not its own properties.
 */
class SheetReadLater implements SheetRead {
  private cells: { readonly values: CellValue[][]; readonly formulas: (string | null)[][] } | undefined;

  constructor(
    private readonly parse: () => { readonly values: CellValue[][]; readonly formulas: (string | null)[][] },
    private readonly withFormulas: boolean,
  ) {}

  get values(): CellValue[][] {
    this.cells ??= this.parse();
    return this.cells.values;
  }

  get formulas(): (string | null)[][] | undefined {
    if (!this.withFormulas) return undefined;
    this.cells ??= this.parse();
    return this.cells.formulas;
  }
}

/** What the tournament's own sheets give: the tournament, and each sheet as read (for the batches' compare-then-write). */
interface TournamentSheets {
  readonly tournament: Tournament;
  readonly language: GridLanguage;
  readonly sheets: readonly string[];
  readonly sheetsRead: Map<string, SheetRead>;
}

/**
 * The tournament from the sheets that hold it — Grid, Settings, Players, the pairing sheets, a cross-table or bracket
 * — checked as a whole; the sheets only the batches need (Log, Standings, the caches) are not read here.
 */
async function readTournamentSheets(wb: WorkbookAdapter): Promise<Parsed<TournamentSheets>> {
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
      ...(f.leagueQualified !== undefined ? { leagueQualified: f.leagueQualified } : {}),
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
  const sheetRounds: { sheet: string; round: Round; rows: PairingSheetGame[] }[] = [];
  for (let r = 1; r <= fromGrid.settings.rounds; r++) {
    const name = pairingsSheetName(r);
    if (!sheets.includes(name)) continue;
    const values = (await wb.readSheet(name)) ?? [];
    read.set(name, { values });
    const rows = readPairingSheet(values, errors, name);
    sheetRounds.push({ sheet: name, round: r as Round, rows: [...rows.values()] });
    for (const [k, g] of rows) sheetGames.set(`${r}:${k}`, g);
  }
  const games: Game[] = fromGrid.games.map((g) => {
    const s = sheetGames.get(`${g.round}:${g.white}-${g.black}`);
    if (!s) return g;
    // How a game ended only means something once it has a result of that kind.
    const method = g.result === 'white-wins' || g.result === 'black-wins' || g.result === 'jigo' ? s.method : undefined;
    const reason = g.result.endsWith('by-default') ? s.reason : undefined;
    // The same keys in the same order as `{ ...g, table: s.table, … }`, by `Object.assign`: on Node 20's V8 an object
    // literal that spreads and then names a property got a hidden class of its own, so a congress's 4,400 games had
    // 4,382 and every read of a game's field missed (issue 28: with one class for them all, a round written into the
    // 1,000 × 10 file ran 11 % fewer instructions in its batch outside the collector and the compiler; measured by
    // h21batch with callgrind, the batch's ops and the identity digests unchanged).
    return Object.assign({}, g, { table: s.table }, method ? { method } : {}, reason ? { reason } : {});
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
  // A league's or QT's knockout playoff lives on the Bracket sheet (playoffSheet.ts): its games and results, read back.
  if (playoffSheetKind(tournament) && sheets.includes(BRACKET_SHEET)) {
    const values = (await wb.readSheet(BRACKET_SHEET)) ?? [];
    read.set(BRACKET_SHEET, { values });
    const playoffs = readPlayoffSheet(values, tournament, errors);
    tournament = { ...tournament, ...(playoffs.length > 0 ? { playoffs } : {}) };
  }
  // The pairing sheets against the games as read (the Grid, and results a cross-table or bracket added): a
  // contradiction is named by both cells (pairingsAgainstGrid.ts).
  for (const s of sheetRounds) errors.push(...pairingSheetContradictions(s.sheet, s.round, s.rows, tournament.games, (id) => grid.value.playerRows.get(id)));
  // The Grid's tournament was checked (readGridDetailed). Its games and byes are these (their tables, how they ended
  // added; the same players by ID, the same rounds) unless a cross-table, bracket or playoff sheet changed them: what
  // that check proved of them is not checked again (validate.ts, `CheckedBefore`); the rest is.
  // Its players' names, clubs and sections as the Grid gives them were checked by it too (`CheckedBefore.players`).
  const checkedBefore = { gamesAndByes: tournament === fromSheets, players: new Map(fromGrid.players.map((p) => [p.id, p])) };
  errors.push(...validateTournament(tournament, { player: (i) => ({ where: sheetCell(GRID_SHEET, grid.value.playerRows.get(players[i].id) ?? 1, 1) }) }, undefined, checkedBefore));
  if (errors.length > 0) return failed(errors);
  return ok({ tournament, language: grid.value.language, sheets, sheetsRead: read });
}

export async function readTournament(wb: WorkbookAdapter): Promise<Parsed<Tournament>> {
  const s = await readSession(wb);
  return s.ok ? ok(s.value.tournament) : s;
}

/**
 * The tournament alone, for a reader that writes nothing back into this workbook (the command line's `standings`,
 * `export`, `pair … --json`): the same sheets read and checked as `readTournament`, the same refusals (the Log,
 * Standings and cache sheets are read too: a stray cell in Log!XFD1048576 is refused all the same), without computing
 * its fingerprint (issue 28). The reading is remembered as `readTournament`'s is, for `sessionReadBefore`.
 */
export async function readTournamentAlone(wb: WorkbookAdapter): Promise<Parsed<Tournament>> {
  try {
    // The whole session's reading (its fingerprint computed only if asked for): a command that writes into the
    // workbook it read (`pair W.xlsx --out W.xlsx`) reuses it when the file is unchanged (`sessionReadBefore`).
    const s = await readSheets(wb);
    if (!s.ok) return s;
    return ok(s.value.tournament);
  } catch (e) {
    // As readSession: an adapter refuses a sheet beyond what a tournament holds.
    if (e instanceof TengenInputError) return failed(e.errors);
    throw e;
  }
}

/** Values for tests and tools: what a cell of the grid of `t` holds. */
export function gridValue(t: Tournament, row: number, column: number, language: GridLanguage = 'en'): CellValue {
  const c = gridCells(t, { language })[row - 1]?.[column - 1];
  return c !== null && typeof c === 'object' ? (c.value ?? null) : (c ?? null);
}
