'use strict';
/**
 * `tengen check` on the EGC 2024 Main Open (../shared/corpus/opengotha-pairings/malavasi/malavasi.geobug.xml): its
 * round-1 participants (710 players), ten rounds drawn by `optimal` with seeded results (as bench/pairing.js), then
 * the checker over all ten rounds, Tengen's re-draw of every round included. Target: ≤ 5 s for all rounds (issue 20).
 * Skipped, saying so, when ../shared is absent. Uses the compiled engine in dist/.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { mulberry32 } = require('./generate');
const { egcTenRoundStart, median, playRound } = require('./support');
const { pairOptimal } = require('../dist/systems/mcmahon/optimal');
const { applyPairing } = require('../dist/pairing/apply');
const { checkTournament } = require('../dist/check/checker');


console.log(`\ntengen check — ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
const egc = path.resolve(__dirname, '..', '..', 'shared', 'corpus', 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
if (!fs.existsSync(egc)) {
  console.log(`  EGC 2024: skipped, ${egc} is absent (clone with ../shared beside the project)`);
} else {
  let t = egcTenRoundStart(egc);
  const random = mulberry32(2024);
  for (let round = 1; round <= 10; round++) {
    const result = pairOptimal(t, round);
    if (result.kind === 'pairing-error') throw new Error(`round ${round}: ${result.message}`);
    t = playRound(applyPairing(t, result), round, random);
  }
  const times = [];
  const cpus = [];
  let report;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    report = checkTournament(t);
    times.push(performance.now() - t0);
    const cpu = process.cpuUsage(c0);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const compared = report.rounds.filter((r) => r.best).length;
  console.log(
    `  EGC 2024 (${t.players.length} players, 10 rounds, ${compared} rounds re-drawn): median ${(median(times) / 1000).toFixed(2)} s for all rounds ` +
      `(CPU ${(median(cpus) / 1000).toFixed(2)} s; 3 runs); target ≤ 5 s; hard-rule violations ${report.hardViolations}`,
  );
}
