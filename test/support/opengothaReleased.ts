/**
 * The released OpenGotha's draws (../shared/corpus/opengotha-released/*.json: OpenGotha 3.51.02 run headless on every
 * recorded round of opengotha-pairings/) against Tengen's `opengotha` system: every pair's weight against
 * `pairWeights`, every drawn pair's against its `weight`, and every round's draw — identical, of exactly equal total
 * weight (by OpenGotha's own weights), lighter or heavier. Used by test/conformance/opengotha-released.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeRound } from '../../src/cli/pair';
import { openGothaKey } from '../../src/formats/opengotha';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { pairOpenGotha, prepareOpenGothaRound, type OpenGothaOptions } from '../../src/systems/opengotha/pair';
import { pairingListOrder } from '../../src/systems/opengotha/scoredPlayers';
import { isPairingError } from '../../src/pairing/types';
import { corpusPath } from './corpus';
import { loadCorpusTournament } from './opengothaConformance';

export interface ReleasedGame {
  readonly table: number;
  readonly white: string;
  readonly black: string;
  readonly handicap: number;
  readonly weight: number;
}

export interface ReleasedRound {
  readonly file: string;
  readonly round: number;
  readonly engine: string;
  readonly pairable: number;
  readonly chunks: readonly number[];
  readonly games: readonly ReleasedGame[];
  readonly bye: string | null;
  readonly totalWeight: string;
  readonly pairWeights?: readonly (readonly [string, string, number])[];
}

export interface ReleasedRow {
  readonly name: string;
  readonly players: number;
  /** pairWeights compared (every pair of the round's players), and those equal. */
  readonly pairs: number;
  readonly equalPairs: number;
  /** The released draw's pairs, and those Tengen weighs as OpenGotha does. */
  readonly drawnPairs: number;
  readonly drawnEqual: number;
  /** Released pairs Tengen's draw also has. */
  readonly identicalPairs: number;
  readonly byeIdentical: boolean;
  readonly verdict: 'identical' | 'equal-weight' | 'lighter' | 'heavier' | 'refused';
  /** Tengen's draw weighed with OpenGotha's weights, minus OpenGotha's total. */
  readonly gap: bigint;
  readonly examples: readonly string[];
}

export const RELEASED_DIR = corpusPath('opengotha-released');

export function releasedRounds(): { name: string; data: ReleasedRound }[] {
  // Numbers of up to 2^53 fit a double exactly; totalWeight is a string in the files.
  return readdirSync(RELEASED_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), data: JSON.parse(readFileSync(`${RELEASED_DIR}/${f}`, 'utf8')) as ReleasedRound }));
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

const loaded = new Map<string, Tournament>();
function tournamentOf(file: string): Tournament {
  let t = loaded.get(file);
  if (!t) loaded.set(file, (t = loadCorpusTournament(file)));
  return t;
}

/** One released round against Tengen's draw with these options. */
export function compareReleased(name: string, data: ReleasedRound, options: OpenGothaOptions = {}): ReleasedRow {
  const t = tournamentOf(data.file);
  const before = beforeRound(t, data.round);
  const keyOf = new Map<PlayerId, string>(t.players.map((p) => [p.id, openGothaKey(p.family + p.given)]));
  const idOf = new Map([...keyOf].map(([id, k]) => [k, id]));
  const base = { name, players: data.pairable, drawnPairs: data.games.length };
  const prepared = prepareOpenGothaRound(before, data.round, options);
  const result = pairOpenGotha(before, data.round, options);
  if (isPairingError(prepared) || isPairingError(result)) {
    const message = isPairingError(prepared) ? prepared.message : (result as { message: string }).message;
    return { ...base, pairs: 0, equalPairs: 0, drawnEqual: 0, identicalPairs: 0, byeIdentical: false, verdict: 'refused', gap: 0n, examples: [message] };
  }
  // Tengen weighs a pair in the order of OpenGotha's list (the order `w` is given in).
  const listed = [...prepared.state.scored].sort(pairingListOrder(prepared.state));
  const position = new Map(listed.map((s, i) => [keyOf.get(s.id)!, i]));
  const weigh = (a: string, b: string): number => {
    const [first, second] = position.get(a)! < position.get(b)! ? [a, b] : [b, a];
    return prepared.weigh(idOf.get(first)!, idOf.get(second)!).total;
  };
  const examples: string[] = [];
  let pairs = 0;
  let equalPairs = 0;
  const released = new Map<string, number>();
  for (const [a, b, w] of data.pairWeights ?? []) {
    released.set(pairKey(a, b), w);
    pairs++;
    const mine = weigh(a, b);
    if (mine === w) equalPairs++;
    else if (examples.length < 3) examples.push(`${a}/${b}: ${mine} ≠ ${w}`);
  }
  let drawnEqual = 0;
  for (const g of data.games) {
    released.set(pairKey(g.white, g.black), g.weight);
    const mine = weigh(g.white, g.black);
    if (mine === g.weight) drawnEqual++;
    else if (examples.length < 3) examples.push(`drawn ${g.white}/${g.black}: ${mine} ≠ ${g.weight}`);
  }
  const releasedPairs = new Set(data.games.map((g) => pairKey(g.white, g.black)));
  let identicalPairs = 0;
  let total = 0n;
  for (const g of result.games) {
    const a = keyOf.get(g.white)!;
    const b = keyOf.get(g.black)!;
    if (releasedPairs.has(pairKey(a, b))) identicalPairs++;
    // Tengen's pair weighed by OpenGotha: from pairWeights where the round has them, else Tengen's own weight.
    total += BigInt(released.get(pairKey(a, b)) ?? weigh(a, b));
  }
  const byeIdentical = (result.bye === null ? null : keyOf.get(result.bye)) === data.bye;
  const gap = total - BigInt(data.totalWeight);
  const same = identicalPairs === data.games.length && result.games.length === data.games.length && byeIdentical;
  const verdict = same ? 'identical' : gap === 0n ? 'equal-weight' : gap < 0n ? 'lighter' : 'heavier';
  return { ...base, pairs, equalPairs, drawnEqual, identicalPairs, byeIdentical, verdict, gap, examples };
}

export function formatReleasedTable(rows: readonly ReleasedRow[]): string {
  const lines = ['round | players | pair weights equal | drawn pairs weighed alike | identical pairs | bye | verdict | gap'];
  for (const r of rows) {
    lines.push(
      `${r.name} | ${r.players} | ${r.equalPairs}/${r.pairs} | ${r.drawnEqual}/${r.drawnPairs} | ${r.identicalPairs}/${r.drawnPairs} | ${r.byeIdentical ? 'same' : 'differs'} | ${r.verdict} | ${r.gap}${r.examples.length ? ` | ${r.examples.join('; ')}` : ''}`,
    );
  }
  return lines.join('\n');
}

/** Rounds identical / equal weight / lighter / heavier, and drawn pairs weighed differently. */
export function summarizeReleased(rows: readonly ReleasedRow[]): string {
  const count = (v: ReleasedRow['verdict']) => rows.filter((r) => r.verdict === v).length;
  const drawn = rows.reduce((n, r) => n + r.drawnPairs, 0);
  const drawnDiffer = rows.reduce((n, r) => n + r.drawnPairs - r.drawnEqual, 0);
  const pairs = rows.reduce((n, r) => n + r.pairs, 0);
  const pairsDiffer = rows.reduce((n, r) => n + r.pairs - r.equalPairs, 0);
  return `${rows.length} rounds: ${count('identical')} identical, ${count('equal-weight')} of equal weight, ${count('lighter')} lighter, ${count('heavier')} heavier, ${count('refused')} refused; ${drawnDiffer} of ${drawn} drawn pairs weighed differently; ${pairsDiffer} of ${pairs} pair weights differ`;
}
