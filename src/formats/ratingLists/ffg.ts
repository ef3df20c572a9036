/**
 * The FFG échelle (French Go Federation rating list, `ech_ffg_V3.txt`): ISO-8859-1 text, one player a line, fixed
 * width. A first line `#Echelle au DD/MM/YYYY hh:mm:ss` dates it. Each line ends with the same fixed fields:
 *
 *   `ALAIN Jean-François                   -1500 - 9728209 94MJ FR`
 *    name (FAMILY Given)      …   rating  status  licence  club  country
 *
 * - name: family name (usually upper case), one space, given name; a space inside either is written `_`
 *   (`VAN_METER Timothé`, `AGNEL Pierre_Aimé`);
 * - rating: échelle points, 1d = 0, 2d = 100 …, 1k = −100 …, 30k = −3000 (rounded to the nearest hundred for the
 *   rank, as OpenGotha does); −9999 means "not rated yet";
 * - status: one character (`-` licensed, `e` foreign player, `L`, `C`, `X` other licence kinds);
 * - licence: 7 characters, `-------` when the player has none;
 * - club: 4 characters, `xxxx`/`XXXX` for no club; country: two letters.
 * The fields are read from the end of the line, so a name longer than its column does not shift them.
 */
import type { Rank } from '../../model/rank';
import { entry, namePart, readLines, type LineRead, type RatingList } from './ratingList';
import type { Parsed } from '../../model/errors';

const TAIL = /^(.*?)\s+(-?\d{1,5}) (\S) (\S{7}) (\S{4}) ([A-Za-z]{2})\s*$/;
export const FFG_UNRATED = -9999;

/** The rank of an échelle rating: the nearest hundred, 0 = 1d, −100 = 1k (kept within 30k–9d). */
export function ffgRank(rating: number): Rank {
  const r = Math.floor((rating + 50) / 100);
  return Math.max(-30, Math.min(8, r)) as Rank;
}

export function readFfgLine(line: string, number: number): LineRead {
  if (line.startsWith('#')) return null;
  const m = TAIL.exec(line);
  if (!m) return { problem: `expected "FAMILY Given  rating status licence club country" (e.g. "ALAIN Jean-François  -1500 - 9728209 94MJ FR"), found "${line.trim()}"` };
  const [, name, ratingText, , licence, club, country] = m;
  const space = name.indexOf(' ');
  const family = namePart(space < 0 ? name : name.slice(0, space));
  if (!family) return { problem: `no name before the rating in "${line.trim()}"` };
  const given = space < 0 ? '' : namePart(name.slice(space + 1));
  const rating = Number(ratingText);
  const rated = rating !== FFG_UNRATED;
  return entry({
    family,
    given,
    rank: rated ? ffgRank(rating) : undefined,
    rating: rated ? rating : undefined,
    club: club === 'xxxx' || club === 'XXXX' ? undefined : club,
    country: country.toUpperCase(),
    id: licence === '-------' ? undefined : licence,
    line: number,
  });
}

export function readFfg(text: string, file: string, encoding: RatingList['encoding']): Parsed<RatingList> {
  return readLines(text, file, 'ffg', encoding, readFfgLine);
}

/** Whether the text looks like an échelle: its dated first line, or its first entry's fixed tail. */
export function looksLikeFfg(firstLines: readonly string[]): boolean {
  return firstLines.some((l) => /^#\s*Echelle/i.test(l)) || firstLines.filter((l) => TAIL.test(l)).length >= Math.min(2, firstLines.length);
}

