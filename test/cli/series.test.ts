/**
 * `tengen series` over five invented Czech round-robins (test/fixtures/series): places from each file's own
 * standings, the two-cycle bonus found from pairs meeting twice, the table --as-of each tournament, --json, the
 * possible duplicate reported, errors naming the file.
 */
import * as path from 'node:path';
import { cli } from '../support/cli';

const DIR = path.resolve(__dirname, '..', 'fixtures', 'series');
const FILES = ['t1-jaro.json', 't2-dvoukolovy.json', 't3-brno.json', 't4-praha.json', 't5-podzim.json'].map((f) => path.join(DIR, f));

interface Row {
  place: number;
  family: string;
  club: string | null;
  points: number;
  countedTournaments: number;
  firstPlaces: number;
  firstPlaceFields: number[];
  aheadOfNextBy: string | null;
  results: ({ place: number; points: number; counted: boolean } | null)[];
}
interface Json {
  held: number;
  counted: number;
  tournaments: { index: number; file: string; participants: number; twoCycle: boolean }[];
  rows: Row[];
  duplicates: string[];
}

async function json(args: string[]): Promise<Json> {
  const { code, out, err } = await cli(['series', ...args, '--json']);
  expect(err).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out) as Json;
}

describe('tengen series', () => {
  test('--json: five tournaments, best 3 count, every step of the series order used', async () => {
    const s = await json(FILES);
    expect(s.held).toBe(5);
    expect(s.counted).toBe(3);
    expect(s.tournaments.map((t) => [t.participants, t.twoCycle])).toEqual([[4, false], [5, true], [4, false], [4, false], [6, false]]);
    expect(s.rows.map((r) => [r.place, r.family, r.club, r.points])).toEqual([
      [1, 'Novák', 'Praha', 12],
      [2, 'Dvořák', 'Brno', 12],
      [3, 'Horák', 'Praha', 11],
      [4, 'Svoboda', 'Praha', 11],
      [5, 'Černý', 'Ostrava', 6],
      [6, 'Král', 'Brno', 1],
      [6, 'Král', 'Plzeň', 1],
    ]);
    // Novák (written "Novak" in t4, same EGD PIN) ahead of Dvořák by first places; Horák's first place of 6 beats Svoboda's of 5.
    expect(s.rows.map((r) => r.aheadOfNextBy)).toEqual(['first-places', 'points', 'first-place-quality', 'points', 'points', 'equal', null]);
    expect(s.rows[0].results.map((r) => r && [r.points, r.counted])).toEqual([[4, true], [4, false], null, [4, true], [4, true]]);
    // the two-cycle winner's bonus: 5 participants + 1
    expect(s.rows[3].results[1]).toEqual({ tournament: 2, place: 1, points: 6, counted: true });
    expect(s.duplicates).toHaveLength(1);
    expect(s.duplicates[0]).toMatch(/Král, Ondřej \(Brno; in t3-brno\.json\) and Král, Ondřej \(Plzeň; in t5-podzim\.json\)/);
  });

  test('--as-of a tournament (its number or its file) shows the table as it stood then', async () => {
    const afterThree = await json([...FILES, '--as-of', '3']);
    expect(afterThree.held).toBe(3);
    expect(afterThree.counted).toBe(2);
    expect(afterThree.tournaments).toHaveLength(3);
    expect(afterThree.rows.map((r) => [r.family, r.points])).toEqual([
      ['Svoboda', 8],
      ['Novák', 8],
      ['Dvořák', 7],
      ['Černý', 4],
      ['Horák', 4],
      ['Král', 1],
    ]);
    expect(afterThree.rows.map((r) => r.place)).toEqual([1, 2, 3, 4, 4, 6]);
    expect(afterThree.rows[0].aheadOfNextBy).toBe('first-place-quality');
    expect(afterThree.duplicates).toEqual([]);
    expect(await json([...FILES, '--as-of', 't3-brno.json'])).toEqual(afterThree);
    const afterOne = await json([...FILES, '--as-of', FILES[0]]);
    expect([afterOne.held, afterOne.counted]).toEqual([1, 1]);
  });

  test('the table: counted results plain, the others in brackets, the tournaments listed, the duplicate reported', async () => {
    const { code, out, err } = await cli(['series', ...FILES]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^Series after tournament 5 of 5 \(t5-podzim\.json\): the best 3 results count/);
    expect(out).toMatch(/2 +t2-dvoukolovy\.json .* 5 players, two cycles/);
    const novak = out.split('\n').find((l) => l.includes('Novák'))!;
    expect(novak).toMatch(/^ *1 +Novák, Jan +Praha +12345678 +4 +\(4\) +- +4 +4 +12 +3 +4 +2/);
    expect(out).toMatch(/possible duplicate, kept apart: Král, Ondřej \(Brno/);
  });

  test('bad arguments and bad files are named', async () => {
    const none = await cli(['series']);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/series takes one or more FILEs/);
    const asOf = await cli(['series', ...FILES, '--as-of', '9']);
    expect(asOf.code).toBe(1);
    expect(asOf.err).toMatch(/--as-of 9: expected a tournament from 1 to 5 or one of the files/);
    const missing = await cli(['series', FILES[0], path.join(DIR, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.json: cannot read the tournament file: no such file/);
    const ruleset = await cli(['series', ...FILES, '--ruleset', 'egf']);
    expect(ruleset.code).toBe(1);
    expect(ruleset.err).toMatch(/--ruleset: the series command does not use this option/);
  });
});
