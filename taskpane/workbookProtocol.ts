/**
 * The messages between the standalone page and the Web Worker that holds its `.xlsx` workbook (issue 28: parsing and
 * saving a congress workbook takes seconds, and "long work never blocks the page's thread"): the page asks for one
 * `WorkbookAdapter` call at a time by handle, the worker answers with its result or its error. Errors cross as plain
 * data and are made again on the page as the classes the wizard tells apart (a `WorkbookConflict` is "re-read and
 * check", a `TengenInputError` names the cells, a `BatchError` the op).
 */
import type { CellConflict } from '../src/workbook/adapters/batch';
import { BatchError, WorkbookConflict } from '../src/workbook/adapters/batch';
import type { WorkbookBatch, WorkbookOp } from '../src/workbook/adapters/adapter';
import { TengenInputError, type InputError } from '../src/model/errors';

export type WorkbookRequest =
  | { readonly id: number; readonly method: 'create' }
  | { readonly id: number; readonly method: 'open'; readonly bytes: Uint8Array }
  | { readonly id: number; readonly method: 'drop'; readonly handle: number }
  | { readonly id: number; readonly method: 'sheetNames'; readonly handle: number }
  | { readonly id: number; readonly method: 'readSheet' | 'readFormulas'; readonly handle: number; readonly sheet: string }
  | { readonly id: number; readonly method: 'apply'; readonly handle: number; readonly batch: WorkbookBatch }
  | { readonly id: number; readonly method: 'save'; readonly handle: number };

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
