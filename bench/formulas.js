'use strict';
/**
 * Custom-function benchmark (`npm run bench`, or `node bench/formulas.js` after `npm run build:engine`):
 *  1. one recalculation of `=GO.STANDINGS(Grid!…)` spilled for 1,000 players × 10 rounds: the grid's values in, the
 *     table out — the content key, parsing the grid (readGrid), the standings, the table. Target: parse + compute
 *     under 50 ms (median);
 *  2. 1,000 per-player calls `=GO.SOS(grid, id)` over the same grid, as Excel makes them (each receives the values
 *     afresh): parsed once, then each call pays for the content key and a lookup;
 *  3. the column form `=GO.SOS(grid, A16:A1015)`: one call for every player.
 */
const { performance } = require('node:perf_hooks');
const { generateMcMahon } = require('./generate');
const { gridCells, valuesOf, readGrid } = require('../dist/workbook/grid');
const { computeStandings } = require('../dist/scoring/standings');
const formulas = require('../dist/workbook/formulas');

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

function runs(n, fn) {
  fn(); // warm-up
  const out = [];
  for (let i = 0; i < n; i++) out.push(fn());
  return out;
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;

const t = generateMcMahon({ players: 1000, rounds: 10, seed: 2026 });
const values = valuesOf(gridCells(t));
const cells = values.length * Math.max(...values.map((r) => r.length));
console.log(`\nCustom functions over the Grid sheet: ${t.players.length} players, ${t.settings.rounds} rounds (${values.length} rows, ${cells} cells)`);

// 1. One recalculation of the spilled standings, and its parts.
const RUNS = 15;
const parts = runs(RUNS, () => {
  formulas.clearFormulaCache();
  const [parse, parsed] = timed(() => readGrid(values));
  const [compute] = timed(() => computeStandings(parsed.value));
  formulas.clearFormulaCache();
  const [whole, table] = timed(() => formulas.standingsFormula(values));
  if (table.length !== t.players.length + 1) throw new Error('standings table has the wrong size');
  // The same grid again, a fresh copy as Excel passes it: the cache recognises it cell by cell.
  const copy = values.map((row) => [...row]);
  const [hit] = timed(() => formulas.gridTournament(copy));
  return { parse, compute, whole, hit };
});
const m = (k) => median(parts.map((p) => p[k]));
console.log(`  =GO.STANDINGS, one recalculation: median ${fmt(m('whole'))} (parse ${fmt(m('parse'))} + standings ${fmt(m('compute'))} = engine ${fmt(m('parse') + m('compute'))}, target < 50 ms; ${RUNS} runs)`);
console.log(`  the same grid again (cache hit, compared cell by cell): median ${m('hit').toFixed(2)} ms`);

// 2. Many per-player calls over the same grid.
const ids = t.players.map((p) => p.id);
const perPlayer = runs(5, () => {
  formulas.clearFormulaCache();
  const before = formulas.gridParseCount();
  const [ms] = timed(() => {
    for (const id of ids) formulas.criterionFormula(values, id, 'sos');
  });
  return { ms, parses: formulas.gridParseCount() - before };
});
const perMs = median(perPlayer.map((r) => r.ms));
console.log(`  ${ids.length} × =GO.SOS(grid, id): median ${fmt(perMs)} in all, ${(perMs / ids.length).toFixed(2)} ms per call, grid parsed ${perPlayer[0].parses}× per recalculation (5 runs)`);

// 3. The column form.
const column = ids.map((id) => [id]);
const columnRuns = runs(9, () => {
  formulas.clearFormulaCache();
  return timed(() => formulas.criterionFormula(values, column, 'sos'))[0];
});
console.log(`  =GO.SOS(grid, ${ids.length} IDs) spilled in one call: median ${fmt(median(columnRuns))} (9 runs)`);
