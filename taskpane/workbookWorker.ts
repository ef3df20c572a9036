/**
 * The Web Worker holding the standalone page's `.xlsx` workbooks (`workbookProtocol.ts`): ExcelJS, JSZip and the
 * sheet XML work run here, off the page's thread, so the page stays responsive while a congress workbook is opened,
 * written or saved (issue 28). Each workbook is one `XlsxWorkbook`, by handle; calls on it run one after the other
 * (the adapter queues them itself). The wizard's session lives here too (`workerSession.ts`): the tournament read,
 * and the batches prepared on it, so the page never parses a sheet nor plans a write.
 */
import { XlsxWorkbook } from '../src/workbook/adapters/xlsx';
import { measure, toWire, type SentPrepared, type SheetView, type WorkbookRequest, type WorkbookResponse } from './workbookProtocol';
import { WorkerSession } from './workerSession';
import { describeWrites } from './workbookWatch';
import { keptCopy, viewPatch } from './viewPatch';
import type { CellValue } from '../src/workbook/adapters/adapter';

interface WorkerScope {
  onmessage: ((e: MessageEvent<WorkbookRequest>) => void) | null;
  postMessage(message: WorkbookResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const workbooks = new Map<number, XlsxWorkbook>();
/** Writes applied to each workbook: the sheet view redraws only when it changed. */
const versions = new Map<number, number>();
const session = new WorkerSession();
let next = 1;

/** The last view sent of each workbook (a copy of its values), by handle: the next one sends what changed since. */
const sentViews = new Map<number, { readonly sent: number; readonly sheet: string; readonly values: CellValue[][] }>();
let nextView = 1;

/** The sheet view; `known`: the view the page holds drawn, when it is the last sent only the cells changed are sent. */
async function view(handle: number, sheet: string, known?: number): Promise<SheetView> {
  const wb = held(handle);
  const names = await wb.sheetNames();
  const values = names.includes(sheet) ? await wb.readSheet(sheet) : null;
  const version = versions.get(handle) ?? 0;
  const last = sentViews.get(handle);
  sentViews.delete(handle);
  if (!values) return { names, values, version };
  const sent = nextView++;
  sentViews.set(handle, { sent, sheet, values: keptCopy(values) });
  const patch = last && known === last.sent && last.sheet === sheet ? viewPatch(last.values, values) : null;
  return patch ? { names, values: null, version, sent, patch } : { names, values, version, sent };
}

function held(handle: number): XlsxWorkbook {
  const wb = workbooks.get(handle);
  if (!wb) throw new Error('the workbook is no longer held by the page');
  return wb;
}

async function answer(r: WorkbookRequest): Promise<unknown> {
  switch (r.method) {
    case 'create':
      workbooks.set(next, XlsxWorkbook.create());
      return next++;
    case 'open':
      workbooks.set(next, await XlsxWorkbook.open(r.bytes));
      return next++;
    case 'drop':
      workbooks.delete(r.handle);
      versions.delete(r.handle);
      sentViews.delete(r.handle);
      return null;
    case 'sheetNames':
      return held(r.handle).sheetNames();
    case 'readSheet':
      return held(r.handle).readSheet(r.sheet);
    case 'readFormulas':
      return held(r.handle).readFormulas(r.sheet);
    case 'apply':
      versions.set(r.handle, (versions.get(r.handle) ?? 0) + 1);
      return session.apply(held(r.handle), r.batch);
    case 'save': {
      // The page's autosave: the writes, reads and views asked before it go first (a write returns to the page
      // before its save).
      await idle();
      const wb = held(r.handle);
      return wb.save();
    }
    case 'read':
      return session.read(held(r.handle), r.known);
    case 'fingerprint':
      return session.fingerprint(held(r.handle), r.read);
    case 'prepare': {
      // The page gets the batch's label and description; its ops stay here, applied by id (`apply`).
      const prepared = await session.prepare(r.read, r.action, r.args, r.overwrite);
      if (!prepared.ok) return prepared;
      const { batch, ...rest } = prepared;
      const sent: SentPrepared = { ...rest, label: batch.label, description: describeWrites(batch) };
      return sent;
    }
    case 'check-read-back':
      return session.checkReadBack(r.prepared);
    case 'refresh-live-values':
      versions.set(r.handle, (versions.get(r.handle) ?? 0) + 1);
      return session.refreshLiveValues(held(r.handle));
    case 'view':
      return view(r.handle, r.sheet, r.known);
  }
}

/** Requests being answered, saves left out: a save waits until there are none (`idle`). */
let answering = 0;
let waitingForIdle: (() => void)[] = [];

/** Resolved once no request but saves is being answered. */
function idle(): Promise<void> {
  return answering === 0 ? Promise.resolve() : new Promise((resolve) => waitingForIdle.push(resolve));
}

function answered(): void {
  if (--answering > 0) return;
  const waiting = waitingForIdle;
  waitingForIdle = [];
  for (const go of waiting) go();
}

scope.onmessage = (e) => {
  const r = e.data;
  const started = performance.now();
  const counted = r.method !== 'save';
  if (counted) answering++;
  answer(r)
    .then(
      (result) => {
        scope.postMessage({ id: r.id, result }, result instanceof Uint8Array ? [result.buffer] : []);
        measure(`tengen-worker ${r.method}`, started);
      },
      (error: unknown) => scope.postMessage({ id: r.id, error: toWire(error) }),
    )
    .finally(() => {
      if (counted) answered();
    });
};
