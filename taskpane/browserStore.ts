/**
 * The browser's store for the standalone page's autosave (see `autosave.ts`). IndexedDB (MDN, "Using IndexedDB":
 * https://developer.mozilla.org/en-US/docs/Web/API/IndexedDB_API/Using_IndexedDB) stores structured-cloneable
 * values, a `Uint8Array` among them, per origin; a write is kept once its transaction completes. The page asks for
 * persistent storage (MDN, "StorageManager: persist()") so the browser does not evict it under storage pressure,
 * and never relies on it. Storage is per origin: every tab of the page on one origin shares the one saved
 * tournament (the last write wins) — docs/excel-compatibility.md, "The task pane".
 */
import type { AutosaveStore, SavedWorkbook } from './autosave';
import type { RatingListStore, SavedRatingList } from './ratingListHolder';

const DATABASE = 'tengen-standalone';
const STORE = 'workbooks';
/** One tournament per origin: the page holds one workbook at a time. */
const KEY = 'current';
/** The rating list loaded in the Players step (ratingListHolder.ts), beside the workbook in the same store. */
const RATING_LIST_KEY = 'rating-list';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

type Run = <T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>) => Promise<T>;

const defaultFactory = (): IDBFactory | undefined => (typeof indexedDB === 'undefined' ? undefined : indexedDB);

/** The browser's IndexedDB as the page's store; every call fails with the browser's reason when it is unavailable. */
export function indexedDbStore(factory: IDBFactory | undefined = defaultFactory()): AutosaveStore {
  const run = transactions(factory);
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

/** The rating list's file kept in the same IndexedDB store as the workbook, under its own key. */
export function indexedDbRatingListStore(factory: IDBFactory | undefined = defaultFactory()): RatingListStore {
  const run = transactions(factory);
  return {
    async load() {
      const found = (await run('readonly', (s) => s.get(RATING_LIST_KEY))) as SavedRatingList | undefined;
      return found && found.bytes instanceof Uint8Array && typeof found.file === 'string' ? found : null;
    },
    async save(saved) {
      await run('readwrite', (s) => s.put({ file: saved.file, bytes: saved.bytes }, RATING_LIST_KEY));
    },
  };
}

/** Transactions on the page's one object store, the database opened on first use. */
function transactions(factory: IDBFactory | undefined): Run {
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
  return run;
}

/** Asks the browser to keep the page's storage under pressure (best effort; false when refused or unknown). */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
