/**
 * The tests' one production build of the add-in (`webpack --mode production`, as `npm run build`), for a hosting URL:
 * `test/addin/build.test.ts` checks what it holds, `test/e2e/standalone.test.ts` serves it to Chromium. Jest runs
 * those files in parallel workers: the first to ask builds, under a lock, while the other waits for it; later runs
 * build again only when a source of the task pane, the engine, the custom functions or the build changed. The build
 * goes to `test-artifacts/addin/` (git-ignored), so a developer's `dist/addin` is left alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** The hosting URL the tests build for: every development URL (https://localhost:3000/) becomes this one. */
export const TEST_ADDIN_URL = 'https://example.org/tengen/';

/** Where the tests' build goes. */
export const ADDIN_DIR = path.join(ROOT, 'test-artifacts', 'addin');

/** Newest modification time under `dir` (files only), 0 when it does not exist. */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

/** Whether the build there was made for TEST_ADDIN_URL after every source last changed. */
function builtAndFresh(stamp: string): boolean {
  if (!existsSync(path.join(ADDIN_DIR, 'index.html')) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== TEST_ADDIN_URL) return false;
  const sources = Math.max(
    ...['taskpane', 'src', 'functions', 'assets'].map((d) => newestMtime(path.join(ROOT, d))),
    ...['webpack.config.js', 'manifest.xml', 'tsconfig.addin.json', 'tsconfig.json', 'package-lock.json'].map((f) => (existsSync(path.join(ROOT, f)) ? statSync(path.join(ROOT, f)).mtimeMs : 0)),
  );
  return statSync(stamp).mtimeMs >= sources;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Build the add-in into ADDIN_DIR unless it is built already and fresh; returns how long this took (the build, or
 * waiting for another worker's).
 */
export function ensureAddinBuilt(): number {
  const started = Date.now();
  mkdirSync(path.dirname(ADDIN_DIR), { recursive: true });
  const lock = `${ADDIN_DIR}.lock`;
  // mkdir is atomic: whoever creates the lock builds; a lock older than 10 minutes is left by a killed run.
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let age = 0;
    try {
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    if (age > 600_000) rmSync(lock, { recursive: true, force: true });
    else sleep(250);
  }
  try {
    // webpack leaves an unchanged output file alone (its time stays old): a stamp written after the build says when.
    const stamp = path.join(ADDIN_DIR, '.tests-built');
    if (builtAndFresh(stamp)) return Date.now() - started;
    execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: ROOT,
      env: { ...process.env, ADDIN_URL: TEST_ADDIN_URL, ADDIN_OUT: ADDIN_DIR, TENGEN_TRANSPILE_ONLY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
    if (!existsSync(path.join(ADDIN_DIR, 'index.html'))) throw new Error(`webpack ran but ${path.relative(ROOT, ADDIN_DIR)}/index.html is missing: check webpack.config.js`);
    writeFileSync(stamp, TEST_ADDIN_URL);
    return Date.now() - started;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
