/**
 * The wizard's first step: a new tournament, or one imported from a file (OpenGotha XML and the other formats).
 */
import { parseOpenGotha } from '../../formats/opengotha';
import { type Parsed } from '../../model/errors';
import { type PlayerId, type Tournament } from '../../model/tournament';
import { validateTournament } from '../../model/validate';
import { numberByStrength } from '../../pairing/numbering';
import type { WorkbookBatch, WorkbookOp } from '../adapters/adapter';
import { type GridLanguage } from '../cells/notation';
import { GRID_CACHE_SHEET, gridCacheOps, isCacheSheet, SETTINGS_CACHE_SHEET, settingsCacheOps, STANDINGS_CACHE_SHEET, standingsCacheOps } from '../formulas/liveCache';
import { hasPlayoffSheet, playoffOps } from '../sheets/playoffSheet';
import { CEREMONY_SHEET, ceremonyOps, hasBracket, hasPoster, isPrintoutSheet, POSTER_SHEET, posterOps, roundPaperOps, roundSheets } from '../print/printouts';
import { BRACKET_SHEET, bracketOps } from '../sheets/bracketSheet';
import { CROSS_TABLE_SHEET, crossTableOps } from '../sheets/crossTableSheet';
import { EUROPEAN_SHEET, europeanOps } from '../sheets/europeanSheet';
import { GRID_SHEET, gridOps, pairedRounds, sharingGridRenders } from '../sheets/grid';
import { LOG_SHEET, logOps, logTime } from '../sheets/logSheet';
import { pairingsSheetName } from '../sheets/pairingsSheet';
import { PLAYERS_SHEET, playersOps } from '../sheets/playersSheet';
import { SETTINGS_SHEET, settingsOps } from '../sheets/settingsSheet';
import { STANDINGS_SHEET, standingsOps } from '../sheets/standingsSheet';
import { isTeamSheet, TEAM_MATCHES_SHEET, TEAM_STANDINGS_SHEET, teamSheetsOps } from '../sheets/teamSheets';
import { SessionRefusal } from './context';
import { type NewPlayer } from './players';

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

export const TOURNAMENT_SHEETS = (sheet: string) =>
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
  // The Grid rendered once for the Grid and for its copy on `Grid (cache)` (`gridValueCells` takes the live rendering's
  // values when they are the values-only ones), and each formula's text spelled once (issue 28: the copy re-rendered the
  // congress grid, a tenth of `tengen workbook`'s batch).
  return sharingGridRenders(() => importBatchNow(t, options));
}

function importBatchNow(t: Tournament, options: ImportOptions): WorkbookBatch {
  const existing = options.existingSheets ?? [];
  if (existing.includes(GRID_SHEET) && !options.replace) {
    throw new SessionRefusal('grid-exists', 'this workbook already holds a tournament (it has a Grid sheet); confirm replacing it, or use another workbook', [`${GRID_SHEET}!A1`]);
  }
  const language = options.language ?? 'en';
  const time = options.time ?? logTime();
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
  // A league's or QT's knockout playoff games (the file's "playoffs") on the Bracket sheet, where their results go.
  if (hasPlayoffSheet(t)) {
    ops.push(...playoffOps(t, language));
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
