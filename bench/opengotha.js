'use strict';
/**
 * OpenGotha pairing benchmark: the `opengotha` system pairs round 6 of generated McMahon tournaments (OpenGotha 3.51
 * default parameters), and round 1 and 2 of the shared corpus's 985-player EGC 2024 file when ../shared is present.
 * Each draw weighs every pair with OpenGotha's nine terms and solves the exact maximum-weight matching. Prints
 * medians (never asserted). Uses the compiled engine in dist/.
 */
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { generateMcMahon } = require('./generate');
const { pairOpenGotha } = require('../dist/systems/opengotha/pair');
const { parseOpenGotha } = require('../dist/formats/opengotha');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function bench(label, t, round, runs) {
  const before = { ...t, games: t.games.filter((g) => g.round < round), byes: t.byes.filter((b) => b.round < round) };
  const times = [];
  let result;
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    result = pairOpenGotha(before, round);
    if (i > 0) times.push(performance.now() - t0); // the first run warms up
  }
  const what = result.kind === 'pairing-error' ? `error: ${result.message}` : `${result.games.length} games`;
  console.log(`  ${label.padEnd(44)} median ${median(times).toFixed(0).padStart(5)} ms  (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, ${runs} runs; ${what})`);
}

console.log('\nOpenGotha pairing (opengotha system: nine weight terms per pair + exact maximum-weight matching)');
for (const players of [100, 300]) {
  const t = generateMcMahon({ players, rounds: 10, seed: 2026 });
  bench(`generated McMahon, ${players} players, round 6`, t, 6, 5);
}
const egc = path.join(__dirname, '..', '..', 'shared', 'corpus', 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
if (fs.existsSync(egc)) {
  const parsed = parseOpenGotha(fs.readFileSync(egc, 'utf8').replace(/^\uFEFF/, ''), egc);
  if (parsed.ok) {
    bench('EGC 2024 (985 registered, 710 paired), round 1', parsed.value, 1, 3);
    bench('EGC 2024, round 2 (two groups: > 300 players)', parsed.value, 2, 3);
  }
} else {
  console.log(`  (EGC 2024 file skipped: ${egc} is absent)`);
}
