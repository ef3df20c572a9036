/**
 * The derived sheets — the Grid poster, the Prize ceremony, the European results and a team tournament's two team
 * sheets — brought to the tournament by every batch that changes what they show, so that a workbook saved at any
 * moment (by Excel, by the page or by the CLI) shows on them what `tengen standings` gives (issue 25, item 2: a poster
 * saved after round 5 showed five "+" beside round 4's Wins and places).
 *
 *  - The poster's live cells are formulas reading the Grid (posterSheet.ts): Excel recalculates them; for a file
 *    (ExcelJS, LibreOffice's default of not recalculating) their cached values are set (`cached-values`, one op,
 *    nothing written where there is no formula). Cheap: the poster exists only up to 200 players.
 *  - The ceremony, the European results and the team sheets are values (read once, at the end, or posted): made anew
 *    whole, as the Standings action makes them — a few dozen rows, Tengen's own sheets where nothing is typed.
 *
 * Only sheets the workbook already has are touched: a batch never adds a printout the director has not asked for.
 */
import { type Round, type Tournament } from '../../model/tournament';
import type { WorkbookOp } from '../adapters/adapter';
import { CEREMONY_SHEET, ceremonyOps, hasPoster, POSTER_SHEET } from '../print/printouts';
import { EUROPEAN_SHEET, europeanOps } from '../sheets/europeanSheet';
import { posterCachedValuesOp } from '../sheets/posterSheet';
import { TEAM_MATCHES_SHEET, TEAM_STANDINGS_SHEET, teamSheetsOps } from '../sheets/teamSheets';
import { type BatchContext } from './context';

export type DerivedSheet = typeof POSTER_SHEET | typeof CEREMONY_SHEET | typeof EUROPEAN_SHEET | 'team sheets';

/**
 * The ops bringing the derived sheets the workbook has (`ctx.sheets`) to `t`, except those in `skip` (written whole
 * by the batch already).
 */
export function derivedSheetsOps(t: Tournament, ctx: Pick<BatchContext, 'sheets' | 'language'>, skip: ReadonlySet<DerivedSheet> = new Set()): WorkbookOp[] {
  const has = (sheet: string) => ctx.sheets.includes(sheet);
  const ops: WorkbookOp[] = [];
  if (!skip.has(POSTER_SHEET) && has(POSTER_SHEET) && hasPoster(t)) ops.push(posterCachedValuesOp(t, ctx.language));
  if (!skip.has(CEREMONY_SHEET) && has(CEREMONY_SHEET)) ops.push(...ceremonyOps(t, ctx.language));
  if (!skip.has(EUROPEAN_SHEET) && has(EUROPEAN_SHEET)) ops.push(...europeanOps(t));
  if (!skip.has('team sheets') && (has(TEAM_MATCHES_SHEET) || has(TEAM_STANDINGS_SHEET))) ops.push(...teamSheetsOps(t));
  return ops;
}

/** The derived sheets a batch's own ops already write whole (so `derivedSheetsOps` leaves them out). */
export function writtenWhole(ops: readonly WorkbookOp[]): Set<DerivedSheet> {
  const out = new Set<DerivedSheet>();
  for (const op of ops) {
    if (op.kind !== 'clear' || op.range !== undefined) continue;
    if (op.sheet === POSTER_SHEET || op.sheet === CEREMONY_SHEET || op.sheet === EUROPEAN_SHEET) out.add(op.sheet);
    if (op.sheet === TEAM_MATCHES_SHEET || op.sheet === TEAM_STANDINGS_SHEET) out.add('team sheets');
  }
  return out;
}

/**
 * What a results batch leaves to others. A typed result is the hot path: a handful of cells (issue 9), no sheet
 * cleared. So the poster's cached values are left to Excel's recalculation and to the page's refresh before it saves
 * (`liveValuesBatch`), and the ceremony and the European results are made anew only by the batch that completes its
 * round (the last result of the round, or a correction of a complete round): a workbook saved mid-round keeps them as
 * of the round before, which their titles name ("after round 4 of 5"). `extra`: what the batch writes whole already.
 */
export function leftByResults(after: Tournament, round: Round, extra: readonly WorkbookOp[]): Set<DerivedSheet> {
  const skip = writtenWhole(extra).add(POSTER_SHEET);
  const complete = after.games.every((g) => g.round !== round || g.result !== 'unknown');
  if (!complete) skip.add(CEREMONY_SHEET).add(EUROPEAN_SHEET);
  return skip;
}
