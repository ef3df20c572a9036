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

/** The Standings sheet (every criterion of the ruleset's or the tournament's placement order). */
export function standingsBatch(t: Tournament, ruleset?: RulesetName, options: SessionOptions = {}): WorkbookBatch {
  return { label: 'Standings', ops: [...standingsOps(t, ruleset), ...standingsCacheOps(t, ruleset), ...ceremonyOps(t, contextOf(t, options).language, ruleset), ...europeanOps(t, ruleset), ...teamSheetsOps(t), ...gridPlaces(t, options)] };
}
