/**
 * Finding a player in a rating list as a director types his name: case and accents ignored (`jerome` finds Jérôme,
 * `Bienvenue` finds BIENVENÜE), family and given name in either order, each word typed a prefix of a word of the name
 * (`ala jean-f` finds ALAIN Jean-François). Words are split at spaces, hyphens, commas, apostrophes and dots.
 */
import type { RatingEntry, RatingList } from './ratingList';

const NON_ASCII = /[^ -~]/;
const MARKS = /[\u0300-\u036f]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** A word without its accents (NFD, combining marks dropped); `ß` reads as `ss`, `ø` as `o`, `ł` as `l`. */
function plainWord(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').replace(/ß/g, 'ss').replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/œ/g, 'oe').replace(/ł/g, 'l').replace(/đ/g, 'd');
}

/** Accented words already made plain: names repeat (Jérôme, François), and a 100,000-name list is searched at once. */
const plainWords = new Map<string, string>();

/** The words of a name, lower case, accents removed. */
export function nameWords(text: string): string[] {
  const words = text.toLowerCase().split(SEPARATORS);
  const out: string[] = [];
  for (const w of words) {
    if (w === '') continue;
    if (!NON_ASCII.test(w)) {
      out.push(w);
      continue;
    }
    let plain = plainWords.get(w);
    if (plain === undefined) {
      plain = plainWord(w);
      if (plainWords.size < 100000) plainWords.set(w, plain);
    }
    out.push(plain);
  }
  return out;
}

/** Each typed word a prefix of a different word of the name (tried every way: "j jean" finds Jean Jacques). */
function wordsMatch(typed: readonly string[], words: readonly string[], used: boolean[] = [], from = 0): boolean {
  if (from === typed.length) return true;
  for (let i = 0; i < words.length; i++) {
    if (used[i] || !words[i].startsWith(typed[from])) continue;
    used[i] = true;
    if (wordsMatch(typed, words, used, from + 1)) return true;
    used[i] = false;
  }
  return false;
}

/** The words of each entry's name, computed once per list on its first search (the list's load stays fast). */
const wordsOfList = new WeakMap<RatingList, readonly (readonly string[])[]>();

function listWords(list: RatingList): readonly (readonly string[])[] {
  let words = wordsOfList.get(list);
  if (!words) {
    words = list.entries.map((e) => nameWords(`${e.family} ${e.given}`));
    wordsOfList.set(list, words);
  }
  return words;
}

/** Prepares every name's words now (a pane calls it right after loading, before the director types). */
export function prepareSearch(list: RatingList): void {
  listWords(list);
}

export interface Found {
  /** Every matching entry, best first: more typed words equal to whole words of the name, then the file's order. */
  readonly entries: readonly RatingEntry[];
  /** How many matched in all (`entries` may be cut at `limit`). */
  readonly total: number;
}

export function findInRatingList(list: RatingList, query: string, limit = Infinity): Found {
  const typed = nameWords(query);
  if (typed.length === 0) return { entries: [], total: 0 };
  // Longest typed word first: it has the fewest candidates, so the search rarely backtracks.
  typed.sort((a, b) => b.length - a.length);
  const words = listWords(list);
  const matches: { entry: RatingEntry; whole: number; index: number }[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!wordsMatch(typed, w)) continue;
    matches.push({ entry: list.entries[i], whole: typed.filter((t) => w.includes(t)).length, index: i });
  }
  matches.sort((a, b) => b.whole - a.whole || a.index - b.index);
  return { entries: matches.slice(0, limit).map((m) => m.entry), total: matches.length };
}
