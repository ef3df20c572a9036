#!/usr/bin/env node
'use strict';
/**
 * The house's two import rules, checked in `npm run lint` (docs/architecture.md, "The rooms"):
 *  1. No import cycle between the project's own modules (src/, taskpane/, functions/).
 *  2. No import from a higher room. The rooms, lowest first (a room may import its own and any lower room):
 *       model < scoring < formats < pairing < systems < workbook < check < cli, functions, taskpane
 *     (`src/pairing` is the machinery every tournament system shares; `src/systems/<system>` the systems; the engine
 *     below `src/` never imports `taskpane/` or `functions/`, and those three top rooms never import each other
 *     except `functions` and `taskpane`, which share one runtime).
 * Reads the files as TypeScript (imports, `export … from`, `require` and `import()` of relative paths); prints each
 * violation with the file and line, and exits 1 when there is any.
 *
 * Usage: node scripts/check-imports.js [--root DIR]   (DIR defaults to the project folder; the tests plant files in a copy)
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const RANK = { model: 0, scoring: 1, formats: 2, pairing: 3, systems: 4, workbook: 5, check: 6, cli: 7, functions: 7, taskpane: 7 };
const TOP_ROOMS_SHARING = new Set(['functions->taskpane', 'taskpane->functions']);

const rootArg = process.argv.indexOf('--root');
const root = path.resolve(rootArg > 0 ? process.argv[rootArg + 1] : path.join(__dirname, '..'));

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [full] : [];
  });
}

function roomOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === 'src' ? parts[1] : parts[0];
}

function resolveImport(from, spec) {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

const files = ['src', 'taskpane', 'functions'].flatMap((d) => walk(path.join(root, d)));
const graph = new Map();
const problems = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const info = ts.preProcessFile(text, true, true);
  const edges = [];
  for (const imported of info.importedFiles) {
    if (!imported.fileName.startsWith('.')) continue;
    const target = resolveImport(file, imported.fileName);
    if (!target) continue;
    const line = text.slice(0, imported.pos).split('\n').length;
    edges.push({ target, line });
    const from = roomOf(file);
    const to = roomOf(target);
    if (from === to || !(from in RANK) || !(to in RANK)) continue;
    if (RANK[to] > RANK[from] || (RANK[to] === RANK[from] && !TOP_ROOMS_SHARING.has(`${from}->${to}`))) {
      problems.push(`${path.relative(root, file)}:${line}: the ${from} room imports ${path.relative(root, target)} from the ${to} room, above it (rooms, lowest first: model < scoring < formats < pairing < systems < workbook < check < cli, functions, taskpane)`);
    }
  }
  graph.set(file, edges);
}

// Cycles: Tarjan's strongly connected components; each component of more than one file (or a file importing itself) is a cycle.
let index = 0;
const indices = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function strongConnect(v) {
  indices.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const { target: w } of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!indices.has(w)) {
      strongConnect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
  }
  if (low.get(v) === indices.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).some((e) => e.target === v)) components.push(component);
  }
}
for (const file of [...graph.keys()].sort()) if (!indices.has(file)) strongConnect(file);
for (const component of components) {
  const members = new Set(component);
  const lines = component
    .sort()
    .flatMap((file) => (graph.get(file) ?? []).filter((e) => members.has(e.target)).map((e) => `  ${path.relative(root, file)}:${e.line} imports ${path.relative(root, e.target)}`));
  problems.push(`import cycle between ${component.length} files:\n${lines.join('\n')}`);
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`check-imports: ${problems.length} problem${problems.length === 1 ? '' : 's'} (docs/architecture.md says why the rooms are ordered)`);
  process.exit(1);
}
console.log(`check-imports: ${files.length} files, no import cycle, no import from a higher room`);
