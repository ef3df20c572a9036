/**
 * Rating lists (src/formats/ratingLists/): three players looked up in each sample — the EGF sample written from the
 * layout egf.ts documents, the FFG échelle and the AGA TDList of ../shared/corpus/ratinglists — odd lines skipped and
 * reported or the file refused, and the encodings (the échelle is Latin-1; the same list in UTF-8 reads the same).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { findInRatingList, readRatingList, type RatingList } from '../../src/formats/ratingLists';
import { ffgRank } from '../../src/formats/ratingLists/ffg';
import { agaRank } from '../../src/formats/ratingLists/aga';
import { gorRank } from '../../src/formats/ratingLists/egf';
import { formatRank, type Rank } from '../../src/model/rank';
import { corpusPath, describeCorpus } from '../support/corpus';

const EGF_SAMPLE = path.join(__dirname, 'fixtures', 'egf-allworld-sample.txt');

function read(bytes: Uint8Array, file: string): RatingList {
  const r = readRatingList(bytes, file);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.value;
}

/** The one entry `query` finds, as a director reads it. */
function lookUp(list: RatingList, query: string): string {
  const found = findInRatingList(list, query);
  if (found.total !== 1) throw new Error(`"${query}": ${found.total} matches`);
  const e = found.entries[0];
  return [e.family, e.given, e.rank === undefined ? '-' : formatRank(e.rank), e.rating ?? '-', e.club ?? '-', e.country ?? '-', e.id ?? '-'].join('|');
}

describe('EGF allworld sample', () => {
  const list = read(readFileSync(EGF_SAMPLE), 'egf-allworld-sample.txt');

  it('reads every line after the title and header, as UTF-8', () => {
    expect(list.format).toBe('egf');
    expect(list.encoding).toBe('utf-8');
    expect(list.entries).toHaveLength(11);
    expect(list.skipped.map((k) => k.line)).toEqual([14]);
  });

  it('finds three players: accents, either order, prefixes, underscores read as spaces', () => {
    expect(lookUp(list, 'kovacs laszlo')).toBe('Kovács|László|4d|2405|Bud|HU|10952273');
    expect(lookUp(list, 'JURGEN BÜT')).toBe('Bütow|Jürgen|1d|2112|Ber|DE|14512306');
    expect(lookUp(list, 'jan willem van der')).toBe('Van der Berg|Jan Willem|3k|1790|Ams|NL|17788001');
    expect(lookUp(list, 'lukasz')).toBe('Nowak|Łukasz|7k|1360|Wars|PL|12476900');
    expect(lookUp(list, 'siobhan o')).toBe("O'Brien|Siobhán|20k|110|Dub|IE|18000042");
  });

  it('reads the columns in order, as the EGD writes them (a proposed grade between grade and GoR)', () => {
    // The line Pairgoth's EGF reader quotes from the EGD's allworld_lp.html, columns as printed there.
    const r = readRatingList(Buffer.from('  19574643  Abad Jahin                            FR  38GJ   20k   --     15     2  T200202B\n'), 'allworld_lp.html', 'egf');
    expect(r.ok && r.value.entries.map((e) => [e.family, e.given, e.country, e.club, e.rank === undefined ? '-' : formatRank(e.rank), e.rating, e.id])).toEqual([['Abad', 'Jahin', 'FR', '38GJ', '20k', 15, '19574643']]);
  });

  it('reports a PIN line lacking the columns after the name, naming its line, and reads the others', () => {
    expect(list.skipped[0].message).toMatch(/expected PIN \(8 digits\), name, country/);
    expect(() => lookUp(list, 'incomplete')).toThrow('0 matches');
  });

  it('ranks from GoR when the grade is missing: 2100 = 1d, 2000 = 1k', () => {
    expect([2100, 2050, 2049, 2000, 100, -900].map((g) => formatRank(gorRank(g)))).toEqual(['1d', '1d', '1k', '1k', '20k', '30k']);
  });
});

describeCorpus('FFG échelle (corpus)', () => {
  const bytes = readFileSync(corpusPath('ratinglists', 'ffg-echelle-ech_ffg_V3.txt'));
  const list = read(bytes, 'ech_ffg_V3.txt');

  it('is recognised and read as Latin-1, every line an entry', () => {
    expect(list.format).toBe('ffg');
    expect(list.encoding).toBe('windows-1252');
    expect(list.entries).toHaveLength(12511);
    expect(list.skipped).toEqual([]);
  });

  it('finds three players, accents kept in the entry and ignored in the search', () => {
    expect(lookUp(list, 'Alain Jean-François')).toBe('ALAIN|Jean-François|15k|-1500|94MJ|FR|9728209');
    expect(lookUp(list, 'bienvenue gwenaelle')).toBe('BIENVENÜE|Gwénaëlle|20k|-2000|69Ly|FR|1100073');
    // A foreign player: no licence, no club; 243 points is 3d (1d = 0, 100 points a rank).
    expect(lookUp(list, 'rené aaij')).toBe('AAIJ|René|3d|243|-|NL|-');
  });

  it('reads "-9999" as not rated (no rank, no rating) and underscores as spaces', () => {
    expect(lookUp(list, 'agnel pierre aime')).toBe('AGNEL|Pierre Aimé|-|-|75Pa|FR|1100307');
  });

  it('reads the same list in UTF-8 (with a byte-order mark) to the same entries', () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(bytes.toString('latin1'), 'utf8')]);
    const again = read(utf8, 'ech_ffg_V3.txt');
    expect(again.encoding).toBe('utf-8');
    expect(again.entries).toEqual(list.entries);
  });
});

describeCorpus('AGA TDList (corpus)', () => {
  const list = read(readFileSync(corpusPath('ratinglists', 'aga-tdlista.txt')), 'TDListA.txt');

  it('is recognised as tab-separated, every line an entry', () => {
    expect(list.format).toBe('aga');
    expect(list.entries).toHaveLength(22410);
    expect(list.skipped).toEqual([]);
  });

  it('finds three players: "Family, Given" in either order, AGA ratings as ranks', () => {
    expect(lookUp(list, 'zachary aal')).toBe('Aal|Zachary|20k|-20.05711|LIGC|US|15648');
    expect(lookUp(list, 'Abramson, Allan')).toBe('Abramson|Allan|2d|2.1182|NOVA|US|101');
    expect(lookUp(list, 'abe yok')).toBe('Abe|Yokito|2d|2.81325|-|US|16769');
  });

  it('gives no country to a foreign member and no rank to an unrated one', () => {
    expect(lookUp(list, 'rolf abrahamsson')).toBe('Abrahamsson|Rolf|4k|-4.81248|-|-|7554');
    expect(lookUp(list, 'aaron william')).toBe('Aaron|William C.|-|-|-|US|7206');
  });
});

describe('AGA and FFG ratings as ranks', () => {
  it('AGA: whole dans above 1, whole kyus below −1', () => {
    const ranks = [2.81325, 1.01, 0.5, -0.5, -1.2, -20.05711, -35].map((r) => formatRank(agaRank(r)));
    expect(ranks).toEqual(['2d', '1d', '1d', '1k', '1k', '20k', '30k']);
  });

  it('FFG: the nearest hundred, 0 = 1d, −100 = 1k', () => {
    expect([243, 0, 49, -51, -100, -1500, -3000].map((r) => formatRank(ffgRank(r) as Rank))).toEqual(['3d', '1d', '1d', '1k', '1k', '15k', '30k']);
  });
});

describe('odd lines', () => {
  const ffgLine = (family: string, given: string, rating: number, licence: string) => `${`${family} ${given}`.padEnd(37)}${String(rating).padStart(6)} - ${licence} 75Pa FR`;
  const good = Array.from({ length: 40 }, (_, i) => ffgLine(`JOUEUR${i}`, 'Jean', -1000 - i * 10, String(1000000 + i)));

  it('are skipped and reported with their line and what was expected; the rest of the list loads', () => {
    const lines = ['#Echelle au 11/01/2021 07:09:39', ...good.slice(0, 10), 'GARBAGE here', ...good.slice(10, 30), ffgLine('X', 'Y', 1, '1234567').replace(' - ', ' '), ...good.slice(30)];
    const r = readRatingList(Buffer.from(lines.join('\r\n'), 'latin1'), 'odd.txt', 'ffg');
    if (!r.ok) throw new Error('refused');
    expect(r.value.entries).toHaveLength(40);
    expect(r.value.skipped.map((e) => [e.file, e.line])).toEqual([['odd.txt', 12], ['odd.txt', 33]]);
    expect(r.value.skipped[0].message).toMatch(/expected "FAMILY Given {2}rating status licence club country".*found "GARBAGE here"/);
    // Lines keep their numbers: the entry after the odd line is on line 13.
    expect(findInRatingList(r.value, 'joueur10').entries[0].line).toBe(13);
  });

  it('in an AGA list: a bad ID or rating names the field', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `Doe${i}, John\t${100 + i}\tFull\t-5.5\t1/1/2030\tNYGC\tNY\t0.5\t1/1/2020`);
    rows[4] = 'Roe, Jane\tX12\tFull\t\t\t\t\t\t';
    rows[7] = 'Poe, Ed\t77\tFull\tstrong\t\t\t\t\t';
    const r = readRatingList(Buffer.from(rows.join('\n')), 'td.txt');
    if (!r.ok) throw new Error('refused');
    expect(r.value.entries).toHaveLength(28);
    expect(r.value.skipped).toEqual([
      { file: 'td.txt', line: 5, message: 'AGA ID: expected a number, found "X12"' },
      { file: 'td.txt', line: 8, message: 'rating: expected a number such as -20.05711 or 2.81325, found "strong"' },
    ]);
  });

  it('refuse a file where more than a tenth of the lines are odd: it is another format', () => {
    const lines = [...good.slice(0, 10), ...Array.from({ length: 5 }, (_, i) => `odd line ${i}`)];
    const r = readRatingList(Buffer.from(lines.join('\n')), 'half.txt', 'ffg');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ file: 'half.txt', message: expect.stringMatching(/^5 of 15 lines do not read as entries of the FFG échelle/) });
    expect(r.errors[1]).toMatchObject({ file: 'half.txt', line: 11 });
  });

  it('refuse a file that is no rating list, saying which lists Tengen reads', () => {
    const r = readRatingList(Buffer.from('<html><body>hello</body></html>\n'), 'page.html');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].message).toMatch(/not a rating list Tengen reads: expected the EGF allworld file/);
  });
});

describe('lookup', () => {
  const list = read(readFileSync(EGF_SAMPLE), 'egf');
  it('finds nothing for an empty query and every prefix match for a short one, best first', () => {
    expect(findInRatingList(list, '  ').total).toBe(0);
    expect(findInRatingList(list, 'a').entries.map((e) => e.family).slice(0, 2)).toEqual(['Aagaard', 'Aaij']);
    // A whole-word match comes before a prefix match.
    const w = findInRatingList(list, 'wei');
    expect(w.entries[0].family).toBe('Zhang');
  });
  it('needs each typed word to match a different word of the name', () => {
    expect(findInRatingList(list, 'jan jan').total).toBe(0);
    expect(findInRatingList(list, 'van jan').total).toBe(1);
  });
});
