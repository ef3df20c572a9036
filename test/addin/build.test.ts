/**
 * `npm run build` as a production build for a hosting URL: webpack writes the manifest, both pages, the bundles,
 * functions.json and the icons, with https://localhost:3000/ replaced by ADDIN_URL everywhere. The tests' one build
 * (../support/addinBuild.ts, in test-artifacts/addin, shared with the end-to-end test), so a developer's dist/addin is
 * left alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { ADDIN_DIR, ensureAddinBuilt, TEST_ADDIN_URL } from '../support/addinBuild';
import { HAS_SCHEMAS, validateManifest } from './manifestValidation';

const ROOT = path.join(__dirname, '..', '..');
const WEBPACK = require.resolve('webpack-cli/bin/cli.js');
const HOSTING = TEST_ADDIN_URL;

describe('production build for a hosting URL', () => {
  const out = ADDIN_DIR;
  let scratch: string;
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');

  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'tengen-addin-'));
    ensureAddinBuilt();
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('writes the manifest, both pages, the bundles, functions.json and the icons', () => {
    for (const file of ['manifest.xml', 'taskpane.html', 'index.html', 'taskpane.js', 'functions.js', 'functions.json']) {
      expect(existsSync(path.join(out, file))).toBe(true);
    }
    expect(readdirSync(path.join(out, 'assets')).sort()).toEqual(['icon-16.png', 'icon-32.png', 'icon-64.png', 'icon-80.png']);
  });

  test('the manifest points at the hosting HOSTING only, and still validates', async () => {
    const manifest = read('manifest.xml');
    expect(manifest).not.toContain('localhost');
    expect(manifest).toContain(`<bt:Url id="Taskpane.Url" DefaultValue="${HOSTING}taskpane.html"/>`);
    expect(manifest).toContain('<AppDomain>https://example.org</AppDomain>');
    if (HAS_SCHEMAS) expect((await validateManifest(manifest)).errors).toEqual([]);
  });

  test('the task pane loads Office.js, then the functions, then the pane; the standalone page has no Office.js', () => {
    const pane = read('taskpane.html');
    const office = pane.indexOf('appsforoffice.microsoft.com/lib/1/hosted/office.js');
    expect(office).toBeGreaterThan(0);
    expect(pane.indexOf('functions.js')).toBeGreaterThan(office);
    // The functions register before the pane's code runs (deferred scripts run in document order).
    expect(pane.indexOf('taskpane.js')).toBeGreaterThan(pane.indexOf('functions.js'));
    const scripts = [...pane.matchAll(/<script[^>]*src="?([^" >]+)"?[^>]*>/g)].map((m) => [m[1], /\bdefer\b/.test(m[0])]);
    expect(scripts).toEqual([
      ['guard.js', false],
      ['https://appsforoffice.microsoft.com/lib/1/hosted/office.js', false],
      ['functions.js', true],
      ['taskpane.js', true],
    ]);
    const standalone = read('index.html');
    expect(standalone).toContain('taskpane.js');
    expect(standalone).not.toContain('office.js');
    expect(standalone).not.toContain('functions.js');
  });

  test('functions.json lists every GO function with help URLs on the hosting HOSTING; the bundle registers them', () => {
    const metadata = JSON.parse(read('functions.json')) as { functions: { id: string; helpUrl: string }[] };
    expect(metadata.functions.map((f) => f.id)).toEqual(['MMS', 'NBW', 'SOS', 'SOSM1', 'SOSM2', 'SODOS', 'SOSOS', 'CUSS', 'CUSP', 'DIRECTCOMPARE', 'PLACE', 'SONNEBORN', 'CZECHPLACE', 'STANDINGS', 'HANDICAP', 'VERSION', 'RRPOINTS', 'RRPLACE']);
    // Each help link opens the built help page at that function's own section.
    const help = read('functions-help.html');
    for (const f of metadata.functions) {
      expect(f.helpUrl).toBe(`${HOSTING}functions-help.html#${f.id.toLowerCase()}`);
      expect(help).toMatch(new RegExp(`<h2 id="?${f.id.toLowerCase()}"?>GO\\.${f.id}\\(`));
    }
    // The plugin's loader appends CustomFunctions.associate("SOS", …) for each function.
    expect(read('functions.js')).toMatch(/associate\(\s*"STANDINGS"/);
  });

  test('start-up: the functions bundle is small and has no ExcelJS; the pane loads on demand; ExcelJS only in the standalone page\'s workbook worker', () => {
    // What marks ExcelJS in a bundle: its XML transforms (the "…Xform" classes), in no other code of the add-in.
    const hasExcelJs = (file: string) => read(file).includes('Xform');
    const size = (file: string) => statSync(path.join(out, file)).size;
    expect(hasExcelJs('exceljs.js')).toBe(true); // the marker is found where ExcelJS is
    expect(size('functions.js')).toBeLessThan(150_000);
    expect(hasExcelJs('functions.js')).toBe(false);
    expect(size('taskpane.js')).toBeLessThan(20_000);
    expect(hasExcelJs('taskpane.js')).toBe(false);
    // The chunks each start-up path fetches, as the entry's loader lists them.
    const loads = [...read('taskpane.js').matchAll(/Promise\.all\(\[([^\]]*)\]\)/g)].map((m) => [...m[1].matchAll(/"([^"]+)"/g)].map((n) => n[1]));
    const excelPath = loads.find((chunks) => chunks.includes('pane'))!;
    const standalonePath = loads.find((chunks) => chunks.includes('standalone'))!;
    expect(excelPath).toBeDefined();
    expect(standalonePath).toBeDefined();
    // Neither the pane in Excel nor the page's own thread parses ExcelJS: the page's workbook lives in a Web Worker
    // (taskpane/workbookWorker.ts, named tengen-workbook), which is the one to load the ExcelJS chunk.
    for (const chunk of [...excelPath, ...standalonePath]) expect([chunk, hasExcelJs(`${chunk}.js`)]).toEqual([chunk, false]);
    for (const chunk of standalonePath) expect(existsSync(path.join(out, `${chunk}.js`))).toBe(true);
    const worker = read('tengen-workbook.js');
    const workerChunks = [...worker.matchAll(/\.O\(void 0,\[([^\]]*)\]/g)].flatMap((m) => [...m[1].matchAll(/"([^"]+)"/g)].map((n) => n[1]));
    expect(workerChunks).toContain('exceljs');
  });

  test('functions.json lets error cells reach the functions (allowErrorForDataTypeAny) and asks no more than CustomFunctionsRuntime 1.3', () => {
    const metadata = JSON.parse(read('functions.json')) as { allowErrorForDataTypeAny?: boolean; allowCustomDataForDataTypeAny?: boolean; functions: unknown[] };
    expect(metadata.allowErrorForDataTypeAny).toBe(true);
    // The data-types flag is CustomFunctionsRuntime 1.4 ("Custom Functions requirement sets"); the manifest declares 1.3.
    expect(metadata.allowCustomDataForDataTypeAny).toBeUndefined();
    expect(read('manifest.xml')).toContain('<Set Name="CustomFunctionsRuntime" MinVersion="1.3"/>');
    expect(metadata.functions.length).toBeGreaterThan(10);
  });

  test('IE11 and old webviews: the guard is the first script of both pages and parses as ES5; the rest needs more, behind it', () => {
    // Issue 21, R3. acorn (webpack's parser) as an ES5 engine: what Internet Explorer 11 can parse.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- acorn comes with webpack
    const acorn = require('acorn') as { parse(code: string, options: { ecmaVersion: number; sourceType?: string }): unknown };
    const es5 = (code: string) => {
      try {
        acorn.parse(code, { ecmaVersion: 5 });
        return true;
      } catch {
        return false;
      }
    };
    const scripts = readdirSync(out).filter((f) => f.endsWith('.js'));
    expect(scripts).toContain('guard.js');
    expect(es5(read('guard.js'))).toBe(true);
    // Every other script is ES2022 (IE11 cannot parse it): which is why the guard must come first.
    for (const file of scripts.filter((f) => f !== 'guard.js')) expect([file, es5(read(file))]).toEqual([file, false]);
    for (const page of ['taskpane.html', 'index.html']) {
      const srcs = [...read(page).matchAll(/<script[^>]*src="?([^" >]+)"?[^>]*>/g)].map((m) => [m[1], /\b(defer|async)\b/.test(m[0])]);
      expect(srcs[0]).toEqual(['guard.js', false]);
    }
  });

  test('the guard names what is missing, in the page, and leaves a capable engine alone', () => {
    const run = (features: Record<string, unknown>) => {
      const shown: string[] = [];
      const element = (text = '') => ({ text, firstChild: null, appendChild: (c: { text: string }) => shown.push(c.text), removeChild: () => undefined });
      const document = {
        readyState: 'complete',
        getElementById: () => element(),
        createElement: () => {
          const el = element();
          return { ...el, appendChild: (c: { text: string }) => shown.push(c.text) };
        },
        createTextNode: (text: string) => ({ text }),
      };
      const window: Record<string, unknown> = { ...features };
      vm.runInNewContext(read('guard.js'), { window, document });
      return { unsupported: window.TENGEN_UNSUPPORTED as string[] | undefined, shown };
    };
    const old = run({});
    expect(old.unsupported).toEqual(['Promise', 'Map and Set', 'Symbol', 'Proxy', 'fetch']);
    expect(old.shown.join(' ')).toMatch(/Missing: Promise, Map and Set, Symbol, Proxy, fetch\..*WebView2/);
    const modern = run({ Promise, Map, Set, Symbol, Proxy, fetch: () => undefined });
    expect(modern).toEqual({ unsupported: undefined, shown: [] });
  });

  test('an ADDIN_URL that is not https is refused', () => {
    const result = spawnSync(process.execPath, [WEBPACK, '--mode', 'production'], {
      cwd: ROOT,
      env: { ...process.env, ADDIN_URL: 'http://example.org/', ADDIN_OUT: path.join(scratch, 'refused') },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toContain('ADDIN_URL must be an https:// URL');
  });
});
