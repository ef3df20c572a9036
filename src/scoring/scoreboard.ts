/**
 * The scoreboard: every player's score round by round under one ruleset, as of one round. Tie-breakers and
 * standings read it; it is computed once per tournament state and shared (many per-player formula calls over one
 * grid parse and score it once).
 */
import { clampRank } from '../model/rank';
import type { Player, Tournament } from '../model/tournament';
import { egcInitialMms } from './egcCongressStart';
import { buildRecords, gameHalves, lastPlayedRound, type PlayerRound, type Records } from './record';
import { rulesetOf, type Ruleset, type ScoreKind } from './rulesets';
import type { RulesetName } from '../model/tournament';

export interface Scoreboard extends Records {
  readonly tournament: Tournament;
  readonly ruleset: Ruleset;
  /** The score placement starts from: MMS in McMahon, number of wins in Swiss and round-robin. */
  readonly primary: ScoreKind;
  /** Initial McMahon score of each player, in half points (0 in Swiss). */
  readonly initialHalves: Int32Array;
  /** mmsAfter[p][r]: McMahon score after round r (r = 0 is the initial score), in half points. */
  readonly mmsAfter: readonly Int32Array[];
  /** nbwAfter[p][r]: number of wins after round r, in half points. */
  readonly nbwAfter: readonly Int32Array[];
  /** Free half points (byes, rounds without a game) included in the score after round r. */
  readonly freeMmsAfter: readonly Int32Array[];
  readonly freeNbwAfter: readonly Int32Array[];
}

export interface ScoreboardOptions {
  readonly ruleset?: RulesetName;
  /** Standings as of this round; default: the last round with a result. */
  readonly asOf?: number;
}

/**
 * Initial McMahon score, in points: the director's per-player value, else his McMahon section's (Mays: "Each player
 * in each McMahon section uses the initial McMahon score of his section"), else from the rank between floor and bar
 * (BGA: "no player can start at an MMS of more than [the bar's]"), counted from the MMS zero — in the European Go
 * Congress McMahon (`settings.egc`), from its top bar and supergroup (./egcCongressStart).
 */
export function initialMms(t: Tournament, p: Player): number {
  if (t.settings.system !== 'mcmahon') return 0;
  if (p.initialMms !== undefined) return p.initialMms;
  if (p.section !== undefined) {
    const section = t.settings.sections?.find((s) => s.name === p.section);
    if (section) return section.initialMms;
  }
  if (t.settings.egc) return egcInitialMms(t, p);
  return clampRank(p.rank, t.settings.floor, t.settings.bar) - (t.settings.mmsZero ?? 0);
}

export function buildScoreboard(t: Tournament, options: ScoreboardOptions = {}): Scoreboard {
  const ruleset = rulesetOf(t, options.ruleset);
  const asOf = Math.max(0, Math.min(options.asOf ?? lastPlayedRound(t), t.settings.rounds));
  const records = buildRecords(t, asOf);
  const n = records.players.length;
  const initialHalves = new Int32Array(n);
  const mmsAfter: Int32Array[] = [];
  const nbwAfter: Int32Array[] = [];
  const freeMmsAfter: Int32Array[] = [];
  const freeNbwAfter: Int32Array[] = [];

  const rules = {
    mms: { bye: ruleset.byeHalves('mms', t), absent: ruleset.absentHalves('mms', t) },
    nbw: { bye: ruleset.byeHalves('nbw', t), absent: ruleset.absentHalves('nbw', t) },
  };
  const roundDown = ruleset.roundsDownFreePoints(t);

  for (let p = 0; p < n; p++) {
    const start = 2 * initialMms(t, records.players[p]);
    initialHalves[p] = start;
    const mms = new Int32Array(asOf + 1);
    const nbw = new Int32Array(asOf + 1);
    const freeMms = new Int32Array(asOf + 1);
    const freeNbw = new Int32Array(asOf + 1);
    mms[0] = start;
    let games = 0;
    let poolMms = 0;
    let poolNbw = 0;
    const row = records.rounds[p];
    for (let r = 1; r <= asOf; r++) {
      const outcome = row[r - 1].outcome;
      if (outcome === 'bye') {
        poolMms += rules.mms.bye;
        poolNbw += rules.nbw.bye;
      } else if (outcome === 'absent' && row[r - 1].notAssigned && ruleset.notAssignedEarns === 'nothing') {
        // OpenGotha's NOT_ASSIGNED: taking part, neither paired nor given a bye — no points.
      } else if (outcome === 'absent') {
        poolMms += rules.mms.absent;
        poolNbw += rules.nbw.absent;
      } else {
        games += gameHalves(outcome);
      }
      // EGF: "a player's accumulated values are rounded down"; OpenGotha's genRoundDownNBWMMS rounds the
      // cumulative bye/absent points; BGA's "extra point after every two rounds missed" is the same rounding.
      const fm = roundDown ? poolMms - (poolMms % 2) : poolMms;
      const fn = roundDown ? poolNbw - (poolNbw % 2) : poolNbw;
      freeMms[r] = fm;
      freeNbw[r] = fn;
      mms[r] = start + games + fm;
      nbw[r] = games + fn;
    }
    mmsAfter.push(mms);
    nbwAfter.push(nbw);
    freeMmsAfter.push(freeMms);
    freeNbwAfter.push(freeNbw);
  }

  return {
    ...records,
    tournament: t,
    ruleset,
    primary: t.settings.system === 'mcmahon' ? 'mms' : 'nbw',
    initialHalves,
    mmsAfter,
    nbwAfter,
    freeMmsAfter,
    freeNbwAfter,
  };
}

/**
 * `buildScoreboard`, built once for a tournament, ruleset and round: a workbook batch asks for the same scoreboard
 * from the Grid's rendering and from the standings (`computeStandings`) of each tournament it renders (issue 28: a
 * 1,000-player, 10-round scoreboard is some 40 ms). Safe as `cachedStandings` is: a `Tournament` is never changed in
 * place, and a scoreboard is never changed once built (its arrays are filled here and only read after).
 */
export function cachedScoreboard(t: Tournament, options: ScoreboardOptions = {}): Scoreboard {
  let byOptions = scoreboardCache.get(t);
  if (!byOptions) scoreboardCache.set(t, (byOptions = new Map()));
  // Asked as of the default round (the last with a result), found again by that alone: the same tournament has the same
  // games, so the same last round — as the cache itself holds — without reading every game again to settle it
  // (`lastPlayedRound`; issue 28: a congress batch asks some ten times, 5,000 games each).
  const byDefault = options.asOf === undefined ? `${options.ruleset ?? ''}|` : undefined;
  if (byDefault !== undefined) {
    const known = byOptions.get(byDefault);
    if (known) return known;
  }
  // The round as `buildScoreboard` settles it; building with it settled gives the same scoreboard (the clamp is idempotent).
  const asOf = Math.max(0, Math.min(options.asOf ?? lastPlayedRound(t), t.settings.rounds));
  const key = `${options.ruleset ?? ''}|${asOf}`;
  let out = byOptions.get(key);
  if (!out) {
    // A twin's scoreboard as of a round both share (`shareEarlierRounds`) is this one's, but for the tournament it names.
    const twin = twins.get(t);
    const made = twin && asOf <= twin.upTo ? scoreboardCache.get(twin.other)?.get(key) : undefined;
    out = made ? { ...made, tournament: t } : buildScoreboard(t, { ...(options.ruleset !== undefined ? { ruleset: options.ruleset } : {}), asOf });
    byOptions.set(key, out);
  }
  if (byDefault !== undefined) byOptions.set(byDefault, out);
  return out;
}

const scoreboardCache = new WeakMap<Tournament, Map<string, Scoreboard>>();

/**
 * A tournament's twin (`shareEarlierRounds`): the other tournament, the last round up to which both have the very same
 * games and byes, and whether both imply the same players (a game or a bye in some round: `computeStandings` of a
 * ruleset that lists only those).
 */
export interface Twin {
  readonly other: Tournament;
  readonly upTo: number;
  readonly sameImplied: boolean;
}

const twins = new WeakMap<Tournament, Twin>();

/** The twin `shareEarlierRounds` found for `t`, if any. */
export function twinOf(t: Tournament): Twin | undefined {
  return twins.get(t);
}

/**
 * Declares `after` the twin of `before` when it is `before` with games and byes added in later rounds and nothing else
 * (what pairing a round after the last makes: `applyPairing`): every other field the very same value, `before`'s games
 * and byes the first of `after`'s, the very same objects in the same order. Then, as of any round before the first
 * added one, the two score alike: `buildRecords` skips the games and byes of later rounds, and everything else a
 * scoreboard is built from (the players, the settings the ruleset reads) is the same object. So a scoreboard (and
 * `cachedStandings`' standings, on its conditions) made for `before` serves `after` (issue 28: a round's
 * batch renders the workbook as read and as it will be, each with its scoreboards and standings — a 1,000-player
 * field's standings are some 25 ms): `after`'s made from `before`'s when those are made first, as a batch makes them.
 * Nothing is declared otherwise.
 */
export function shareEarlierRounds(before: Tournament, after: Tournament): void {
  if (before === after) return;
  const keys = Object.keys(before);
  if (keys.length !== Object.keys(after).length) return;
  for (const k of keys) {
    if (k === 'games' || k === 'byes') continue;
    if (!Object.prototype.hasOwnProperty.call(after, k) || (before as unknown as Record<string, unknown>)[k] !== (after as unknown as Record<string, unknown>)[k]) return;
  }
  let first = Infinity;
  const added: number[] = [];
  const prefix = <T extends { readonly round: number }>(was: readonly T[], is: readonly T[], players: (x: T) => readonly number[]): boolean => {
    if (is.length < was.length) return false;
    for (let i = 0; i < was.length; i++) if (was[i] !== is[i]) return false;
    for (let i = was.length; i < is.length; i++) {
      first = Math.min(first, is[i].round);
      added.push(...players(is[i]));
    }
    return true;
  };
  if (!prefix(before.games, after.games, (g) => [g.white, g.black]) || !prefix(before.byes, after.byes, (b) => [b.player])) return;
  // (every round before the first added one; no round is below 1, so nothing is shared when a round 0 or less is added)
  const upTo = Math.min(first - 1, after.settings.rounds);
  if (!(upTo >= 0)) return;
  // Whether both imply the same players, settled when first asked: only a ruleset listing implied players alone asks
  // (`twinStandings`), and gathering them is a pass over every game (issue 28: a congress's 5,000, each round's batch).
  let sameImplied: boolean | undefined;
  // One way: the later tournament finds what the earlier one made, not the reverse, so the earlier one (which its
  // caller keeps, the workbook as read) never keeps the later one and its scoreboards alive after the batch.
  twins.set(after, {
    other: before,
    upTo,
    get sameImplied() {
      if (sameImplied === undefined) {
        const implied = new Set<number>();
        for (const g of before.games) implied.add(g.white).add(g.black);
        for (const b of before.byes) implied.add(b.player);
        sameImplied = added.every((id) => implied.has(id));
      }
      return sameImplied;
    },
  });
}

/** The score tie-breakers sum (MMS in McMahon, NBW in Swiss), after round r, in half points. */
export function scoreAfter(sb: Scoreboard, p: number, r: number): number {
  return sb.primary === 'mms' ? sb.mmsAfter[p][r] : sb.nbwAfter[p][r];
}

export function finalScore(sb: Scoreboard, p: number): number {
  return scoreAfter(sb, p, sb.asOf);
}

/** The player's initial score in the primary kind (initial MMS, or 0 for the number of wins). */
export function initialScore(sb: Scoreboard, p: number): number {
  return sb.primary === 'mms' ? sb.initialHalves[p] : 0;
}

export function roundsOf(sb: Scoreboard, p: number): readonly PlayerRound[] {
  return sb.rounds[p];
}
