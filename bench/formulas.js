'use strict';
/**
 * Custom-function benchmark (`npm run bench`, or `node bench/formulas.js` after `npm run build:engine`), 1,000 players
 * × 10 rounds, every call fed the grid's values as Excel passes them (a fresh copy each time, blanks as ''):
 *  1. `=GO.STANDINGS(Grid!…)` after a result is typed — what a director waits for: the grid differs from the one
 *     read before in one game's result cells, so only that game is read again; then the standings and the table.
 *     Target: under 50 ms (median), end to end (the comparison with the grid read before, the reading, the standings,
 *     the table);
 *  2. the first calculation after the workbook opens (nothing read before): normalising Excel's values, reading the
 *     whole grid, the standings, the table — each part, and the whole call;
 *  3. the same recalculation's `=GO.PLACE` over the grid's input columns (the Grid's own Place column): it shares the
 *     grid read and the standings of `=GO.STANDINGS`;
 *  4. 1,000 per-player calls `=GO.SOS(grid, id)` over the same grid, and the column form `=GO.SOS(grid, ids)`.
 */
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { generateMcMahon } = require('./generate');
const { gridCells, gridLayout, valuesOf, readGrid } = require('../dist/workbook/sheets/grid');
const { computeStandings } = require('../dist/scoring/standings');
const { standingsCells } = require('../dist/workbook/sheets/standingsSheet');
const { rangeOf } = require('../dist/workbook/formulas/excelValues');
const formulas = require('../dist/workbook/formulas/formulas');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function timed(fn) {
  const t0 = performance.now();
  const result = fn();
  return [performance.now() - t0, result];
}

/** Wall-clock and CPU time (this process, all threads: the garbage collector's included) of one call. */
function timedCpu(fn) {
  const cpu0 = process.cpuUsage();
  const [ms, result] = timed(fn);
  const cpu = process.cpuUsage(cpu0);
  return [ms, (cpu.user + cpu.system) / 1000, result];
}

function runs(n, fn, warmUps = 5) {
  // Warm-up: the optimising compiler settles after a few calls, as it does in Excel's runtime after a few recalculations.
  for (let i = 0; i < warmUps; i++) fn(n + i);
  const out = [];
  for (let i = 0; i < n; i++) out.push(fn(i));
  return out;
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;

const t = generateMcMahon({ players: 1000, rounds: 10, seed: 2026 });
// As Excel passes a range to the functions (Range.values spells an empty cell ''; see src/workbook/formulas/formulas/excelValues.ts).
const values = valuesOf(gridCells(t)).map((row) => row.map((v) => (v === null ? '' : v)));
const fresh = () => values.map((row) => [...row]);
const cells = values.length * Math.max(...values.map((r) => r.length));
const layout = gridLayout(t.settings.rounds, t.players.length);
const rowOf = new Map(t.players.map((p, i) => [p.id, layout.playerRow(i) - 1]));
const lastRound = t.games.filter((g) => g.round === t.settings.rounds && g.result === 'white-wins');
console.log(
  `\nCustom functions over the Grid sheet: ${t.players.length} players, ${t.settings.rounds} rounds (${values.length} rows, ${cells} cells); ` +
    `node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
);

/** The grid with the i-th game of the last round reported the other way (a result typed: two cells change). */
function typed(i) {
  const g = lastRound[i % lastRound.length];
  const copy = fresh();
  const column = layout.resultColumn(t.settings.rounds) - 1;
  copy[rowOf.get(g.white)][column] = '\u2212';
  copy[rowOf.get(g.black)][column] = '+';
  return copy;
}

// 1. A recalculation after a result is typed.
const RUNS = 15;
const recalculations = runs(RUNS, (i) => {
  formulas.clearFormulaCache();
  formulas.standingsFormula(fresh()); // the grid as it was before the result was typed
  const before = formulas.gridParseCount();
  const grid = typed(i ?? 0);
  const [ms, cpu, table] = timedCpu(() => formulas.standingsFormula(grid));
  if (table.length !== t.players.length + 1) throw new Error('standings table has the wrong size');
  const inputs = grid.map((row, r) => (r + 1 < layout.headerRow ? row : row.slice(0, layout.resultColumn(t.settings.rounds))));
  const ids = t.players.map((p) => [p.id]);
  const [place] = timed(() => formulas.placeFormula(inputs, ids));
  return { ms, cpu, place, parses: formulas.gridParseCount() - before };
});
const recalc = median(recalculations.map((r) => r.ms));
console.log(
  `  =GO.STANDINGS after a result is typed (one recalculation): median ${fmt(recalc)} end to end (CPU ${fmt(median(recalculations.map((r) => r.cpu)))}), target < 50 ms; ` +
    `grid read again whole ${recalculations[0].parses}× (${RUNS} runs)`,
);
console.log(`  =GO.PLACE over the input columns in the same recalculation: median ${median(recalculations.map((r) => r.place)).toFixed(2)} ms (shares the read grid and the standings)`);

// 2. The first calculation after opening: each part, and the whole call.
const parts = runs(RUNS, () => {
  const grid = fresh();
  const [normalise, normalised] = timed(() => rangeOf(grid));
  const [parse, parsed] = timed(() => readGrid(normalised.values));
  const [compute, standings] = timed(() => computeStandings(parsed.value));
  const [table] = timed(() => standingsCells(standings));
  formulas.clearFormulaCache();
  const grid2 = fresh();
  const [whole, wholeCpu] = timedCpu(() => formulas.standingsFormula(grid2));
  const [hit] = timed(() => formulas.gridTournament(fresh()));
  return { normalise, parse, compute, table, whole, wholeCpu, hit };
});
const m = (k) => median(parts.map((p) => p[k]));
console.log(
  `  =GO.STANDINGS, first calculation after opening: median ${fmt(m('whole'))} (CPU ${fmt(m('wholeCpu'))}; normalise ${fmt(m('normalise'))} + read the grid ${fmt(m('parse'))} + ` +
    `standings ${fmt(m('compute'))} + table ${fmt(m('table'))}; ${RUNS} runs)`,
);
console.log(`  the same grid again (cache hit, compared cell by cell): median ${m('hit').toFixed(2)} ms`);

// 4. Many per-player calls over the same grid, and the column form.
const ids = t.players.map((p) => p.id);
const perPlayer = runs(5, () => {
  formulas.clearFormulaCache();
  const before = formulas.gridParseCount();
  const [ms] = timed(() => {
    for (const id of ids) formulas.criterionFormula(fresh(), id, 'sos');
  });
  return { ms, parses: formulas.gridParseCount() - before };
}, 1);
const perMs = median(perPlayer.map((r) => r.ms));
console.log(`  ${ids.length} × =GO.SOS(grid, id): median ${fmt(perMs)} in all, ${(perMs / ids.length).toFixed(2)} ms per call (with copying the grid as Excel passes it), grid read ${perPlayer[0].parses}× (5 runs)`);
const column = ids.map((id) => [id]);
const columnRuns = runs(9, () => {
  formulas.clearFormulaCache();
  return timed(() => formulas.criterionFormula(fresh(), column, 'sos'))[0];
});
console.log(`  =GO.SOS(grid, ${ids.length} IDs) spilled in one call: median ${fmt(median(columnRuns))} (9 runs)`);
