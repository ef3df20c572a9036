/**
 * The Web Worker holding the standalone page's `.xlsx` workbooks (`workbookProtocol.ts`): ExcelJS, JSZip and the
 * sheet XML work run here, off the page's thread, so the page stays responsive while a congress workbook is opened,
 * written or saved (issue 28). Each workbook is one `XlsxWorkbook`, by handle; calls on it run one after the other
 * (the adapter queues them itself).
 */
import { XlsxWorkbook } from '../src/workbook/adapters/xlsx';
import { toWire, type WorkbookRequest, type WorkbookResponse } from './workbookProtocol';

interface WorkerScope {
  onmessage: ((e: MessageEvent<WorkbookRequest>) => void) | null;
  postMessage(message: WorkbookResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const workbooks = new Map<number, XlsxWorkbook>();
let next = 1;

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
      return null;
    case 'sheetNames':
      return held(r.handle).sheetNames();
    case 'readSheet':
      return held(r.handle).readSheet(r.sheet);
    case 'readFormulas':
      return held(r.handle).readFormulas(r.sheet);
    case 'apply':
      return held(r.handle).apply(r.batch);
    case 'save':
      return held(r.handle).save();
  }
}

scope.onmessage = (e) => {
  const r = e.data;
  answer(r).then(
    (result) => scope.postMessage({ id: r.id, result }, result instanceof Uint8Array ? [result.buffer] : []),
    (error: unknown) => scope.postMessage({ id: r.id, error: toWire(error) }),
  );
};
