/**
 * The house rule "no import cycles" for the add-in's code: every relative import (type-only ones included) of
 * taskpane/, functions/ and src/, followed; a cycle is listed file by file. The officeAdapter split and the
 * backgroundPairing ↔ services cycle of issue 21 are what this keeps from coming back.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return tsFiles(p);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [p] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)]
    .map((m) => path.resolve(path.dirname(file), m[1]))
    .map((p) => [`${p}.ts`, path.join(p, 'index.ts')].find((c) => existsSync(c)))
    .filter((p): p is string => p !== undefined);
}

test('no import cycle in taskpane/, functions/ and src/', () => {
  const files = ['taskpane', 'functions', 'src'].flatMap((d) => tsFiles(path.join(ROOT, d)));
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === 'open') cycles.push([...stack.slice(stack.indexOf(d)), d].map((p) => path.relative(ROOT, p)).join(' → '));
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  expect(cycles).toEqual([]);
});
