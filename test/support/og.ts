/**
 * The real OpenGotha 3.51.02, headless (../shared/tools/opengotha/og, its README): what the tests that check Tengen's
 * files against the program directors use share. `og` needs ../shared and `java` (Debian default-jre-headless,
 * installed by scripts/system-deps.sh). Without either the tests skip, saying so — except under CI, where they fail:
 * a green CI must never hide a check against the real program that did not run.
 *
 * Each `og` call starts a JVM (~1 s): the calls run two at a time (`ogAll`), and the tests keep their count modest.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SHARED_DIR } from './corpus';

export const OG = path.join(SHARED_DIR, 'tools', 'opengotha', 'og');
const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false';

function javaOnPath(): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, 'java')));
}

/** Why `og` cannot run here, or undefined when it can. */
export function ogMissing(): string | undefined {
  if (!existsSync(OG)) return `${OG} is absent — clone with ../shared beside the project`;
  if (!javaOnPath()) return 'java is not installed: run scripts/system-deps.sh (apt-get install --no-install-recommends default-jre-headless)';
  return undefined;
}

/** `describe` when og runs; else a skipped block saying why — or, under CI, a failing test. */
export function describeWithOg(name: string, body: () => void): void {
  const missing = ogMissing();
  if (missing === undefined) describe(name, body);
  else if (IN_CI) {
    describe(name, () => {
      it('needs OpenGotha (og) and java', () => {
        throw new Error(`${name}: ${missing}. Under CI the checks against the real OpenGotha must run, so this fails instead of skipping.`);
      });
    });
  } else {
    describe(`${name} [skipped: ${missing}]`, () => it.skip('needs og and java', () => undefined));
    console.warn(`skipping "${name}": ${missing}`);
  }
}

export interface OgResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** One og call. A short-lived JVM: C1 only and the serial collector start fastest. */
export function og(args: readonly string[]): Promise<OgResult> {
  return new Promise((resolve) => {
    execFile(
      OG,
      [...args],
      { env: { ...process.env, JAVA_OPTS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** Several og calls, at most two at a time (the machine's cores), results in order. */
export async function ogAll(calls: readonly (readonly string[])[], parallel = 2): Promise<OgResult[]> {
  const results: OgResult[] = new Array(calls.length);
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const i = next++;
      results[i] = await og(calls[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, calls.length) }, worker));
  return results;
}

/** og's one JSON object on stdout (OpenGotha prints a line or two of its own before it); throws with stderr if none. */
export function ogJson<T = Record<string, unknown>>(r: OgResult): T {
  const start = r.stdout.indexOf('{');
  if (r.code !== 0 || start < 0) throw new Error(`og failed (exit ${r.code}): ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout.slice(start)) as T;
}

/** A temporary folder for the files og reads and writes; `done()` removes it. */
export function ogScratch(): { dir: string; write: (name: string, text: string) => string; done: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-og-'));
  return {
    dir,
    write: (name, text) => {
      const f = path.join(dir, name);
      writeFileSync(f, text, 'utf8');
      return f;
    },
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** og's import report (check, standings, h9, save). */
export interface OgImport {
  readonly dataVersionInjected: boolean;
  readonly xmlPlayers: number;
  readonly players: number;
  readonly xmlGames: number;
  readonly games: number;
  readonly xmlByes: number;
  readonly supersededByes: number;
  readonly lostPlayers: readonly string[];
  readonly lostGames: readonly string[];
  readonly lostByes: readonly string[];
}

export interface OgStandings {
  readonly round: number;
  readonly import: OgImport;
  readonly criteria: readonly string[];
  readonly rows: readonly { place: string; key: string; implied: boolean; rank: string; crit: readonly string[]; games: readonly string[] }[];
}

export interface OgTeams {
  readonly round: number;
  readonly teamSize: number;
  readonly teams: number;
  readonly criteria: readonly string[];
  readonly rows: readonly { place: string; team: string; crit: readonly string[]; matches: readonly string[] }[];
}
