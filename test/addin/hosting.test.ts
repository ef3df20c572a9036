/**
 * Issue 21, hosting: the production deployment is a workflow (.github/workflows/publish-addin.yml) that builds with
 * ADDIN_URL, checks the build (scripts/check-addin-build.js), publishes dist/addin/ to GitHub Pages and attaches the
 * manifest to the release. The check is run here on the tests' production build, and shown to catch what it is for.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ADDIN_DIR, ensureAddinBuilt, TEST_ADDIN_URL } from '../support/addinBuild';

const ROOT = path.join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script of the project
const { check } = require('../../scripts/check-addin-build.js') as { check(dir: string, url: string): string[] };

describe('publishing the add-in', () => {
  let scratch: string;
  beforeAll(() => {
    ensureAddinBuilt();
    scratch = mkdtempSync(path.join(tmpdir(), 'tengen-publish-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('the tests’ production build passes the check the workflow runs before publishing', () => {
    expect(check(ADDIN_DIR, TEST_ADDIN_URL)).toEqual([]);
  });

  test('the check refuses a build for another URL, a development manifest and a page without the guard first', () => {
    expect(check(ADDIN_DIR, 'https://club.example.net/tengen/').join('\n')).toMatch(/is not on https:\/\/club\.example\.net\/tengen\//);
    const copy = path.join(scratch, 'addin');
    cpSync(ADDIN_DIR, copy, { recursive: true });
    writeFileSync(path.join(copy, 'manifest.xml'), readFileSync(path.join(ROOT, 'manifest.xml'), 'utf8'));
    const page = readFileSync(path.join(copy, 'index.html'), 'utf8').replace(/<script[^>]*src="?guard\.js"?[^>]*><\/script>/, '');
    writeFileSync(path.join(copy, 'index.html'), page);
    const problems = check(copy, TEST_ADDIN_URL).join('\n');
    expect(problems).toMatch(/manifest.xml still names localhost/);
    expect(problems).toMatch(/index.html: the first script should be guard.js/);
  });

  test('the workflow builds with ADDIN_URL, checks, validates, publishes dist/addin to Pages and attaches the manifest', () => {
    const workflow = readFileSync(path.join(ROOT, '.github', 'workflows', 'publish-addin.yml'), 'utf8');
    expect(workflow).toMatch(/ADDIN_URL: \$\{\{ vars\.ADDIN_URL \|\| format\('https:\/\/\{0\}\.github\.io\/\{1\}\/'/);
    const steps = ['npm ci', 'npm run build', 'node scripts/check-addin-build.js dist/addin "$ADDIN_URL"', 'npx office-addin-manifest validate dist/addin/manifest.xml', 'uses: actions/upload-pages-artifact', 'gh release upload', 'uses: actions/deploy-pages'];
    const at = steps.map((s) => workflow.indexOf(s));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(workflow).toMatch(/path: dist\/addin\n/);
  });
});
