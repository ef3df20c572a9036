/**
 * Finalize: the final copies of the Grid and the Standings, frozen at the end of the event.
 */
import { type Tournament } from '../../model/tournament';
import type { WorkbookBatch } from '../adapters/adapter';
import { ceremonyOps } from '../print/printouts';
import { europeanOps } from '../sheets/europeanSheet';
import { gridOps } from '../sheets/grid';
import { logOps } from '../sheets/logSheet';
import { standingsOps } from '../sheets/standingsSheet';
import { gridPlaces, logAppendOps } from './batchSupport';
import { contextOf, type SessionOptions } from './context';
import { derivedSheetsOps, writtenWhole } from './derivedSheets';

export const FINAL_GRID_SHEET = 'Grid (final)';

export const FINAL_STANDINGS_SHEET = 'Standings (final)';

/** Values-only copies of the Grid and the Standings, readable without the add-in or recalculation. */
export function finalizeBatch(t: Tournament, options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const whole = [...ceremonyOps(t, ctx.language), ...europeanOps(t)];
  return {
    label: 'Final grid and standings',
    ops: [
      ...gridOps(t, { sheet: FINAL_GRID_SHEET, language: ctx.language, valuesOnly: true }),
      ...standingsOps(t, undefined, FINAL_STANDINGS_SHEET),
      ...whole,
      ...gridPlaces(t, options),
      // The poster's cached values and the team sheets follow (derivedSheets.ts).
      ...derivedSheetsOps(t, ctx, writtenWhole(whole)),
      ...(ctx.read
        ? logAppendOps([{ what: `Final grid and standings written (${FINAL_GRID_SHEET}, ${FINAL_STANDINGS_SHEET})` }], ctx)
        : logOps([{ what: `Final grid and standings written (${FINAL_GRID_SHEET}, ${FINAL_STANDINGS_SHEET})` }], ctx.logRow, ctx.time)),
    ],
  };
}
