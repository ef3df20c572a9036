/**
 * One entry to every export, by format name: what the CLI's `tengen export` and the pane's Export action call. The
 * EGD and FFG tables are standings (players in place order, with the criteria), so they are computed here.
 */
import type { Tournament } from '../model/tournament';
import { computeStandings } from '../scoring/standings';
import { exportAga } from './aga';
import type { ExportFormat, Exported } from './export';
import { exportFfg } from './ffg';
import { exportH9 } from './h9Export';
import { exportOpenGotha } from './opengothaExport';

export function exportTournament(t: Tournament, format: ExportFormat): Exported {
  switch (format) {
    case 'h9':
      return exportH9(computeStandings(t));
    case 'ffg':
      return exportFfg(computeStandings(t));
    case 'aga':
      return exportAga(t);
    case 'opengotha':
      return exportOpenGotha(t);
  }
}
