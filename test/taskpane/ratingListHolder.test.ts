/** The pane's rating list (taskpane/ratingListHolder.ts): kept until another replaces it, saved and read back. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RatingListHolder, type RatingListStore, type SavedRatingList } from '../../taskpane/ratingListHolder';

const EGF_SAMPLE = readFileSync(path.join(__dirname, '..', 'formats', 'fixtures', 'egf-allworld-sample.txt'));
const AGA = Buffer.from(Array.from({ length: 5 }, (_, i) => `Doe${i}, John\t${100 + i}\tFull\t-5.5\t1/1/2030\tNYGC\tNY\t0.5\t1/1/2020`).join('\n'));

function memoryStore(initial: SavedRatingList | null = null): RatingListStore & { saved: SavedRatingList | null } {
  const store = {
    saved: initial,
    load: async () => store.saved,
    save: async (s: SavedRatingList) => {
      store.saved = s;
    },
  };
  return store;
}

describe('RatingListHolder', () => {
  it('keeps a list until another one replaces it; a file that does not read replaces nothing', async () => {
    const store = memoryStore();
    const holder = new RatingListHolder(store);
    await holder.ready;
    expect(holder.current()).toBeNull();
    expect(holder.load(EGF_SAMPLE, 'egf.txt').ok).toBe(true);
    expect(holder.find('kovacs', 5).entries[0].id).toBe('10952273');
    expect(holder.load(Buffer.from('<html></html>'), 'page.html').ok).toBe(false);
    expect(holder.current()?.file).toBe('egf.txt');
    expect(holder.load(AGA, 'td.txt').ok).toBe(true);
    expect(holder.current()?.format).toBe('aga');
    await Promise.resolve();
    expect(store.saved?.file).toBe('td.txt');
  });

  it('reads the list the store kept when it starts', async () => {
    const holder = new RatingListHolder(memoryStore({ file: 'egf.txt', bytes: new Uint8Array(EGF_SAMPLE) }));
    await holder.ready;
    expect(holder.current()?.entries).toHaveLength(11);
  });

  it('says when the store refuses the list, and works without a store', async () => {
    const refusing: RatingListStore = { load: async () => null, save: () => Promise.reject(new Error('quota exceeded')) };
    const holder = new RatingListHolder(refusing);
    holder.load(EGF_SAMPLE, 'egf.txt');
    await new Promise((r) => setTimeout(r, 0));
    expect(holder.notKeptReason()).toBe('quota exceeded');
    const inMemory = new RatingListHolder();
    expect(inMemory.kept).toBe(false);
    inMemory.load(EGF_SAMPLE, 'egf.txt');
    expect(inMemory.find('wei zhang', 5).total).toBe(1);
  });
});
