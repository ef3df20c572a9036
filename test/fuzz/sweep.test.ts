/**
 * Issue 27's fuzz sweep (./sweep.ts), a small sample: every reader × every class of bad input (./classes.ts), the
 * workbook's cells, and "what Tengen wrote, Tengen reads" through every writer. No internal error, nothing written
 * that Tengen then refuses, no tournament changed by its round trip. The full sweep: `node bench/fuzz.js`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR, HAS_CORPUS } from '../support/corpus';
import { CLASSES, type InputClass } from './classes';
import { emptyTally, readerSpecs, scratch, sweepReader, sweepRoundTrips, sweepWorkbook, type Tally } from './sweep';

const SEED = Number(process.env.TENGEN_FUZZ_SEED ?? 20261127);
/** Runs per reader and class; the full sweep (`node bench/fuzz.js`) passes more through TENGEN_SWEEP_RUNS. */
const FULL = process.env.TENGEN_SWEEP_RUNS !== undefined;
const RUNS = FULL ? Number(process.env.TENGEN_SWEEP_RUNS) : 1;
/** The sample in npm test (a few seconds): two classes per reader, in turn, so that the readers cover every class. */
const classesOf = (i: number): readonly InputClass[] => (FULL ? CLASSES : [CLASSES[(2 * i) % CLASSES.length], CLASSES[(2 * i + 1) % CLASSES.length]]);

if (!HAS_CORPUS) console.warn(`fuzz sweep: ${CORPUS_DIR} is absent — the Pairgoth, MacMahon, FFG and AGA list readers have no base file and are left out`);

const { dir, done } = scratch();
/** Counts per reader (and per writer of the round trips), for `node bench/fuzz.js`. */
const SUMMARY = path.resolve(__dirname, '..', '..', 'test-artifacts', 'fuzz-sweep.json');
const readers: Record<string, Omit<Tally, 'findings'> & { findings: number }> = {};
const writers: Record<string, Omit<Tally, 'findings'> & { findings: number; changed?: number }> = {};
const brief = <T extends Tally>(t: T) => ({ ...t, findings: t.findings.length });
afterAll(() => {
  done();
  mkdirSync(path.dirname(SUMMARY), { recursive: true });
  writeFileSync(SUMMARY, `${JSON.stringify({ seed: SEED, runsPerClass: RUNS, corpus: HAS_CORPUS, readers, roundTrips: writers }, null, 2)}\n`);
});

describe(`fuzz sweep (seed ${SEED}, ${RUNS} run(s) per reader and class)`, () => {
  const byClass = new Map<string, Tally>();
  test.each(readerSpecs(dir).map((s, i) => [s.reader, s, i] as const))('%s: each class refused naming where, or accepted and then standings, pairing, exports and re-reads run', async (_, spec, i) => {
    const tally = emptyTally();
    await sweepReader(spec, RUNS, SEED, tally, byClass, classesOf(i));
    readers[spec.reader] = brief(tally);
    expect(tally.findings).toEqual([]);
    expect(tally['internal-error'] + tally['written-but-unreadable']).toBe(0);
  });

  test('workbook: every class of cell edit refused naming the cell, or accepted and then standings, pairing, exports run', async () => {
    const tally = emptyTally();
    await sweepWorkbook(RUNS, SEED, tally, byClass, FULL ? CLASSES : CLASSES.slice(3, 6));
    readers.workbook = brief(tally);
    expect(tally.findings).toEqual([]);
  });

  test('what Tengen wrote, Tengen reads: random tournaments through every writer come back equal or are refused at write', async () => {
    const tallies = new Map<string, Tally & { changed?: number }>();
    await sweepRoundTrips(RUNS, SEED, tallies);
    for (const [w, t] of tallies) writers[w] = brief(t);
    expect([...tallies.values()].flatMap((t) => t.findings)).toEqual([]);
  });
});
