/**
 * The EGF rating list: the European Go Database's "allworld" file (every player the EGD knows, with his EGD PIN),
 * plain text, one player a line, fixed width. Tengen reads it by these columns (0-based, end excluded); a header
 * line (`Pin Name … Grade GoR …`) and anything before the first PIN are skipped:
 *
 *   PIN 0–9 (8 digits, right-aligned) · name 10–48 ("Family Given") · country 49–52 (two letters) · club 53–58 ·
 *   grade 59–63 (`2k`, `5d`, `1p`) · GoR 64–70 (right-aligned) · then the code of the last tournament, not read
 *
 * The EGD writes the family name first, then the given name(s), `_` for a space inside a name: the name is split at
 * its first space. The grade is the rank; a grade that does not read is taken from the GoR (EGF: GoR 2100 = 1d,
 * 100 points a rank). The sample test/formats/fixtures/egf-allworld-sample.txt follows this layout.
 */
import type { Parsed } from '../../model/errors';
import { parseRank, type Rank } from '../../model/rank';
import { entry, namePart, readLines, type LineRead, type RatingList } from './ratingList';

export const EGF_COLUMNS = {
  pin: [0, 10],
  name: [10, 49],
  country: [49, 53],
  club: [53, 59],
  grade: [59, 64],
  gor: [64, 71],
} as const satisfies Record<string, readonly [number, number]>;

/** The rank of a GoR: 2100 = 1d, 2000 = 1k, 100 points a rank (kept within 30k–9d). */
export function gorRank(gor: number): Rank {
  return Math.max(-30, Math.min(8, Math.floor((gor - 2050) / 100))) as Rank;
}

function column(line: string, which: keyof typeof EGF_COLUMNS): string {
  const [from, to] = EGF_COLUMNS[which];
  return line.slice(from, to).trim();
}

export function readEgfLine(line: string, number: number): LineRead {
  const pin = column(line, 'pin');
  if (/^pin\b/i.test(line.trim())) return null;
  if (!/^\d{8}$/.test(pin)) return { problem: `expected an EGD PIN of 8 digits in columns 1–10, found "${pin}"` };
  const name = column(line, 'name');
  const space = name.indexOf(' ');
  const family = namePart(space < 0 ? name : name.slice(0, space));
  if (!family) return { problem: 'no name in columns 11–49' };
  const given = space < 0 ? '' : namePart(name.slice(space + 1));
  const country = column(line, 'country');
  if (country && !/^[A-Za-z]{2}$/.test(country)) return { problem: `country: expected two letters in columns 50–53, found "${country}"` };
  const gorText = column(line, 'gor');
  const gor = gorText === '' ? undefined : Number(gorText);
  if (gor !== undefined && !Number.isInteger(gor)) return { problem: `GoR: expected a whole number in columns 65–71, found "${gorText}"` };
  const grade = parseRank(column(line, 'grade'));
  const rank = grade.ok ? grade.rank : gor !== undefined ? gorRank(gor) : undefined;
  const club = column(line, 'club');
  return entry({ family, given, rank, rating: gor, club: club || undefined, country: country ? country.toUpperCase() : undefined, id: pin, line: number });
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
