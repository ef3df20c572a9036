/**
 * The rating list the director loaded in the Players step (EGD allworld, FFG échelle, AGA TDList): read once, kept
 * for the pane's whole life — whatever tournament or workbook is opened meanwhile — until another list replaces it.
 * The standalone page also keeps the list's bytes in the browser (IndexedDB, `browserStore.ts`) and reads them again
 * when the page is opened next; in Excel the pane keeps it in memory only (the shared runtime lives as long as the
 * workbook is open).
 */
import type { Parsed } from '../src/model/errors';
import { findInRatingList, prepareSearch, readRatingList, type Found, type RatingList } from '../src/formats/ratingLists';

/** A list's file as the browser keeps it. */
export interface SavedRatingList {
  readonly file: string;
  readonly bytes: Uint8Array;
}

export interface RatingListStore {
  load(): Promise<SavedRatingList | null>;
  save(saved: SavedRatingList): Promise<void>;
}

export class RatingListHolder {
  private list: RatingList | null = null;
  /** Why the browser does not keep the list, when it could not (said beside the list's name). */
  private notKept: string | null = null;
  /** Settled once a list kept by the browser is read again (at once without a store). */
  readonly ready: Promise<void>;

  constructor(private readonly store?: RatingListStore) {
    this.ready = store ? this.restore(store) : Promise.resolve();
  }

  private async restore(store: RatingListStore): Promise<void> {
    try {
      const saved = await store.load();
      if (!saved || this.list) return;
      const read = readRatingList(saved.bytes, saved.file);
      if (read.ok) this.use(read.value);
    } catch {
      // Nothing kept, or a browser without IndexedDB: the director loads the list again.
    }
  }

  private use(list: RatingList): void {
    this.list = list;
    // The names' words for the search, prepared once the pane has drawn the list's status: the first letter the
    // director types does not wait for them (~0.3 s on 100,000 names).
    setTimeout(() => {
      if (this.list === list) prepareSearch(list);
    }, 0);
  }

  current(): RatingList | null {
    return this.list;
  }

  /** Reads a list; when it reads, it replaces the one loaded (and the browser keeps it, where it can). */
  load(bytes: Uint8Array, file: string): Parsed<RatingList> {
    const read = readRatingList(bytes, file);
    if (!read.ok) return read;
    this.use(read.value);
    this.notKept = null;
    if (this.store) {
      this.store.save({ file, bytes }).catch((e: unknown) => {
        this.notKept = (e as Error).message;
      });
    }
    return read;
  }

  find(query: string, limit: number): Found {
    return this.list ? findInRatingList(this.list, query, limit) : { entries: [], total: 0 };
  }

  /** Whether the browser keeps the list: null when it does or when there is no store (Excel). */
  notKeptReason(): string | null {
    return this.notKept;
  }

  /** Whether the list outlives the page (the standalone page's store). */
  get kept(): boolean {
    return this.store !== undefined;
  }
}
