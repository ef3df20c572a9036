/**
 * Standings: the Standings sheet and the prize ceremony, recomputed on demand.
 */
import { type RulesetName, type Tournament } from '../../model/tournament';
import type { WorkbookBatch, WorkbookOp } from '../adapters/adapter';
import { standingsCacheOps } from '../formulas/liveCache';
import { ceremonyOps } from '../print/printouts';
import { europeanOps } from '../sheets/europeanSheet';
import { standingsOps } from '../sheets/standingsSheet';
import { teamSheetsOps } from '../sheets/teamSheets';
import { gridPlaces } from './batchSupport';
import { contextOf, type SessionOptions } from './context';
import { derivedSheetsOps, writtenWhole } from './derivedSheets';
import { expectAsRead, sheetChanges, type SheetRead } from './changes';
import { CROSS_TABLE_FINAL, CROSS_TABLE_HEADER_ROW, CROSS_TABLE_SHEET, crossTableOps } from '../sheets/crossTableSheet';
import type { PlayerId, Tournament as T } from '../../model/tournament';
import type { CellValue } from '../adapters/adapter';
import { BRACKET_SHEET } from '../sheets/bracketSheet';
import { hasPlayoffSheet, playoffOps } from '../sheets/playoffSheet';

/** The Standings sheet (every criterion of the ruleset's or the tournament's placement order). */
export function standingsBatch(t: Tournament, ruleset?: RulesetName, options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  // A league's or QT's playoff on the Bracket sheet: made anew (expected as read), so its final places follow the
  // results typed there since it was paired.
  const bracket = hasPlayoffSheet(t) ? ctx.read?.get(BRACKET_SHEET) : undefined;
  const playoff = bracket ? [expectAsRead(BRACKET_SHEET, bracket), ...playoffOps(t, ctx.language)] : [];
  const ops = [...playoff, ...crossTableFinal(t, ctx.read?.get(CROSS_TABLE_SHEET)), ...standingsOps(t, ruleset), ...standingsCacheOps(t, ruleset), ...ceremonyOps(t, ctx.language, ruleset), ...europeanOps(t, ruleset), ...teamSheetsOps(t), ...gridPlaces(t, options)];
  // The poster's cached values follow (derivedSheets.ts); the sheets above are made whole already.
  return { label: 'Standings', ops: [...ops, ...derivedSheetsOps(t, ctx, writtenWhole(ops))] };
}

/**
 * A league's cross-table brought to its playoff's final places (the Final column right of Place): only the cells that
 * change, rendered against the column as read (the results typed in the cross-table are left alone).
 */
function crossTableFinal(t: T, read: SheetRead | undefined): WorkbookOp[] {
  if (!read || t.settings.system !== 'round-robin' || (t.playoffs?.length ?? 0) === 0) return [];
  const header = read.values[CROSS_TABLE_HEADER_ROW - 1] ?? [];
  const column = header.indexOf(CROSS_TABLE_FINAL);
  const shown = new Map<PlayerId, CellValue>();
  if (column >= 0) for (const row of read.values.slice(CROSS_TABLE_HEADER_ROW)) if (typeof row[1] === 'number') shown.set(row[1] as PlayerId, row[column] ?? null);
  return sheetChanges(CROSS_TABLE_SHEET, column >= 0 ? crossTableOps(t, shown) : crossTableOps({ ...t, playoffs: [] }), crossTableOps(t), read).ops;
}
