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

async function main(): Promise<void> {
  const app = document.getElementById('app');
  if (!app) return;
  const officeInfo = typeof Office !== 'undefined' ? await Office.onReady() : undefined;
  if (chooseHost(officeInfo?.host ? String(officeInfo.host) : null) === 'excel') {
    const { startInExcel } = await import(/* webpackChunkName: "pane" */ './pane');
    await startInExcel(app);
    return;
  }
  const { startStandalone } = await import(/* webpackChunkName: "standalone" */ './standalonePage');
  await startStandalone(app);
}

void main().catch((e: Error) => {
  const app = document.getElementById('app');
  if (app) app.textContent = `Tengen could not start: ${e.message}`;
});
