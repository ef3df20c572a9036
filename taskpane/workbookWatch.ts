/**
 * What the pane says about the workbook under it: edits made since it read (the director typing, a co-author), and
 * why a write did not go through — a conflict (the workbook changed since the step opened: nothing written), or
 * Excel refusing part-way (what the workbook holds now, as read again).
 */
import { WorkbookConflict } from '../src/workbook/adapters/batch';
import type { WorkbookAdapter, WorkbookBatch } from '../src/workbook/adapters/adapter';
import { GRID_SHEET } from '../src/workbook/sheets/grid';
import { LOG_SHEET } from '../src/workbook/sheets/logSheet';
import { PLAYERS_SHEET } from '../src/workbook/sheets/playersSheet';
import { SETTINGS_SHEET } from '../src/workbook/sheets/settingsSheet';
import type { WorkbookChange } from './officeAdapter';

/** An adapter that can tell of edits (the Office.js one); the `.xlsx` of the standalone page cannot change under it. */
interface Watchable {
  watch(sheets: readonly string[], onChange: (change: WorkbookChange) => void): Promise<() => Promise<void>>;
}

function watchable(wb: WorkbookAdapter): wb is WorkbookAdapter & Watchable {
  return typeof (wb as Partial<Watchable>).watch === 'function';
}

/** The sheets Tengen reads the tournament from. */
export function tengenSheets(sheets: readonly string[]): string[] {
  return sheets.filter((s) => s === GRID_SHEET || s === PLAYERS_SHEET || s === SETTINGS_SHEET || s === LOG_SHEET || /^Pairings R\d+$/.test(s));
}

/**
 * Calls `onStale` with a message when a Tengen sheet is edited outside the pane, once until `reset` is called (the
 * pane re-read). Resolves to a stop function; nothing to watch on an adapter without change events.
 */
export interface WorkbookWatch {
  stop(): Promise<void>;
  /** The pane read the workbook again: forget the edits seen so far. */
  reset(): void;
  /** `Sheet!A1` of the edits seen since the last read. */
  changes(): readonly string[];
}

export async function watchWorkbook(wb: WorkbookAdapter, onStale: (message: string) => void): Promise<WorkbookWatch> {
  let seen: string[] = [];
  const reset = () => {
    seen = [];
  };
  const changes = () => seen;
  if (!watchable(wb)) return { stop: async () => undefined, reset, changes };
  const stop = await wb.watch(tengenSheets(await wb.sheetNames()), (change) => {
    seen = [...seen, `${change.sheet}!${change.address}`];
    if (seen.length > 1) return;
    onStale(`The workbook changed (${change.sheet}!${change.address}${change.remote ? ', by a co-author' : ''}): re-read before writing.`);
  });
  return { stop, reset, changes };
}

/**
 * What the pane says after a write: merged cell by cell when the workbook had changed since the step opened (the
 * batch's own cells were checked unchanged, so those edits are kept beside it).
 */
export function writeSuccess(batch: WorkbookBatch, changesSinceRead: readonly string[]): string {
  if (changesSinceRead.length === 0) return `Written: ${batch.label}.`;
  const list = [...new Set(changesSinceRead)];
  return `Written: ${batch.label} — merged cell by cell with the changes made since you opened this step (${list.slice(0, 8).join(', ')}${list.length > 8 ? ', …' : ''}), which are kept.`;
}

/** Why a confirmed batch was not (wholly) written, for the pane. */
export function writeFailure(batch: WorkbookBatch, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof WorkbookConflict) return `${batch.label}: ${message}`;
  if (e instanceof Error && e.name === 'WriteFailed') return message;
  return `${batch.label}: nothing was written — ${message}`;
}

/**
 * Batches described where they were prepared (the standalone page's workbook worker keeps a congress batch's ops and
 * sends the page its label and this description alone: `workerWorkbook.ts`).
 */
const described = new WeakMap<WorkbookBatch, string>();

export function describedBatch(label: string, description: string): WorkbookBatch {
  const batch: WorkbookBatch = { label, ops: [] };
  described.set(batch, description);
  return batch;
}

/**
 * "Results of round 2: writes 6 cells on Grid, Pairings R2, Log" — what the confirmation shows; a batch that deletes
 * sheets says Excel cannot undo it (Worksheet.delete is not undoable: "Undo capabilities in Excel add-ins").
 */
export function describeWrites(batch: WorkbookBatch): string {
  const known = described.get(batch);
  if (known !== undefined) return known;
  const writing = batch.ops.filter((op) => op.kind !== 'expect' && op.kind !== 'expect-missing' && op.kind !== 'cached-values');
  const sheets = [...new Set(writing.map((op) => op.sheet))];
  const cells = writing.reduce((n, op) => n + (op.kind === 'write' || op.kind === 'append' ? op.cells.reduce((m, row) => m + row.length, 0) : 0), 0);
  const deletes = writing.filter((op) => op.kind === 'delete-sheet').map((op) => op.sheet);
  const undo = deletes.length > 0 ? ` and deletes ${deletes.join(', ')}, which Excel cannot undo` : '';
  return `${batch.label}: writes ${cells} cell${cells === 1 ? '' : 's'} on ${sheets.join(', ') || 'no sheet'}${undo}`;
}
