/**
 * Rating lists: read one from its bytes, in the format named or the one its first lines show. One file a format:
 * egf.ts (EGD allworld), ffg.ts (FFG échelle), aga.ts (AGA TDList); ratingList.ts holds the entry, the encoding and
 * the odd-line rules; lookup.ts the search by name.
 */
import { failed, type Parsed } from '../../model/errors';
import { looksLikeAga, readAga } from './aga';
import { looksLikeEgf, readEgf } from './egf';
import { looksLikeFfg, readFfg } from './ffg';
import { decodeRatingList, type RatingList, type RatingListFormat } from './ratingList';

export * from './ratingList';
export { findInRatingList, nameWords, prepareSearch, type Found } from './lookup';

const READERS = { egf: readEgf, ffg: readFfg, aga: readAga } as const;

/** The format the first lines show (tabs: AGA; a PIN header or 8-digit PINs: EGF; the échelle's tail: FFG). */
export function detectRatingListFormat(text: string): RatingListFormat | undefined {
  const first = text.slice(0, 8192).split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 20);
  if (looksLikeAga(first)) return 'aga';
  if (looksLikeEgf(first)) return 'egf';
  if (looksLikeFfg(first)) return 'ffg';
  return undefined;
}

/** A rating list from a file's bytes (`file` names it in messages); `format` when the director chose it. */
export function readRatingList(bytes: Uint8Array, file: string, format?: RatingListFormat): Parsed<RatingList> {
  const { text, encoding } = decodeRatingList(bytes);
  const chosen = format ?? detectRatingListFormat(text);
  if (!chosen) {
    return failed([{ file, line: 1, message: 'not a rating list Tengen reads: expected the EGF allworld file (8-digit PINs), the FFG échelle ("#Echelle au …", fixed width) or the AGA TDList (tab-separated); name the format to read it as one' }]);
  }
  return READERS[chosen](text, file, encoding);
}
