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
import type { CellValue, WorkbookOp } from '../adapters/adapter';
import { cellAddress, rangeAddress } from '../cells/address';
import { gridLayout, gridNameRange, gridValueCells } from '../sheets/grid';
import { spillsKnown } from '../sheets/spills';
import type { GridLanguage } from '../cells/notation';
import { defineNameOp, GRID_CACHE_NAME, PLACE_CACHE_NAME, SETTINGS_CACHE_NAME, STANDINGS_CACHE_NAME } from './names';
import { settingsCells } from '../sheets/settingsSheet';
import { STANDINGS_HEADER_ROW, standingsCells } from '../sheets/standingsSheet';
import { cachedStandings } from '../../scoring/standings';
import type { RulesetName, Settings, Team, Tournament } from '../../model/tournament';

export const GRID_CACHE_SHEET = 'Grid (cache)';
export const SETTINGS_CACHE_SHEET = 'Settings (cache)';
export const STANDINGS_CACHE_SHEET = 'Standings (cache)';

export function isCacheSheet(sheet: string): boolean {
  return sheet === GRID_CACHE_SHEET || sheet === SETTINGS_CACHE_SHEET || sheet === STANDINGS_CACHE_SHEET;
}

/**
 * `cells`, a copy's rectangle: values alone (`CellValue[][]`, no formula), so no spilling formula either — declared so
 * (spills.ts, `spillsKnown`) for `sheetChanges` not to look through its cells for one (issue 28: the Grid's and the
 * Standings' copies, some 87,000 cells a congress round's batch).
 */
function copyCells(cells: CellValue[][]): CellValue[][] {
  return spillsKnown(cells, []);
}

/** The grid's copy and its Place column's values. */
export function gridCacheOps(t: Tournament, language?: GridLanguage): WorkbookOp[] {
  const layout = gridLayout(t.settings.rounds, t.players.length, { sheet: GRID_CACHE_SHEET, language });
  // Only the values: the sheet made hidden, cleared and written, as the grid's own ops (`gridOps`, values only) would
  // write them — without the formats, widths, page breaks and print scale nobody sees (issue 28: they were computed,
  // then thrown away).
  const ops: WorkbookOp[] = [
    { kind: 'ensure-sheet', sheet: GRID_CACHE_SHEET, hidden: true },
    { kind: 'clear', sheet: GRID_CACHE_SHEET },
    { kind: 'write', sheet: GRID_CACHE_SHEET, at: 'A1', cells: copyCells(gridValueCells(t, { sheet: GRID_CACHE_SHEET, language })) },
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
  // Only the values, as the Standings sheet's own ops (`standingsOps`, not live) would write them: no formats, widths
  // or printing (nobody prints it).
  const cells = copyCells(standingsCells(cachedStandings(t, { ruleset }), false));
  const columns = cells[STANDINGS_HEADER_ROW - 1]?.length ?? 1;
  return [
    { kind: 'ensure-sheet', sheet: STANDINGS_CACHE_SHEET, hidden: true },
    { kind: 'clear', sheet: STANDINGS_CACHE_SHEET },
    { kind: 'write', sheet: STANDINGS_CACHE_SHEET, at: 'A1', cells },
    defineNameOp(STANDINGS_CACHE_NAME, STANDINGS_CACHE_SHEET, rangeAddress(STANDINGS_HEADER_ROW, 1, cells.length, columns)),
  ];
}
