/**
 * Standings: the Standings sheet and the prize ceremony, recomputed on demand.
 */
import { type RulesetName, type Tournament } from '../../model/tournament';
import type { WorkbookBatch } from '../adapters/adapter';
import { standingsCacheOps } from '../formulas/liveCache';
import { ceremonyOps } from '../print/printouts';
import { europeanOps } from '../sheets/europeanSheet';
import { standingsOps } from '../sheets/standingsSheet';
import { teamSheetsOps } from '../sheets/teamSheets';
import { gridPlaces } from './batchSupport';
import { contextOf, type SessionOptions } from './context';
import { derivedSheetsOps, writtenWhole } from './derivedSheets';
import { expectAsRead } from './changes';
import { BRACKET_SHEET } from '../sheets/bracketSheet';
import { hasPlayoffSheet, playoffOps } from '../sheets/playoffSheet';

/** The Standings sheet (every criterion of the ruleset's or the tournament's placement order). */
export function standingsBatch(t: Tournament, ruleset?: RulesetName, options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  // A league's or QT's playoff on the Bracket sheet: made anew (expected as read), so its final places follow the
  // results typed there since it was paired.
  const bracket = hasPlayoffSheet(t) ? ctx.read?.get(BRACKET_SHEET) : undefined;
  const playoff = bracket ? [expectAsRead(BRACKET_SHEET, bracket), ...playoffOps(t, ctx.language)] : [];
  const ops = [...playoff, ...standingsOps(t, ruleset), ...standingsCacheOps(t, ruleset), ...ceremonyOps(t, ctx.language, ruleset), ...europeanOps(t, ruleset), ...teamSheetsOps(t), ...gridPlaces(t, options)];
  // The poster's cached values follow (derivedSheets.ts); the sheets above are made whole already.
  return { label: 'Standings', ops: [...ops, ...derivedSheetsOps(t, ctx, writtenWhole(ops))] };
}
