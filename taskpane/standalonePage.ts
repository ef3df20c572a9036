/**
 * The standalone page (an ordinary browser, no Excel): the wizard on an `.xlsx` workbook held in the page, which is
 * the only place ExcelJS (`pageWorkbook.ts`) is loaded. Loaded by `taskpane.ts` on demand.
 */
import { pageWorkbooks } from './pageWorkbook';
import { StandalonePage } from './standalone';
import { wizardServices } from './wizardServices';
import { indexedDbRatingListStore } from './browserStore';

export async function startStandalone(app: HTMLElement): Promise<void> {
  const page = new StandalonePage(app, pageWorkbooks(), wizardServices({ ratingListStore: indexedDbRatingListStore() }));
  // Restores what the browser kept (autosave.ts), else a new workbook.
  await page.start();
}
