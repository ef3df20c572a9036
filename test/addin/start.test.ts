/**
 * `npm start` where there is no Excel (this machine, CI): the standalone page served over http on 127.0.0.1, its URL
 * printed, files outside the output folder refused. Served from a temporary folder (ADDIN_OUT) with --no-build, so
 * the test does not depend on a previous build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

function fetchText(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    }).on('error', reject);
  });
}

describe('npm start without Excel: the standalone page', () => {
  let out: string;
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), 'tengen-start-'));
    mkdirSync(path.join(out, 'assets'));
    writeFileSync(path.join(out, 'index.html'), '<!doctype html><title>Tengen</title><script src="taskpane.js"></script>');
    writeFileSync(path.join(out, 'taskpane.js'), 'console.log("tengen");');
    child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js'), '--no-build', '--standalone'], {
      cwd: ROOT,
      env: { ...process.env, ADDIN_OUT: out, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let printed = '';
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${printed}`)), 20000);
      child.stdout!.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const m = /Tengen standalone \(no Excel on this machine\): (http:\/\/127\.0\.0\.1:\d+\/)/.exec(printed);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
  });

  afterAll(() => {
    child.kill('SIGTERM');
    rmSync(out, { recursive: true, force: true });
  });

  test('prints the URL and serves index.html at /, the bundle beside it', async () => {
    const page = await fetchText(url);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.body).toContain('<title>Tengen</title>');
    const script = await fetchText(`${url}taskpane.js`);
    expect(script.status).toBe(200);
    expect(script.type).toContain('text/javascript');
  });

  test('refuses what is not there, and paths leaving the folder', async () => {
    expect((await fetchText(`${url}nope.html`)).status).toBe(404);
    expect((await fetchText(`${url}..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetchText(`${url}assets`)).status).toBe(404);
  });
});
