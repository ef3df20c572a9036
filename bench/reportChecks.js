'use strict';
/**
 * What the `optimal` report's re-draw checks cost (issue 11: "could not be avoided" only when a re-draw forbidding the
 * pair costs more above the priority concerned). The EGC 2024 Main Open field (its round-1 participants), ten rounds
 * with seeded results as bench/pairing.js plays them: per round, the CPU time of the whole pairing and of the checks,
 * how many whole-field re-draws were made (bounded by MAX_REDRAWS), and the report's lines by verdict.
 * Skipped, saying so, when ../shared is absent.
 *
 * Usage: node bench/reportChecks.js   (uses the compiled engine in dist/)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { mulberry32 } = require('./generate');
const { median, playRound } = require('./support');
const avoidability = require('../dist/systems/mcmahon/avoidability');
const { parseOpenGotha } = require('../dist/formats/opengotha');
const { pairOptimal } = require('../dist/systems/mcmahon/optimal');
const { applyPairing } = require('../dist/pairing/apply');

const FILE = path.join(__dirname, '..', '..', 'shared', 'corpus', 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');


const cpuMs = (c) => (c.user + c.system) / 1000;

function main() {
  console.log(`\nReport checks of the optimal system (re-draws behind "could not be avoided") — ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
  if (!fs.existsSync(FILE)) {
    console.log(`  skipped: ${FILE} not found`);
    return;
  }
  // Count the checks' CPU time by wrapping the checker (the engine itself is unchanged).
  const check = avoidability.AvoidabilityChecker.prototype.check;
  let inChecks = 0;
  let redraws = 0;
  avoidability.AvoidabilityChecker.prototype.check = function (...args) {
    const before = this.count;
    const c0 = process.cpuUsage();
    const result = check.apply(this, args);
    inChecks += cpuMs(process.cpuUsage(c0));
    redraws += this.count - before;
    return result;
  };
  const parsed = parseOpenGotha(fs.readFileSync(FILE, 'utf8'));
  let t = parsed.value;
  const first = new Set(t.games.filter((g) => g.round === 1).flatMap((g) => [g.white, g.black]));
  t = { ...t, games: [], byes: [], players: t.players.filter((p) => first.has(p.id)).map((p) => ({ ...p, absentRounds: [] })), settings: { ...t.settings, rounds: 10 } };
  const random = mulberry32(2024);
  const totals = [];
  const checks = [];
  for (let round = 1; round <= 10; round++) {
    inChecks = 0;
    redraws = 0;
    const c0 = process.cpuUsage();
    const result = pairOptimal(t, round);
    const cpu = cpuMs(process.cpuUsage(c0));
    if (result.kind === 'pairing-error') throw new Error(`round ${round}: ${result.message}`);
    const count = (re) => result.report.filter((l) => re.test(l.message)).length;
    totals.push(cpu);
    checks.push(inChecks);
    console.log(
      `    round ${String(round).padStart(2)}: CPU ${cpu.toFixed(0).padStart(5)} ms, checks ${inChecks.toFixed(0).padStart(4)} ms (${redraws} whole-field re-draws); ` +
        `${count(/could not be avoided/)} could not be avoided, ${count(/kept because|kept:/)} kept, ${count(/not re-checked/)} not re-checked`,
    );
    t = playRound(applyPairing(t, result), round, random);
  }
  console.log(
    `  EGC 2024: ${t.players.length} players — median CPU ${median(totals).toFixed(0)} ms a round, of which the report's checks ${median(checks).toFixed(0)} ms ` +
      `(max ${Math.max(...checks).toFixed(0)} ms; at most ${avoidability.MAX_REDRAWS} whole-field re-draws a round)`,
  );
}

main();
