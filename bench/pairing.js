'use strict';
/**
 * Pairing benchmark: the `optimal` system pairs a whole field as ONE lexicographic matching, round after round, with
 * seeded random results in between.
 *
 *  1. The EGC 2024 Main Open (../shared/corpus/opengotha-pairings/malavasi/malavasi.geobug.xml): its round-1
 *     participants, ten rounds. Target: median ≤ 150 ms a round, peak memory < 500 MB. Skipped, saying so, when
 *     ../shared is absent.
 *  2. A generated 2,000-player McMahon field (bench/generate.js, ruleset egf: even games by default), ten rounds.
 *     Target: the slowest round ≤ 1 s.
 *  3. The same field with Mays' handicaps (rank difference − 1): the handicap tiers weighed too (`--no-handicap-run`
 *     skips it).
 *
 * Wall times depend on what else the machine runs: the CPU time of this process is printed beside them.
 *
 * Usage: node bench/pairing.js [--rounds N] [--players N]   (uses the compiled engine in dist/)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { mulberry32, generateMcMahon } = require('./generate');
const { median, playRound } = require('./support');
const { parseOpenGotha } = require('../dist/formats/opengotha');
const { pairOptimal } = require('../dist/systems/mcmahon/optimal');
const { applyPairing } = require('../dist/pairing/apply');

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

function run(label, start, rounds, seed) {
  const random = mulberry32(seed);
  let t = { ...start, settings: { ...start.settings, rounds } };
  const times = [];
  const cpuTimes = [];
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const present = t.players.length;
  for (let round = 1; round <= rounds; round++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const result = pairOptimal(t, round);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    cpuTimes.push(cpuMs);
    const mem = process.memoryUsage();
    peakRss = Math.max(peakRss, mem.rss);
    peakHeap = Math.max(peakHeap, mem.heapUsed);
    if (result.kind === 'pairing-error') throw new Error(`${label}, round ${round}: ${result.message}`);
    times.push(ms);
    const cross = result.report.filter((l) => l.kind === 'cross-group').length;
    console.log(`    round ${String(round).padStart(2)}: ${ms.toFixed(0).padStart(6)} ms (CPU ${cpuMs.toFixed(0).padStart(5)} ms), ${result.games.length} tables, ${cross} cross-group pairs${result.bye ? `, bye ${result.bye}` : ''}`);
    t = playRound(applyPairing(t, result), round, random);
  }
  console.log(
    `  ${label}: ${present} players, ${rounds} rounds — median ${median(times).toFixed(0)} ms a round (min ${Math.min(...times).toFixed(0)}, slowest ${Math.max(...times).toFixed(0)}; ` +
      `CPU time of this process: median ${median(cpuTimes).toFixed(0)} ms, slowest ${Math.max(...cpuTimes).toFixed(0)} ms); ` +
      `peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB, peak heap ${(peakHeap / 2 ** 20).toFixed(0)} MB`,
  );
}

console.log(`\nPairing (optimal system, one global matching per round) — ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
const rounds = flag('rounds', 10);
const egc = path.resolve(__dirname, '..', '..', 'shared', 'corpus', 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
if (fs.existsSync(egc)) {
  const parsed = parseOpenGotha(fs.readFileSync(egc, 'utf8'), egc);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  const t = parsed.value;
  // The round-1 participants (the players of its recorded games and bye), with no games yet; nobody absent afterwards.
  const inRound1 = new Set([...t.games.filter((g) => g.round === 1).flatMap((g) => [g.white, g.black]), ...t.byes.filter((b) => b.round === 1).map((b) => b.player)]);
  const players = t.players.filter((p) => inRound1.has(p.id)).map((p) => ({ ...p, absentRounds: [] }));
  console.log(`  EGC 2024 Main Open (${path.basename(egc)}): target median ≤ 150 ms, peak memory < 500 MB`);
  run('EGC 2024', { ...t, players, games: [], byes: [] }, rounds, 2024);
} else {
  console.log(`  EGC 2024 Main Open: skipped, ${egc} is absent (clone with ../shared beside the project)`);
}
const n = flag('players', 2000);
const generated = generateMcMahon({ players: n, rounds: 1, seed: 7 });
const field = { ...generated, games: [], byes: [], players: generated.players.map((p) => ({ ...p, absentRounds: undefined })) };
console.log(`  Generated field (ruleset egf, even games): target ≤ 1 s for the slowest round`);
run(`generated ${n}`, field, rounds, 7);
if (!args.includes('--no-handicap-run')) {
  console.log(`  Generated field with Mays' handicaps (rank difference − 1)`);
  run(`generated ${n}, handicaps`, { ...field, settings: { ...field.settings, handicap: { policy: 'rank-difference-minus-1' } } }, rounds, 7);
}
