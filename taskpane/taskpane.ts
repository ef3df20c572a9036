/**
 * Task pane entry: one bundle for both pages. In Excel (Office.js loaded and `Office.onReady` says the host is
 * Excel) the wizard works on the open workbook through `OfficeWorkbook`; anywhere else — an ordinary browser, or
 * Office.js loaded outside Excel — it is the standalone page, on an `.xlsx` workbook held in the page.
 * In Excel it runs in the shared runtime beside the custom functions (manifest.xml, `<Runtime lifetime="long">`).
 */
import { clear } from './dom';
import { chooseHost } from './host';
import { OfficeWorkbook } from './officeAdapter';
import { pageWorkbooks } from './pageWorkbook';
import { StandalonePage } from './standalone';
import { wizardServices } from './wizardServices';
import { Wizard } from './wizard';

async function main(): Promise<void> {
  const app = document.getElementById('app');
  if (!app) return;
  const officeInfo = typeof Office !== 'undefined' ? await Office.onReady() : undefined;
  const services = wizardServices();
  if (chooseHost(officeInfo?.host ? String(officeInfo.host) : null) === 'excel') {
    clear(app);
    await new Wizard(app, new OfficeWorkbook(), services, { workbookName: 'this workbook' }).start();
    return;
  }
  const page = new StandalonePage(app, pageWorkbooks(), services);
  await page.start();
}

void main().catch((e: Error) => {
  const app = document.getElementById('app');
  if (app) app.textContent = `Tengen could not start: ${e.message}`;
});
