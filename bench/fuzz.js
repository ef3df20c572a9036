#!/usr/bin/env node
/**
 * The full fuzz sweep of issue 27 (test/fuzz/sweep.ts): every reader × every class of bad input, the workbook's
 * cells, and "what Tengen wrote, Tengen reads" through every writer — `node bench/fuzz.js [--runs N] [--seed S]`
 * (default 40 runs per reader and class, seed 20261127). Runs jest on test/fuzz/sweep.test.ts with those numbers and
 * prints the counts per reader: runs, refused, accepted, internal errors (must be 0), written but unreadable (must be
 * 0); the findings, each with its seed, are in jest's output. Exit code: jest's.
 */
const { spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const runs = option('runs', '40');
const seed = option('seed', '20261127');
const root = path.resolve(__dirname, '..');
console.log(`fuzz sweep: ${runs} runs per reader and class, seed ${seed}`);
const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), 'test/fuzz/sweep.test.ts', '--maxWorkers=1'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, TENGEN_SWEEP_RUNS: runs, TENGEN_FUZZ_SEED: seed },
});
let summary;
try {
  summary = JSON.parse(readFileSync(path.join(root, 'test-artifacts', 'fuzz-sweep.json'), 'utf8'));
} catch {
  console.error('fuzz sweep: no summary written (test-artifacts/fuzz-sweep.json)');
  process.exit(jest.status ?? 1);
}
const row = (name, t) => [name, t.runs, t.refused, t.accepted, t['internal-error'], t['written-but-unreadable'], t.changed ?? ''].map((x, i) => String(x).padStart(i === 0 ? 0 : 12)).join('');
const head = ['', 'runs', 'refused', 'accepted', 'internal', 'unreadable', 'changed'].map((x, i) => (i === 0 ? 'reader'.padEnd(18) : x.padStart(12))).join('');
console.log(`\nseed ${summary.seed}, ${summary.runsPerClass} runs per class, corpus ${summary.corpus ? 'present' : 'absent'}\n${head}`);
for (const [name, t] of Object.entries(summary.readers)) console.log(row(name.padEnd(18), t));
console.log(`\nwhat Tengen wrote, Tengen reads (${summary.runsPerClass} random tournaments; aga and ffg are written only: Tengen reads neither)\n${head.replace('reader', 'writer')}`);
for (const [name, t] of Object.entries(summary.roundTrips)) console.log(row(name.padEnd(18), t));
process.exit(jest.status ?? 1);
