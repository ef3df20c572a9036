/**
 * One entry to every export, by format name: what the CLI's `tengen export` and the pane's Export action call. The
 * EGD and FFG tables are standings (players in place order, with the criteria), so they are computed here.
 */
import type { Tournament } from '../model/tournament';
import { computeStandings } from '../scoring/standings';
import { exportAga } from './aga';
import type { ExportFormat, ExportOptions, Exported } from './export';
import { exportFfg } from './ffg';
import { exportH9 } from './h9Export';
import type { H9HeaderInput } from './h9Header';
import { exportOpenGotha } from './opengothaExport';

/** `header`: the .h9 header fields the director gives (./h9Header); the other formats take none. */
export function exportTournament(t: Tournament, format: ExportFormat, header?: H9HeaderInput, options: ExportOptions = {}): Exported {
  switch (format) {
    case 'h9':
      return exportH9(computeStandings(t), header, options);
    case 'ffg':
      return exportFfg(computeStandings(t));
    case 'aga':
      return exportAga(t, options);
    case 'opengotha':
      return exportOpenGotha(t);
  }
}
