/**
 * Tie-breakers that depend on one player only: SOS, SOS-1, SOS-2, SODOS, SOSOS, CUSS, CUSP (and MMS, NBW).
 * Each is computed as a list of per-round contributions, so the value a director sees can always be explained line
 * by line (Mays, "Example of the Need to Make Adjustments in a Tie-Break Calculation", Table 1).
 * Direct Comparison and the One-on-One test depend on who is tied: see directComparison.ts.
 */
import { fraction, fromHalves, ZERO, type Fraction } from '../model/fraction';
import { gameHalves, isPlayedGame, type Outcome, type PlayerRound } from './record';
import { finalScore, initialScore, scoreAfter, type Scoreboard } from './scoreboard';

export interface Adjustment {
  readonly reason: string;
  /** Half points added (negative: deducted). */
  readonly halves: number;
}

/** One round's line in a tie-break calculation. */
export interface Contribution {
  readonly round: number;
  /** Opponent index in the scoreboard, or −1 (bye, absence). */
  readonly opponent: number;
  readonly outcome: Outcome;
  /** The opponent's final score as written on the grid, in half points (undefined without an opponent). */
  readonly unadjusted?: number;
  readonly adjustments: readonly Adjustment[];
  /** What this round counts, in half points; null when it counts nothing (Mays: normalised instead). */
  readonly value: number | null;
  /** Why a round without an opponent counts what it counts. */
  readonly note?: string;
}

/** Counts of the results that Mays adjusts for, per player. */
interface Irregular {
  missed: number;
  byes: number;
  defaultWins: number;
  defaultLosses: number;
}

function irregularOf(sb: Scoreboard, p: number): Irregular {
  const c: Irregular = { missed: 0, byes: 0, defaultWins: 0, defaultLosses: 0 };
  for (const r of sb.rounds[p]) {
    if (r.outcome === 'absent') c.missed++;
    else if (r.outcome === 'bye') c.byes++;
    else if (r.outcome === 'default-win') c.defaultWins++;
    else if (r.outcome === 'default-loss') c.defaultLosses++;
  }
  return c;
}

/** Cache of per-scoreboard derived values (opponent scores are read many times). */
class CriteriaCache {
  readonly sosRows = new Map<number, Contribution[]>();
  readonly sos = new Map<number, Fraction>();
  readonly opponentView = new Map<number, { unadjusted: number; adjustments: Adjustment[]; value: number }>();
}
const caches = new WeakMap<Scoreboard, CriteriaCache>();
function cacheOf(sb: Scoreboard): CriteriaCache {
  let c = caches.get(sb);
  if (!c) caches.set(sb, (c = new CriteriaCache()));
  return c;
}

/**
 * How an opponent's score enters the SOS of the players he met, before any per-game correction.
 * AQJG (Mays, "Tied Players and Tie-Break Calculations"): "the tournament director must adjust these scores by adding
 * ½ point for each loss by default and missed round, and by deducting ½ point for each win by default and bye."
 */
function opponentView(sb: Scoreboard, o: number): { unadjusted: number; adjustments: Adjustment[]; value: number } {
  const cache = cacheOf(sb);
  const hit = cache.opponentView.get(o);
  if (hit) return hit;
  const score = finalScore(sb, o);
  let view: { unadjusted: number; adjustments: Adjustment[]; value: number };
  if (sb.ruleset.opponentScore === 'mays-adjusted') {
    const c = irregularOf(sb, o);
    // The grid shows the final MMS without the background ½ per missed round (Table 1: "unadjusted −8").
    const free = sb.primary === 'mms' ? sb.freeMmsAfter[o][sb.asOf] : sb.freeNbwAfter[o][sb.asOf];
    const byeHalves = sb.ruleset.byeHalves(sb.primary, sb.tournament) * c.byes;
    const unadjusted = score - (free - byeHalves);
    const adjustments: Adjustment[] = [];
    if (c.missed) adjustments.push({ reason: `+½ × ${c.missed} missed round${c.missed > 1 ? 's' : ''}`, halves: c.missed });
    if (c.defaultLosses) adjustments.push({ reason: `+½ × ${c.defaultLosses} default loss${c.defaultLosses > 1 ? 'es' : ''}`, halves: c.defaultLosses });
    if (c.defaultWins) adjustments.push({ reason: `−½ × ${c.defaultWins} default win${c.defaultWins > 1 ? 's' : ''}`, halves: -c.defaultWins });
    if (c.byes) adjustments.push({ reason: `−½ × ${c.byes} bye${c.byes > 1 ? 's' : ''}`, halves: -c.byes });
    const value = unadjusted + adjustments.reduce((s, a) => s + a.halves, 0);
    view = { unadjusted, adjustments, value };
  } else {
    view = { unadjusted: score, adjustments: [], value: score };
  }
  cache.opponentView.set(o, view);
  return view;
}

/**
 * What the game of round `r` adds to the opponent's score in SOS, in half points: OpenGotha (corpus/README.md): "the
 * White player counts opponent + handicap, the Black player opponent − handicap". Its SOSM only: SOSW adds the
 * opponents' wins as they are (Tournament.fillBaseScoringInfoIfNecessary, 4.1). 0 under every other ruleset.
 */
function handicapCorrection(sb: Scoreboard, r: PlayerRound): number {
  if (sb.ruleset.opponentScore === 'handicap-corrected' && r.handicap !== 0 && sb.primary === 'mms') return 2 * r.handicap * (r.colour === 'white' ? 1 : -1);
  return 0;
}

/** The per-round lines of SOS. */
export function sosContributions(sb: Scoreboard, p: number): readonly Contribution[] {
  const cache = cacheOf(sb);
  const hit = cache.sosRows.get(p);
  if (hit) return hit;
  const rows: Contribution[] = [];
  for (const r of sb.rounds[p]) {
    if (r.opponent >= 0) {
      const view = opponentView(sb, r.opponent);
      // The opponent's adjustments as they are (never changed: read-only lines), copied only to add this game's own
      // (issue 28: a copy for each of a congress's 10,000 lines).
      let adjustments: readonly Adjustment[] = view.adjustments;
      const h = handicapCorrection(sb, r);
      if (h !== 0) adjustments = [...view.adjustments, { reason: `${h > 0 ? '+' : '−'}${r.handicap} handicap (${r.colour})`, halves: h }];
      const value = view.value + h;
      rows.push({ round: r.round, opponent: r.opponent, outcome: r.outcome, unadjusted: view.unadjusted, adjustments, value });
    } else if (sb.ruleset.sosWithoutOpponent === 'own-initial') {
      // BGA: "For each round that the player sleeps, add the player's own initial McMahon score." OpenGotha likewise.
      rows.push({ round: r.round, opponent: -1, outcome: r.outcome, adjustments: [], value: initialScore(sb, p), note: 'own initial score' });
    } else {
      // Mays: no value for this round; the sum is normalised to the full number of rounds.
      rows.push({ round: r.round, opponent: -1, outcome: r.outcome, adjustments: [], value: null, note: 'no opponent: normalised' });
    }
  }
  cache.sosRows.set(p, rows);
  return rows;
}

/**
 * Sum of the counted values, ignoring the `drop` lowest (EGF: "SOS-1 = SOS, where 1 round with the smallest value
 * is ignored"), normalised when the ruleset says so (Mays: "divide the sum of the scores by the number of rounds for
 * which he has a value … and then multiply the result by 6").
 */
export function sumContributions(rows: readonly Contribution[], drop = 0): { total: Fraction; dropped: Set<number> } {
  // Sorted only when some are ignored: standings ask the plain sum of every player (issue 28).
  const dropped = drop > 0 ? lowestRounds(rows, drop) : new Set<number>();
  let halves = 0;
  let counted = 0;
  let missing = false;
  for (let index = 0; index < rows.length; index++) {
    const value = rows[index].value;
    if (value === null) missing = true;
    else if (!dropped.has(index)) {
      halves += value;
      counted++;
    }
  }
  return { total: normalisedSum(halves, counted, missing, rows.length - drop), dropped };
}

/**
 * `halves` summed over `counted` rounds, normalised to `full` rounds when some had no value (`missing`): Mays' "divide
 * the sum … by the number of rounds for which he has a value … and then multiply the result by 6".
 */
function normalisedSum(halves: number, counted: number, missing: boolean, full: number): Fraction {
  if (counted > 0 && counted < full && missing) return fraction(halves * full, 2 * counted);
  return counted === 0 ? ZERO : fromHalves(halves);
}

/** The places of the `drop` lowest counted values; among equal values the earliest round, so explanations are deterministic. */
function lowestRounds(rows: readonly Contribution[], drop: number): Set<number> {
  // The first `drop` of the counted rounds ordered by value, then by round: picked one at a time, each the smallest
  // value not picked yet (the earliest of equals), rather than sorting every player's rounds (issue 28: SOS-1 and
  // SOS-2 of every player, each standings).
  const dropped = new Set<number>();
  while (dropped.size < drop) {
    let lowest = -1;
    for (let index = 0; index < rows.length; index++) {
      const value = rows[index].value;
      if (value === null || dropped.has(index)) continue;
      if (lowest < 0 || value < rows[lowest].value!) lowest = index;
    }
    if (lowest < 0) break;
    dropped.add(lowest);
  }
  return dropped;
}

/**
 * What a round counts in SOS, in half points, or null (none: Mays normalises) — the `value` of its `sosContributions`
 * line, without making the line (its opponent's view found in `cache`, `cacheOf(sb)`).
 */
function sosValue(sb: Scoreboard, cache: CriteriaCache, p: number, r: PlayerRound): number | null {
  if (r.opponent >= 0) {
    return (cache.opponentView.get(r.opponent) ?? opponentView(sb, r.opponent)).value + handicapCorrection(sb, r);
  }
  return sb.ruleset.sosWithoutOpponent === 'own-initial' ? initialScore(sb, p) : null;
}

export function sos(sb: Scoreboard, p: number, drop = 0): Fraction {
  if (drop === 0) {
    const cache = cacheOf(sb);
    const hit = cache.sos.get(p);
    if (hit) return hit;
    // `sumContributions(sosContributions(sb, p)).total`: the same values (`sosValue`) summed in the same order by the
    // same arithmetic, none dropped — without making a line per round (issue 28: the standings read the SOS of every
    // player, a congress's 10,000 lines made only to be summed, twice a round's batch; test/scoring/sosLines.test.ts
    // compares the two).
    const rounds = sb.rounds[p];
    let halves = 0;
    let counted = 0;
    let missing = false;
    for (let i = 0; i < rounds.length; i++) {
      const value = sosValue(sb, cache, p, rounds[i]);
      if (value === null) missing = true;
      else {
        halves += value;
        counted++;
      }
    }
    const value = normalisedSum(halves, counted, missing, rounds.length);
    cache.sos.set(p, value);
    return value;
  }
  return sumContributions(sosContributions(sb, p), drop).total;
}

/** The lines of SODOS (Mays: SDOS): defeated opponents count fully, a jigo counts half, anything else nothing. */
export function sodosContributions(sb: Scoreboard, p: number): readonly Contribution[] {
  return sosContributions(sb, p).map((row) => {
    if (row.opponent < 0) return { ...row, value: null, note: 'no opponent' };
    const share = gameHalves(row.outcome); // 2 = defeated, 1 = jigo, 0 = not defeated
    return { ...row, value: share === 0 ? 0 : row.value };
  });
}

export function sodos(sb: Scoreboard, p: number): Fraction {
  // Over `sosContributions`' lines with an opponent, each line's value and outcome read from its round (`sosValue`, the
  // round's own outcome) rather than from a line made for it (issue 28; test/scoring/sosLines.test.ts).
  const cache = cacheOf(sb);
  const rounds = sb.rounds[p];
  let quarters = 0;
  for (let i = 0; i < rounds.length; i++) {
    const r = rounds[i];
    if (r.opponent < 0) continue;
    quarters += gameHalves(r.outcome) * sosValue(sb, cache, p, r)!; // (share/2) × (value/2) in quarters of a point
  }
  return fraction(quarters, 4);
}

/**
 * SOSOS: the sum of the opponents' SOS. For rounds without an opponent: OpenGotha "counts own starting MMS × number
 * of rounds" (corpus/README.md); BGA "add the player's own SOS"; Mays normalises.
 */
export function sososContributions(sb: Scoreboard, p: number): { round: number; opponent: number; value: Fraction | null; note?: string }[] {
  return sb.rounds[p].map((r) => {
    const value = sososValue(sb, p, r.opponent);
    if (r.opponent >= 0) return { round: r.round, opponent: r.opponent, value };
    return { round: r.round, opponent: -1, value, note: SOSOS_NOTE[sb.ruleset.sososWithoutOpponent] };
  });
}

/** What a round counts in SOSOS: the opponent's SOS, or without an opponent what the ruleset says (`sososContributions`). */
function sososValue(sb: Scoreboard, p: number, opponent: number, cache?: CriteriaCache): Fraction | null {
  // (`cache`: `cacheOf(sb)`, found once by a caller summing every round — issue 28 — its SOS taken from there when made)
  if (opponent >= 0) return cache?.sos.get(opponent) ?? sos(sb, opponent);
  switch (sb.ruleset.sososWithoutOpponent) {
    case 'own-initial-times-rounds':
      return fromHalves(initialScore(sb, p) * sb.asOf);
    case 'own-sos':
      return sos(sb, p);
    case 'normalise':
      return null;
  }
}

const SOSOS_NOTE = { 'own-initial-times-rounds': 'own initial score × rounds', 'own-sos': 'own SOS', normalise: 'no opponent: normalised' } as const;

export function sosos(sb: Scoreboard, p: number): Fraction {
  // The sum of `sososContributions`' values, each round's from the same `sososValue`, in the same order and by the same
  // arithmetic — without making its lines (issue 28: a congress's table reads the SOSOS of every player, ten lines of
  // each, made only to be summed; test/scoring/sososLines.test.ts compares the two).
  const rounds = sb.rounds[p];
  const cache = cacheOf(sb);
  let num = 0;
  let den = 1;
  let counted = 0;
  for (let i = 0; i < rounds.length; i++) {
    const value = sososValue(sb, p, rounds[i].opponent, cache);
    if (!value) continue;
    // exact sum of fractions with small denominators
    num = num * value.den + value.num * den;
    den = den * value.den;
    const g = gcd(num, den);
    num /= g;
    den /= g;
    counted++;
  }
  if (counted > 0 && counted < rounds.length) return fraction(num * rounds.length, den * counted);
  return counted === 0 ? ZERO : fraction(num, den);
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  // (a swap through a variable, not `[x, y] = [y, x % y]`: that makes an array at each step, in code that mostly runs
  // before V8 optimises it — a congress's SOSOS some 10,000 of these; issue 28)
  while (y) {
    const r = x % y;
    x = y;
    y = r;
  }
  return x || 1;
}

/** CUSS (BGA): "the sum over all rounds of the player's individual McMahon score at the end of each round". */
export function cussContributions(sb: Scoreboard, p: number): { round: number; value: number }[] {
  const rows: { round: number; value: number }[] = [];
  for (let r = 1; r <= sb.asOf; r++) rows.push({ round: r, value: scoreAfter(sb, p, r) });
  return rows;
}

export function cuss(sb: Scoreboard, p: number): Fraction {
  let halves = 0;
  for (let r = 1; r <= sb.asOf; r++) halves += scoreAfter(sb, p, r);
  return fromHalves(halves);
}

/**
 * CUSP: the sum over rounds of the points won so far. BGA: "winning points at any round is the total sum of wins
 * and jigos and does not include free wins or points gained by sleepers". Other rulesets count default results and
 * byes as the points they are, and never the points of rounds without a game.
 */
export function cuspContributions(sb: Scoreboard, p: number): { round: number; gained: number; value: number }[] {
  const rows: { round: number; gained: number; value: number }[] = [];
  let points = 0;
  for (const r of sb.rounds[p]) {
    const gained = cuspGained(sb, r);
    points += gained;
    rows.push({ round: r.round, gained, value: points });
  }
  return rows;
}

/** The half points a round adds to CUSP's running total (`cuspContributions`). */
function cuspGained(sb: Scoreboard, r: Scoreboard['rounds'][number][number]): number {
  if (sb.ruleset.cuspOnlyPlayedGames) return isPlayedGame(r.outcome) ? gameHalves(r.outcome) : 0;
  if (r.outcome === 'bye') return sb.ruleset.byeHalves(sb.primary, sb.tournament);
  return r.outcome !== 'absent' ? gameHalves(r.outcome) : 0;
}

/** The sum of `cuspContributions`' values, without making its lines (standings ask it of every player: issue 28). */
export function cusp(sb: Scoreboard, p: number): Fraction {
  let points = 0;
  let total = 0;
  for (const r of sb.rounds[p]) {
    points += cuspGained(sb, r);
    total += points;
  }
  return fromHalves(total);
}

/** MMS as of the scoreboard's round. */
export function mms(sb: Scoreboard, p: number): Fraction {
  return fromHalves(sb.mmsAfter[p][sb.asOf]);
}

/** Number of wins (EGF "Number of Wins Score"), byes and default wins included (Mays: "victories"). */
export function nbw(sb: Scoreboard, p: number): Fraction {
  return fromHalves(sb.nbwAfter[p][sb.asOf]);
}
