/**
 * Issue 27, data loss on the CLI side: every --out refuses an existing file without --overwrite; one writer at a
 * time per file (5 concurrent runs lose no update); temporary files of a killed run are removed at the next write; a
 * repeated option is refused. The concurrent runs go through bin/tengen.js (the built dist/), as a director runs it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'tengen.js');

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-writers-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tournament(players: number): string {
  const list = Array.from({ length: players }, (_, i) => ({ id: i + 1, family: `F${i + 1}`, given: 'G', rank: `${10 - Math.floor((i + 1) / 3)}k` }));
  return JSON.stringify({ format: 'tengen-tournament', version: 1, name: 'C', settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf' }, players: list, games: [], byes: [] }, null, 1);
}

function run(args: string[], cwd: string): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.resume();
    child.on('close', (code) => resolve({ code, err }));
  });
}

describe('--out never replaces a file without --overwrite', () => {
  it.each([
    ['pair', ['--round', '1']],
    ['lots', ['--by', 'id']],
  ])('%s --out other.json refuses an existing unrelated file, and writes it with --overwrite', async (command, args) => {
    const dir = tempDir();
    const file = path.join(dir, 't.json');
    const other = path.join(dir, 'other.json');
    writeFileSync(file, tournament(6));
    writeFileSync(other, 'the director’s own notes');
    const refused = await cli([command, file, ...args, '--out', other]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/other\.json already exists .* Add --overwrite/);
    expect(readFileSync(other, 'utf8')).toBe('the director’s own notes');
    const done = await cli([command, file, ...args, '--out', other, '--overwrite']);
    expect(done.err).toBe('');
    expect(JSON.parse(readFileSync(other, 'utf8')).format).toBe('tengen-tournament');
  });

  it('a repeated option is refused, not the last one taken', async () => {
    const dir = tempDir();
    const file = path.join(dir, 't.json');
    writeFileSync(file, tournament(6));
    const r = await cli(['pair', file, '--round', '1', '--system', 'mays', '--system', 'optimal']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--system is given twice \(mays, then optimal\); give it once/);
  });
});

describe('one writer at a time', () => {
  const built = existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'));
  if (!built && process.env.CI) throw new Error('dist/ is not built: CI builds it (npm ci runs prepare)');
  (built ? it : it.skip)('5 concurrent runs pairing parts of one round into one file: no update is lost', async () => {
    if (!built) console.warn('skipping: dist/ is not built (npm run build:engine)');
    const dir = tempDir();
    writeFileSync(path.join(dir, 't.json'), tournament(24));
    expect((await run(['pair', 't.json', '--round', '1', '--only', '1-4', '--out', 't.json'], dir)).code).toBe(0);
    const runs = await Promise.all([1, 2, 3, 4, 5].map((k) => run(['pair', 't.json', '--round', '1', '--only', `${4 * k + 1}-${4 * k + 4}`, '--rest', '--out', 't.json'], dir)));
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    const games = JSON.parse(readFileSync(path.join(dir, 't.json'), 'utf8')).games;
    // Without the lock, 4 of 5 such runs read the file before another wrote it, and only their own tables survive.
    expect(games).toHaveLength(12);
    expect(readdirSync(dir).sort()).toEqual(['t.json']); // no lock and no temporary file left
  }, 120_000);

  it('a temporary file left by a killed run is removed at the next write; a stale lock is taken over', async () => {
    const dir = tempDir();
    const file = path.join(dir, 't.json');
    writeFileSync(file, tournament(6));
    // A process id that runs no process: the largest pid Linux gives is 4,194,304.
    writeFileSync(path.join(dir, '.out.json.4194999-1.tengen-tmp'), 'half a file');
    writeFileSync(path.join(dir, '.out.json.tengen-lock'), '4194999\n');
    const r = await cli(['pair', file, '--round', '1', '--out', path.join(dir, 'out.json')]);
    expect(r.err).toBe('');
    expect(readdirSync(dir).sort()).toEqual(['out.json', 't.json']);
  });
});
