/**
 * The per-opponent table behind any value, as a director checks it by hand (Mays, Table 1: opponent, final MMS
 * unadjusted, adjusted; the sum; the normalised sum).
 */
import { TengenInputError } from '../model/errors';
import { fraction, toNumber, type Fraction } from '../model/fraction';
import { displayName, type Criterion, type PlayerId, type Tournament } from '../model/tournament';
import {
  cuspContributions,
  cussContributions,
  sodosContributions,
  sosContributions,
  sososContributions,
  sumContributions,
  type Contribution,
} from './criteria';
import { gameHalves, type Outcome } from './record';
import { computeStandings, type Standings, type StandingsOptions } from './standings';
import type { Scoreboard } from './scoreboard';

export interface ExplanationRow {
  readonly round: number;
  readonly opponent?: { readonly id: PlayerId; readonly name: string };
  readonly outcome: Outcome;
  /** The opponent's score as written on the grid, in points. */
  readonly unadjusted?: number;
  readonly adjustments: readonly string[];
  /** What the line counts, in points; null when it counts nothing. */
  readonly value: number | null;
  /** SOS-1/SOS-2: this line is the lowest and is ignored. */
  readonly dropped?: boolean;
  readonly note?: string;
}

export interface Explanation {
  readonly player: { readonly id: PlayerId; readonly name: string };
  readonly criterion: Criterion;
  readonly ruleset: string;
  readonly asOf: number;
  readonly rows: readonly ExplanationRow[];
  /** Sum of the counted lines, in points, before any normalisation. */
  readonly sumOfCounted: number;
  /** The criterion's value (normalised where the ruleset says so). */
  readonly total: Fraction;
  readonly formula: string;
}

const points = (halves: number) => halves / 2;

function opponentOf(sb: Scoreboard, o: number) {
  return o >= 0 ? { id: sb.players[o].id, name: displayName(sb.players[o]) } : undefined;
}

function fromContributions(sb: Scoreboard, rows: readonly Contribution[], dropped: Set<number> = new Set()): ExplanationRow[] {
  return rows.map((r, i) => ({
    round: r.round,
    opponent: opponentOf(sb, r.opponent),
    outcome: r.outcome,
    unadjusted: r.unadjusted === undefined ? undefined : points(r.unadjusted),
    adjustments: r.adjustments.map((a) => a.reason),
    value: r.value === null ? null : points(r.value),
    dropped: dropped.has(i) || undefined,
    note: r.note,
  }));
}

export function explainIn(standings: Standings, id: PlayerId, criterion: Criterion): Explanation {
  const sb = standings.scoreboard;
  const p = sb.indexOf.get(id);
  if (p === undefined) {
    throw new TengenInputError([{ player: String(id), message: `no player has ID ${id}` }]);
  }
  const entry = standings.entries.find((e) => e.index === p);
  if (!entry) {
    // OpenGotha's standings list only players with a game or a bye (rulesets.ts, listsOnlyImpliedPlayers).
    throw new TengenInputError([{ player: String(id), message: `player ${id} is not in the ${sb.ruleset.name} standings: no game and no bye in any round` }]);
  }
  let rows: ExplanationRow[];
  let formula: string;
  const rounds = sb.rounds[p];
  switch (criterion) {
    case 'mms':
    case 'nbw': {
      const after = criterion === 'mms' ? sb.mmsAfter[p] : sb.nbwAfter[p];
      rows = rounds.map((r) => ({
        round: r.round,
        opponent: opponentOf(sb, r.opponent),
        outcome: r.outcome,
        adjustments: [],
        value: points(after[r.round] - after[r.round - 1]),
      }));
      formula =
        criterion === 'mms'
          ? `initial MMS ${points(after[0])} + points of each round (${sb.ruleset.name}: free points for byes and rounds without a game${sb.ruleset.roundsDownFreePoints(sb.tournament) ? ', rounded down' : ''})`
          : 'wins + ½ per jigo, default results and byes as the ruleset counts them';
      break;
    }
    case 'sos':
    case 'sos1':
    case 'sos2': {
      const drop = criterion === 'sos' ? 0 : criterion === 'sos1' ? 1 : 2;
      const contributions = sosContributions(sb, p);
      const { dropped } = sumContributions(contributions, drop);
      rows = fromContributions(sb, contributions, dropped);
      formula = `sum of opponents' ${sb.primary === 'mms' ? 'McMahon scores' : 'numbers of wins'}${drop ? `, ignoring the ${drop} lowest` : ''}${sb.ruleset.sosWithoutOpponent === 'normalise' ? ', normalised to the full number of rounds' : ''}`;
      break;
    }
    case 'sodos':
      rows = fromContributions(sb, sodosContributions(sb, p)).map((r) => ({
        ...r,
        value: r.value === null ? null : (r.value * gameHalves(r.outcome)) / 2,
      }));
      formula = "sum of the scores of the opponents he defeated (half for a jigo)";
      break;
    case 'sosos':
      rows = sososContributions(sb, p).map((r) => ({
        round: r.round,
        opponent: opponentOf(sb, r.opponent),
        outcome: rounds[r.round - 1].outcome,
        adjustments: [],
        value: r.value === null ? null : toNumber(r.value),
        note: r.note,
      }));
      formula = "sum of the opponents' SOS";
      break;
    case 'cuss':
      rows = cussContributions(sb, p).map((r) => ({ round: r.round, outcome: rounds[r.round - 1].outcome, adjustments: [], value: points(r.value), note: 'score after the round' }));
      formula = 'sum of the score after each round';
      break;
    case 'cusp':
      rows = cuspContributions(sb, p).map((r) => ({
        round: r.round,
        outcome: rounds[r.round - 1].outcome,
        adjustments: [],
        value: points(r.value),
        note: `+${points(r.gained)} this round`,
      }));
      formula = sb.ruleset.cuspOnlyPlayedGames ? 'sum over rounds of the wins and jigos so far (no free wins, no sleeper points)' : 'sum over rounds of the points won so far';
      break;
    case 'dc':
    case 'oneonone': {
      const tied = new Set(
        standings.entries
          .filter((e) => e.index !== p && tiedBefore(standings, e.index, p, criterion))
          .map((e) => e.index),
      );
      rows = rounds
        .filter((r) => r.opponent >= 0 && tied.has(r.opponent))
        .map((r) => ({ round: r.round, opponent: opponentOf(sb, r.opponent), outcome: r.outcome, adjustments: [], value: points(gameHalves(r.outcome)) }));
      formula = `wins among the ${tied.size + 1} players tied with him before ${criterion === 'dc' ? 'Direct Comparison' : 'the One-on-One test'}`;
      break;
    }
    default:
      rows = [{ round: 0, adjustments: [], outcome: 'absent', value: toNumber(entry.values[criterion]), note: criterion }];
      formula = criterion;
  }
  const sumOfCounted = rows.reduce((s, r) => s + (r.value !== null && !r.dropped ? r.value : 0), 0);
  const total = criterion === 'dc' || criterion === 'oneonone' ? fraction(2 * sumOfCounted, 2) : entry.values[criterion];
  return {
    player: { id, name: displayName(sb.players[p]) },
    criterion,
    ruleset: sb.ruleset.name,
    asOf: sb.asOf,
    rows,
    sumOfCounted,
    total,
    formula,
  };
}

/** Whether two players are equal on every criterion that precedes `criterion` in the placement order. */
function tiedBefore(s: Standings, a: number, b: number, criterion: Criterion): boolean {
  const ea = s.entries.find((e) => e.index === a)!;
  const eb = s.entries.find((e) => e.index === b)!;
  const at = s.order.indexOf(criterion);
  const before = at >= 0 ? s.order.slice(0, at) : [s.scoreboard.primary];
  if (s.scoreboard.ruleset.placesWithinSection && ea.sectionInitialMms !== eb.sectionInitialMms) return false;
  return before.every((c) => c === 'dc' || c === 'oneonone' || (ea.values[c].num === eb.values[c].num && ea.values[c].den === eb.values[c].den));
}

export function explain(t: Tournament, id: PlayerId, criterion: Criterion, options: StandingsOptions = {}): Explanation {
  return explainIn(computeStandings(t, options), id, criterion);
}

