/**
 * The hidden cache sheets behind the live spills' fallback (names.ts, `withCachedFallback`): what the Grid's Place
 * column and the Standings table showed when Tengen last wrote them, with copies of the grid and the settings they were
 * computed from. A spreadsheet without the GO functions (LibreOffice, Excel without the add-in) shows these values
 * while the grid and the settings are unchanged, and `#N/A` once they differ — never a stale place.
 *
 *  - `Grid (cache)`: the grid rendered values only at the Grid's own addresses, so `TengenGridCache` covers the same
 *    range as `TengenGrid` and `TengenPlaceCache` the Place spill's range.
 *  - `Settings (cache)`: the Settings table as Tengen writes it (`TengenSettingsCache`, the range of `TengenSettings`).
 *  - `Standings (cache)`: the Standings table's values (`TengenStandingsCache`, the range of the live spill).
 *
 * Each is rendered whole like the sheet it copies; the session diffs it against what it read like any other sheet,
 * so a batch writes only the cells that moved.
 */
import type { WorkbookOp } from '../adapters/adapter';
import { cellAddress, rangeAddress } from '../cells/address';
import { gridCells, gridLayout, gridNameRange, valuesOf } from '../sheets/grid';
import type { GridLanguage } from '../cells/notation';
import { defineNameOp, GRID_CACHE_NAME, PLACE_CACHE_NAME, SETTINGS_CACHE_NAME, STANDINGS_CACHE_NAME } from './names';
import { settingsCells } from '../sheets/settingsSheet';
import { STANDINGS_HEADER_ROW, standingsOps } from '../sheets/standingsSheet';
import type { RulesetName, Settings, Team, Tournament } from '../../model/tournament';

export const GRID_CACHE_SHEET = 'Grid (cache)';
export const SETTINGS_CACHE_SHEET = 'Settings (cache)';
export const STANDINGS_CACHE_SHEET = 'Standings (cache)';

export function isCacheSheet(sheet: string): boolean {
  return sheet === GRID_CACHE_SHEET || sheet === SETTINGS_CACHE_SHEET || sheet === STANDINGS_CACHE_SHEET;
}

/** Only the values: the sheet made hidden, cleared and written; no formats, widths or printing (nobody prints it). */
function cacheOnly(ops: readonly WorkbookOp[], sheet: string): WorkbookOp[] {
  const out: WorkbookOp[] = [];
  for (const op of ops) {
    if (op.sheet !== sheet) continue;
    if (op.kind === 'ensure-sheet') out.push({ kind: 'ensure-sheet', sheet, hidden: true });
    else if (op.kind === 'clear' || op.kind === 'write') out.push(op);
  }
  return out;
}

/** The grid's copy and its Place column's values. */
export function gridCacheOps(t: Tournament, language?: GridLanguage): WorkbookOp[] {
  const layout = gridLayout(t.settings.rounds, t.players.length, { sheet: GRID_CACHE_SHEET, language });
  // What `cacheOnly` keeps of the grid's ops (`gridOps`, values only): the sheet, hidden, cleared and its values
  // written — made directly, without the grid's formats, widths, page breaks and print scale nobody sees (issue 28).
  const ops: WorkbookOp[] = [
    { kind: 'ensure-sheet', sheet: GRID_CACHE_SHEET, hidden: true },
    { kind: 'clear', sheet: GRID_CACHE_SHEET },
    { kind: 'write', sheet: GRID_CACHE_SHEET, at: 'A1', cells: valuesOf(gridCells(t, { sheet: GRID_CACHE_SHEET, language, valuesOnly: true })) },
  ];
  ops.push(defineNameOp(GRID_CACHE_NAME, GRID_CACHE_SHEET, gridNameRange(layout)));
  const place = layout.columns.place;
  const placeRange = t.players.length > 0 ? rangeAddress(layout.firstPlayerRow, place, layout.lastRow, place) : cellAddress(layout.headerRow, place);
  ops.push(defineNameOp(PLACE_CACHE_NAME, GRID_CACHE_SHEET, placeRange));
  return ops;
}

/** The Settings table as Tengen writes it. */
export function settingsCacheOps(settings: Settings, shortName?: string, teams?: readonly Team[]): WorkbookOp[] {
  const cells = settingsCells(settings, shortName, teams);
  return [
    { kind: 'ensure-sheet', sheet: SETTINGS_CACHE_SHEET, hidden: true },
    { kind: 'clear', sheet: SETTINGS_CACHE_SHEET },
    { kind: 'write', sheet: SETTINGS_CACHE_SHEET, at: 'A1', cells },
    defineNameOp(SETTINGS_CACHE_NAME, SETTINGS_CACHE_SHEET, rangeAddress(1, 1, cells.length, 2)),
  ];
}

/** The Standings table's values, from its header row: the shape of the live spill. */
export function standingsCacheOps(t: Tournament, ruleset?: RulesetName): WorkbookOp[] {
  const ops = cacheOnly(standingsOps(t, ruleset, STANDINGS_CACHE_SHEET, false), STANDINGS_CACHE_SHEET);
  const write = ops.find((op): op is WorkbookOp & { kind: 'write' } => op.kind === 'write');
  const rows = write?.cells.length ?? STANDINGS_HEADER_ROW;
  const columns = write?.cells[STANDINGS_HEADER_ROW - 1]?.length ?? 1;
  ops.push(defineNameOp(STANDINGS_CACHE_NAME, STANDINGS_CACHE_SHEET, rangeAddress(STANDINGS_HEADER_ROW, 1, rows, columns)));
  return ops;
}
