/**
 * What the end-to-end tests need from the machine — Debian's `chromium`, `libreoffice` (libreoffice-calc), and
 * `pdftotext`/`pdftoppm` (poppler-utils), installed by `scripts/system-deps.sh` — and the small pieces every such
 * test shares: finding those binaries, serving `dist/addin` over HTTP on 127.0.0.1, building the add-in when it is
 * missing, and a place for artifacts (`test-artifacts/`, git-ignored).
 *
 * A missing binary skips the tests with a message saying what to install — except under CI (`process.env.CI`),
 * where it fails loudly: a green CI must never hide an end-to-end test that did not run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const ADDIN_DIR = path.join(ROOT, 'dist', 'addin');
export const ARTIFACTS_DIR = path.join(ROOT, 'test-artifacts');
export const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false';

/** The binaries the tests call, the Debian package that provides each, and where Debian puts it. */
export const SYSTEM_BINARIES = {
  chromium: { package: 'chromium', candidates: ['/usr/bin/chromium', '/usr/bin/chromium-browser'] },
  libreoffice: { package: 'libreoffice-calc', candidates: ['/usr/bin/libreoffice', '/usr/bin/soffice'] },
  pdftotext: { package: 'poppler-utils', candidates: ['/usr/bin/pdftotext'] },
  pdftoppm: { package: 'poppler-utils', candidates: ['/usr/bin/pdftoppm'] },
} as const;

export type SystemBinary = keyof typeof SYSTEM_BINARIES;

/** The binary's path: its usual Debian place, else the first on PATH; undefined when not installed. */
export function findBinary(name: SystemBinary): string | undefined {
  for (const candidate of SYSTEM_BINARIES[name].candidates) if (existsSync(candidate)) return candidate;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export type BinaryCheck =
  | { readonly kind: 'run'; readonly paths: Record<SystemBinary, string> }
  | { readonly kind: 'skip' | 'fail'; readonly missing: readonly SystemBinary[]; readonly message: string };

/** Whether tests needing `binaries` run, skip (saying what to install) or — under CI — fail. */
export function checkBinaries(binaries: readonly SystemBinary[], inCi: boolean = IN_CI, find: (b: SystemBinary) => string | undefined = findBinary): BinaryCheck {
  const paths = {} as Record<SystemBinary, string>;
  const missing: SystemBinary[] = [];
  for (const b of binaries) {
    const found = find(b);
    if (found) paths[b] = found;
    else missing.push(b);
  }
  if (missing.length === 0) return { kind: 'run', paths };
  const packages = [...new Set(missing.map((b) => SYSTEM_BINARIES[b].package))];
  const message = `${missing.join(', ')} not installed: run scripts/system-deps.sh (apt-get install --no-install-recommends ${packages.join(' ')})`;
  return { kind: inCi ? 'fail' : 'skip', missing, message };
}

/**
 * `describe` when every binary is installed. Otherwise: under CI a failing test naming what is missing; elsewhere a
 * skipped block whose title says what to install.
 */
export function describeWithBinaries(name: string, binaries: readonly SystemBinary[], body: (paths: Record<SystemBinary, string>) => void): void {
  const check = checkBinaries(binaries);
  if (check.kind === 'run') {
    describe(name, () => body(check.paths));
  } else if (check.kind === 'fail') {
    describe(name, () => {
      it(`needs ${check.missing.join(', ')}`, () => {
        throw new Error(`${name}: ${check.message}. Under CI the end-to-end tests must run, so this fails instead of skipping.`);
      });
    });
  } else {
    describe(`${name} [skipped: ${check.message}]`, () => {
      it.skip(`needs ${check.missing.join(', ')}`, () => undefined);
    });
    console.warn(`skipping "${name}": ${check.message}`);
  }
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return path.join(ARTIFACTS_DIR, name);
}

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

/**
 * Build the add-in (webpack, production) into `dist/addin` unless this helper built it after every source of the task
 * pane, the engine, the custom functions and the build's configuration last changed. Returns how long it took (0
 * when nothing was built).
 */
export function ensureAddinBuilt(): number {
  const index = path.join(ADDIN_DIR, 'index.html');
  // webpack leaves an unchanged output file alone (its time stays old): a stamp written after the build says when.
  const stamp = path.join(ADDIN_DIR, '.e2e-built');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'taskpane')),
    newestMtime(path.join(ROOT, 'src')),
    newestMtime(path.join(ROOT, 'functions')),
    ...['webpack.config.js', 'tsconfig.addin.json', 'tsconfig.json', 'package-lock.json'].map((f) => (existsSync(path.join(ROOT, f)) ? statSync(path.join(ROOT, f)).mtimeMs : 0)),
  );
  if (existsSync(index) && existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return 0;
  const started = Date.now();
  execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!existsSync(index)) throw new Error(`webpack ran but ${path.relative(ROOT, index)} is missing: check webpack.config.js`);
  writeFileSync(stamp, new Date().toISOString());
  return Date.now() - started;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serve `dir` on 127.0.0.1 at a random port; nothing outside `dir` is reachable. */
export async function serveDirectory(dir: string): Promise<StaticServer> {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const relative = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(`not found: ${url.pathname}`);
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** The launch arguments for Debian's Chromium, headless, in a container without a sandbox. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
