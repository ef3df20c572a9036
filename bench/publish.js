'use strict';
/**
 * Publishing benchmark (`npm run bench`, or `node bench/publish.js` after `npm run build:engine`): the results site
 * (src/publish) of the EGC 2024 Main Open (../shared/corpus: 985 registered, 710 in the standings, 10 rounds) and of
 * a generated McMahon of 710 players with all 10 rounds played — every page made (standings, explanations, QR codes
 * of the printed pages), then the zip. Target (issue 22): ≤ 3 s (median); pages players read ≤ 30 KB each (sizes
 * printed: the largest, the median player page, the printed pages apart).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { loadTournament } = require('../dist/workbook/load');
const { publishSite } = require('../dist/publish/site');
const { siteZip } = require('../dist/publish/zip');
const { generateMcMahon } = require('./generate');
const { slipsOps } = require('../dist/workbook/sheets/slipsSheet');

const RUNS = 5;
const EGC = path.join(__dirname, '..', '..', 'shared', 'corpus', 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function bench(label, t) {
  const options = { baseUrl: 'https://go.example.org/site/' };
  publishSite(t, options); // warm-up
  const times = [];
  const cpuTimes = [];
  const zipTimes = [];
  let site;
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const made = publishSite(t, options);
    const t1 = performance.now();
    const cpu = process.cpuUsage(c0);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (!made.ok) throw new Error(`${label}: ${made.errors[0].message}`);
    site = made.site;
    await siteZip(site.files, 'site');
    zipTimes.push(performance.now() - t0);
    times.push(t1 - t0);
  }
  const pages = [...site.files].filter(([p]) => p.endsWith('.html'));
  const read = pages.filter(([p]) => !p.startsWith('print/')).map(([p, v]) => [p, Buffer.byteLength(v)]);
  const largest = read.reduce((a, b) => (b[1] > a[1] ? b : a));
  const players = read.filter(([p]) => p.startsWith('players/')).map(([, n]) => n);
  const print = pages.filter(([p]) => p.startsWith('print/')).map(([p, v]) => `${p} ${kb(Buffer.byteLength(v))}`);
  const total = pages.reduce((s, [, v]) => s + Buffer.byteLength(v), 0);
  console.log(`  ${label}: ${site.files.size} files (${players.length} player pages, ${kb(total)} in all)`);
  console.log(`    site made: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, ${RUNS} runs); with the zip: median ${median(zipTimes).toFixed(0)} ms; CPU time of the site made: median ${median(cpuTimes).toFixed(0)} ms (the wall-clock time above includes waiting for a busy machine's cores)`);
  console.log(`    pages players read: the largest ${largest[0]} ${kb(largest[1])} (${largest[1] <= 30 * 1024 ? 'within' : 'OVER'} 30 KB); player pages median ${kb(median(players))}, largest ${kb(Math.max(...players))}`);
  console.log(`    printed pages (the director's, not sized for phones): ${print.join(', ')}`);
}

/** The workbook's Slips sheet of the last round with a site address: every player's QR code as a PNG (issue 22). */
function benchSlips(t) {
  const round = Math.max(...t.games.map((g) => g.round));
  const withSite = { ...t, settings: { ...t.settings, siteUrl: 'https://go.example.org/site/' } };
  slipsOps(withSite, round); // warm-up
  const times = [];
  const cpuTimes = [];
  let ops;
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    ops = slipsOps(withSite, round);
    times.push(performance.now() - t0);
    const cpu = process.cpuUsage(c0);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  const images = ops.filter((op) => op.kind === 'image');
  const bytes = images.reduce((n, op) => n + op.png.length, 0);
  console.log(`  Slips R${round} sheet with QR codes (generated 710): ${images.length} PNG codes, median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, ${RUNS} runs; CPU time median ${median(cpuTimes).toFixed(0)} ms); ${kb(bytes)} of base64 PNG in the batch (${kb(bytes / images.length)} a code)`);
}

module.exports = (async () => {
  console.log(`\nPublishing the results site: target median ≤ 3000 ms, pages ≤ 30 KB; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
  if (fs.existsSync(EGC)) {
    const parsed = await loadTournament(EGC);
    if (!parsed.ok) throw new Error(parsed.errors[0].message);
    await bench(`EGC 2024 Main Open (${parsed.value.players.length} registered, round ${Math.max(...parsed.value.games.map((g) => g.round))} paired)`, parsed.value);
  } else {
    console.log(`  (EGC 2024 file skipped: ${EGC} is absent)`);
  }
  const generated = generateMcMahon({ players: 710, rounds: 10, seed: 2024 });
  await bench('generated McMahon, 710 players, 10 rounds played', generated);
  benchSlips(generated);
})();

if (require.main === module) module.exports.catch((e) => {
  console.error(e);
  process.exit(1);
});
