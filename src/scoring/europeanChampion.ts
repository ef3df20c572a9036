/**
 * The results of the European Go Congress McMahon (`settings.egc`; seeds/egc-championship-rules.txt, "The McMahon
 * Tournament", "Results"):
 *
 *   "After round 10, the European Open Champion is the European or non-European player that has played all rounds
 *   and has the greatest McMahon Score. Ties are broken by Direct Comparison. … Then still tied places and possibly
 *   the title are shared."
 *
 *   "After round 10, the European(s) qualified for the next year's league or other international tournaments is /
 *   are determined by these criteria in order: 1) having played all rounds, 2) McMahon Score, 3) Direct Comparison,
 *   4) rating just before the start of the current European Go Congress, 5) lottery."
 *
 * Readings: "played all rounds" — a game or a bye in every round so far. A round is not played when the player was
 * absent (announced) or did not come: a game he lost by default counts as not played — the rules call a no-show
 * "not playing a round" ("The McMahon Tournament", "Entry or Leaving": "A player not playing a round without proper
 * notification can be expelled … If a 4 dan or stronger misses a round …") — unless the default was an arbiter's
 * decision (`reason: "arbitration"`: the player was there). A win by default (his opponent did not come) and a bye
 * are played: he was there to play (a bye is the organisers' doing, not the player's). Direct Comparison is the EGF's (./directComparison,
 * iterated, 0 for all when the tied players have not all met equally often, as the EGF General Tournament Rules —
 * which "apply" — say for McMahon tournaments). Before round 10 the same order is computed "so far" and marked
 * provisional. A missing rating ranks below every rating; the lottery draws from `settings.lotterySeed` (./lottery).
 */
import { isEuropean } from '../model/european';
import type { Player, PlayerId, RulesetName, Tournament } from '../model/tournament';
import { EGC_RULES } from './egcCongressStart';
import { compareKeys, directComparison } from './directComparison';
import { DEFAULT_LOTTERY_SEED, lot } from './lottery';
import type { Outcome } from './record';
import { buildScoreboard, type Scoreboard } from './scoreboard';

export const RESULTS_RULE = `${EGC_RULES}, "The McMahon Tournament", "Results"`;

export interface EgcResultEntry {
  readonly player: Player;
  /** Position in the order, from 1 (the champion's list: shared by tied players; the qualification order: never). */
  readonly position: number;
  readonly allRounds: boolean;
  /** McMahon score, in half points. */
  readonly mmsHalves: number;
  /** Direct Comparison among the players tied with him on the criteria before it (successive values, half points). */
  readonly dcKeys: readonly number[];
  readonly rating?: number;
  readonly lot: number;
}

export interface EgcResults {
  readonly asOf: number;
  /** False before the last round: the order "so far". */
  readonly final: boolean;
  /** The European Open Champion — more than one when the title is shared; none when nobody played all rounds. */
  readonly europeanChampion: readonly PlayerId[];
  /** The players who played all rounds, by McMahon score then Direct Comparison, places shared. */
  readonly openOrder: readonly EgcResultEntry[];
  /** The Europeans, by the five criteria in order. */
  readonly qualificationOrder: readonly EgcResultEntry[];
  readonly lotterySeed: number;
  readonly rule: string;
}

interface Row {
  readonly p: number;
  readonly allRounds: boolean;
  readonly mms: number;
  dc: readonly number[];
}

/** Split `rows` (sorted) into runs equal by `key`. */
function runs(rows: readonly Row[], same: (a: Row, b: Row) => boolean): Row[][] {
  const out: Row[][] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && same(last[0], r)) last.push(r);
    else out.push([r]);
  }
  return out;
}

/** Order each run of players tied so far by Direct Comparison among them; returns the runs still tied after it. */
function byDirectComparison(sb: Scoreboard, tied: Row[][]): Row[][] {
  const out: Row[][] = [];
  for (const run of tied) {
    if (run.length === 1) {
      out.push(run);
      continue;
    }
    const { keys } = directComparison(sb, run.map((r) => r.p), { requireEqualMeetings: true, iterate: true });
    for (const r of run) r.dc = keys.get(r.p) ?? [0];
    run.sort((a, b) => compareKeys(b.dc, a.dc) || a.p - b.p);
    out.push(...runs(run, (a, b) => compareKeys(a.dc, b.dc) === 0));
  }
  return out;
}

/** Whether the player played round `round` (see the readings above): absent or a no-show is not playing it. */
function playedRound(t: Tournament, player: PlayerId, round: number, outcome: Outcome): boolean {
  if (outcome === 'absent') return false;
  if (outcome !== 'default-loss') return true;
  const game = t.games.find((g) => g.round === round && (g.white === player || g.black === player));
  return game?.reason === 'arbitration';
}

export interface EgcResultsOptions {
  readonly ruleset?: RulesetName;
  readonly asOf?: number;
}

export function egcResults(t: Tournament, options: EgcResultsOptions = {}): EgcResults {
  const sb = buildScoreboard(t, options);
  const seed = t.settings.lotterySeed ?? DEFAULT_LOTTERY_SEED;
  const rows: Row[] = sb.players.map((_, p) => ({
    p,
    allRounds: sb.rounds[p].slice(0, sb.asOf).every((r) => playedRound(t, sb.players[p].id, r.round, r.outcome)),
    mms: sb.mmsAfter[p][sb.asOf],
    dc: [0],
  }));
  const entry = (r: Row, position: number): EgcResultEntry => {
    const player = sb.players[r.p];
    return { player, position, allRounds: r.allRounds, mmsHalves: r.mms, dcKeys: r.dc, ...(player.rating !== undefined ? { rating: player.rating } : {}), lot: lot(seed, player.id) };
  };

  // The European Open Champion: all rounds played, McMahon score, Direct Comparison, then shared.
  const open = rows.filter((r) => r.allRounds).map((r) => ({ ...r })).sort((a, b) => b.mms - a.mms || a.p - b.p);
  const openRuns = byDirectComparison(sb, runs(open, (a, b) => a.mms === b.mms));
  const openOrder: EgcResultEntry[] = [];
  for (const run of openRuns) {
    const position = openOrder.length + 1;
    for (const r of run.sort((a, b) => sb.players[a.p].id - sb.players[b.p].id)) openOrder.push(entry(r, position));
  }
  const europeanChampion = openRuns.length > 0 ? openRuns[0].map((r) => sb.players[r.p].id) : [];

  // The qualification order: Europeans; all rounds, McMahon score, Direct Comparison, rating, lottery.
  const europeans = rows.filter((r) => isEuropean(sb.players[r.p])).map((r) => ({ ...r }));
  europeans.sort((a, b) => Number(b.allRounds) - Number(a.allRounds) || b.mms - a.mms || a.p - b.p);
  const afterDc = byDirectComparison(sb, runs(europeans, (a, b) => a.allRounds === b.allRounds && a.mms === b.mms));
  const rating = (r: Row) => sb.players[r.p].rating ?? -Infinity;
  const qualificationOrder: EgcResultEntry[] = [];
  for (const run of afterDc) {
    run.sort((a, b) => rating(b) - rating(a) || lot(seed, sb.players[a.p].id) - lot(seed, sb.players[b.p].id));
    for (const r of run) qualificationOrder.push(entry(r, qualificationOrder.length + 1));
  }

  return { asOf: sb.asOf, final: sb.asOf >= t.settings.rounds, europeanChampion, openOrder, qualificationOrder, lotterySeed: seed, rule: RESULTS_RULE };
}
