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

async function view(handle: number, sheet: string): Promise<SheetView> {
  const wb = held(handle);
  const names = await wb.sheetNames();
  const values = names.includes(sheet) ? await wb.readSheet(sheet) : null;
  return { names, values, version: versions.get(handle) ?? 0 };
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
    case 'save':
      return held(r.handle).save();
    case 'read':
      return session.read(held(r.handle), r.known);
    case 'fingerprint':
      return session.fingerprint(held(r.handle));
    case 'prepare': {
      // The page gets the batch's label and description; its ops stay here, applied by id (`apply`).
      const prepared = await session.prepare(r.read, r.action, r.args, r.overwrite);
      if (!prepared.ok) return prepared;
      const { batch, ...rest } = prepared;
      const sent: SentPrepared = { ...rest, label: batch.label, description: describeWrites(batch) };
      return sent;
    }
    case 'refresh-live-values':
      versions.set(r.handle, (versions.get(r.handle) ?? 0) + 1);
      return session.refreshLiveValues(held(r.handle));
    case 'view':
      return view(r.handle, r.sheet);
  }
}

scope.onmessage = (e) => {
  const r = e.data;
  const started = performance.now();
  answer(r).then(
    (result) => {
      scope.postMessage({ id: r.id, result }, result instanceof Uint8Array ? [result.buffer] : []);
      measure(`tengen-worker ${r.method}`, started);
    },
    (error: unknown) => scope.postMessage({ id: r.id, error: toWire(error) }),
  );
};
