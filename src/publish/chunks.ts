/**
 * Long lists split over pages so that each page stays small on a phone (issue 22: each page ≤ 30 KB): the first at
 * `NAME.html`, then `NAME-2.html`, `NAME-3.html`… The same field gives the same pages, so a URL stays valid when the
 * site is published again after another round.
 */
export interface Chunk<T> {
  readonly path: string;
  readonly items: readonly T[];
  /** 1-based. */
  readonly number: number;
  readonly of: number;
}

export function chunkPath(stem: string, n: number): string {
  return n === 1 ? `${stem}.html` : `${stem}-${n}.html`;
}

export function chunked<T>(stem: string, items: readonly T[], size: number): Chunk<T>[] {
  const of = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: of }, (_, i) => ({ path: chunkPath(stem, i + 1), items: items.slice(i * size, (i + 1) * size), number: i + 1, of }));
}

/** The page of `stem` holding item `index`. */
export function chunkOf(stem: string, index: number, size: number): string {
  return chunkPath(stem, Math.floor(index / size) + 1);
}

/** "page 2 of 8" with links to each page of the list, or nothing for a single page. */
export function pageLinks(chunks: readonly Chunk<unknown>[], current: number, href: (path: string) => string, label: (n: number, of: number) => string): string {
  if (chunks.length <= 1) return '';
  const links = chunks.map((c) => (c.number === current ? `<strong>${c.number}</strong>` : `<a href="${href(c.path)}">${c.number}</a>`)).join(' ');
  return `<p class="pages">${label(current, chunks.length)}: ${links}</p>`;
}
