/** `tengen players LIST --find NAME`: the matching entries of a rating list, as text and as JSON. */
import * as path from 'node:path';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cli } from '../support/cli';
import { corpusPath, describeCorpus } from '../support/corpus';

const EGF_SAMPLE = path.join(__dirname, '..', 'formats', 'fixtures', 'egf-allworld-sample.txt');

describe('tengen players LIST --find', () => {
  it('prints the entries matching a name, accents and order ignored', async () => {
    const r = await cli(['players', EGF_SAMPLE, '--find', 'laszlo kovacs']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 entry matches "laszlo kovacs" — egf-allworld-sample.txt: EGF rating list (EGD allworld), 11 entries (read as UTF-8)');
    expect(r.out).toMatch(/Kovács, László\s+4d {2}rating 2405 {2}club Bud {2}HU {2}EGD PIN 10952273 {2}\(line 8\)/);
  });

  it('--json gives the entries with rank, rating, club, country and PIN', async () => {
    const r = await cli(['players', EGF_SAMPLE, '--find', 'bütow', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      file: 'egf-allworld-sample.txt',
      format: 'egf',
      encoding: 'utf-8',
      entries: 11,
      skipped: [{ line: 14, message: 'expected PIN (8 digits), name, country (two letters), club, grade, proposed grade, GoR, number of tournaments and last tournament, separated by spaces' }],
      query: 'bütow',
      matches: 1,
      found: [{ family: 'Bütow', given: 'Jürgen', rank: '1d', rating: 2112, club: 'Ber', country: 'DE', id: '14512306', idKind: 'EGD PIN', line: 6 }],
    });
  });

  it('reports odd lines with their line numbers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tengen-rl-'));
    const file = path.join(dir, 'list.txt');
    const rows = Array.from({ length: 20 }, (_, i) => `Doe${i}, John\t${100 + i}\tFull\t-5.5\t1/1/2030\tNYGC\tNY\t0.5\t1/1/2020`);
    rows[3] = 'just a note';
    writeFileSync(file, rows.join('\n'));
    const r = await cli(['players', file, '--find', 'doe1 john']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 odd line skipped:\n  list.txt:4: expected 9 tab-separated fields');
  });

  it('refuses an unknown --format and a missing file, naming them', async () => {
    expect((await cli(['players', EGF_SAMPLE, '--format', 'bga'])).err).toContain('--format bga: expected one of egf, ffg, aga');
    const missing = await cli(['players', 'nowhere.txt', '--find', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nowhere\.txt: cannot read the rating list/);
  });
});

describeCorpus('tengen players on the corpus lists', () => {
  it.each([
    ['ffg-echelle-ech_ffg_V3.txt', 'alain jean-f', /ALAIN, Jean-François\s+15k {2}rating -1500 {2}club 94MJ {2}FR {2}FFG licence 9728209/],
    ['aga-tdlista.txt', 'aal zach', /Aal, Zachary\s+20k {2}rating -20\.05711 {2}club LIGC {2}US {2}AGA ID 15648/],
  ])('%s --find "%s"', async (file, query, expected) => {
    const r = await cli(['players', corpusPath('ratinglists', file), '--find', query]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(expected);
  });
});
