/**
 * The Players step's rating list: the control that loads one (EGD allworld, FFG échelle, AGA TDList) and the
 * type-ahead on the name fields that fills rank, club, country, rating and PIN from the entry the director picks.
 * The list itself is held by ./ratingListHolder.ts, so it stays loaded while the pane lives.
 *
 * The type-ahead follows WAI-ARIA's combobox pattern (a list box popup): the family-name field is the combobox,
 * ↓/↑ move through the matches, Enter picks, Escape closes; a click picks too.
 */
import { formatRank } from '../src/model/rank';
import { FORMAT_NAMES, ID_NAMES, type RatingEntry, type RatingList } from '../src/formats/ratingLists';
import { formatInputError } from '../src/model/errors';
import { field, h, newId } from './dom';
import type { RatingListHolder } from './ratingListHolder';

/** Matches shown under the name field at most. */
const SHOWN = 8;

export function describeEntry(list: RatingList, e: RatingEntry): string {
  const parts = [
    e.rank === undefined ? 'no rank' : formatRank(e.rank),
    e.club,
    e.country,
    e.rating === undefined ? undefined : `rating ${e.rating}`,
    e.id ? `${ID_NAMES[list.format]} ${e.id}` : undefined,
  ].filter((p): p is string => Boolean(p));
  return `${e.family}${e.given ? ` ${e.given}` : ''} — ${parts.join(' · ')}`;
}

export function ratingListStatus(holder: RatingListHolder): string {
  const list = holder.current();
  if (!list) return 'No rating list loaded: load one to look players up as you type their name.';
  const kept = !holder.kept ? 'kept while the pane is open' : holder.notKeptReason() ? `not kept in this browser (${holder.notKeptReason()})` : 'kept in this browser';
  const odd = list.skipped.length ? `; ${list.skipped.length} odd line${list.skipped.length === 1 ? '' : 's'} skipped` : '';
  return `Rating list: ${list.file} — ${FORMAT_NAMES[list.format]}, ${list.entries.length.toLocaleString('en')} players${odd}; ${kept}. Type a name to look it up.`;
}

/** The load control: a file input and the list's status; `loaded` after a list replaced the one before. */
export function ratingListControl(
  holder: RatingListHolder,
  report: { say(text: string): void; showErrors(lines: readonly string[]): void; warn(lines: readonly string[]): void },
  loaded: () => void,
): HTMLElement {
  const input = h('input', { type: 'file', name: 'rating-list', accept: '.txt,.tsv,.csv,.htm,.html,text/plain' });
  const status = h('p', { class: 'hint', 'data-testid': 'rating-list-status' }, ratingListStatus(holder));
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (!file) return;
    status.textContent = `Reading ${file.name}…`;
    void file.arrayBuffer().then((buffer) => {
      const read = holder.load(new Uint8Array(buffer), file.name);
      if (!read.ok) {
        status.textContent = ratingListStatus(holder);
        return report.showErrors(read.errors.map(formatInputError));
      }
      loaded();
      report.say(`${file.name}: ${read.value.entries.length.toLocaleString('en')} players loaded from the ${FORMAT_NAMES[read.value.format]}.`);
      // Odd lines do not stop the list: they are said, each with its line, so the director can look at them.
      if (read.value.skipped.length > 0) {
        const shown = read.value.skipped.slice(0, 5).map(formatInputError);
        const more = read.value.skipped.length > 5 ? [`… and ${read.value.skipped.length - 5} more odd lines`] : [];
        report.warn([`${read.value.skipped.length} odd line${read.value.skipped.length === 1 ? '' : 's'} of ${file.name} skipped:`, ...shown, ...more]);
      }
    });
  });
  return h('div', { class: 'rating-list' }, field('Rating list (EGD allworld, FFG échelle or AGA TDList)', input), status);
}

/**
 * The type-ahead on `family` (and `given`): the matches of "family given" in the loaded list, in a list box under
 * the field; `pick` receives the entry chosen.
 */
export function nameTypeAhead(holder: RatingListHolder, family: HTMLInputElement, given: HTMLInputElement, pick: (entry: RatingEntry, list: RatingList) => void): HTMLElement {
  const listbox = h('ul', { role: 'listbox', id: newId('matches'), class: 'matches', hidden: true, 'aria-label': 'Players of the rating list', 'data-testid': 'rating-list-matches' });
  family.setAttribute('role', 'combobox');
  family.setAttribute('aria-autocomplete', 'list');
  family.setAttribute('aria-controls', listbox.id);
  family.setAttribute('aria-expanded', 'false');
  let shown: RatingEntry[] = [];
  let active = -1;

  const close = () => {
    listbox.hidden = true;
    family.setAttribute('aria-expanded', 'false');
    family.removeAttribute('aria-activedescendant');
    shown = [];
    active = -1;
  };
  const choose = (i: number) => {
    const list = holder.current();
    const entry = shown[i];
    close();
    if (list && entry) pick(entry, list);
  };
  const highlight = (i: number) => {
    active = i;
    [...listbox.children].forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
    const li = listbox.children[i];
    if (li) family.setAttribute('aria-activedescendant', li.id);
  };
  const update = () => {
    const list = holder.current();
    const query = `${family.value} ${given.value}`.trim();
    if (!list || query.length < 2) return close();
    const found = holder.find(query, SHOWN);
    shown = [...found.entries];
    active = -1;
    listbox.replaceChildren(
      ...shown.map((e, i) => {
        const li = h('li', { role: 'option', id: `${listbox.id}-${i}`, 'aria-selected': 'false' }, describeEntry(list, e));
        // mousedown, not click: the field keeps the focus, so the list is not closed before the pick.
        li.addEventListener('mousedown', (ev) => {
          ev.preventDefault();
          choose(i);
        });
        return li;
      }),
      ...(found.total > shown.length ? [h('li', { class: 'hint', 'aria-disabled': 'true' }, `${found.total - shown.length} more: type more of the name`)] : []),
      ...(found.total === 0 ? [h('li', { class: 'hint', 'aria-disabled': 'true' }, `No player of ${list.file} matches "${query}"`)] : []),
    );
    listbox.hidden = false;
    family.setAttribute('aria-expanded', 'true');
  };
  const keys = (ev: KeyboardEvent) => {
    if (listbox.hidden) return;
    if (ev.key === 'ArrowDown' && shown.length > 0) {
      ev.preventDefault();
      highlight((active + 1) % shown.length);
    } else if (ev.key === 'ArrowUp' && shown.length > 0) {
      ev.preventDefault();
      highlight(active <= 0 ? shown.length - 1 : active - 1);
    } else if (ev.key === 'Enter' && active >= 0) {
      // Enter picks the highlighted player; it does not submit the form.
      ev.preventDefault();
      choose(active);
    } else if (ev.key === 'Escape') {
      ev.preventDefault();
      close();
    }
  };
  for (const input of [family, given]) {
    input.addEventListener('input', update);
    input.addEventListener('keydown', keys);
    input.addEventListener('blur', () => setTimeout(close, 0));
  }
  return listbox;
}
