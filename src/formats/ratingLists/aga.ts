/**
 * The AGA TDList (`TDListA.txt`, the American Go Association's membership and rating list for tournament directors):
 * one member a line, nine tab-separated fields, every tab present even when a field is empty (US Go Wiki, "AGA
 * Document Formats"):
 *
 *   name ("Family, Given") · AGA ID · membership type (Full, Youth, Forgn, Life, …) · rating · membership expiry
 *   (m/d/yyyy) · chapter (four-letter code) · state (US members) or country · sigma · date of the last rating
 *
 * The rating is AGA's: dan ratings positive (2.81 → 2d), kyu ratings negative (−20.06 → 20k), nothing between −1
 * and 1. A member without a rating has no rank in the list. The chapter is the entry's club. The list names no
 * country for US members: Tengen gives them `US`, and none to `Forgn` members (the state column then holds a US state
 * or nothing, not their country).
 */
import type { Parsed } from '../../model/errors';
import type { Rank } from '../../model/rank';
import { entry, namePart, readLines, type LineRead, type RatingList } from './ratingList';

/** The rank of an AGA rating: whole dans above 1, whole kyus below −1 (kept within 30k–9d). */
export function agaRank(rating: number): Rank {
  if (rating > 0) return (Math.min(9, Math.max(1, Math.floor(rating))) - 1) as Rank;
  return -Math.min(30, Math.max(1, Math.floor(-rating))) as Rank;
}

export function readAgaLine(line: string, number: number): LineRead {
  const fields = line.split('\t');
  if (fields.length < 7) return { problem: `expected 9 tab-separated fields (name, AGA ID, membership, rating, expiry, chapter, state, sigma, last rated); found ${fields.length}` };
  const name = fields[0].trim();
  const idText = fields[1].trim();
  const membership = fields[2].trim();
  const ratingText = fields[3].trim();
  const chapter = fields[5].trim();
  if (!/^\d+$/.test(idText)) return { problem: `AGA ID: expected a number, found "${idText}"` };
  const rating = ratingText === '' ? undefined : Number(ratingText);
  if (rating !== undefined && !Number.isFinite(rating)) return { problem: `rating: expected a number such as -20.05711 or 2.81325, found "${ratingText}"` };
  const comma = name.indexOf(',');
  const family = namePart(comma < 0 ? name : name.slice(0, comma));
  if (!family) return { problem: 'no name before the AGA ID' };
  const given = comma < 0 ? '' : namePart(name.slice(comma + 1));
  const rated = rating !== undefined && rating !== 0;
  return entry({
    family,
    given,
    rank: rated ? agaRank(rating) : undefined,
    rating: rated ? rating : undefined,
    club: chapter || undefined,
    country: membership === 'Forgn' ? undefined : 'US',
    id: idText,
    line: number,
  });
}

export function readAga(text: string, file: string, encoding: RatingList['encoding']): Parsed<RatingList> {
  return readLines(text, file, 'aga', encoding, readAgaLine);
}

/** Whether the text looks like a TDList: its first lines have at least 7 tab-separated fields. */
export function looksLikeAga(firstLines: readonly string[]): boolean {
  return firstLines.length > 0 && firstLines.filter((l) => l.split('\t').length >= 7).length * 2 > firstLines.length;
}
