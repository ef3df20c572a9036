'use strict';
/**
 * The workbook path from the command line, against the same work from the tournament file (issue 28): CPU time and
 * peak memory of whole `tengen` commands (node start-up included), medians over runs.
 *
 *   field             the EGC 2024 Main Open (../shared/corpus/opengotha-pairings/malavasi/malavasi.geobug.xml): its
 *                     round-1 participants with their round-1 games, written as OpenGotha XML
 *   workbook          `tengen workbook field.xml --out W.xlsx`                       target ≤ 1 s CPU
 *   pair xml          `tengen pair field.xml --round 2 --json`                        the reference
 *   pair xlsx         `tengen pair W.xlsx --round 2 --out W.xlsx` (a fresh copy each run)   target ≤ 1.5 × pair xml
 *   standings xml     `tengen standings field.xml`                                     the reference
 *   standings xlsx    `tengen standings W.xlsx`                                        target ≤ 1.5 × standings xml
 *   result, file      a 1,000-player, 10-round workbook (bench/generate.js) loaded, one result written, saved to
 *                     disk (`bench/resultFile.js`, the CLI's own file functions)          target ≤ 1 s CPU
 *   round, file       the same workbook with round 10 not paired yet: round 10's pairing (the generator's tables) written
 *                     into it as `tengen pair FILE --round 10 --out FILE` does once the engine has paired — the file
 *                     read as the command reads it, the round's batch (Grid, pairing sheet, slips, table list, Log, the
 *                     caches) prepared, checked, applied and saved over the file (`bench/resultFile.js round`). The
 *                     engine's own time for the round is not in it (bench/pairing.js measures it)   target ≤ 1 s CPU
 *   50,000 / 10,000   `tengen workbook` of a generated 5-round McMahon of 50,000 players (refused up front: beyond what
 *                     the reader takes back, issue 27) and of 10,000 (written, then `tengen standings` of it); once
 * Peak RSS of the EGC workbook path: target < 400 MB.
 *
 * Usage: node bench/workbookCli.js [--runs N] [--no-50k]
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const { EGC, egcRound1Field, median } = require('./support');
const args = process.argv.slice(2);
const runsFlag = args.indexOf('--runs');
const RUNS = runsFlag >= 0 ? Number(args[runsFlag + 1]) : 5;

/** Runs a node script with the CPU reporter preloaded; returns { cpu (ms), rssMB }. */
function measured(dir, script, scriptArgs, before) {
  const report = path.join(dir, 'cpu.jsonl');
  fs.rmSync(report, { force: true });
  before?.();
  execFileSync(process.execPath, ['--require', path.join(__dirname, 'cpuReport.js'), script, ...scriptArgs], {
    env: { ...process.env, TENGEN_CPU_REPORT: report },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(fs.readFileSync(report, 'utf8').trim().split('\n').pop());
}

function row(name, samples, target) {
  const cpu = median(samples.map((s) => s.cpu));
  const rss = Math.max(...samples.map((s) => s.rssMB));
  console.log(`  ${name.padEnd(15)} CPU median ${cpu.toFixed(0).padStart(6)} ms (min ${Math.min(...samples.map((s) => s.cpu)).toFixed(0)}, max ${Math.max(...samples.map((s) => s.cpu)).toFixed(0)}, ${samples.length} runs)  peak RSS ${rss.toFixed(0).padStart(4)} MB${target ? `  ${target}` : ''}`);
  return cpu;
}

function repeat(fn) {
  const out = [];
  for (let i = 0; i < RUNS; i++) out.push(fn());
  return out;
}

async function main() {
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\nWorkbook from the command line (CPU time of whole commands) — ${os.cpus().length} cores, load average ${load}`);
  const bin = path.join(ROOT, 'bin', 'tengen.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-bench-cli-'));
  try {
    if (fs.existsSync(EGC)) {
      const { exportOpenGotha } = require('../dist/formats/opengothaExport');
      const field = egcRound1Field(EGC);
      const xml = path.join(dir, 'field.xml');
      fs.writeFileSync(xml, exportOpenGotha(field).text);
      const w = path.join(dir, 'W.xlsx');
      const fresh = path.join(dir, 'fresh.xlsx');
      console.log(`  field: EGC 2024 Main Open, ${field.players.length} players (round 1 played)`);
      const workbook = repeat(() => measured(dir, bin, ['workbook', xml, '--out', w, '--overwrite'], () => fs.rmSync(w, { force: true })));
      fs.copyFileSync(w, fresh);
      row('workbook', workbook, 'target ≤ 1000 ms');
      const pairXml = row('pair xml', repeat(() => measured(dir, bin, ['pair', xml, '--round', '2', '--json'])));
      row('pair xlsx', repeat(() => measured(dir, bin, ['pair', w, '--round', '2', '--out', w], () => fs.copyFileSync(fresh, w))), `target ≤ ${(1.5 * pairXml).toFixed(0)} ms (1.5 × pair xml)`);
      const standingsXml = row('standings xml', repeat(() => measured(dir, bin, ['standings', xml])));
      row('standings xlsx', repeat(() => measured(dir, bin, ['standings', fresh])), `target ≤ ${(1.5 * standingsXml).toFixed(0)} ms (1.5 × standings xml)`);
    } else {
      console.log(`  EGC rows skipped: ${EGC} is absent`);
    }
    if (!args.includes('--no-50k')) {
      // Issue 27: a 50,000-player workbook is beyond what Tengen reads back (xlsxLimits.ts, MAX_WORKBOOK_PLAYERS):
      // refused up front; a 10,000-player one written and read back.
      const { generateMcMahon } = require('./generate');
      const { writeTournamentJson } = require('../dist/formats/json');
      for (const players of [50000, 10000]) {
        const json = path.join(dir, `p${players}.json`);
        fs.writeFileSync(json, writeTournamentJson(generateMcMahon({ players, rounds: 5, seed: 2027 })));
        const out = path.join(dir, `p${players}.xlsx`);
        let refused = '';
        const sample = (() => {
          try {
            return measured(dir, bin, ['workbook', json, '--out', out]);
          } catch (e) {
            refused = String(e.stderr ?? e.message).trim().split('\n')[0];
            return undefined;
          }
        })();
        const label = players.toLocaleString('en-US');
        if (sample) {
          row(`${label} write`, [sample], `once; ${players.toLocaleString('en-US')} players, 5 rounds`);
          row(`${label} re-read`, [measured(dir, bin, ['standings', out])], 'once; the file just written, read back');
        } else console.log(`  ${`${label} write`.padEnd(15)} refused up front: ${refused.slice(0, 160)}`);
        fs.rmSync(out, { force: true });
      }
    }
    const big = path.join(dir, 'big.xlsx');
    execFileSync(process.execPath, [path.join(__dirname, 'resultFile.js'), 'make', big]);
    row('result, file', repeat(() => measured(dir, path.join(__dirname, 'resultFile.js'), ['result', big])), 'target ≤ 1000 ms (1,000 players × 10 rounds)');
    // A round written into that file: round 10 left out of a copy, its pairing written into a fresh copy each run.
    const unpaired = path.join(dir, 'unpaired.xlsx');
    const round = path.join(dir, 'round.xlsx');
    execFileSync(process.execPath, [path.join(__dirname, 'resultFile.js'), 'make-round', unpaired]);
    const fresh = () => {
      fs.copyFileSync(unpaired, round);
      fs.copyFileSync(`${unpaired}.round10.json`, `${round}.round10.json`);
    };
    row('round, file', repeat(() => measured(dir, path.join(__dirname, 'resultFile.js'), ['round', round], fresh)), 'target ≤ 1000 ms (round 10 of 1,000 players written; pairing not included)');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = main().catch((e) => {
  console.error(`  workbook CLI bench failed: ${e.message}`);
  process.exitCode = 1;
});
