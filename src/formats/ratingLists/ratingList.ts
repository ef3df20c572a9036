/**
 * A rating list: the players a federation publishes (EGF's EGD "allworld" file, the FFG échelle, the AGA TDList),
 * one entry a line, read once and searched while a director types registrations.
 *
 * Each reader (egf.ts, ffg.ts, aga.ts) turns a line into an entry or says why it cannot. A list of 100,000 lines
 * with a few odd ones still loads: the odd lines are skipped and reported, each with its file:line and what was
 * expected. A file where no line, or more than a tenth of the lines, reads is refused: it is not that format.
 */
import { failed, ok, type InputError, type Parsed } from '../../model/errors';
import type { Rank } from '../../model/rank';

export type RatingListFormat = 'egf' | 'ffg' | 'aga';

export const RATING_LIST_FORMATS: readonly RatingListFormat[] = ['egf', 'ffg', 'aga'];

/** How each list names its players' number, as a director reads it. */
export const ID_NAMES: Readonly<Record<RatingListFormat, string>> = { egf: 'EGD PIN', ffg: 'FFG licence', aga: 'AGA ID' };

export const FORMAT_NAMES: Readonly<Record<RatingListFormat, string>> = {
  egf: 'EGF rating list (EGD allworld)',
  ffg: 'FFG échelle',
  aga: 'AGA TDList',
};

export interface RatingEntry {
  readonly family: string;
  readonly given: string;
  /** The rank the list gives, or derives from the rating; absent when the list has neither (a new member). */
  readonly rank?: Rank;
  /** The list's own rating: EGF GoR, FFG échelle points, AGA rating (dan positive, kyu negative). */
  readonly rating?: number;
  readonly club?: string;
  /** ISO 3166 two-letter code, as the list writes it. */
  readonly country?: string;
  /** EGD PIN, FFG licence or AGA ID (see `ID_NAMES`); absent when the list has none for this player. */
  readonly id?: string;
  /** The line of the file (1-based), so a director can find the entry there. */
  readonly line: number;
}

export interface RatingList {
  readonly format: RatingListFormat;
  readonly file: string;
  /** The encoding the bytes were read in: UTF-8 when they are valid UTF-8, otherwise Windows-1252 (Latin-1). */
  readonly encoding: 'utf-8' | 'windows-1252';
  readonly entries: readonly RatingEntry[];
  /** Lines that are neither an entry nor a header, comment or blank: skipped, each with why. */
  readonly skipped: readonly InputError[];
}

/** One line read: an entry, nothing (a header, a comment, a blank line), or what is wrong with it. */
export type LineRead = RatingEntry | null | { readonly problem: string };

/**
 * The text of a rating list's bytes. Files from federations come in UTF-8 (with or without a byte-order mark) or in
 * Latin-1 (the FFG's échelle is ISO-8859-1): bytes that are not valid UTF-8 are read as Windows-1252, the superset of
 * Latin-1 browsers use for it (WHATWG Encoding Standard: the label "iso-8859-1" names windows-1252).
 */
export function decodeRatingList(bytes: Uint8Array): { readonly text: string; readonly encoding: RatingList['encoding'] } {
  try {
    // `ignoreBOM: false` (the default) drops a leading UTF-8 byte-order mark.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** A tenth of the lines may be odd; more, and the file is not this format (or not a rating list at all). */
const MOST_ODD = 0.1;

/** Reads every line with `readLine`; odd lines are skipped and reported, a file that is mostly odd is refused. */
export function readLines(text: string, file: string, format: RatingListFormat, encoding: RatingList['encoding'], readLine: (line: string, number: number) => LineRead): Parsed<RatingList> {
  const entries: RatingEntry[] = [];
  const skipped: InputError[] = [];
  let start = 0;
  let number = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    number++;
    const raw = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    start = end + 1;
    if (raw.trim() === '') continue;
    const read = readLine(raw, number);
    if (read === null) continue;
    if ('problem' in read) skipped.push({ file, line: number, message: read.problem });
    else entries.push(read);
  }
  const name = FORMAT_NAMES[format];
  if (entries.length === 0) {
    return failed([{ file, message: `no line reads as an entry of the ${name}${skipped.length ? `; first odd line ${skipped[0].line}: ${skipped[0].message}` : ''}` }]);
  }
  if (skipped.length > MOST_ODD * (entries.length + skipped.length)) {
    return failed([
      { file, message: `${skipped.length} of ${entries.length + skipped.length} lines do not read as entries of the ${name}: is it another format? The first ones follow` },
      ...skipped.slice(0, 5),
    ]);
  }
  return ok({ format, file, encoding, entries, skipped });
}

/** "Given" or "" from a name part, underscores (FFG's spaces inside a name) read as spaces. */
export function namePart(text: string): string {
  const t = text.trim();
  return t.includes('_') || t.includes('  ') ? t.replace(/_/g, ' ').replace(/\s+/g, ' ').trim() : t;
}

/**
 * An entry with every field present (`undefined` when the list has none): one object shape for every line, which
 * keeps reading 100,000 lines fast.
 */
export function entry(e: { family: string; given: string; rank?: Rank; rating?: number; club?: string; country?: string; id?: string; line: number }): RatingEntry {
  return { family: e.family, given: e.given, rank: e.rank, rating: e.rating, club: e.club, country: e.country, id: e.id, line: e.line };
}
