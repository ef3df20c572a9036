/**
 * The page's side of a workbook held in the standalone page's Web Worker (taskpane/remoteSession.ts over
 * taskpane/workerSession.ts), in one process for the tests: every call's arguments and answers cloned as the worker's
 * messages would be (structuredClone).
 */
import type { WorkbookAdapter, WorkbookBatch } from '../../src/workbook/adapters/adapter';
import type { SessionWorkbook } from '../../taskpane/remoteSession';
import type { PreparedBatch } from '../../taskpane/services';
import type { PrepareAction, WirePrepared, WireRead } from '../../taskpane/workbookProtocol';
import { WorkerSession } from '../../taskpane/workerSession';

export class InProcessWorkbook<H extends WorkbookAdapter = WorkbookAdapter> implements WorkbookAdapter, SessionWorkbook {
  private readonly prepared = new WeakMap<WorkbookBatch, number>();
  /** How many times the page read the session (the tournament) from the worker. */
  readSessions = 0;
  constructor(
    readonly held: H,
    protected readonly session: WorkerSession = new WorkerSession(),
  ) {}
  sheetNames() {
    return this.held.sheetNames().then((v) => structuredClone(v));
  }
  readSheet(sheet: string) {
    return this.held.readSheet(sheet).then((v) => structuredClone(v));
  }
  readFormulas(sheet: string) {
    return this.held.readFormulas(sheet).then((v) => structuredClone(v));
  }
  apply(batch: WorkbookBatch) {
    return this.session.apply(this.held, this.prepared.get(batch) ?? structuredClone(batch));
  }
  async readSession(known?: number): Promise<WireRead> {
    this.readSessions++;
    return structuredClone(await this.session.read(this.held, known));
  }
  async prepare(read: number, action: PrepareAction, args: readonly unknown[], overwrite: boolean): Promise<WirePrepared> {
    const r = structuredClone(await this.session.prepare(read, action, structuredClone(args), overwrite));
    if (r.ok) this.prepared.set(r.batch, r.prepared);
    return r;
  }
  fingerprint(read?: number) {
    return this.session.fingerprint(this.held, read);
  }
}

/** The batch a prepared batch holds, or the test fails with its errors. */
export async function done(p: PreparedBatch): Promise<WorkbookBatch> {
  const b = await p;
  if (!b.ok) throw new Error(b.errors.map((e) => e.message).join('\n'));
  return b.batch;
}
