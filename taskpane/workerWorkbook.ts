/**
 * The standalone page's workbook held in a Web Worker (`workbookWorker.ts`): a `PageWorkbook` whose every call is a
 * message, so opening, writing and saving a congress workbook never blocks the page (issue 28). Every call is a task
 * of the page's progress bar (./progress.ts): shown once the calls have run 300 ms without a break.
 */
import type { CellValue, WorkbookBatch } from '../src/workbook/adapters/adapter';
import type { SessionWorkbook } from './remoteSession';
import type { PageWorkbook, PageWorkbookFactory } from './standalone';
import type { Progress } from './progress';
import { describedBatch } from './workbookWatch';
import { fromWire, measure, now, type PrepareAction, type ReadBackCheck, type SentPrepared, type SheetView, type WirePrepared, type WireRead, type WorkbookRequest, type WorkbookResponse } from './workbookProtocol';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; method: string; started: number; end: () => void };
type Request = WorkbookRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Calls the worker, one message per call, and shows progress on the long ones. */
class WorkerLink {
  private next = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly worker: Worker,
    private readonly progress: Progress,
  ) {
    worker.onmessage = (e: MessageEvent<WorkbookResponse>) => {
      const r = e.data;
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      p.end();
      measure(`tengen ${p.method}`, p.started);
      if ('error' in r) p.reject(fromWire(r.error));
      else p.resolve(r.result);
    };
  }

  call<T>(request: Request, what: string, transfer: Transferable[] = []): Promise<T> {
    const id = this.next++;
    const end = this.progress.begin(what);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method: request.method, started: now(), end });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

}

/** What the progress bar says while the worker prepares a batch. */
const PREPARING: Record<PrepareAction, string> = {
  registerPlayersBatch: 'Preparing the players’ registration…',
  absencesBatch: 'Preparing the absences…',
  sectionsBatch: 'Preparing the sections…',
  pairRoundBatch: 'Preparing the round’s write…',
  resultsBatch: 'Preparing the results…',
  standingsBatch: 'Preparing the standings…',
  pairPlayoffBatch: 'Preparing the playoff…',
  finalizeBatch: 'Preparing the final copies…',
};

/** The batches a worker prepared and keeps (the page holds their label and description): applied by id. */
const preparedThere = new WeakMap<WorkbookBatch, { readonly handle: number; readonly id: number }>();

class WorkerWorkbook implements PageWorkbook, SessionWorkbook {
  constructor(
    private readonly link: WorkerLink,
    readonly handle: number,
  ) {}

  readSession(known?: number): Promise<WireRead> {
    return this.link.call({ method: 'read', handle: this.handle, ...(known !== undefined ? { known } : {}) }, 'Reading the tournament…');
  }

  async prepare(read: number, action: PrepareAction, args: readonly unknown[], overwrite: boolean): Promise<WirePrepared> {
    const r = await this.link.call<SentPrepared>({ method: 'prepare', read, action, args, overwrite }, PREPARING[action]);
    if (!r.ok) return r;
    const batch = describedBatch(r.label, r.description);
    preparedThere.set(batch, { handle: this.handle, id: r.prepared });
    return { ok: true, batch, prepared: r.prepared, ...(r.warnings ? { warnings: r.warnings } : {}) };
  }

  fingerprint(read?: number): Promise<string | null> {
    return this.link.call({ method: 'fingerprint', handle: this.handle, ...(read !== undefined ? { read } : {}) }, 'Reading the tournament…');
  }

  checkReadBack(prepared: number): Promise<ReadBackCheck> {
    return this.link.call({ method: 'check-read-back', prepared }, 'Checking the workbook read back…');
  }

  refreshLiveValues(): Promise<void> {
    return this.link.call({ method: 'refresh-live-values', handle: this.handle }, 'Bringing the standings up to date…');
  }

  view(sheet: string, known?: number): Promise<SheetView> {
    return this.link.call({ method: 'view', handle: this.handle, sheet, ...(known !== undefined ? { known } : {}) }, `Reading ${sheet}…`);
  }

  sheetNames(): Promise<string[]> {
    return this.link.call({ method: 'sheetNames', handle: this.handle }, 'Reading the workbook…');
  }

  readSheet(sheet: string): Promise<CellValue[][] | null> {
    return this.link.call({ method: 'readSheet', handle: this.handle, sheet }, `Reading ${sheet}…`);
  }

  readFormulas(sheet: string): Promise<(string | null)[][] | null> {
    return this.link.call({ method: 'readFormulas', handle: this.handle, sheet }, `Reading ${sheet}…`);
  }

  apply(batch: WorkbookBatch): Promise<void> {
    const there = preparedThere.get(batch);
    // A batch prepared for another workbook holds no ops on the page: refused, never applied empty.
    if (there && there.handle !== this.handle) return Promise.reject(new Error(`${batch.label}: prepared on another workbook than the one open now; nothing was written — prepare it again`));
    return this.link.call({ method: 'apply', handle: this.handle, batch: there?.id ?? batch }, `Writing: ${batch.label}…`);
  }

  save(): Promise<Uint8Array> {
    return this.link.call({ method: 'save', handle: this.handle }, 'Saving the workbook…');
  }
}

/** Workbooks held in `worker`; one the page lets go of is dropped there too. */
export function workerWorkbooks(worker: Worker, progress: Progress): PageWorkbookFactory {
  const link = new WorkerLink(worker, progress);
  const dropped = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<number>((handle) => void link.call({ method: 'drop', handle }, 'Tidying up…').catch(() => undefined)) : undefined;
  const made = (handle: number) => {
    const wb = new WorkerWorkbook(link, handle);
    dropped?.register(wb, handle);
    return wb;
  };
  return {
    create: async () => made(await link.call<number>({ method: 'create' }, 'Creating the workbook…')),
    // The bytes are copied to the worker, not moved: the page keeps them (the undo history, the browser's copy).
    load: async (bytes) => made(await link.call<number>({ method: 'open', bytes }, 'Opening the workbook…')),
  };
}
