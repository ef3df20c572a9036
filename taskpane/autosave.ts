/**
 * The standalone page keeps the tournament in the browser: after every confirmed write the page's workbook (its
 * `.xlsx` bytes) is stored in IndexedDB, and the page restores it when opened again — a reload or a closed tab
 * loses nothing (issue 9, "The standalone page keeps the tournament").
 *
 * This file: what is kept, and how the page names and times it (no browser API here, so plain unit tests run it);
 * the browser's store is `browserStore.ts`.
 */

/** What the browser keeps: the workbook's bytes, the title the page uses for it, and when it was stored. */
export interface SavedWorkbook {
  readonly bytes: Uint8Array;
  readonly title: string;
  /** ISO 8601 time of the save. */
  readonly savedAt: string;
  /** Whether the tournament was also saved as an `.xlsx` file since its last change. */
  readonly savedAsFile: boolean;
  /** The writes the page can undo, the last on top (`UndoStep`). */
  readonly history?: readonly UndoStep[];
}

export interface AutosaveStore {
  load(): Promise<SavedWorkbook | null>;
  save(saved: SavedWorkbook): Promise<void>;
  clear(): Promise<void>;
}

const two = (n: number) => String(n).padStart(2, '0');

/** "14:05:09" today, "2026-05-16 14:05" another day: the local time of a save, the same in every locale. */
export function savedAtText(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const day = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const today = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return day === today ? `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}` : `${day} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The file name "Save .xlsx" suggests: the tournament's name (accents folded, words joined by "-", case kept) and the
 * year it begins when the name does not already say it — "Quebec Open", 2026-05-16 → `Quebec-Open-2026.xlsx`.
 */
export function suggestedFileName(name: string | undefined, beginDate?: string, fallback = 'tournament'): string {
  const words = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\s-]/g, ' ')
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const year = /^(\d{4})-/.exec(beginDate ?? '')?.[1];
  if (year && !words.includes(year)) words.push(year);
  const stem = words.join('-').slice(0, 100).replace(/-+$/, '');
  return `${stem || fallback}.xlsx`;
}

/**
 * One step of the page's undo (issue 25: "Undo of the last confirmed write in the page"): the workbook as it was
 * before a confirmed write (its `.xlsx` bytes), the write's label, and the tournament's fingerprint before and after
 * it. Undoing is itself checked like any write: refused when the workbook is no longer as that write left it
 * (`after`), and the copy restored must read back as the tournament it was (`before`). Null fingerprints: no
 * tournament in the workbook (before "Create the sheets").
 */
export interface UndoStep {
  readonly label: string;
  /**
   * The workbook's `.xlsx` bytes; on the page a `Blob` (made once, when the step is put on the history): the browser
   * stores a Blob in IndexedDB by reference, so keeping the history again after each write copies none of its steps on
   * the page's thread — ten EGC workbooks, 25–30 ms of it per autosave before (issue 28).
   */
  readonly bytes: Uint8Array | Blob;
  readonly before: string | null;
  readonly after: string | null;
  /** ISO 8601 time of the write. */
  readonly at: string;
}

/** How many writes the page can undo, and the most bytes the browser keeps for them. */
export const UNDO_STEPS = 10;
export const UNDO_BYTES = 64 * 1024 * 1024;

/** The history with `step` on top, the oldest steps dropped beyond `UNDO_STEPS` or `UNDO_BYTES`. */
export function pushUndo(history: readonly UndoStep[], step: UndoStep, limit = UNDO_STEPS, maxBytes = UNDO_BYTES): UndoStep[] {
  const out = [...history, step];
  let bytes = out.reduce((n, s) => n + sizeOf(s.bytes), 0);
  while (out.length > 1 && (out.length > limit || bytes > maxBytes)) bytes -= sizeOf(out.shift()!.bytes);
  return out;
}

function sizeOf(bytes: Uint8Array | Blob): number {
  return bytes instanceof Uint8Array ? bytes.length : bytes.size;
}

const isBlob = (v: unknown): v is Blob => typeof Blob === 'function' && v instanceof Blob;

/** A step's bytes as the history keeps them: a Blob where the environment has one. */
export function keptBytes(bytes: Uint8Array): Uint8Array | Blob {
  // A copy in a plain ArrayBuffer (a Blob takes no view of a shared buffer).
  return typeof Blob === 'function' ? new Blob([bytes.slice().buffer as ArrayBuffer]) : bytes;
}

/** A step's bytes, to open. */
export async function stepBytes(step: UndoStep): Promise<Uint8Array> {
  return step.bytes instanceof Uint8Array ? step.bytes : new Uint8Array(await step.bytes.arrayBuffer());
}

/** Whether a kept history is usable (IndexedDB gives back what was stored, but an older page stored none). */
export function validHistory(history: unknown): UndoStep[] {
  if (!Array.isArray(history)) return [];
  return history.filter(
    (s): s is UndoStep =>
      s !== null && typeof s === 'object' && (s.bytes instanceof Uint8Array || isBlob(s.bytes)) && typeof s.label === 'string' && typeof s.at === 'string',
  );
}
