/**
 * `npm start` where there is no Excel (this machine, CI): the standalone page served over http on 127.0.0.1, its URL
 * printed, files outside the output folder refused. Served from a temporary folder (ADDIN_OUT) with --no-build, so
 * the test does not depend on a previous build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/** The address the standalone server prints once it listens (20 s at most). */
function printedUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
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
}

/** The port of that address. */
async function printedPort(child: ChildProcess): Promise<number> {
  return Number(/:(\d+)\/$/.exec(await printedUrl(child))![1]);
}

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
    url = await printedUrl(child);
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

/** One raw HTTP/1.1 request (so that malformed paths reach the server as typed): its status, or the socket error. */
function rawStatus(port: number, target: string, host = `127.0.0.1:${port}`): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (m) resolve(Number(m[1]));
      else reject(new Error(`no status line for ${target.slice(0, 40)}: ${JSON.stringify(text.slice(0, 80))}`));
    });
  });
}

describe('the standalone server lives on, whatever it is asked', () => {
  let out: string;
  let child: ChildProcess;
  let port: number;
  let stderr = '';

  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), 'tengen-start-'));
    writeFileSync(path.join(out, 'index.html'), '<!doctype html><title>Tengen</title>');
    child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js'), '--no-build', '--standalone'], {
      cwd: ROOT,
      env: { ...process.env, ADDIN_OUT: out, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    port = await printedPort(child);
  });

  afterAll(() => {
    child.kill('SIGTERM');
    rmSync(out, { recursive: true, force: true });
  });

  const alive = async () => {
    expect(child.exitCode).toBeNull();
    expect(await rawStatus(port, '/')).toBe(200);
  };

  test('a request for another host name (DNS rebinding) is refused with 421, and the server still serves the page', async () => {
    expect(await rawStatus(port, '/', `attacker.example:${port}`)).toBe(421);
    expect(await rawStatus(port, '/', '127.0.0.1')).toBe(421);
    expect(await rawStatus(port, '/', `localhost:${port}`)).toBe(200);
    await alive();
  });

  test.each([
    ['%', '/%', 400],
    ['%zz', '/%zz', 400],
    ['a broken UTF-8 sequence', '/%C3%28', 400],
    ['an overlong path (under the header limit)', `/${'a'.repeat(5000)}`, 400],
    ['an overlong path (over the header limit)', `/${'a'.repeat(100_000)}`, 431],
    ['a NUL', '/index.html%00.png', 400],
  ])('%s: a 4xx answer, and the server still serves the page', async (_what, target, status) => {
    expect(await rawStatus(port, target)).toBe(status);
    await alive();
  });

  test('a garbled request line gets 400', async () => {
    const status = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NONSENSE\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(text.slice(0, 12)));
    });
    expect(status).toBe('HTTP/1.1 400');
    await alive();
  });

  test('200 concurrent requests, good and malformed mixed: every one answered', async () => {
    const targets = Array.from({ length: 200 }, (_, i) => ['/', '/%', '/%zz', '/nope.html', `/${'b'.repeat(3000)}`][i % 5]);
    const statuses = await Promise.all(targets.map((t) => rawStatus(port, t)));
    expect(statuses).toHaveLength(200);
    const expected = targets.map((t) => (t === '/' ? 200 : t === '/nope.html' ? 404 : 400));
    expect(statuses).toEqual(expected);
    await alive();
    expect(stderr).not.toMatch(/URIError|at .*start\.js/);
  });

  test('is bound to 127.0.0.1 only', async () => {
    // Another address of this machine (when there is one) does not reach it.
    const others = Object.values(networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal).map((a) => a!.address);
    for (const address of others) {
      await expect(
        new Promise((resolve, reject) => {
          const socket = connect(port, address, () => {
            socket.destroy();
            resolve('connected');
          });
          socket.on('error', reject);
        }),
      ).rejects.toThrow(/ECONNREFUSED/);
    }
    await alive();
  });
});

describe('npm start: stopped while a client holds a half-sent request (issue 27)', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)('%s ends the server though a request is half sent', async (signal) => {
    const out = mkdtempSync(path.join(tmpdir(), 'tengen-start-'));
    writeFileSync(path.join(out, 'index.html'), '<!doctype html><title>Tengen</title>');
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js'), '--no-build', '--standalone'], {
      cwd: ROOT,
      env: { ...process.env, ADDIN_OUT: out, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const port = await printedPort(child);
      // Half a request: the request line and one header, never the blank line that ends it.
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', () => resolve())));
      socket.on('error', () => undefined);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill(signal);
      // It ends by itself (within the server's one second), not by the test's timeout.
      const outcome = await Promise.race([exited.then(() => 'exited'), new Promise((resolve) => setTimeout(() => resolve('still running'), 5000))]);
      socket.destroy();
      expect(outcome).toBe('exited');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(out, { recursive: true, force: true });
    }
  });
});
