/**
 * The standalone page (an ordinary browser, no Excel): the wizard on an `.xlsx` workbook held in the page, which is
 * the only place ExcelJS (`pageWorkbook.ts`) is loaded. Loaded by `taskpane.ts` on demand.
 */
import { pageWorkbooks } from './pageWorkbook';
import { StandalonePage } from './standalone';
import { wizardServices } from './wizardServices';
import { indexedDbRatingListStore } from './browserStore';
import { remoteSessionServices } from './remoteSession';
import { Progress, progressBar } from './progress';

export async function startStandalone(app: HTMLElement): Promise<void> {
  // The tournament is read, and every batch prepared, in the workbook's worker (remoteSession.ts, issue 28).
  const services = remoteSessionServices(wizardServices({ ratingListStore: indexedDbRatingListStore() }));
  // One progress bar for the workbook worker's calls and the wizard's writes (./progress.ts: past 300 ms, issue 28).
  const progress = new Progress(progressBar());
  const page = new StandalonePage(app, pageWorkbooks(progress), services, undefined, progress);
  // Restores what the browser kept (autosave.ts), else a new workbook.
  await page.start();
}
