/**
 * manifest.xml validates against Microsoft's add-in manifest schemas (offline copy in ../shared, skipped with a
 * message when absent), declares what the add-in needs (Excel, the shared runtime, the GO namespace), and broken
 * copies are rejected — so this test can fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { HAS_SCHEMAS, SCHEMA_DIR, validateManifest } from './manifestValidation';

const MANIFEST = readFileSync(path.join(__dirname, '..', '..', 'manifest.xml'), 'utf8');

function remove(xml: string, pattern: RegExp): string {
  const out = xml.replace(pattern, '');
  if (out === xml) throw new Error(`test setup: ${pattern} not found in manifest.xml`);
  return out;
}

const describeSchemas = HAS_SCHEMAS ? describe : describe.skip;
if (!HAS_SCHEMAS) console.warn(`skipping manifest schema validation: ${SCHEMA_DIR} is absent`);

describeSchemas(`manifest.xml against ${HAS_SCHEMAS ? 'the patched XSDs' : '[skipped: ../shared/schemas absent]'}`, () => {
  it('validates', async () => {
    const check = await validateManifest(MANIFEST);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
  });

  it('rejects a custom-functions extension point without its Page', async () => {
    const broken = remove(MANIFEST, /<Page>[\s\S]*?<\/Page>/);
    const check = await validateManifest(broken);
    expect(check.valid).toBe(false);
    expect(check.errors.join('\n')).toMatch(/Metadata|Page/);
  });

  it('rejects a runtime with an unknown lifetime', async () => {
    const check = await validateManifest(MANIFEST.replace('lifetime="long"', 'lifetime="forever"'));
    expect(check.valid).toBe(false);
    expect(check.errors.join('\n')).toMatch(/lifetime/);
  });

  it('rejects elements out of order (Permissions before DefaultSettings)', async () => {
    const permissions = '<Permissions>ReadWriteDocument</Permissions>';
    const moved = remove(MANIFEST, new RegExp(permissions)).replace('<DefaultSettings>', `${permissions}\n  <DefaultSettings>`);
    const check = await validateManifest(moved);
    expect(check.valid).toBe(false);
  });
});

describe('manifest.xml declares the add-in Tengen needs', () => {
  it('Excel, the shared runtime 1.1 with one long-lived runtime, namespace GO, https://localhost:3000/ URLs', () => {
    expect(MANIFEST).toContain('<Host Name="Workbook"/>');
    expect(MANIFEST).toMatch(/<Set Name="SharedRuntime" MinVersion="1.1"\/>/);
    expect(MANIFEST.match(/<Runtime /g)).toHaveLength(1);
    expect(MANIFEST).toMatch(/<Runtime resid="Taskpane.Url" lifetime="long"\/>/);
    // The task pane, the functions' page and the function file are the same runtime.
    expect(MANIFEST).toMatch(/<Page>\s*<SourceLocation resid="Taskpane.Url"\/>/);
    expect(MANIFEST).toMatch(/<FunctionFile resid="Taskpane.Url"\/>/);
    expect(MANIFEST).toMatch(/<bt:String id="Functions.Namespace" DefaultValue="GO"\/>/);
    const urls = [...MANIFEST.replace(/<!--[\s\S]*?-->/g, "").matchAll(/https?:\/\/[^"<\s]+/g)].map((m) => m[0]).filter((u) => !u.startsWith('http://schemas.') && !u.startsWith('http://www.w3.org'));
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.startsWith('https://localhost:3000')).toBe(true);
  });

  it('SupportUrl is the help page\'s Support section (issue 21, R13), not the standalone page', () => {
    expect(MANIFEST).toContain('<SupportUrl DefaultValue="https://localhost:3000/functions-help.html#support"/>');
    expect(readFileSync(path.join(__dirname, '..', '..', 'functions', 'help.html'), 'utf8')).toContain('<h2 id="support">');
  });

  it('names icons that exist as PNG files of the stated size', () => {
    for (const m of MANIFEST.matchAll(/https:\/\/localhost:3000\/assets\/icon-(\d+)\.png/g)) {
      const png = readFileSync(path.join(__dirname, '..', '..', 'assets', `icon-${m[1]}.png`));
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(Number(m[1]));
      expect(png.readUInt32BE(20)).toBe(Number(m[1]));
    }
  });
});

/** Office.js calls of taskpane/ and functions/ and the requirement set each needs (Excel JavaScript API reference). */
const API_SETS: readonly [RegExp, string, string][] = [
  [/\.pageLayout\b|\.setPrintArea\(|\.setPrintTitleRows\(|\.horizontalPageBreaks\b|\.zoom\b/, 'ExcelApi', '1.9'],
  [/\.freezePanes\b|\.getRangeByIndexes\(|\.getItem\([^)]*\)\.formula =/, 'ExcelApi', '1.7'],
  [/\.suspendApiCalculationUntilNextSync\(/, 'ExcelApi', '1.6'],
  [/\.getItemOrNullObject\(|\.getUsedRangeOrNullObject\(/, 'ExcelApi', '1.4'],
  [/@requiresParameterAddresses|\.parameterAddresses\b/, 'CustomFunctionsRuntime', '1.3'],
  [/new CustomFunctions\.Error\(/, 'CustomFunctionsRuntime', '1.2'],
  [/<Runtime /, 'SharedRuntime', '1.1'],
];

function declared(set: string): string | undefined {
  return new RegExp(`<Set Name="${set}" MinVersion="([\\d.]+)"/>`).exec(MANIFEST)?.[1];
}

const atLeast = (version: string | undefined, needed: string) => version !== undefined && Number(version.split('.')[1]) >= Number(needed.split('.')[1]);

describe('manifest.xml declares the requirement sets the code uses', () => {
  const root = path.join(__dirname, '..', '..');
  const code = ['taskpane', 'functions']
    .flatMap((dir) => readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(path.join(root, dir, f), 'utf8')))
    .concat(MANIFEST)
    .join('\n');

  it('ExcelApi 1.9 (page layout), CustomFunctionsRuntime 1.3 (parameter addresses), SharedRuntime 1.1', () => {
    expect(declared('ExcelApi')).toBe('1.9');
    expect(declared('CustomFunctionsRuntime')).toBe('1.3');
    expect(declared('SharedRuntime')).toBe('1.1');
  });

  it.each(API_SETS.map(([pattern, set, version]) => [`${set} ${version}`, pattern, set, version] as const))('every call that needs %s is covered', (_, pattern, set, version) => {
    if (pattern.test(code)) expect([set, declared(set), atLeast(declared(set), version)]).toEqual([set, declared(set), true]);
  });

  it('a newer set is only used after asking for it (isSetSupported), never assumed', () => {
    for (const m of code.matchAll(/isSetSupported\('(\w+)', '([\d.]+)'\)/g)) {
      // Asked at run time: allowed above the declared minimum (the caller falls back without it).
      expect(declared(m[1])).toBeDefined();
    }
  });

  it('one task pane: every ShowTaskpane action names the same TaskpaneId and the shared runtime page', () => {
    // Microsoft Learn, "Configure your Office Add-in to use a shared runtime": a shared runtime supports one task pane,
    // and a task pane without a TaskpaneId is considered a different task pane.
    const actions = [...MANIFEST.matchAll(/<Action xsi:type="ShowTaskpane">([\s\S]*?)<\/Action>/g)].map((m) => m[1]);
    expect(actions.length).toBeGreaterThan(0);
    const ids = actions.map((a) => /<TaskpaneId>([^<]+)<\/TaskpaneId>/.exec(a)?.[1]);
    expect(ids.every((id) => id === ids[0] && id !== undefined)).toBe(true);
    for (const a of actions) expect(a).toMatch(/<SourceLocation resid="Taskpane.Url"\/>/);
  });
});
