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
const { parseOpenGotha } = require('../dist/formats/opengotha');
const { pairOptimal } = require('../dist/systems/mcmahon/optimal');
const { applyPairing } = require('../dist/pairing/apply');
const { checkTournament } = require('../dist/check/checker');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

console.log(`\ntengen check — ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
const egc = path.resolve(__dirname, '..', '..', 'shared', 'corpus', 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
if (!fs.existsSync(egc)) {
  console.log(`  EGC 2024: skipped, ${egc} is absent (clone with ../shared beside the project)`);
} else {
  const parsed = parseOpenGotha(fs.readFileSync(egc, 'utf8'), egc);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  const source = parsed.value;
  const inRound1 = new Set([...source.games.filter((g) => g.round === 1).flatMap((g) => [g.white, g.black]), ...source.byes.filter((b) => b.round === 1).map((b) => b.player)]);
  const players = source.players.filter((p) => inRound1.has(p.id)).map((p) => ({ ...p, absentRounds: [] }));
  let t = { ...source, players, games: [], byes: [], settings: { ...source.settings, rounds: 10 } };
  const random = mulberry32(2024);
  const rank = new Map(players.map((p) => [p.id, p.rank]));
  for (let round = 1; round <= 10; round++) {
    const result = pairOptimal(t, round);
    if (result.kind === 'pairing-error') throw new Error(`round ${round}: ${result.message}`);
    t = applyPairing(t, result);
    t = {
      ...t,
      games: t.games.map((g) => {
        if (g.round !== round) return g;
        const edge = (rank.get(g.white) - rank.get(g.black) - g.handicap) * 0.08;
        return { ...g, result: random() < 0.01 ? 'jigo' : random() < 0.5 + edge ? 'white-wins' : 'black-wins' };
      }),
    };
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
    `  EGC 2024 (${players.length} players, 10 rounds, ${compared} rounds re-drawn): median ${(median(times) / 1000).toFixed(2)} s for all rounds ` +
      `(CPU ${(median(cpus) / 1000).toFixed(2)} s; 3 runs); target ≤ 5 s; hard-rule violations ${report.hardViolations}`,
  );
}
