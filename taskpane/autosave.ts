/**
 * The standalone page keeps the tournament in the browser: after every confirmed write the page's workbook (its
 * `.xlsx` bytes) is stored in IndexedDB, and the page restores it when opened again — a reload or a closed tab
 * loses nothing (issue 9, "The standalone page keeps the tournament").
 *
 * IndexedDB (MDN, "Using IndexedDB": https://developer.mozilla.org/en-US/docs/Web/API/IndexedDB_API/Using_IndexedDB)
 * stores structured-cloneable values, a `Uint8Array` among them, per origin; the page asks for persistent storage
 * (MDN, "StorageManager: persist()") so the browser does not evict it under storage pressure, and says so when it
 * cannot. Storage is per origin: every tab of the page on one origin shares the one saved tournament (the last write
 * wins) — docs/excel-compatibility.md, "The task pane".
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

const DATABASE = 'tengen-standalone';
const STORE = 'workbooks';
/** One tournament per origin: the page holds one workbook at a time. */
const KEY = 'current';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

/** The browser's IndexedDB as the page's store; every call fails with the browser's reason when it is unavailable. */
export function indexedDbStore(factory: IDBFactory | undefined = globalThis.indexedDB): AutosaveStore {
  let opened: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new Error('this browser has no IndexedDB'));
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
      open.onblocked = () => reject(new Error('IndexedDB is blocked by another tab of this page'));
    }).catch((e: unknown) => {
      opened = undefined;
      throw e;
    });
    return opened;
  };
  /** One transaction, resolved when it is committed (a write is kept only then). */
  const run = async <T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await database();
    const tx = db.transaction(STORE, mode);
    const result = request(body(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new Error('the browser refused to store the workbook'));
      tx.onerror = () => reject(tx.error ?? new Error('the browser refused to store the workbook'));
    });
    return result;
  };
  return {
    async load() {
      const found = (await run('readonly', (s) => s.get(KEY))) as SavedWorkbook | undefined;
      return found && found.bytes instanceof Uint8Array ? found : null;
    },
    async save(saved) {
      await run('readwrite', (s) => s.put(saved, KEY));
    },
    async clear() {
      await run('readwrite', (s) => s.delete(KEY));
    },
  };
}

/** Asks the browser to keep the page's storage under pressure (best effort; false when refused or unknown). */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
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
