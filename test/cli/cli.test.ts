/**
 * The CLI as a director uses it: real files on disk, exit codes, messages naming file, line and player.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLE = path.join(ROOT, 'examples', 'quebec-open-mini.json');

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

function tempFile(name: string, text: string): { file: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-cli-'));
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return { file, dir };
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n<Tournament dataVersion="201">\n<Players>';
const xmlParams =
  '<TournamentParameterSet>\n<GeneralParameterSet genMMBar="4D" genMMFloor="20K" genMMZero="30K" name="T" numberOfRounds="3"/>\n</TournamentParameterSet>\n</Tournament>';
const p = (name: string, first: string, rank: string) => `<Player firstName="${first}" name="${name}" rank="${rank}" rating="1500"/>`;
const g = (round: number, white: string, black: string) =>
  `<Game blackPlayer="${black}" handicap="0" result="RESULT_WHITEWINS" roundNumber="${round}" tableNumber="1" whitePlayer="${white}"/>`;

function xml(players: string[], games: string[]): string {
  return [xmlHead, ...players, '</Players>', '<Games>', ...games, '</Games>', xmlParams].join('\n');
}

describe('tengen standings', () => {
  it('prints the bundled example as an aligned table', async () => {
    const { code, out, err } = await cli(['standings', EXAMPLE]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/standings after round \d+ of \d+/);
    const header = lines.find((l) => l.startsWith('Pl'))!;
    expect(header).toMatch(/ID\s+Name\s+Rank/);
    expect(header).toMatch(/SOS/);
  });

  it('--json gives one object per player with the criteria as numbers', async () => {
    const { code, out } = await cli(['standings', EXAMPLE, '--json']);
    expect(code).toBe(0);
    const rows = JSON.parse(out) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(10);
    for (const key of ['id', 'name', 'rank', 'place', 'mms', 'nbw', 'sos', 'sos1', 'sos2', 'sodos', 'sosos', 'cuss', 'cusp', 'dc']) {
      expect(rows[0]).toHaveProperty(key);
    }
    for (const key of ['mms', 'nbw', 'sos', 'sos1', 'sos2', 'sodos', 'sosos', 'cuss', 'cusp', 'dc']) {
      expect(typeof rows[0][key]).toBe('number');
    }
    // aqjg places players inside their McMahon section: places rise within each section
    for (const section of new Set(rows.map((r) => r.section))) {
      const places = rows.filter((r) => r.section === section).map((r) => r.place as number);
      expect(places[0]).toBe(1);
      expect([...places].sort((a, b) => a - b)).toEqual(places);
    }
    const egf = JSON.parse((await cli(['standings', EXAMPLE, '--json', '--ruleset', 'egf', '--tiebreaks', 'mms,sos'])).out) as { place: number }[];
    expect(egf.map((r) => r.place)).toEqual([...egf.map((r) => r.place)].sort((a, b) => a - b));
  });

  it('--as-of gives the standings after an earlier round', async () => {
    const { out } = await cli(['standings', EXAMPLE, '--as-of', '1', '--json']);
    const rows = JSON.parse(out) as { nbw: number }[];
    expect(Math.max(...rows.map((r) => r.nbw))).toBeLessThanOrEqual(1);
  });

  it('refuses an unknown ruleset and a round out of range with usage help', async () => {
    const a = await cli(['standings', EXAMPLE, '--ruleset', 'fide']);
    expect(a.code).toBe(1);
    expect(a.err).toMatch(/--ruleset fide: expected one of egf, bga, aqjg, opengotha/);
    const b = await cli(['standings', EXAMPLE, '--as-of', '99']);
    expect(b.code).toBe(1);
    expect(b.err).toMatch(/--as-of 99/);
  });
});

describe('tengen explain', () => {
  it('prints the per-opponent table whose lines sum to the value', async () => {
    const { code, out } = await cli(['explain', EXAMPLE, '1', 'sos', '--json']);
    expect(code).toBe(0);
    const e = JSON.parse(out) as { rows: { value: number | null; dropped?: boolean }[]; sumOfCounted: number };
    const sum = e.rows.reduce((s, r) => s + (r.value !== null && !r.dropped ? r.value : 0), 0);
    expect(sum).toBe(e.sumOfCounted);
    const text = await cli(['explain', EXAMPLE, '1', 'sos']);
    expect(text.out).toMatch(/Round\s+Opponent/);
  });

  it('names a player that does not exist', async () => {
    const { code, err } = await cli(['explain', EXAMPLE, '999', 'sos']);
    expect(code).toBe(2);
    expect(err).toMatch(/999/);
  });
});

describe('bad input: an error naming the file, the line and the player, a non-zero exit, nothing written', () => {
  const cases: [string, string, string, RegExp][] = [
    ['malformed XML', 'broken.xml', '<?xml version="1.0"?>\n<Tournament>\n<Players>\n<Player name="A"\n</Tournament>', /broken\.xml:\d+/],
    ['an unknown rank', 'rank.xml', xml([p('Nemo', 'André', '2K'), p('Doe', 'John', '45X')], []), /rank\.xml:5: <Player.*Doe, John.*45X/],
    ['a duplicate player', 'dup.xml', xml([p('Nemo', 'André', '2K'), p('Nemo', 'André', '2K')], []), /dup\.xml:5: <Player.*Nemo, André.*duplicate/],
    ['a game naming an unknown player', 'unknown.xml', xml([p('Nemo', 'André', '2K'), p('Doe', 'John', '3K')], [g(1, 'NEMOANDRÉ', 'SMITHJANE')]), /unknown\.xml:8.*SMITHJANE/],
    [
      'a player with two games in one round',
      'twice.xml',
      xml([p('Nemo', 'André', '2K'), p('Doe', 'John', '3K'), p('Roe', 'Jane', '4K')], [g(1, 'NEMOANDRÉ', 'DOEJOHN'), g(1, 'NEMOANDRÉ', 'ROEJANE')]),
      /twice\.xml:10.*Nemo, André.*round 1/,
    ],
  ];
  it.each(cases)('%s', async (_what, name, text, message) => {
    const { file, dir } = tempFile(name, text);
    const before = readdirSync(dir);
    const { code, out, err } = await cli(['standings', file]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(readdirSync(dir)).toEqual(before);
  });

  it('a missing file', async () => {
    const { code, err } = await cli(['standings', '/nonexistent/t.json']);
    expect(code).toBe(2);
    expect(err).toMatch(/\/nonexistent\/t\.json: cannot read the tournament file: no such file/);
  });
});

describe('the installed command', () => {
  it('`bin/tengen.js` runs the built CLI and returns its exit code', () => {
    const ok = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'tengen.js'), 'standings', EXAMPLE, '--json'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toBeInstanceOf(Array);
    const bad = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'tengen.js'), 'standings', '/nonexistent.json'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/nonexistent\.json/);
  });
});

describe('tengen pair', () => {
  it('pairs a round from the rounds before it, ignoring later games, and --out writes the tournament with it', async () => {
    const { dir } = tempFile('placeholder.txt', '');
    const out = path.join(dir, 'after.json');
    const { code, out: text } = await cli(['pair', EXAMPLE, '--round', '3', '--json', '--out', out]);
    expect(code).toBe(0);
    const p = JSON.parse(text) as { round: number; games: { table: number; white: number; black: number; handicap: number }[]; bye: number | null };
    expect(p.round).toBe(3);
    const seated = [...p.games.flatMap((g) => [g.white, g.black]), ...(p.bye === null ? [] : [p.bye])];
    expect(new Set(seated).size).toBe(seated.length);
    expect(p.games.map((g) => g.table)).toEqual(p.games.map((_, i) => i + 1));
    const written = await cli(['standings', out, '--json']);
    expect(written.code).toBe(0);
    const back = JSON.parse(readFileSync(out, 'utf8')) as { games: { round: number }[] };
    expect(Math.max(...back.games.map((g) => g.round))).toBe(3);
    expect(back.games.filter((g) => g.round === 3)).toHaveLength(p.games.length);
  });

  it('an impossible request: a clear message, exit 2, nothing written', async () => {
    const doc = {
      format: 'tengen-tournament', version: 1, name: 'Two', settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf' },
      players: [{ id: 1, family: 'A', given: 'X', rank: '1d' }, { id: 2, family: 'B', given: 'Y', rank: '1k' }],
      games: [{ round: 1, white: 1, black: 2, handicap: 0, result: 'white-wins' }], byes: [],
    };
    const { file, dir } = tempFile('two.json', JSON.stringify(doc));
    const out = path.join(dir, 'out.json');
    const { code, out: text, err } = await cli(['pair', file, '--round', '2', '--out', out]);
    expect(code).toBe(2);
    expect(text).toBe('');
    expect(err).toMatch(/round 2: .*no pairing/);
    expect(readdirSync(dir)).toEqual(['two.json']);
  });

  it('optimal is the default; mays stays; unknown systems and seedings are usage errors', async () => {
    const byDefault = await cli(['pair', EXAMPLE, '--round', '2', '--json']);
    expect(byDefault.code).toBe(0);
    expect(JSON.parse(byDefault.out).system).toBe('optimal');
    const mays = await cli(['pair', EXAMPLE, '--round', '2', '--json', '--system', 'mays']);
    expect(mays.code).toBe(0);
    expect(JSON.parse(mays.out).system).toBe('mays');
    const unknown = await cli(['pair', EXAMPLE, '--round', '2', '--system', 'lottery']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/pairs with optimal, mays only/);
    const badSeeding = await cli(['pair', EXAMPLE, '--round', '2', '--seeding', 'zigzag']);
    expect(badSeeding.code).toBe(1);
    expect(badSeeding.err).toMatch(/expected one of slip, fold, random/);
    const noSeed = await cli(['pair', EXAMPLE, '--round', '2', '--seeding', 'random']);
    expect(noSeed.code).toBe(1);
    expect(noSeed.err).toMatch(/needs --seed/);
  });

  it('--seeding random --seed N replays the same draw; fold differs from slip', async () => {
    const a = await cli(['pair', EXAMPLE, '--round', '1', '--json', '--seeding', 'random', '--seed', '42']);
    const b = await cli(['pair', EXAMPLE, '--round', '1', '--json', '--seeding', 'random', '--seed', '42']);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    const slip = await cli(['pair', EXAMPLE, '--round', '1', '--json']);
    const fold = await cli(['pair', EXAMPLE, '--round', '1', '--json', '--seeding', 'fold']);
    expect(JSON.parse(slip.out).games).not.toEqual(JSON.parse(fold.out).games);
  });

  it.each(['optimal', 'mays'])('%s: everyone has met everyone — exit 2, a clear message, nothing written', async (system) => {
    const doc = {
      format: 'tengen-tournament', version: 1, name: 'Four', settings: { system: 'mcmahon', rounds: 4, ruleset: 'egf' },
      players: [1, 2, 3, 4].map((n) => ({ id: n, family: `P${n}`, given: 'X', rank: '1d' })),
      games: [
        [1, 1, 2], [1, 3, 4], [2, 1, 3], [2, 2, 4], [3, 1, 4], [3, 2, 3],
      ].map(([round, white, black]) => ({ round, white, black, handicap: 0, result: 'white-wins' })),
      byes: [],
    };
    const { file, dir } = tempFile('four.json', JSON.stringify(doc));
    const out = path.join(dir, 'out.json');
    const { code, out: text, err } = await cli(['pair', file, '--round', '4', '--system', system, '--out', out]);
    expect(code).toBe(2);
    expect(text).toBe('');
    expect(err).toMatch(/round 4: .*no pairing.*already met everyone/);
    expect(readdirSync(dir)).toEqual(['four.json']);
  });

  it('a round outside the tournament is a usage error (exit 1)', async () => {
    const { code, err } = await cli(['pair', EXAMPLE, '--round', '99']);
    expect(code).toBe(1);
    expect(err).toMatch(/--round/);
  });
});

describe('tengen pair --bye-method', () => {
  it('accepts mays and opengotha, refuses anything else', async () => {
    for (const method of ['mays', 'opengotha']) {
      const r = await cli(['pair', EXAMPLE, '--round', '2', '--json', '--bye-method', method]);
      expect(r.code).toBe(0);
    }
    const bad = await cli(['pair', EXAMPLE, '--round', '2', '--bye-method', 'lottery']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/expected mays or opengotha/);
  });
});

describe('tengen workbook', () => {
  it('writes every sheet of a tournament into an .xlsx file that `standings` reads back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tengen-cli-'));
    const out = path.join(dir, 'quebec.xlsx');
    const written = await cli(['workbook', EXAMPLE, '--out', out, '--language', 'fr']);
    expect(written).toEqual({ code: 0, out: `${out}: Grid, Players, Settings, Pairings R1, Pairings R2, Pairings R3, Pairings R4, Standings, Log\n`, err: '' });
    const fromWorkbook = await cli(['standings', out, '--json']);
    const fromJson = await cli(['standings', EXAMPLE, '--json']);
    expect(fromWorkbook.code).toBe(0);
    expect(fromWorkbook.out).toBe(fromJson.out);
  });

  it('refuses a missing --out, a bad language, and names the cell of a bad workbook', async () => {
    expect((await cli(['workbook', EXAMPLE])).code).toBe(1);
    expect((await cli(['workbook', EXAMPLE, '--out', 'x.xlsx', '--language', 'de'])).err).toMatch(/^tengen: --language de: expected en or fr/);
    const { file } = tempFile('not.xlsx', 'plain text');
    const bad = await cli(['standings', file]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^tengen: .*not\.xlsx: cannot read the workbook: not a workbook Tengen can open/);
  });
});

describe('tengen pair records the seeding', () => {
  it('the lottery seed of random seeding is in the JSON and on the sheet', async () => {
    const json = await cli(['pair', EXAMPLE, '--round', '1', '--json', '--seeding', 'random', '--seed', '42']);
    expect(JSON.parse(json.out).seeding).toEqual({ method: 'random', seed: 42 });
    const sheet = await cli(['pair', EXAMPLE, '--round', '1', '--seeding', 'random', '--seed', '42']);
    expect(sheet.out).toMatch(/Seeding inside score groups: random \(lottery seed 42\)/);
  });
});
