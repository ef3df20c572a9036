/**
 * `tengen pair` on a knockout, an EGC Qualification Tournament and Groups of Eight: the file's `settings.system`
 * chooses the pairing; free wins in `--json`; bad input named, nothing written.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from '../support/cli';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');

function copy(example: string, edit: (json: Record<string, unknown>) => void = () => undefined): { file: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-systems-'));
  const json = JSON.parse(readFileSync(path.join(EXAMPLES, example), 'utf8')) as Record<string, unknown>;
  edit(json);
  const file = path.join(dir, example);
  writeFileSync(file, JSON.stringify(json));
  return { file, dir };
}

describe('tengen pair by the file\'s system', () => {
  test('a fold knockout of 13: --json lists the free wins', async () => {
    const { code, out } = await cli(['pair', path.join(EXAMPLES, 'knockout-fold-13.json'), '--round', '1', '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(out) as { system: string; freeWins: number[]; games: { white: number; black: number; colourKnown: boolean }[] };
    expect(json.system).toBe('knockout (fold)');
    expect(json.freeWins).toEqual([1, 2, 3]);
    expect(json.games.map((g) => `${g.white}-${g.black}`)).toEqual(['4-13', '5-12', '6-11', '7-10', '8-9']);
    expect(json.games.every((g) => !g.colourKnown)).toBe(true);
  });

  test('round 1 written, then round 2 refused while round 1 has no winner: named, nothing written', async () => {
    const { file, dir } = copy('knockout-fold-13.json');
    const one = path.join(dir, 'one.json');
    expect((await cli(['pair', file, '--round', '1', '--out', one])).code).toBe(0);
    const saved = JSON.parse(readFileSync(one, 'utf8')) as { byes: { round: number; player: number }[] };
    expect(saved.byes).toEqual([1, 2, 3].map((player) => ({ round: 1, player })));
    const two = path.join(dir, 'two.json');
    const r = await cli(['pair', one, '--round', '2', '--out', two]);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/round 2: .*no pairing: round 1 has no winner yet in match 1 \(4 \(Dubois, David\) – 13 \(Moreau, Marc\)\): no result yet/);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(existsSync(two)).toBe(false);
  });

  test('a PKO bracket for the wrong number of players', async () => {
    const { file } = copy('egc-pko-24.json', (j) => (j.players as unknown[]).pop());
    const r = await cli(['pair', file, '--round', '1']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('the egc-pko-24 bracket is for exactly 24 players (European Go Championship Tournament Rules: "The Preliminary Knockout Tournaments (PKO)"); 23 are present in round 1');
  });

  test('a control the system does not honour is refused, named', async () => {
    const r = await cli(['pair', path.join(EXAMPLES, 'groups-of-eight-19.json'), '--round', '1', '--force', '1-2']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/the groups-of-eight system pairs by its own rules; --force \(forced pairs\) is not honoured/);
    const s = await cli(['pair', path.join(EXAMPLES, 'egc-qt-12.json'), '--round', '1', '--system', 'mays']);
    expect(s.err).toMatch(/--system mays: .*egc-qt-12.json is a egc-qt tournament, paired by its own rules; leave out --system/);
  });

  test('the QT and Groups of Eight pair from the examples', async () => {
    const qt = JSON.parse((await cli(['pair', path.join(EXAMPLES, 'egc-qt-12.json'), '--round', '1', '--json'])).out) as { bye: number; freeWins: number[] };
    expect([qt.bye, ...qt.freeWins]).toEqual([1, 2, 3, 4]);
    const g8 = JSON.parse((await cli(['pair', path.join(EXAMPLES, 'groups-of-eight-19.json'), '--round', '1', '--json'])).out) as { games: unknown[]; bye: number };
    expect(g8.games).toHaveLength(9);
    expect(g8.bye).toBe(19);
  });

  test('a bracket setting outside the schema is refused with its path', async () => {
    const { file } = copy('knockout-fold-13.json', (j) => ((j.settings as Record<string, unknown>).bracket = 'egc-pko-16'));
    const r = await cli(['pair', file, '--round', '1']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/\/settings\/bracket/);
  });
});
