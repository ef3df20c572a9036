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
