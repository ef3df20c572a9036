/**
 * What every batch shares: the sheets rendered as read and as they will be, turned into the writes of the cells
 * that differ (each expected as read), the Log lines appended, the live caches and the Grid's Place column.
 */
import { type Round, type RulesetName, type Tournament } from '../../model/tournament';
import { type CellValue, freshSheetOps, type WorkbookBatch, type WorkbookOp } from '../adapters/adapter';
import { type GridLanguage } from '../cells/notation';
import { gridCacheOps, isCacheSheet, settingsCacheOps, standingsCacheOps } from '../formulas/liveCache';
import { hasBracket } from '../print/printouts';
import { bracketOps } from '../sheets/bracketSheet';
import { crossTableOps } from '../sheets/crossTableSheet';
import { GRID_SHEET, gridOps } from '../sheets/grid';
import { LOG_SHEET, logOps, logWrapOps, type LogLine } from '../sheets/logSheet';
import { pairingsOps, pairingsSheetName } from '../sheets/pairingsSheet';
import { hasPlayoffSheet, playoffOps } from '../sheets/playoffSheet';
import { PLAYERS_SHEET, playersOps } from '../sheets/playersSheet';
import { STANDINGS_SHEET, standingsOps } from '../sheets/standingsSheet';
import { expectAsRead, opsBySheet, sheetChanges, type SheetRead, type WorkbookRead } from './changes';
import { type BatchContext, contextOf, type SessionOptions, SessionRefusal } from './context';
import { type DerivedSheet, derivedSheetsOps, writtenWhole } from './derivedSheets';

/** Log lines another pane may append between this batch's reading and its writing, whose rows are wrapped too. */
const LOG_WRAP_SLACK = 50;

/**
 * The batch taking the Grid, the Players sheet and the given rounds' pairing sheets from the tournament as read to
 * `after`, with Log lines: the cells that differ, each expected as read (`changedOps`). The rendering before is of
 * the tournament read, so what the pane changed in it before the action (a player announced absent, say) is written
 * too. Without a workbook read (a tournament from a file), the sheets are written whole, as before.
 */
/** The hidden cache sheets of the live spills (liveCache.ts): the grid's and the settings' always, the Standings' with it. */
export function liveCacheOps(t: Tournament, language: GridLanguage | undefined, withStandings: boolean, ruleset?: RulesetName): WorkbookOp[] {
  return [...gridCacheOps(t, language), ...settingsCacheOps(t.settings, t.shortName, t.teams), ...(withStandings ? standingsCacheOps(t, ruleset) : [])];
}

export function tournamentBatch(
  before: Tournament,
  after: Tournament,
  label: string,
  lines: readonly LogLine[],
  ctx: BatchContext,
  options: { readonly rounds?: readonly Round[]; readonly whole?: ReadonlySet<string>; readonly confirmOverwrite?: boolean; readonly extra?: readonly WorkbookOp[]; readonly derivedLeft?: ReadonlySet<DerivedSheet> } = {},
): WorkbookBatch {
  // The live Standings sheet (one spilled =GO.STANDINGS) goes with the grid, so its cached values (what a file saved
  // by the standalone page shows without recalculation) follow the results; in Excel its formula recalculates anyway.
  // Like the other sheets it is diffed against what was read: its spill is rewritten as one unit when it moved.
  const withStandings = ctx.sheets.includes(STANDINGS_SHEET) || after.games.some((g) => g.result !== 'unknown');
  // `asRead`: the rendering of the tournament as read, which `changedOps` compares with the sheets' cells: a cache sheet
  // is compared with its cells alone (`asRead` below), a sheet missing when read with nothing, so neither is rendered.
  // The Players sheet follows from the players and the entrants' settings alone (`playersOps`, nothing else read): a
  // batch that keeps both (a round paired, results) renders it once for the sheet as read and as it will be (issue 28).
  let playersRendered: { readonly t: Tournament; readonly ops: WorkbookOp[] } | undefined;
  const players = (t: Tournament): WorkbookOp[] => {
    const last = playersRendered;
    if (last && last.t.players === t.players && last.t.settings.entrants === t.settings.entrants) return last.ops;
    playersRendered = { t, ops: playersOps(t.players, t.settings.entrants) };
    return playersRendered.ops;
  };
  // A Players sheet the batch leaves as it is — read, not rewritten whole, and rendered alike as read and as it will be
  // (the very same players and entrants' settings) — changes nothing: its diff finds every cell the same (the same
  // values, no formula to refresh: `playersCells` writes values alone) and the same layout, and keeps only its
  // `ensure-sheet`. So it is neither rendered nor compared, only ensured (issue 28: a congress register of 1,000 players,
  // some 20 ms of a round's batch). `unchangedPlayersOps` is that diff's answer; test/workbook/batchFastPaths.test.ts
  // compares the two.
  const readT = ctx.readTournament ?? before;
  const playersKept = ctx.read?.has(PLAYERS_SHEET) === true && !options.whole?.has(PLAYERS_SHEET) && readT.players === after.players && readT.settings.entrants === after.settings.entrants;
  const render = (t: Tournament, asRead = false) => [
    ...gridOps(t, { language: ctx.language }),
    ...(playersKept ? unchangedPlayersOps() : players(t)),
    ...(options.rounds ?? []).filter((r) => !asRead || ctx.read?.has(pairingsSheetName(r))).flatMap((r) => pairingsOps(t, r, ctx.language)),
    ...(withStandings ? standingsOps(t) : []),
    ...(asRead ? [] : liveCacheOps(t, ctx.language, withStandings)),
    // A round-robin's cross-table follows the grid like the standings (its Points and Place live formulas too).
    ...(t.settings.system === 'round-robin' ? crossTableOps(t) : []),
    ...(hasBracket(t) ? bracketOps(t, ctx.language) : []),
    // A league's or QT's knockout playoff, once paired, on the Bracket sheet (its results typed there).
    ...(hasPlayoffSheet(t) ? playoffOps(t, ctx.language) : []),
  ];
  // The poster, the ceremony, the European results and the team sheets the workbook has follow (derivedSheets.ts).
  const extra = [...(options.extra ?? []), ...derivedSheetsOps(after, ctx, options.derivedLeft ?? writtenWhole(options.extra ?? []))];
  if (!ctx.read) return { label, ops: [...render(after), ...extra, ...logOps(lines, ctx.logRow, ctx.time)] };
  return { label, ops: [...changedOps(ctx, render(readT, true), render(after), options), ...extra, ...logAppendOps(lines, ctx)] };
}

/**
 * What `sheetChanges` makes of the Players sheet rendered alike before and after (`playersOps` of the same players and
 * entrants' settings, the sheet read): its `ensure-sheet` alone — no cell differs, none is a formula, the layout is the
 * same, and it defines no name. Standing in for both renderings, it is diffed to itself into that op.
 */
export function unchangedPlayersOps(): WorkbookOp[] {
  return freshSheetOps(PLAYERS_SHEET).filter((op) => op.kind === 'ensure-sheet');
}

/**
 * The ops taking the sheets read from their rendering `before` to `after`: changed cells only, each expected as
 * read; a sheet missing when read is created whole (expected still missing); the sheets in `whole` are rewritten
 * whole (expected as read). A director's entry in a cell the new rendering needs is refused, named, unless the
 * overwrite is confirmed.
 */
export function changedOps(ctx: BatchContext, before: readonly WorkbookOp[], after: readonly WorkbookOp[], options: { readonly whole?: ReadonlySet<string>; readonly confirmOverwrite?: boolean }): WorkbookOp[] {
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
export function logAppendOps(lines: readonly LogLine[], ctx: BatchContext): WorkbookOp[] {
  if (lines.length === 0) return [];
  const log = ctx.read?.get(LOG_SHEET);
  const start = log && log.values.length > 0 ? [{ kind: 'ensure-sheet' as const, sheet: LOG_SHEET }] : logOps([], 2, ctx.time);
  // The lines wrap in their column (logWrapOp), with room for what another pane may append meanwhile.
  // (From the last line written: Excel's used range, read, also holds the empty rows formatted ahead.)
  const written = (log?.values ?? []).reduce((last, row, i) => (row.some((c) => c !== null && c !== '') ? i + 1 : last), 0);
  const wrap = logWrapOps(Math.max(2, written + 1), lines, LOG_WRAP_SLACK);
  return [...start, { kind: 'append', sheet: LOG_SHEET, cells: lines.map((l) => [ctx.time, l.round ?? null, l.what]) }, ...wrap];
}

/**
 * The Grid's Place column (one spilled =GO.PLACE) and the formulas' cached values brought up to date, when the
 * workbook was read (results leave them alone): the grid rendered against itself, so only formulas and spills move.
 */
export function gridPlaces(t: Tournament, options: SessionOptions): WorkbookOp[] {
  const ctx = contextOf(t, options);
  const grid = ctx.read?.get(GRID_SHEET);
  if (!grid) return [];
  const render = gridOps(t, { language: ctx.language });
  return [...sheetChanges(GRID_SHEET, render, render, grid).ops, ...cacheChanges(ctx.read!, [...gridCacheOps(t, ctx.language), ...settingsCacheOps(t.settings, t.shortName, t.teams)])];
}

/** The cache sheets' ops as changes against what was read (a cache sheet not read yet is written whole). */
export function cacheChanges(read: WorkbookRead, ops: readonly WorkbookOp[]): WorkbookOp[] {
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
export function asRead(sheet: string, found: SheetRead): WorkbookOp[] {
  // The rows as read, not copied (issue 28: a congress grid's copy is some 70,000 cells): this rendering is only ever
  // compared (`sheetChanges` reads it), never sent nor changed.
  return found.values.length > 0 ? [{ kind: 'write', sheet, at: 'A1', cells: found.values as CellValue[][] }] : [];
}
