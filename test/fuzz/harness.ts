/**
 * The fuzz suite's bookkeeping (issue 12): every generated input is run through a reader and what follows a
 * successful read (standings, the JSON writer and Tengen's own reader again), and classified:
 *
 * - `succeeded`: read, and what was read survives the engine (standings; the next round paired, in fields of up to
 *   40 players) and Tengen's own writer and reader;
 * - `refused`: refused with Tengen's own errors (`InputError`s or a `TengenInputError`), each naming the file and a
 *   place in it (a line, an element or JSON path, a sheet!cell or a sheet);
 * - `internal-error`: anything else — an exception that is not Tengen's (TypeError, RangeError …), a refusal that
 *   names no place, a read that took longer than `RUN_TIME_LIMIT_MS`, or a tournament read that Tengen's own
 *   writer and reader do not give back.
 *
 * Runs are deterministic (`FUZZ_SEED`, default fixed) and sized for CI; `TENGEN_FUZZ_SCALE=10` makes ten times as
 * many. The counts are written to `test-artifacts/fuzz-summary.json`.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import { formatInputError, TengenInputError, type InputError, type Parsed } from '../../src/model/errors';
import type { Round, Tournament } from '../../src/model/tournament';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { computeStandings } from '../../src/scoring/standings';

export const FUZZ_SEED = Number(process.env.TENGEN_FUZZ_SEED ?? 20260516);
export const FUZZ_SCALE = Math.max(0.01, Number(process.env.TENGEN_FUZZ_SCALE ?? 1));
/** No single read (with what follows it) may take longer: a hang is a finding, not a slow test. */
export const RUN_TIME_LIMIT_MS = Number(process.env.TENGEN_FUZZ_RUN_LIMIT_MS ?? 5000);

/** Fields of up to this many players are also paired after a successful read (larger ones take too long here). */
const PAIRED_PLAYERS = 40;

export type Outcome = 'succeeded' | 'refused' | 'internal-error';

export interface Finding {
  readonly reader: string;
  readonly input: string;
  readonly symptom: string;
}

export const SUMMARY_FILE = path.resolve(__dirname, '..', '..', 'test-artifacts', 'fuzz-summary.json');

export class FuzzTally {
  readonly counts: Record<Outcome, number> = { succeeded: 0, refused: 0, 'internal-error': 0 };
  readonly findings: Finding[] = [];
  /** A few refusals as the director reads them, for the summary. */
  readonly sampleRefusals: string[] = [];
  private started: number | undefined;

  constructor(readonly reader: string) {}

  runs(base: number): number {
    return Math.max(1, Math.round(base * FUZZ_SCALE));
  }

  /** Runs one input through `read` (and the checks after a success) and records the outcome. */
  async run(input: string, file: string, read: () => Parsed<Tournament> | Promise<Parsed<Tournament>>, options: { requireFile?: boolean } = {}): Promise<Outcome> {
    const began = Date.now();
    this.started ??= began;
    let outcome: Outcome;
    let symptom = '';
    try {
      const parsed = await read();
      if (parsed.ok) {
        const problem = afterRead(parsed.value);
        outcome = problem === undefined ? 'succeeded' : 'internal-error';
        symptom = problem ?? '';
      } else {
        const unnamed = parsed.errors.filter((e) => !namesPlace(e, file, options.requireFile !== false));
        outcome = unnamed.length === 0 && parsed.errors.length > 0 ? 'refused' : 'internal-error';
        if (outcome === 'refused' && this.sampleRefusals.length < 12) this.sampleRefusals.push(formatInputError(parsed.errors[0]));
        symptom = parsed.errors.length === 0 ? 'refused with no error' : `refusal names no place: ${unnamed.map(formatInputError).join(' | ')}`;
      }
    } catch (e) {
      if (e instanceof TengenInputError && e.errors.every((x) => namesPlace(x, file, false))) outcome = 'refused';
      else {
        outcome = 'internal-error';
        symptom = e instanceof Error ? `${e.name}: ${e.message}\n${(e.stack ?? '').split('\n').slice(1, 4).join('\n')}` : String(e);
      }
    }
    const elapsed = Date.now() - began;
    if (elapsed > RUN_TIME_LIMIT_MS) {
      outcome = 'internal-error';
      symptom = `took ${elapsed} ms (limit ${RUN_TIME_LIMIT_MS} ms)`;
    }
    this.counts[outcome]++;
    const finding = { reader: this.reader, input: input.length > 600 ? `${input.slice(0, 600)}…` : input, symptom };
    if (outcome === 'internal-error') this.findings.push(finding);
    return outcome;
  }

  get total(): number {
    return this.counts.succeeded + this.counts.refused + this.counts['internal-error'];
  }

  /** Adds this reader's counts to the summary file (read, merged by reader, written back). */
  record(extra: Record<string, unknown> = {}): void {
    mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
    let summary: { seed?: number; scale?: number; readers: Record<string, unknown> } = { readers: {} };
    if (existsSync(SUMMARY_FILE)) {
      try {
        summary = JSON.parse(readFileSync(SUMMARY_FILE, 'utf8')) as typeof summary;
        if (summary.seed !== FUZZ_SEED || summary.scale !== FUZZ_SCALE) summary = { readers: {} };
      } catch {
        summary = { readers: {} };
      }
    }
    summary.seed = FUZZ_SEED;
    summary.scale = FUZZ_SCALE;
    summary.readers[this.reader] = {
      generated: this.total,
      ...this.counts,
      seconds: Math.round((Date.now() - (this.started ?? Date.now())) / 100) / 10,
      findings: this.findings.slice(0, 20),
      sampleRefusals: this.sampleRefusals,
      ...extra,
      at: new Date().toISOString(),
    };
    type Counts = Record<'generated' | Outcome, number>;
    const readers = Object.values(summary.readers) as Counts[];
    const total = (k: keyof Counts) => readers.reduce((sum, r) => sum + (r[k] ?? 0), 0);
    const keys: (keyof Counts)[] = ['generated', 'succeeded', 'refused', 'internal-error'];
    const out = { seed: FUZZ_SEED, scale: FUZZ_SCALE, total: Object.fromEntries(keys.map((k) => [k, total(k)])), readers: summary.readers };
    writeFileSync(SUMMARY_FILE, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`fuzz ${this.reader}: ${this.total} inputs — ${this.counts.succeeded} succeeded, ${this.counts.refused} refused with a clear error, ${this.counts['internal-error']} internal errors (seed ${FUZZ_SEED}, ${SUMMARY_FILE})`);
  }

  /** The findings as one readable message, for the failing expectation. */
  report(): string {
    return this.findings.map((f, i) => `#${i + 1} ${f.reader}: ${f.symptom}\n   input: ${f.input}`).join('\n');
  }
}

/** An error names the file (when the reader was given one) and a place in it: a line, a path or cell, a player. */
function namesPlace(e: InputError, file: string, requireFile: boolean): boolean {
  if (typeof e.message !== 'string' || e.message.trim() === '') return false;
  if (requireFile && e.file !== file) return false;
  return e.line !== undefined || (e.where !== undefined && e.where !== '') || e.player !== undefined;
}

/**
 * What a successful read must allow: the standings (the CLI's first command) and a round trip through Tengen's own
 * JSON writer and reader giving the same tournament. Says what failed, or undefined.
 */
export function afterRead(t: Tournament): string | undefined {
  try {
    computeStandings(t);
  } catch (e) {
    return `read, but the standings crash: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
  }
  // The next round paired (Mays' method, the paper draw): a refusal is the engine's own PairingError, a crash is not.
  const next = Math.max(0, ...t.games.map((g) => g.round), ...t.byes.map((b) => b.round)) + 1;
  if (next <= t.settings.rounds && t.players.length <= PAIRED_PLAYERS) {
    try {
      pairMays(t, next as Round);
    } catch (e) {
      return `read, but pairing round ${next} crashes: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
    }
  }
  const written = writeTournamentJson(t);
  const again = parseTournamentJson(written, 'round-trip.json');
  if (!again.ok) return `read, but Tengen's own reader refuses what its writer wrote: ${again.errors.map(formatInputError).join(' | ')}`;
  if (writeTournamentJson(again.value) !== written) return "read, but Tengen's writer and reader do not give the same tournament back";
  return undefined;
}

