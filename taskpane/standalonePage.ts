/**
 * The standalone page (an ordinary browser, no Excel): the wizard on an `.xlsx` workbook held in the page, which is
 * the only place ExcelJS (`pageWorkbook.ts`) is loaded. Loaded by `taskpane.ts` on demand.
 */
import { pageWorkbooks } from './pageWorkbook';
import { StandalonePage } from './standalone';
import { wizardServices } from './wizardServices';
import { indexedDbRatingListStore } from './browserStore';
import { remoteSessionServices } from './remoteSession';

/**
 * The page's progress bar: shown while work on the workbook (held in a Web Worker, `pageWorkbook.ts`) runs past
 * 300 ms — opening, writing, saving — saying what it is (issue 28: "anything over 300 ms shows progress").
 */
function progressBar(): (what: string | null) => void {
  const bar = document.createElement('div');
  bar.className = 'busy';
  bar.setAttribute('role', 'status');
  bar.setAttribute('data-testid', 'busy');
  bar.hidden = true;
  Object.assign(bar.style, { position: 'fixed', top: '0.5em', right: '0.5em', background: '#fff', border: '1px solid #888', padding: '0.3em 0.6em', zIndex: '10' });
  const text = document.createElement('span');
  bar.append(document.createElement('progress'), ' ', text);
  document.body.append(bar);
  return (what) => {
    bar.hidden = what === null;
    text.textContent = what ?? '';
  };
}

export async function startStandalone(app: HTMLElement): Promise<void> {
  // The tournament is read, and every batch prepared, in the workbook's worker (remoteSession.ts, issue 28).
  const services = remoteSessionServices(wizardServices({ ratingListStore: indexedDbRatingListStore() }));
  const page = new StandalonePage(app, pageWorkbooks(progressBar()), services);
  // Restores what the browser kept (autosave.ts), else a new workbook.
  await page.start();
}
