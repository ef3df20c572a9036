/**
 * Direct Comparison (EGF) and Mays' One-on-One test: tie-breakers computed among the tied players only.
 *
 * seeds/egf-general-tournament-rules-excerpt.txt, "Direct Comparison":
 *  - "A player's Direct Comparison is the Number of Wins Score of only the games played against each other."
 *  - "If it results in a finer tiebreaking, then the definition is applied iteratively: If an application still ties
 *    some players, then for them the tiebreaker is applied again, not overwriting but fine-tuning its previous
 *    application."
 *  - "However, in a McMahon or Swiss tournament … giving each player of mutually tied players the value 0 if they
 *    all have not played the same number of games against each other."
 * seeds/mays-swiss-mcmahon-manual.txt, "Tied Players and Tie-Break Calculations": "the One-on-One test: did the two
 * tied players play against each other? If they did, then the director picks the one who won the game".
 *
 * Games with a default result between tied players count as the Number of Wins increments they are (EGF lists
 * default wins among a player's results); a paired game without a result counts 0 but is a game played.
 */
import { gameHalves } from './record';
import type { Scoreboard } from './scoreboard';

export interface DirectComparisonOptions {
  /** EGF McMahon/Swiss rule: everyone 0 unless every pair of tied players met equally often. */
  readonly requireEqualMeetings: boolean;
  /** EGF: fine-tune iteratively among players still tied. */
  readonly iterate: boolean;
}

export interface DirectComparisonResult {
  /** Per player index: the successive values (half points), first the comparison among the whole tied group. */
  readonly keys: ReadonlyMap<number, readonly number[]>;
  /** True when the equal-meetings rule set everyone to 0 at the first level. */
  readonly voided: boolean;
}

export function directComparison(sb: Scoreboard, group: readonly number[], options: DirectComparisonOptions): DirectComparisonResult {
  const keys = new Map<number, number[]>();
  for (const p of group) keys.set(p, []);
  const voided = compareWithin(sb, group, options, keys, true);
  return { keys, voided };
}

/** Returns whether the first-level comparison was voided. */
function compareWithin(
  sb: Scoreboard,
  group: readonly number[],
  options: DirectComparisonOptions,
  keys: Map<number, number[]>,
  first: boolean,
): boolean {
  if (group.length < 2) return false;
  const members = new Set(group);
  const value = new Map<number, number>();
  const meetings = new Map<string, number>();
  for (const p of group) {
    let halves = 0;
    for (const r of sb.rounds[p]) {
      if (r.opponent < 0 || !members.has(r.opponent)) continue;
      halves += gameHalves(r.outcome);
      if (p < r.opponent) {
        const k = `${p}:${r.opponent}`;
        meetings.set(k, (meetings.get(k) ?? 0) + 1);
      }
    }
    value.set(p, halves);
  }
  if (options.requireEqualMeetings) {
    const pairs = (group.length * (group.length - 1)) / 2;
    const counts = [...meetings.values()];
    const equal = counts.length === 0 || (counts.length === pairs && counts.every((c) => c === counts[0]));
    if (!equal) {
      for (const p of group) keys.get(p)!.push(0);
      return first;
    }
  }
  for (const p of group) keys.get(p)!.push(value.get(p)!);
  if (!options.iterate) return false;

  const classes = new Map<number, number[]>();
  for (const p of group) {
    const v = value.get(p)!;
    const c = classes.get(v);
    if (c) c.push(p);
    else classes.set(v, [p]);
  }
  if (classes.size > 1) {
    for (const cls of classes.values()) {
      if (cls.length >= 2) compareWithin(sb, cls, options, keys, false);
    }
  }
  return false;
}

/** Lexicographic comparison of key vectors, missing entries counting 0. Positive when a is better. */
export function compareKeys(a: readonly number[], b: readonly number[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
