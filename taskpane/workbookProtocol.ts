/**
 * The messages between the standalone page and the Web Worker that holds its `.xlsx` workbook (issue 28: parsing and
 * saving a congress workbook takes seconds, and "long work never blocks the page's thread"): the page asks for one
 * `WorkbookAdapter` call at a time by handle, the worker answers with its result or its error. Errors cross as plain
 * data and are made again on the page as the classes the wizard tells apart (a `WorkbookConflict` is "re-read and
 * check", a `TengenInputError` names the cells, a `BatchError` the op).
 */
import type { CellConflict } from '../src/workbook/adapters/batch';
import { BatchError, WorkbookConflict } from '../src/workbook/adapters/batch';
import type { CellValue, WorkbookBatch, WorkbookOp } from '../src/workbook/adapters/adapter';
import { TengenInputError, type InputError } from '../src/model/errors';
import type { Tournament } from '../src/model/tournament';
import type { ViewPatch } from './viewPatch';

export type WorkbookRequest =
  | { readonly id: number; readonly method: 'create' }
  | { readonly id: number; readonly method: 'open'; readonly bytes: Uint8Array }
  | { readonly id: number; readonly method: 'drop'; readonly handle: number }
  | { readonly id: number; readonly method: 'sheetNames'; readonly handle: number }
  | { readonly id: number; readonly method: 'readSheet' | 'readFormulas'; readonly handle: number; readonly sheet: string }
  /** `batch`: the batch, or the id of one the worker prepared (`prepare`), which is not sent back. */
  | { readonly id: number; readonly method: 'apply'; readonly handle: number; readonly batch: WorkbookBatch | number }
  | { readonly id: number; readonly method: 'save'; readonly handle: number }
  // The session, held in the worker (workerSession.ts).
  /** `known`: the read the page holds; answered `unchanged` when it is still the last. */
  | { readonly id: number; readonly method: 'read'; readonly handle: number; readonly known?: number }
  /** `read`: of that read (one the worker still holds), else of the workbook's last read. */
  | { readonly id: number; readonly method: 'fingerprint'; readonly handle: number; readonly read?: number }
  /** A batch of the wizard's services, on the tournament of read `read` (or the one sent). */
  | { readonly id: number; readonly method: 'prepare'; readonly read: number | Tournament; readonly action: PrepareAction; readonly args: readonly unknown[]; readonly overwrite: boolean }
  /**
   * The workbook read back after prepared batch `prepared` was applied, compared with the tournament the page drew the
   * next step from (a result's, `readAhead.ts`).
   */
  | { readonly id: number; readonly method: 'check-read-back'; readonly prepared: number }
  /** The live formulas' cached values brought up to date (before a file is saved). */
  | { readonly id: number; readonly method: 'refresh-live-values'; readonly handle: number }
  /**
   * What the sheet view shows: the sheet names and one sheet's values; `version` counts the writes to the workbook.
   * `known`: the view (`sent`) the page holds drawn, answered with the cells changed since when it is the last sent.
   */
  | { readonly id: number; readonly method: 'view'; readonly handle: number; readonly sheet: string; readonly known?: number };

/** The wizard's services that prepare a batch on a tournament read (`WizardServices`), by name. */
export type PrepareAction = 'registerPlayersBatch' | 'absencesBatch' | 'sectionsBatch' | 'pairRoundBatch' | 'resultsBatch' | 'standingsBatch' | 'pairPlayoffBatch' | 'finalizeBatch';

/**
 * A read as it crosses: `read` names it (the tournament it gave stays in the worker, for the batches); its fingerprint
 * is not computed for it (a result's read back never needs it, issue 28) but asked for when needed (`fingerprint`).
 */
export type WireRead =
  | { readonly ok: true; readonly tournament: Tournament; readonly read: number; readonly unchanged?: undefined }
  | { readonly ok: true; readonly unchanged: true; readonly read: number }
  | { readonly ok: false; readonly empty: true }
  | { readonly ok: false; readonly empty?: false; readonly errors: readonly InputError[] };

/** A prepared batch as it crosses: `prepared` names it for `apply`; `overwritable`: preparing it again with `overwrite` is offered. */
export type WirePrepared =
  | { readonly ok: true; readonly batch: WorkbookBatch; readonly prepared: number; readonly warnings?: readonly string[] }
  | { readonly ok: false; readonly errors: readonly InputError[]; readonly overwritable: boolean };

/**
 * The workbook read back after a write, against the tournament the page expected (`readAhead.ts`): the same (`read`
 * names the read back), or what differs, in words.
 */
export type ReadBackCheck = { readonly ok: true; readonly read: number } | { readonly ok: false; readonly message: string };

/** What `prepare` answers the page: the batch's label and description; its ops stay in the worker (a round's are a megabyte). */
export type SentPrepared =
  | { readonly ok: true; readonly label: string; readonly description: string; readonly prepared: number; readonly warnings?: readonly string[] }
  | { readonly ok: false; readonly errors: readonly InputError[]; readonly overwritable: boolean };

/**
 * The sheet view's content: the workbook's sheets, the one shown (`null` values: no such sheet, or `patch` given), and
 * its write count; `sent` names this view (the page's `known` next time); `patch`: the cells changed since view `known`.
 */
export interface SheetView {
  readonly names: readonly string[];
  readonly values: CellValue[][] | null;
  readonly version: number;
  readonly sent?: number;
  readonly patch?: ViewPatch;
}

/** An error as it crosses: its class by name, and what that class is made of. */
export type WireError =
  | { readonly kind: 'conflict'; readonly batchLabel: string; readonly conflicts: readonly CellConflict[] }
  | { readonly kind: 'batch'; readonly batchLabel: string; readonly opIndex: number; readonly op: WorkbookOp | undefined; readonly problem: string }
  | { readonly kind: 'input'; readonly errors: readonly InputError[] }
  | { readonly kind: 'other'; readonly name: string; readonly message: string };

export type WorkbookResponse = { readonly id: number; readonly result: unknown } | { readonly id: number; readonly error: WireError };

export function toWire(e: unknown): WireError {
  if (e instanceof WorkbookConflict) return { kind: 'conflict', batchLabel: e.batchLabel, conflicts: e.conflicts };
  if (e instanceof BatchError) return { kind: 'batch', batchLabel: e.batchLabel, opIndex: e.opIndex, op: e.op, problem: e.problem };
  if (e instanceof TengenInputError) return { kind: 'input', errors: e.errors };
  return { kind: 'other', name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e) };
}

export function fromWire(w: WireError): Error {
  switch (w.kind) {
    case 'conflict':
      return new WorkbookConflict(w.batchLabel, w.conflicts);
    case 'batch':
      return new BatchError(w.batchLabel, w.opIndex, w.op, w.problem);
    case 'input':
      return new TengenInputError(w.errors);
    default: {
      const e = new Error(w.message);
      e.name = w.name;
      return e;
    }
  }
}

export const now = () => (typeof performance === 'undefined' ? 0 : performance.now());

/**
 * Each call's time on the page, from its message to its answer, as a User Timing measure ("tengen apply", W3C User
 * Timing; in the worker, "tengen-worker apply", from the request to the answer): what the bench (`bench/pairPreviewBrowser.js`) and the browser's performance panel show of a write.
 */
let measured = 0;
export function measure(name: string, started: number): void {
  try {
    // The browser keeps every measure until cleared: the last thousand or so are plenty.
    if (++measured % 1000 === 0) performance.clearMeasures();
    performance.measure(name, { start: started, end: now() });
  } catch {
    // No User Timing here: nothing is measured.
  }
}
