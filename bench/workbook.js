'use strict';
/**
 * Workbook benchmark: a 1,000-player, 10-round McMahon tournament as the paper grid and as a whole .xlsx workbook.
 * Uses the compiled engine in dist/. Prints medians (never asserted in tests).
 *
 *   grid cells      Tournament → the Grid sheet's cells (values, formulas with their values, places)
 *   read grid       the Grid's values → Tournament (every cell checked, both sides of every game)
 *   xlsx write      importBatch (Grid, Players, Settings, 10 pairing sheets, Standings, Log) applied and saved
 *   xlsx read       the file loaded and read back into a Tournament
 *   one result      on that workbook, one result changed (confirmed) and applied: the batch prepared from the
 *                   workbook as read (the read itself not timed: the pane reads when the step opens) and applied
 *                   through the .xlsx adapter — its two result cells, cached formula values, the pairing sheet's
 *                   Result cell and a Log line, each checked against what was read (issue 9: ≤ 100 ms median)
 *
 * Usage: node bench/workbook.js [--runs N]
 */
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { generateMcMahon } = require('./generate');
const { gridCells, valuesOf, readGrid } = require('../dist/workbook/sheets/grid');
const { importBatch, readTournament, resultsBatch } = require('../dist/workbook/session');
const { XlsxWorkbook } = require('../dist/workbook/adapters/xlsx');

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function time(fn, runs) {
  await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
}

function line(name, times) {
  console.log(`  ${name.padEnd(12)} median ${median(times).toFixed(0).padStart(6)} ms  (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, ${times.length} runs)`);
}

async function benchWorkbook() {
  const t = generateMcMahon({ players: 1000, rounds: 10, seed: 2026 });
  console.log(`\nWorkbook: the paper grid and the .xlsx workbook`);
  console.log(`  field: ${t.players.length} players, ${t.settings.rounds} rounds, ${t.games.length} games; ${os.cpus().length} cores`);
  let values;
  line('grid cells', await time(() => {
    values = valuesOf(gridCells(t));
  }, RUNS));
  line('read grid', await time(() => {
    const r = readGrid(values);
    if (!r.ok) throw new Error('grid did not read back');
  }, RUNS));
  let file;
  line('xlsx write', await time(async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(t, { time: 'bench' }));
    file = await wb.save();
  }, RUNS));
  console.log(`  file size    ${(file.length / 1024 / 1024).toFixed(1)} MiB`);
  line('xlsx read', await time(async () => {
    const r = await readTournament(await XlsxWorkbook.open(file));
    if (!r.ok) throw new Error('workbook did not read back');
  }, RUNS));
  const wb = await XlsxWorkbook.open(file);
  const first = await readTournament(wb);
  const game = first.value.games.find((g) => g.round === 10);
  const results = [];
  for (let i = 0; i <= Math.max(RUNS, 9); i++) {
    const read = await readTournament(wb); // the pane opens the step: not timed
    const t0 = performance.now();
    const batch = resultsBatch(read.value, 10, [{ table: game.table, result: i % 2 === 0 ? 'jigo' : game.result }], { confirmOverwrite: true, time: 'bench' });
    await wb.apply(batch);
    if (i > 0) results.push(performance.now() - t0);
  }
  line('one result', results);
}

module.exports = benchWorkbook();
if (require.main === module) module.exports.catch((e) => {
  console.error(e);
  process.exit(1);
});
