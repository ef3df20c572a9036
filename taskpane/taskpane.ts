/**
 * Task pane entry, kept small: it decides where it runs and loads the rest on demand. In Excel (Office.js loaded and
 * `Office.onReady` says the host is Excel) it loads the wizard on the open workbook (`pane.ts`); anywhere else — an
 * ordinary browser, or Office.js loaded outside Excel — the standalone page on an `.xlsx` held in the page
 * (`standalonePage.ts`, the only part with ExcelJS).
 *
 * In Excel this runs in the shared runtime beside the custom functions (manifest.xml, `<Runtime lifetime="long">`).
 * `taskpane.html` loads `functions.js` first, so the functions register (`CustomFunctions.associate`) before the
 * pane's code is even fetched: formulas do not wait at #BUSY! for the task pane to load (webpack.config.js).
 */
import { chooseHost } from './host';
import { officePaneSignals, whenPaneShown } from './paneStart';

async function main(): Promise<void> {
  const app = document.getElementById('app');
  if (!app) return;
  // The guard (guard.js, first in the page, ES5) found this webview too old and said what is missing: leave its words.
  if ((window as { TENGEN_UNSUPPORTED?: unknown }).TENGEN_UNSUPPORTED) return;
  const officeInfo = typeof Office !== 'undefined' ? await Office.onReady() : undefined;
  if (chooseHost(officeInfo?.host ? String(officeInfo.host) : null) === 'excel') {
    // Only once the pane is on screen: the shared runtime also loads this page for the custom functions alone
    // (./paneStart.ts; issue 21, R5).
    await whenPaneShown(app, officePaneSignals(document));
    const { startInExcel } = await import(/* webpackChunkName: "pane" */ './pane');
    await startInExcel(app);
    return;
  }
  const { startStandalone } = await import(/* webpackChunkName: "standalone" */ './standalonePage');
  await startStandalone(app);
}

void main().catch((e: unknown) => {
  const app = document.getElementById('app');
  if (app) app.textContent = `Tengen could not start: ${e instanceof Error ? e.message : String(e)}`;
});
