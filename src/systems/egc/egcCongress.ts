/**
 * The European Go Congress McMahon (`settings.system` "mcmahon" with `settings.egc`), drawn by the `optimal` system
 * (./optimal) with what seeds/egc-championship-rules.txt, "The McMahon Tournament", adds to an ordinary McMahon:
 *  - where players start (the top bar, the supergroup, PKO players, late entries): ../scoring/egcCongressStart, read
 *    by the scoreboard, so the draw sees it through the current McMahon scores;
 *  - the PKO games as McMahon rounds 1–3 ("All results of the games in the PKOs also count for the McMahon
 *    tournament's rounds 1 to 3 while starting from the highest McMahon Score"): a PKO game is entered as a game of
 *    its McMahon round between two `pko` players; the draw keeps it as an announced table and pairs everyone else;
 *  - "For only the purpose of creating reasonably fair pairings, SOS-2 is used as a tiebreaker": the order inside a
 *    score group is SOS-2 first unless the tournament names its own (`settings.pairingTiebreaks`);
 *  - in rounds 9 and 10 the forced pairings of the Europeans within one point of the leading European
 *    (./egcForcedPairs), given to the draw as forced pairs and reported.
 */
import { isEuropean } from '../../model/european';
import type { Game, PlayerId, Round, Tournament } from '../../model/tournament';
import { EGC_RULES } from '../../scoring/egcCongressStart';
import { pairKey } from '../../pairing/controls';
import { egcHandicapLimit } from '../../pairing/handicap';
import { chooseForcedPairs } from './egcForcedPairs';
import { buildHistory, formatHalves, type PairingHistory } from '../../pairing/history';
import { pairOptimal, type OptimalOptions } from '../mcmahon/optimal';
import { isPairingError, pairingError, type DeviationLine, type PairingError, type PairingResult, type ReportLine } from '../../pairing/types';

export const PKO_RULE = `${EGC_RULES}, "The Preliminary Knockout Tournaments (PKO)": "All results of the games in the PKOs also count for the McMahon tournament's rounds 1 to 3 while starting from the highest McMahon Score."`;
export const FORCED_RULE = `${EGC_RULES}, "The McMahon Tournament", "Pairings": "During rounds 9 and 10, forced pairings are applied to some of those Europeans with McMahon Scores at most 1 below the European with currently the greatest McMahon Score"`;
const SOS2_RULE = 'SOS-2 is used as a tiebreaker';
/** The rule ./optimal gives the lines of a forced pair (../pairing/history `forcedPairLines`). */
const DIRECTOR_FORCED = "the director's forced pair";

/** "The rounds are played on the first Sunday, Monday, and Tuesday": the PKO's three rounds are McMahon rounds 1–3. */
export const PKO_ROUNDS = 3;
/** "During rounds 9 and 10" — the rounds as printed, whatever the number of rounds of the file. */
export const FORCED_ROUNDS: readonly Round[] = [9, 10];

const isPkoGame = (t: Tournament, g: Game) => {
  const pko = (id: PlayerId) => t.players.find((p) => p.id === id)?.pko === true;
  return g.round <= PKO_ROUNDS && pko(g.white) && pko(g.black);
};

/** The PKO games of round `round`: games of rounds 1–3 between two PKO players. */
export function pkoGames(t: Tournament, round: Round): Game[] {
  return t.games.filter((g) => g.round === round && isPkoGame(t, g));
}

/**
 * The PKO players still in their knockout in round `round` (1–3): every one of their earlier rounds is a PKO game
 * they won. The others have "dropp[ed] out of a PKO" and "play all remaining rounds of the McMahon tournament".
 */
export function stillInPko(t: Tournament, round: Round): PlayerId[] {
  if (round > PKO_ROUNDS) return [];
  const won = (g: Game, id: PlayerId) =>
    (g.white === id && (g.result === 'white-wins' || g.result === 'white-wins-by-default')) ||
    (g.black === id && (g.result === 'black-wins' || g.result === 'black-wins-by-default'));
  return t.players
    .filter((p) => p.pko === true)
    .filter((p) => {
      for (let r = 1; r < round; r++) {
        const g = t.games.find((x) => x.round === r && (x.white === p.id || x.black === p.id));
        if (!g || !isPkoGame(t, g) || !won(g, p.id)) return false;
      }
      return true;
    })
    .map((p) => p.id);
}

export interface EgcForcedPlan {
  /** The leading European's McMahon score, in half points. */
  readonly leaderHalves: number;
  /** The Europeans within one point of him who are still to pair, best first. */
  readonly concerned: readonly PlayerId[];
  readonly pairs: readonly (readonly [PlayerId, PlayerId])[];
  readonly pairedDown: readonly PlayerId[];
}

/**
 * The forced pairs of round 9 or 10: the Europeans present "with McMahon Scores at most 1 below the European with
 * currently the greatest McMahon Score" — the leader among the Europeans present in the round (a European who does
 * not play it, e.g. a PKO winner gone to the league, leads nobody) — less those already seated, forced by the
 * director or given his bye; ordered by score, rank, rating and ID. Null outside rounds 9 and 10 or with no European.
 */
export function egcForcedPlan(h: PairingHistory, taken: ReadonlySet<PlayerId>): EgcForcedPlan | null {
  if (!FORCED_ROUNDS.includes(h.round)) return null;
  const europeans = h.present.filter((id) => isEuropean(h.player(id)));
  if (europeans.length === 0) return null;
  const leaderHalves = Math.max(...europeans.map((id) => h.scoreHalves(id)));
  const concerned = europeans
    .filter((id) => !taken.has(id) && h.scoreHalves(id) >= leaderHalves - 2)
    .sort((a, b) => {
      const pa = h.player(a);
      const pb = h.player(b);
      return h.scoreHalves(b) - h.scoreHalves(a) || pb.rank - pa.rank || (pb.rating ?? -Infinity) - (pa.rating ?? -Infinity) || a - b;
    });
  const chosen = chooseForcedPairs({ players: concerned, scoreHalves: (id) => h.scoreHalves(id), met: (a, b) => h.meetings(a, b).length > 0 });
  return { leaderHalves, concerned, pairs: chosen.pairs, pairedDown: chosen.pairedDown };
}

/** The report's lines on the forced pairs: what the rule took, what it paired, and who is left to the draw. */
function forcedReport(h: PairingHistory, plan: EgcForcedPlan): DeviationLine {
  const paired = new Set(plan.pairs.flat());
  const left = plan.concerned.filter((id) => !paired.has(id));
  const who = (ids: readonly PlayerId[]) => ids.map((id) => `${h.describe(id)} (${formatHalves(h.scoreHalves(id))})`).join(', ');
  const pairs = plan.pairs.map(([a, b]) => `${a}–${b}`).join(', ');
  return {
    kind: 'egc-forced',
    players: plan.concerned,
    rule: FORCED_RULE,
    message:
      `round ${h.round}: Europeans within one point of the leading European's McMahon score ${formatHalves(plan.leaderHalves)}: ${who(plan.concerned) || 'none still to pair'}; ` +
      `forced pairs ${pairs || 'none'} (1. no pair repeated, 2. same McMahon score, 3. most pairs, at most one paired down per group${plan.pairedDown.length ? `: ${plan.pairedDown.join(', ')} paired down` : ''})` +
      (left.length ? `; left to the draw: ${left.join(', ')}` : ''),
  };
}

/**
 * Pair round `round` of the congress McMahon. `t` holds the rounds before it and the round's PKO games (and any
 * tables already announced); a PKO player still in his knockout must have his PKO game of the round entered first.
 */
export function pairEgcCongress(t: Tournament, round: Round, options: OptimalOptions = {}): PairingResult {
  const seated = new Set(t.games.filter((g) => g.round === round).flatMap((g) => [g.white, g.black]));
  const waiting = stillInPko(t, round).filter((id) => !seated.has(id) && !(t.players.find((p) => p.id === id)?.absentRounds ?? []).includes(round));
  if (waiting.length > 0) {
    const h = buildHistory({ ...t, games: t.games.filter((g) => g.round < round) }, round);
    return pairingError(
      'results-pending',
      round,
      `${waiting.map((id) => h.describe(id)).join(', ')} ${waiting.length === 1 ? 'is' : 'are'} still in the PKO in round ${round}: enter ${waiting.length === 1 ? 'his' : 'their'} PKO game${waiting.length === 1 ? '' : 's'} of round ${round} (a game between two PKO players) first (${PKO_RULE})`,
      waiting,
    );
  }
  const drawOptions: OptimalOptions = { ...options, pairingTiebreaks: options.pairingTiebreaks ?? t.settings.pairingTiebreaks ?? ['sos2'] };
  const h = buildHistory({ ...t, games: t.games.filter((g) => g.round < round) }, round, { ruleset: options.ruleset });
  const director = options.forcedPairs ?? [];
  const taken = new Set<PlayerId>([...seated, ...director.flat(), ...(options.bye !== undefined ? [options.bye] : []), ...t.byes.filter((b) => b.round === round).map((b) => b.player)]);
  const plan = egcForcedPlan(h, taken);
  if (!plan) return note(pairOptimal(t, round, drawOptions), t, round);

  const result = pairOptimal(t, round, { ...drawOptions, forcedPairs: [...director, ...plan.pairs] });
  if (isPairingError(result)) return result;
  const ours = new Set(plan.pairs.map(([a, b]) => pairKey(a, b)));
  const isOurs = (l: ReportLine): l is DeviationLine =>
    (l.kind === 'forced' || l.kind === 'cross-group') && l.rule === DIRECTOR_FORCED && l.players.length === 2 && ours.has(pairKey(l.players[0], l.players[1]));
  const report = result.report.map((l) => {
    if (!isOurs(l)) return l;
    const [a, b] = l.players;
    if (l.kind === 'cross-group') return { ...l, rule: FORCED_RULE, message: l.message.replace('forced by the director', 'a forced pairing of Europeans in rounds 9 and 10, one paired down') };
    const down = plan.pairedDown.find((id) => id === a || id === b);
    const why = down === undefined ? `both on ${formatHalves(h.scoreHalves(a))}` : `${h.describe(down)} paired down from ${formatHalves(h.scoreHalves(down))}`;
    const table = l.table !== undefined ? `table ${l.table}: ` : '';
    return { ...l, rule: FORCED_RULE, message: `${table}${h.describe(a)} – ${h.describe(b)}: forced pairing of Europeans within one point of the leading European (${why})` };
  });
  return { ...result, system: 'optimal (EGC congress)', report: [forcedReport(h, plan), ...report] };
}

/**
 * The `optimal` system's entry for any tournament: the congress McMahon's draw when `settings.egc` is set, the plain
 * optimal draw otherwise (the CLI and the task pane both pair through it).
 */
export function pairOptimalSystem(t: Tournament, round: Round, options: OptimalOptions = {}): PairingResult {
  return t.settings.egc ? withHandicapLimit(pairEgcCongress(t, round, options), t, round) : pairOptimal(t, round, options);
}

/** The congress draw's report says so when the congress's handicap limit overrode the director's handicap setting. */
function withHandicapLimit(result: PairingResult, t: Tournament, round: Round): PairingResult {
  const limit = egcHandicapLimit(t.settings);
  if (isPairingError(result) || !limit) return result;
  const line: DeviationLine = { kind: 'egc-handicap', players: [], rule: `${EGC_RULES}, "The McMahon Tournament", General`, message: `round ${round}: ${limit}` };
  return { ...result, report: [line, ...result.report] };
}

/** Why `system` cannot draw `t` — the congress McMahon is drawn by `optimal` only — or null. */
export function refuseCongressSystem(t: Tournament, round: Round, system: string): PairingError | null {
  if (!t.settings.egc || system === 'optimal') return null;
  return pairingError(
    'unsupported-parameters',
    round,
    `the European Go Congress McMahon ("egc": true) is drawn by the optimal system, which adds its PKO games and its forced pairings of rounds 9 and 10; the ${system} system does not`,
  );
}

/** The congress draw's result outside rounds 9–10: the optimal draw's, named as the congress's, with its PKO tables said. */
function note(result: PairingResult, t: Tournament, round: Round): PairingResult {
  if (isPairingError(result)) return result;
  const pko = pkoGames(t, round);
  const line: DeviationLine[] = pko.length
    ? [{ kind: 'egc-pko', players: pko.flatMap((g) => [g.white, g.black]), rule: PKO_RULE, message: `round ${round}: ${pko.length} PKO game${pko.length === 1 ? '' : 's'} counted as McMahon games of this round (${pko.map((g) => `${g.white}–${g.black}`).join(', ')}); ${SOS2_RULE} in the draw` }]
    : [];
  return { ...result, system: 'optimal (EGC congress)', report: [...line, ...result.report] };
}
