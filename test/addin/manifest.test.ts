/**
 * manifest.xml validates against Microsoft's add-in manifest schemas (offline copy in ../shared, skipped with a
 * message when absent), declares what the add-in needs (Excel, the shared runtime, the GO namespace), and broken
 * copies are rejected — so this test can fail.
 */
import { readFileSync } from 'node:fs';
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

  it('names icons that exist as PNG files of the stated size', () => {
    for (const m of MANIFEST.matchAll(/https:\/\/localhost:3000\/assets\/icon-(\d+)\.png/g)) {
      const png = readFileSync(path.join(__dirname, '..', '..', 'assets', `icon-${m[1]}.png`));
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(Number(m[1]));
      expect(png.readUInt32BE(20)).toBe(Number(m[1]));
    }
  });
});
