/**
 * The wizard's session held where the standalone page's workbook is, in its Web Worker (issue 28: "the page keeps the
 * parsed workbook between steps instead of re-reading it"): reading the tournament, and preparing each batch (the
 * cell-by-cell diff of a congress grid, `src/workbook/session/changes.ts`), run there, off the page's thread. The page
 * gets the tournament it shows and the batch it confirms; the worker keeps the read behind them (the sheets as read,
 * which every write expects to find), so a batch is planned against exactly what was read.
 *
 * A workbook read is kept until the next write to it: nothing else changes a workbook held in the worker, so reading
 * it again before that gives the same tournament (the wizard's checks — "the workbook changed since the preview" —
 * still compare fingerprints, and the read after every write is a real read of what was written).
 *
 * No DOM and no worker API here: the worker (`workbookWorker.ts`) calls it, and plain unit tests run it on a
 * `MemoryWorkbook`.
 */
import type { Round, Tournament } from '../src/model/tournament';
import type { WorkbookAdapter, WorkbookBatch } from '../src/workbook/adapters/adapter';
import { liveValuesBatch } from '../src/workbook/session';
import { sameValues, tournamentAfterResults } from './readAhead';
import type { BatchOrErrors, ResultEntry, TournamentRead, WizardServices } from './services';
import { sessionServices } from './sessionServices';
import type { PrepareAction, ReadBackCheck, WirePrepared, WireRead } from './workbookProtocol';

/** How many reads (and prepared batches) the worker remembers: a step's tournament is never older than a few reads. */
const KEPT = 8;

function remember<T>(map: Map<number, T>, id: number, value: T): void {
  map.set(id, value);
  for (const old of map.keys()) {
    if (map.size <= KEPT) break;
    map.delete(old);
  }
}

export class WorkerSession {
  private nextRead = 1;
  private nextBatch = 1;
  /**
   * The reads made, by read id: the tournament a batch the page asks for is planned on (the very object read), and its
   * fingerprint when asked for (computed then, once).
   */
  private readonly reads = new Map<number, TournamentRead & { readonly ok: true }>();
  /** The batches prepared, by id: applied from here when the page confirms one (it is not sent back). */
  private readonly prepared = new Map<number, WorkbookBatch>();
  /** What each batch was prepared from, by its id: the read, the action and its arguments (`checkReadBack`). */
  private readonly preparedFrom = new Map<number, { readonly read: number; readonly action: PrepareAction; readonly args: readonly unknown[] }>();
  /** The read made right after each prepared batch was applied, by the batch's id (`checkReadBack`). */
  private readonly readBacks = new Map<number, Promise<{ read: TournamentRead; id: number }>>();
  /** The last read of each workbook, until it is written to. */
  private readonly current = new WeakMap<WorkbookAdapter, Promise<{ read: TournamentRead; id: number }>>();

  constructor(private readonly services: WizardServices<BatchOrErrors> = sessionServices()) {}

  /** The workbook's last read, made again only when it was written to since. */
  private latest(wb: WorkbookAdapter): Promise<{ read: TournamentRead; id: number }> {
    let reading = this.current.get(wb);
    if (!reading) {
      reading = this.services.readTournament(wb).then((read) => {
        const id = this.nextRead++;
        if (read.ok) remember(this.reads, id, read);
        return { read, id };
      });
      this.current.set(wb, reading);
      // A read that failed (an adapter's error) is tried again next time.
      const failed = reading;
      reading.catch(() => {
        if (this.current.get(wb) === failed) this.current.delete(wb);
      });
    }
    return reading;
  }

  /**
   * The tournament the workbook holds; `known`: the read the page holds already, answered "unchanged" (the page keeps
   * its copy, none is sent) when it is still the last.
   */
  async read(wb: WorkbookAdapter, known?: number): Promise<WireRead> {
    const { read, id } = await this.latest(wb);
    if (!read.ok) return read;
    if (known === id) return { ok: true, unchanged: true, read: id };
    // No fingerprint computed for it (a result's read back never needs one): the page asks when it does.
    return { ok: true, tournament: read.tournament, read: id };
  }

  /**
   * The tournament's fingerprint in the workbook (what a write is checked against), null when it holds none; `read`: of
   * that read (refused once the worker no longer holds it).
   */
  async fingerprint(wb: WorkbookAdapter, read?: number): Promise<string | null> {
    if (read !== undefined) {
      const made = this.reads.get(read);
      if (!made) throw new Error('the workbook was read again since this step opened: re-read it and try again');
      return made.fingerprint;
    }
    try {
      const { read } = await this.latest(wb);
      return read.ok ? read.fingerprint : null;
    } catch {
      return null;
    }
  }

  /** The workbook is being written to: its next read is a real one. */
  written(wb: WorkbookAdapter): void {
    this.current.delete(wb);
  }

  /** Apply a batch (one prepared here, by id, or one the page sent) to `wb`. */
  async apply(wb: WorkbookAdapter, batch: WorkbookBatch | number): Promise<void> {
    const b = typeof batch === 'number' ? this.prepared.get(batch) : batch;
    if (!b) throw new Error('the prepared write is no longer held by the page: prepare it again');
    this.written(wb);
    try {
      await wb.apply(b);
    } finally {
      this.written(wb);
    }
    // The wizard reads the workbook again after every write it confirms: the read starts now, here, not when the page
    // asks for it (the page draws "Writing…" meanwhile, then asks), and is kept for that ask. A read that fails is made
    // again when asked (`latest`). It is the workbook as this write left it: the adapter runs its calls one after the
    // other, so a later write comes after this read's sheets.
    const back = this.latest(wb);
    back.catch(() => undefined);
    if (typeof batch === 'number') remember(this.readBacks, batch, back);
  }

  /**
   * The workbook as read back after prepared batch `prepared` was applied, compared value for value with the tournament
   * the page drew the next step from before that read was made: the tournament the batch was prepared on with its
   * results entered (`readAhead.ts`). The same: the read names it (the page's next batches are prepared on it);
   * otherwise what differs, and the page says so and refuses what it prepared on its view.
   */
  async checkReadBack(prepared: number): Promise<ReadBackCheck> {
    const from = this.preparedFrom.get(prepared);
    const back = this.readBacks.get(prepared);
    const base = from ? this.reads.get(from.read) : undefined;
    const expected = from && base && from.action === 'resultsBatch' ? tournamentAfterResults(base.tournament, from.args[0] as Round, from.args[1] as readonly ResultEntry[]) : null;
    if (!back || !expected) return { ok: false, message: 'the page no longer holds what this write was prepared on, so the workbook read back could not be checked' };
    let got: { read: TournamentRead; id: number };
    try {
      got = await back;
    } catch (e) {
      return { ok: false, message: `the workbook could not be read back (${e instanceof Error ? e.message : String(e)})` };
    }
    if (!got.read.ok) return { ok: false, message: 'the workbook no longer reads as a tournament' };
    return sameValues(expected, got.read.tournament) ? { ok: true, read: got.id } : { ok: false, message: 'the tournament read back is not the one the page showed after it' };
  }

  /**
   * A batch of the wizard's services (`sessionServices.ts`) on the tournament of read `read` (the object read, so the
   * batch is planned against the sheets as read), or on the tournament the page sent; `overwrite`: the director
   * confirmed overwriting his entries named by the first attempt.
   */
  prepare(read: number | Tournament, action: PrepareAction, args: readonly unknown[], overwrite: boolean): Promise<WirePrepared> {
    const t = typeof read === 'number' ? this.reads.get(read)?.tournament : read;
    if (!t) return Promise.resolve({ ok: false, errors: [{ message: 'the workbook was read again since this step opened: re-read it and try again' }], overwritable: false });
    const make = this.services[action] as ((t: Tournament, ...rest: unknown[]) => BatchOrErrors) | undefined;
    if (!make) return Promise.resolve({ ok: false, errors: [{ message: `${action}: not offered here` }], overwritable: false });
    return this.answer(make.call(this.services, t, ...args), overwrite, typeof read === 'number' ? { read, action, args } : undefined);
  }

  private async answer(prepared: BatchOrErrors | Promise<BatchOrErrors>, overwrite: boolean, from?: { read: number; action: PrepareAction; args: readonly unknown[] }): Promise<WirePrepared> {
    let p = await prepared;
    if (!p.ok && overwrite && p.overwrite) p = await p.overwrite();
    if (!p.ok) return { ok: false, errors: p.errors, overwritable: p.overwrite !== undefined };
    const id = this.nextBatch++;
    remember(this.prepared, id, p.batch);
    if (from) remember(this.preparedFrom, id, from);
    return { ok: true, batch: p.batch, prepared: id, ...(p.warnings ? { warnings: p.warnings } : {}) };
  }

  /**
   * Before a file is saved: the live formulas' cached values brought up to date (`liveValuesBatch`), so a viewer or
   * LibreOffice shows the current standings. A workbook that does not read as a tournament is saved as it is.
   */
  async refreshLiveValues(wb: WorkbookAdapter): Promise<void> {
    const { read } = await this.latest(wb);
    if (!read.ok) return;
    const batch = liveValuesBatch(read.tournament);
    if (batch.ops.length > 0) await this.apply(wb, batch);
  }
}
