/**
 * A long table of the pane drawn a screenful at a time (issue 28: "a confirmed result leaves the page ready for the
 * next within 100 ms"): the Results step of a congress round is a table of 355 games, drawn again after every result;
 * laying out all of it took the page's thread 130–160 ms (Chromium trace, EGC 2024 file, `bench/pairPreviewBrowser.js
 * --trace`), drawing the first 50 rows 13 ms. The first `atOnce` rows (a screen and more: a game is two or three lines
 * in the 320-px pane) are drawn at once, the next when the last drawn comes near the view — as the sheet view draws
 * the grid (`sheetView.ts`).
 */
import { h, table, type Child } from './dom';

/** Rows of a pane table drawn at a time: more than the pane shows in one screen. */
export const PANE_ROWS_AT_ONCE = 30;

/**
 * `table(caption, header, rows, attributes)` with only the first `atOnce` rows drawn, the rest as the director scrolls
 * to them; `data-rows` says how many the table has, `data-drawn` how many are drawn while some are not.
 */
export function lazyTable(caption: string, header: readonly string[], rows: readonly (readonly Child[])[], attributes: Record<string, string> = {}, atOnce = PANE_ROWS_AT_ONCE): HTMLTableElement {
  const el = table(caption, header, [], { ...attributes, 'data-rows': String(rows.length) });
  const body = el.tBodies[0];
  let drawn = 0;
  const more = () => {
    const until = Math.min(rows.length, drawn + atOnce);
    const lines: HTMLElement[] = [];
    for (; drawn < until; drawn++) lines.push(h('tr', {}, ...rows[drawn].map((c) => h('td', {}, c))));
    body.append(...lines);
    if (drawn < rows.length) el.setAttribute('data-drawn', String(drawn));
    else el.removeAttribute('data-drawn');
    return drawn < rows.length;
  };
  if (!more()) return el;
  if (typeof IntersectionObserver !== 'function') {
    while (more());
    return el;
  }
  // The last row drawn coming near the view (600 px ahead) draws the next rows.
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      if (more()) observer.observe(body.lastElementChild!);
    },
    { rootMargin: '0px 0px 600px 0px' },
  );
  observer.observe(body.lastElementChild!);
  return el;
}
