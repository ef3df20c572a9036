/**
 * The task pane in Excel: the wizard on the open workbook through the Office.js adapter. Loaded by `taskpane.ts`
 * once Office.js says the host is Excel and the pane is shown (./paneStart.ts) — after the custom functions
 * registered (webpack.config.js) — and without ExcelJS, which only the standalone page needs.
 *
 * Before the wizard reads the workbook: formulas calling Tengen's functions that Excel shows as `#NAME?` (entered
 * while the functions were not registered: office-js #6611, #6395, #4185) are entered again, and the director is told
 * which (issue 21, R7). Notices of how Excel took a write (a host without dynamic arrays, R6) are shown above the
 * wizard. Nothing here fails silently: each failure is shown in the notices.
 */
import { clear, h } from './dom';
import { OfficeWorkbook } from './officeAdapter';
import { wizardServices } from './wizardServices';
import { Wizard } from './wizard';
import { Progress, progressBar } from './progress';

export async function startInExcel(app: HTMLElement): Promise<void> {
  clear(app);
  const notices = h('div', { class: 'notices', role: 'status', 'data-testid': 'excel-notices' });
  app.append(notices);
  const notice = (text: string) => notices.append(h('p', { class: 'notice' }, text));
  const wb = new OfficeWorkbook(undefined, { onNotice: notice });
  try {
    const again = await wb.reenterUnresolved();
    if (again.length > 0) {
      notice(
        `Entered again ${again.length} Tengen formula${again.length === 1 ? '' : 's'} that Excel showed as #NAME? (written before the add-in's functions were loaded): ${again.slice(0, 6).join(', ')}${again.length > 6 ? ', …' : ''}.`,
      );
    }
  } catch (e) {
    notice(`Tengen could not check this workbook's formulas for #NAME?: ${e instanceof Error ? e.message : String(e)}`);
  }
  // A confirmed write, with the read and redraw after it, shows the progress bar past 300 ms (issue 28): through
  // Office.js a round of a congress field is written in several requests.
  await new Wizard(app, wb, wizardServices(), { workbookName: 'this workbook', progress: new Progress(progressBar()) }).start();
}
