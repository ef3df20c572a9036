/**
 * The task pane in Excel: the wizard on the open workbook through the Office.js adapter. Loaded by `taskpane.ts`
 * once Office.js says the host is Excel — after the custom functions registered (webpack.config.js) — and without
 * ExcelJS, which only the standalone page needs.
 */
import { clear } from './dom';
import { OfficeWorkbook } from './officeAdapter';
import { wizardServices } from './wizardServices';
import { Wizard } from './wizard';

export async function startInExcel(app: HTMLElement): Promise<void> {
  clear(app);
  await new Wizard(app, new OfficeWorkbook(), wizardServices(), { workbookName: 'this workbook' }).start();
}
