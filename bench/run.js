'use strict';
/**
 * `npm run bench`: performance targets, measured and printed as medians (never asserted in unit tests).
 */
const os = require('node:os');
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { generateMcMahon } = require('./generate');
const { computeStandings } = require('../dist/scoring/standings');
const { RULESETS } = require('../dist/scoring/rulesets');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function time(fn, runs) {
  fn(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times;
}

function benchStandings() {
  const t = generateMcMahon({ players: 1000, rounds: 10, seed: 2026 });
  console.log(`\nStandings: every criterion (MMS, NBW, SOS, SOS-1, SOS-2, SODOS, SOSOS, CUSS, CUSP, DC, rating, lottery)`);
  console.log(`  field: ${t.players.length} players, ${t.settings.rounds} rounds, ${t.games.length} games; target: median < 50 ms`);
  for (const ruleset of Object.keys(RULESETS)) {
    const times = time(() => computeStandings(t, { ruleset }), 15);
    console.log(`  ${ruleset.padEnd(10)} median ${median(times).toFixed(1)} ms  (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}, 15 runs)`);
  }
}

console.log(`Tengen benchmarks — node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'})`);
benchStandings();
(async () => {
  // One after the other: a benchmark that returns a promise (the workbook's) is awaited before the next starts.
  for (const extra of ['matching.js', 'pairing.js', 'check.js', 'reportChecks.js', 'opengotha.js', 'workbook.js', 'workbookCli.js', 'formulas.js', 'ratingLists.js', 'publish.js', 'pairPreviewBrowser.js']) {
    const file = path.join(__dirname, extra);
    if (fs.existsSync(file)) await require(file);
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
