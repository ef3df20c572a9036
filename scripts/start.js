'use strict';
/**
 * `npm start`: build the add-in, then
 *  - where desktop Excel exists (Windows, macOS): start the https dev server and sideload `manifest.xml` into Excel
 *    with `office-addin-debugging` (fetched by npx there; it is not a dependency, so `npm ci` works on Linux);
 *  - elsewhere (Linux, CI): serve the standalone page `dist/addin/index.html` over plain http on 127.0.0.1 and print
 *    its URL. Runs until Ctrl-C.
 * `--no-build` skips the build (serve what `dist/addin` holds); `--standalone` serves the standalone page even where
 * Excel exists; `PORT` sets the port (default 3000, the next free one is taken when it is busy).
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
// ADDIN_OUT: serve (and build into) another folder, as webpack.config.js does.
const OUT = path.resolve(ROOT, process.env.ADDIN_OUT || path.join('dist', 'addin'));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const args = process.argv.slice(2);

/** Desktop Excel, where it usually is installed (Microsoft 365 / Office 2016 and later); `--standalone` skips it. */
function hasDesktopExcel() {
  if (process.platform === 'darwin') return fs.existsSync('/Applications/Microsoft Excel.app');
  if (process.platform !== 'win32') return false;
  const roots = [process.env.ProgramFiles, process.env['ProgramFiles(x86)']].filter(Boolean);
  return roots.some((root) => ['root\\Office16', 'Office16', 'root\\Office15'].some((dir) => fs.existsSync(path.join(root, 'Microsoft Office', dir, 'EXCEL.EXE'))));
}
const excel = !args.includes('--standalone') && hasDesktopExcel();

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Paths longer than this are refused (400) before any lookup; no file of dist/addin comes near it. */
const MAX_PATH = 1024;

function plain(res, status, text) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(printable(text));
}

/** Text echoed back in a response: printable, and short. */
function printable(text) {
  return text.replace(/[^\x20-\x7e\n]/g, '?').slice(0, 200);
}

/** Answers one request: a file of dist/addin, 404, 405, or 400 for a URL that is not a well-formed path. */
function answer(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    plain(res, 405, 'Only GET and HEAD are served\n');
    return;
  }
  let pathname;
  try {
    // `new URL` accepts '%' as is; decodeURIComponent throws URIError on '%', '%zz' or a broken UTF-8 sequence.
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
  } catch {
    plain(res, 400, 'Bad request: the path is not a well-formed URL\n');
    return;
  }
  if (pathname.length > MAX_PATH || pathname.includes('\0')) {
    plain(res, 400, 'Bad request: the path is too long or holds a NUL\n');
    return;
  }
  const file = path.join(OUT, pathname === '/' ? 'index.html' : pathname);
  let stat;
  try {
    stat = file.startsWith(OUT + path.sep) ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
  } catch {
    stat = undefined; // ENAMETOOLONG, ENOTDIR, EACCES …: not a file we serve
  }
  if (!stat || !stat.isFile()) {
    plain(res, 404, `Not found: ${pathname}\n`);
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = fs.createReadStream(file);
  // A file removed or unreadable mid-way: end that response, never the server.
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** A static file server over dist/addin, confined to it, bound to 127.0.0.1 only. */
function serve(port, attemptsLeft) {
  const server = http.createServer((req, res) => {
    try {
      // DNS rebinding: a page from another site whose name is made to point at 127.0.0.1 sends its own host name.
      // Only this server's own names are answered (issue 27).
      const own = server.address() && server.address().port;
      if (!/^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i.test(req.headers.host || '') || !(req.headers.host || '').endsWith(`:${own}`)) {
        plain(res, 421, 'Misdirected request: this server answers http://127.0.0.1 and http://localhost only\n');
        return;
      }
      answer(req, res);
    } catch (error) {
      // Whatever one request does wrong, the server lives on: the director's page is served by it.
      console.error(`Request ${JSON.stringify(req.url)}: ${error.message}`);
      plain(res, 500, 'Internal error\n');
    }
  });
  // A request line or headers Node cannot parse (or over its limits): answer 400 and close that socket only.
  server.on('clientError', (error, socket) => {
    // Node's documented pattern (https://nodejs.org/api/http.html#event-clienterror); 431 for headers over its limit.
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });
  server.on('error', (error) => {
    if (error.code === 'EADDRINUSE' && attemptsLeft > 0) serve(port + 1, attemptsLeft - 1);
    else {
      console.error(`Cannot serve on 127.0.0.1:${port}: ${error.message}`);
      process.exit(1);
    }
  });
  server.listen(port, '127.0.0.1', () => {
    const actual = server.address().port;
    console.log(`\nTengen standalone (no Excel on this machine): http://127.0.0.1:${actual}/`);
    console.log('Open it in a browser; Ctrl-C stops the server. In Excel, sideload manifest.xml (see README, "The Excel add-in").');
  });
  // Ctrl-C or SIGTERM stops the server even while a client holds a half-sent request open (issue 27): close every
  // connection (Node's server.closeAllConnections), and exit whatever is left after a second.
  const stop = () => {
    server.close(() => process.exit(0));
    if (typeof server.closeAllConnections === 'function') server.closeAllConnections();
    require('node:timers').setTimeout(() => process.exit(0), 1000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (excel) {
  // Desktop Excel: dev server (https, dev certificates) + sideloading; office-addin-debugging stops both on Ctrl-C.
  const child = spawn(npx, ['--yes', 'office-addin-debugging@6', 'start', 'manifest.xml', 'desktop', '--app', 'excel', '--dev-server', 'npm run dev-server', '--dev-server-port', '3000'], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  if (!args.includes('--no-build')) run(npx, ['webpack', '--mode', 'production']);
  serve(Number(process.env.PORT || 3000), 10);
}
