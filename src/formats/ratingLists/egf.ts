/**
 * The EGF rating list: the European Go Database's "allworld" file (every player the EGD knows, with his EGD PIN),
 * plain text, one player a line, columns separated by runs of spaces. A line reads, in order:
 *
 *   PIN (8 digits) · name ("Family Given", `_` for a space inside a name) · country (two letters) · club ·
 *   grade (`20k`, `5d`, `1p`) · proposed grade (`--` or a grade) · GoR · number of tournaments · last tournament code
 *
 * e.g. `  19574643  Abad Jahin                            FR  38GJ   20k   --     15     2  T200202B` — the layout of the
 * EGD's `allworld_lp.html` download as the readers of OpenGotha and Pairgoth parse it (Pairgoth's
 * `EGFRatingsHandler` quotes that line). The columns are read by their order, not by character offsets, so a line
 * shifted by a space (the HTML page against its zipped text) reads the same. The lines before the first PIN (the
 * title, the date, the header) are skipped; a line starting with a PIN but lacking the columns after the name is an
 * odd line, reported with its number.
 *
 * The name is split at its first space (family first, as the EGD writes it). The grade is the rank; a grade that does
 * not read is taken from the GoR (EGF: GoR 2100 = 1d, 100 points a rank). The sample
 * test/formats/fixtures/egf-allworld-sample.txt follows this layout.
 */
import type { Parsed } from '../../model/errors';
import { parseRank, type Rank } from '../../model/rank';
import { entry, namePart, readLines, type LineRead, type RatingList } from './ratingList';

/** PIN, name, country, club, grade, proposed grade, GoR, tournaments, last tournament. */
const EGF_LINE = /^\s*(\d{8})\s+(.+?)\s+([A-Za-z]{2})\s+(\S+)\s+(\S+)\s+(\S+)\s+(-?\d+)\s+(\d+)\s+(\S+)\s*$/;

/** The rank of a GoR: 2100 = 1d, 2000 = 1k, 100 points a rank (kept within 30k–9d). */
export function gorRank(gor: number): Rank {
  return Math.max(-30, Math.min(8, Math.floor((gor - 2050) / 100))) as Rank;
}

export function readEgfLine(line: string, number: number): LineRead {
  if (/^\s*pin\b/i.test(line)) return null;
  const m = EGF_LINE.exec(line);
  if (!m) {
    return { problem: 'expected PIN (8 digits), name, country (two letters), club, grade, proposed grade, GoR, number of tournaments and last tournament, separated by spaces' };
  }
  const [, pin, name, country, club, gradeText, , gorText] = m;
  const space = name.indexOf(' ');
  const family = namePart(space < 0 ? name : name.slice(0, space));
  const given = space < 0 ? '' : namePart(name.slice(space + 1));
  const gor = Number(gorText);
  const grade = parseRank(gradeText);
  const rank = grade.ok ? grade.rank : gorRank(gor);
  return entry({ family, given, rank, rating: gor, club: club === '-' || club === '---' ? undefined : club, country: country.toUpperCase(), id: pin, line: number });
}

export function readEgf(text: string, file: string, encoding: RatingList['encoding']): Parsed<RatingList> {
  // The lines before the first PIN are the file's title and header (the HTML page's text above its table).
  let started = false;
  return readLines(text, file, 'egf', encoding, (line, number) => {
    if (!started && !/^\s*\d{8} /.test(line)) return null;
    started = true;
    return readEgfLine(line, number);
  });
}

/** Whether the text looks like the allworld file: a `Pin … Name` header, or lines starting with an 8-digit PIN. */
export function looksLikeEgf(firstLines: readonly string[]): boolean {
  return firstLines.some((l) => /^\s*pin\s+name/i.test(l)) || firstLines.filter((l) => /^\s*\d{8} /.test(l)).length * 2 > firstLines.length;
}
