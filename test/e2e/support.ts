/**
 * What the end-to-end tests need from the machine — Debian's `chromium`, `libreoffice` (libreoffice-calc), and
 * `pdftotext`/`pdftoppm` (poppler-utils), installed by `scripts/system-deps.sh` — and the small pieces every such
 * test shares: finding those binaries, serving a folder over HTTP on 127.0.0.1, and a place for artifacts
 * (`test-artifacts/`, git-ignored). The add-in they serve is the tests' one build (../support/addinBuild.ts).
 *
 * A missing binary skips the tests with a message saying what to install — except under CI (`process.env.CI`),
 * where it fails loudly: a green CI must never hide an end-to-end test that did not run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { chromium, type Browser, type Dialog, type Page } from 'playwright-core';
import { ADDIN_DIR, ensureAddinBuilt } from '../support/addinBuild';
import type { WorkbookOp } from '../../src/workbook/adapters/adapter';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';

export const ROOT = path.resolve(__dirname, '..', '..');
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

/** The add-in served on 127.0.0.1, a headless Chromium, and one page of it (see openAddinPage). */
export interface AddinPage {
  readonly server: StaticServer;
  readonly browser: Browser;
  readonly page: Page;
  /** How long the add-in's build took (or waiting for another worker's), in ms. */
  readonly buildMs: number;
  close(): Promise<void>;
}

export interface AddinPageOptions {
  readonly viewport?: { width: number; height: number };
  /** Downloads are kept (Save .xlsx, exports). */
  readonly downloads?: boolean;
  /** Page errors are pushed here, and console errors too. */
  readonly errors?: string[];
  /** Dialogs (the browser's "Leave site?") are accepted, and their types pushed here. */
  readonly dialogs?: string[];
}

/**
 * What every page test starts from: the tests' build of the add-in (built when a source changed), served, and a
 * page in headless Chromium whose errors are collected. The page is not yet navigated.
 */
export async function openAddinPage(chromiumPath: string, options: AddinPageOptions = {}): Promise<AddinPage> {
  const buildMs = ensureAddinBuilt();
  const server = await serveDirectory(ADDIN_DIR);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ acceptDownloads: options.downloads ?? false, viewport: options.viewport ?? { width: 1360, height: 900 } });
  const page = await context.newPage();
  const errors = options.errors;
  if (errors) {
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
    });
  }
  const dialogs = options.dialogs;
  if (dialogs) {
    page.on('dialog', (d: Dialog) => {
      dialogs.push(d.type());
      void d.accept();
    });
  }
  return {
    server,
    browser,
    page,
    buildMs,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Each named batch written to a new `.xlsx` of its own in `dir`, and all of them printed to PDF by one LibreOffice
 * (with a profile of its own in `dir`): the PDFs by name.
 */
export async function printBatchesToPdf(libreoffice: string, dir: string, batches: Readonly<Record<string, readonly WorkbookOp[]>>): Promise<Map<string, string>> {
  const files: string[] = [];
  for (const [name, ops] of Object.entries(batches)) {
    const wb = XlsxWorkbook.create();
    await wb.apply({ label: name, ops: [...ops] });
    const file = path.join(dir, `${name}.xlsx`);
    writeFileSync(file, await wb.save());
    files.push(file);
  }
  const convert = spawnSync(libreoffice, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files], { encoding: 'utf8', timeout: 300_000 });
  if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
  return new Map(Object.keys(batches).map((name) => [name, path.join(dir, `${name}.pdf`)]));
}
