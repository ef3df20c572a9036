/**
 * `tengen players LIST [--find NAME] [--format egf|ffg|aga] [--json]`: reads a rating list (EGD allworld, FFG
 * échelle, AGA TDList) and prints the entries whose name matches NAME — case and accents ignored, family and given
 * name in either order, each word a prefix — with rank, rating, club, country and the list's PIN/ID. Lines of the
 * list that do not read are skipped and reported, each with its line number.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { formatInputError, TengenInputError } from '../model/errors';
import { formatRank } from '../model/rank';
import {
  findInRatingList,
  FORMAT_NAMES,
  ID_NAMES,
  RATING_LIST_FORMATS,
  readRatingList,
  type RatingEntry,
  type RatingList,
  type RatingListFormat,
} from '../formats/ratingLists';
import { UsageError } from './usage';

/** Odd lines listed one by one; beyond these, only counted. */
const ODD_LINES_SHOWN = 10;

export async function loadRatingList(file: string, format: string | undefined): Promise<RatingList> {
  if (format !== undefined && !(RATING_LIST_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format ${format}: expected one of ${RATING_LIST_FORMATS.join(', ')}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (e) {
    throw new TengenInputError([{ file, message: `cannot read the rating list: ${(e as Error).message}` }]);
  }
  const read = readRatingList(bytes, path.basename(file), format as RatingListFormat | undefined);
  if (!read.ok) throw new TengenInputError(read.errors);
  return read.value;
}

function entryLine(list: RatingList, e: RatingEntry): string {
  const parts = [
    `${e.family}${e.given ? `, ${e.given}` : ''}`.padEnd(32),
    (e.rank === undefined ? '—' : formatRank(e.rank)).padStart(4),
    e.rating === undefined ? 'rating —' : `rating ${e.rating}`,
    e.club ? `club ${e.club}` : 'no club',
    e.country ?? '—',
    e.id ? `${ID_NAMES[list.format]} ${e.id}` : `no ${ID_NAMES[list.format]}`,
    `(line ${e.line})`,
  ];
  return `  ${parts.join('  ')}\n`;
}

function oddLines(list: RatingList): string {
  if (list.skipped.length === 0) return '';
  const shown = list.skipped.slice(0, ODD_LINES_SHOWN).map((e) => `  ${formatInputError(e)}\n`).join('');
  const more = list.skipped.length > ODD_LINES_SHOWN ? `  … and ${list.skipped.length - ODD_LINES_SHOWN} more\n` : '';
  return `${list.skipped.length} odd line${list.skipped.length === 1 ? '' : 's'} skipped:\n${shown}${more}`;
}

function summary(list: RatingList): string {
  return `${list.file}: ${FORMAT_NAMES[list.format]}, ${list.entries.length} entries (read as ${list.encoding === 'utf-8' ? 'UTF-8' : 'Latin-1/Windows-1252'})`;
}

export function renderFound(list: RatingList, query: string | undefined, limit: number): string {
  if (query === undefined) return `${summary(list)}\n${oddLines(list)}`;
  const found = findInRatingList(list, query, limit);
  const head = found.total === 0 ? `No entry matches "${query}"` : `${found.total} entr${found.total === 1 ? 'y matches' : 'ies match'} "${query}"${found.total > found.entries.length ? ` (the first ${found.entries.length} shown)` : ''}`;
  return `${head} — ${summary(list)}\n${found.entries.map((e) => entryLine(list, e)).join('')}${oddLines(list)}`;
}

export function foundJson(list: RatingList, query: string | undefined, limit: number): unknown {
  const found = query === undefined ? undefined : findInRatingList(list, query, limit);
  return {
    file: list.file,
    format: list.format,
    encoding: list.encoding,
    entries: list.entries.length,
    skipped: list.skipped.map((e) => ({ line: e.line, message: e.message })),
    ...(found
      ? {
          query,
          matches: found.total,
          found: found.entries.map((e) => ({
            family: e.family,
            given: e.given,
            rank: e.rank === undefined ? null : formatRank(e.rank),
            rating: e.rating ?? null,
            club: e.club ?? null,
            country: e.country ?? null,
            id: e.id ?? null,
            idKind: ID_NAMES[list.format],
            line: e.line,
          })),
        }
      : {}),
  };
}
