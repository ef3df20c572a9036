/**
 * Bad input never crashes the CLI (issue 12): empty tournaments, round flags beyond the stated maximum, unwritable
 * `--out`, pairing errors that name the file, control characters never printed raw.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from '../support/cli';
import { MAX_ROUNDS } from '../../src/model/limits';
import { firstControlCharacter } from '../../src/model/controlCharacters';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLE = path.join(ROOT, 'examples', 'quebec-open-mini.json');
const dir = mkdtempSync(path.join(tmpdir(), 'tengen-bad-'));

function file(name: string, content: string): string {
  const f = path.join(dir, name);
  writeFileSync(f, content);
  return f;
}

const emptyJson = () =>
  file('empty.json', JSON.stringify({ format: 'tengen-tournament', version: 1, name: 'New', settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf' }, players: [], games: [], byes: [] }));
const emptyXml = () =>
  file(
    'empty.xml',
    '<?xml version="1.0" encoding="UTF-8"?>\n<Tournament dataVersion="201">\n<Players/>\n<TournamentParameterSet>\n<GeneralParameterSet name="New" numberOfRounds="3"/>\n</TournamentParameterSet>\n</Tournament>\n',
  );

/** Never an internal error: a message of Tengen's own, exit 1 or 2. */
function expectClear(r: { code: number; err: string }): void {
  expect(r.err).not.toMatch(/internal error|\n\s+at /);
  expect([1, 2]).toContain(r.code);
}

describe('a tournament with no players', () => {
  it.each([['JSON', emptyJson], ['OpenGotha <Players/>', emptyXml]])('%s: standings shows an empty table', async (_what, make) => {
    const f = make();
    const r = await cli(['standings', f]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/standings after round 0 of 3/);
    expect(r.out).toMatch(/no players/i);
    const json = await cli(['standings', f, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual([]);
  });

  it('pair and explain: a clear message naming the file', async () => {
    const f = emptyJson();
    const pair = await cli(['pair', f, '--round', '1']);
    expectClear(pair);
    expect(pair.err).toMatch(new RegExp(`^tengen: ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: round 1: .*no players`));
    const explain = await cli(['explain', f, '1', 'sos']);
    expectClear(explain);
    expect(explain.err).toMatch(/no players/);
  });
});

describe('round flags have a stated maximum', () => {
  it.each(['1000000', '1e9', String(MAX_ROUNDS + 1)])('--as-of %s fails fast with a clear message', async (n) => {
    const r = await cli(['standings', EXAMPLE, '--as-of', n]);
    expectClear(r);
    expect(r.err).toMatch(/--as-of .*expected a round from 0 to 4/);
  });

  it('--round 1000000 fails fast with a clear message', async () => {
    const r = await cli(['pair', EXAMPLE, '--round', '1000000']);
    expectClear(r);
    expect(r.err).toMatch(/--round.*from 1 to 4/);
  });

  it('a file of 1,000,000 rounds is refused before any work', async () => {
    const big = file('rounds.json', readFileSync(EXAMPLE, 'utf8').replace('"rounds": 4', '"rounds": 1000000'));
    for (const args of [['standings', big], ['standings', big, '--as-of', '1000000'], ['pair', big, '--round', '1000000']]) {
      const r = await cli(args);
      expectClear(r);
      expect(r.err).toMatch(new RegExp(`rounds\\.json:\\d+: /settings/rounds: .*at most ${MAX_ROUNDS}`));
    }
  });
});

describe('an unwritable --out: one clear message naming the path and why', () => {
  const notAFolder = () => file('plain.txt', 'x');
  it.each([
    ['a missing folder', () => path.join(dir, 'missing', 'out.json'), /the folder does not exist \(ENOENT\)/],
    ['a folder', () => (mkdirSync(path.join(dir, 'folder.json'), { recursive: true }), path.join(dir, 'folder.json')), /it is a folder/],
    ['a path through a file', () => path.join(notAFolder(), 'out.json'), /is not a folder/],
    ['/proc', () => '/proc/tengen-out.json', /cannot write \/proc\/tengen-out\.json: /],
  ])('pair --out into %s', async (_what, out, why) => {
    const target = out();
    const r = await cli(['pair', EXAMPLE, '--round', '1', '--out', target]);
    expectClear(r);
    expect(r.err).toMatch(new RegExp(`^tengen: cannot write ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    expect(r.err).toMatch(why);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['a missing folder', () => path.join(dir, 'missing', 'out.xlsx'), /does not exist/],
    ['a folder', () => (mkdirSync(path.join(dir, 'folder.xlsx'), { recursive: true }), path.join(dir, 'folder.xlsx')), /it is a folder/],
    ['a path through a file', () => path.join(notAFolder(), 'out.xlsx'), /is not a folder/],
    ['/proc', () => '/proc/tengen-out.xlsx', /cannot write/],
  ])('workbook --out and pair --out into %s', async (_what, out, why) => {
    const target = out();
    for (const args of [
      ['workbook', EXAMPLE, '--out', target],
      ['workbook', EXAMPLE, '--out', target, '--overwrite'],
      ['pair', EXAMPLE, '--round', '1', '--out', target, '--overwrite'],
    ]) {
      const r = await cli(args);
      expectClear(r);
      expect(r.err).toMatch(new RegExp(`^tengen: cannot write ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
      expect(r.err).toMatch(why);
    }
  });
});

describe('pairing-engine errors name the file', () => {
  it('a control naming an unknown player: FILE: round N: player ID: …', async () => {
    const r = await cli(['pair', EXAMPLE, '--round', '1', '--bye', '999']);
    expectClear(r);
    expect(r.err).toMatch(new RegExp(`^tengen: ${EXAMPLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: round 1: player 999: `));
  });
});

describe('control characters are never printed raw', () => {
  it('a refused name is shown escaped; no output of the CLI holds a control character', async () => {
    const t = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
    t.players[1].family = 'Evil\n  1  Forged\u001b[2J\u202e';
    const f = file('evil.json', JSON.stringify(t, null, 2));
    for (const args of [['standings', f], ['pair', f, '--round', '1'], ['explain', f, '2', 'sos']]) {
      const r = await cli(args);
      expectClear(r);
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
      expect(firstControlCharacter(r.err.replace(/\n/g, ''))).toBeUndefined();
      expect(r.err).toMatch(/Evil\\n {2}1 {2}Forged\\u001b\[2J\\u202e/);
    }
  });

  it('a control character in a flag value is not echoed raw', async () => {
    const r = await cli(['standings', EXAMPLE, '--ruleset', 'egf\u001b[2J']);
    expectClear(r);
    expect(firstControlCharacter(r.err.replace(/\n/g, ''))).toBeUndefined();
  });
});

describe('OpenGotha pairing parameters beyond what the weights can hold (found by trying malformed files)', () => {
  const players = ['Nemo|André|2K', 'Minieri|Davide|3D', 'Rebelo|Manuela|18K', 'Sarocchi|Luc|9K']
    .map((s) => s.split('|'))
    .map(([name, first, rank]) => `<Player firstName="${first}" name="${name}" rank="${rank}" rating="1500"/>`);
  const og = (pairing: string, general = '') =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Tournament dataVersion="201">',
      '<Players>',
      ...players,
      '</Players>',
      '<TournamentParameterSet>',
      `<GeneralParameterSet genMMBar="4D" genMMFloor="20K" genMMZero="30K" name="T" numberOfRounds="3" ${general}/>`,
      `<PairingParameterSet ${pairing}/>`,
      '</TournamentParameterSet>',
      '</Tournament>',
    ].join('\n');

  it.each([
    ['paiStandardNX1Factor="1000000"', '', /paiStandardNX1Factor="1000000".*0 to 1/],
    ['paiBaRandom="-1"', '', /paiBaRandom="-1".*not a weight: a whole number from 0/],
  ])('%s: a clear message naming the file, its line and the parameter (refused when reading, issue 27)', async (pairing, general, why) => {
    const f = file('params.xml', og(pairing, general));
    const r = await cli(['pair', f, '--round', '1', '--system', 'opengotha']);
    expectClear(r);
    expect(r.err).toMatch(new RegExp(`^tengen: ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:11: <PairingParameterSet>: `));
    expect(r.err).toMatch(why);
  });

  it('a McMahon bar below the floor is refused when reading, naming the file', async () => {
    const f = file('bar.xml', og('').replace('genMMBar="4D"', 'genMMBar="30K"'));
    const r = await cli(['pair', f, '--round', '1', '--system', 'opengotha']);
    expectClear(r);
    expect(r.err).toMatch(/bar\.xml:\d+: <GeneralParameterSet>: bar: the McMahon bar 30k is below the floor 20k/);
  });
});
