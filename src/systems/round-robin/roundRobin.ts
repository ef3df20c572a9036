/**
 * Round-robin (`settings.system` "round-robin"): every player meets every other once per cycle, on a fixed table of
 * rounds read by pairing number (src/pairing/lots.ts). Nothing here depends on results: round N is the table's round
 * N whatever happened before.
 *
 *  - `schedule` "berger" (default): the Berger table for any number of players, a bye when the number is odd.
 *  - `schedule` "egc": seeds/egc-championship-rules.txt, The League, Pairings — 10 players in 9 rounds, or (The
 *    League / from 2010 on) 12 players in 11 rounds, "The first mentioned player of every pair is Black."
 *  - `cycles` 2 or more: every cycle repeats the first, an even-numbered cycle with colours reversed (the Czech
 *    round-robin rules, B, "Double (two or more cycles) round-robin": the standings of any number of cycles; the
 *    colours of a third cycle are the first's again, so that over each two cycles everyone has each colour once
 *    against each opponent). At most MAX_CYCLES: more is taken for a typing mistake.
 *
 * Games are even unless the file sets a handicap policy; then the policy decides the stones and the stronger takes
 * White, as in every other system.
 */
import { formatInputError } from '../../model/errors';
import { playerLabel, type PlayerId, type Tournament } from '../../model/tournament';
import { decideHandicap } from '../../pairing/handicap';
import { byPairingNumber } from '../../pairing/lots';
import { bergerRound, bergerRoundsPerCycle, EGC_LEAGUES, type NumberPair } from './roundRobinTables';
import { pairingError, type PairedGame, type PairingResult, type ReportLine } from '../../pairing/types';

const EGC_RULE = 'seeds/egc-championship-rules.txt, The League, Pairings';
const BERGER_RULE = 'FIDE Handbook C.05, Annex 1, Berger tables (the first of each pair is Black, as in the EGC league)';

/** The most cycles a round-robin file may ask for (ten times everyone against everyone: more is a typing mistake). */
export const MAX_CYCLES = 10;

/** The number of rounds of the tournament's round-robin: rounds per cycle × cycles. */
export function roundRobinRounds(players: number, schedule: 'berger' | 'egc' = 'berger', cycles = 1): number {
  const perCycle = schedule === 'egc' ? (EGC_LEAGUES[players]?.length ?? 0) : bergerRoundsPerCycle(players);
  return perCycle * cycles;
}

/** Why the tournament cannot be a round-robin of its schedule (a message naming what is wrong), or null. */
export function refusedRoundRobin(t: Tournament): string | null {
  const n = t.players.length;
  const schedule = t.settings.schedule ?? 'berger';
  const cycles = t.settings.cycles ?? 1;
  if (!Number.isInteger(cycles) || cycles < 1 || cycles > MAX_CYCLES) return `settings.cycles ${cycles}: a round-robin has a whole number of cycles from 1 to ${MAX_CYCLES}`;
  if (schedule === 'egc' && !EGC_LEAGUES[n]) {
    return `the EGC league ("schedule": "egc") is printed for 10 players in 9 rounds or 12 players in 11 rounds (${EGC_RULE}); this file has ${n} player${n === 1 ? '' : 's'} — use "schedule": "berger" for ${n}`;
  }
  if (n < 2) return `a round-robin needs at least 2 players; this file has ${n}`;
  return null;
}

/** The pairs of round `round` (1-based over all cycles) by pairing number, and the number with the bye. */
export function roundRobinTable(n: number, round: number, schedule: 'berger' | 'egc' = 'berger'): { pairs: NumberPair[]; bye: number | null; cycle: number } {
  const perCycle = roundRobinRounds(n, schedule);
  const cycle = Math.floor((round - 1) / perCycle) + 1;
  const inCycle = ((round - 1) % perCycle) + 1;
  const first = schedule === 'egc' ? { pairs: [...EGC_LEAGUES[n][inCycle - 1]], bye: null } : bergerRound(n, inCycle);
  // An even-numbered cycle: the same pairs, colours reversed (issue 13: "the second cycle with colours reversed").
  const pairs = cycle % 2 === 1 ? first.pairs : first.pairs.map(([b, w]) => [w, b] as const);
  return { pairs, bye: first.bye, cycle };
}

export function pairRoundRobin(t: Tournament, round: number): PairingResult {
  const refused = refusedRoundRobin(t);
  if (refused) return pairingError('unsupported-parameters', round, refused);
  const schedule = t.settings.schedule ?? 'berger';
  const n = t.players.length;
  const total = roundRobinRounds(n, schedule, t.settings.cycles ?? 1);
  if (round < 1 || round > total) {
    return pairingError('bad-round', round, `round ${round}: this round-robin of ${n} players has ${total} rounds (${schedule}, ${t.settings.cycles ?? 1} cycle${(t.settings.cycles ?? 1) === 1 ? '' : 's'})`);
  }
  const order = byPairingNumber(t);
  if (!order.ok) return pairingError('unsupported-parameters', round, order.errors.map(formatInputError).join('; '));
  const idOf = (k: number): PlayerId => order.value[k - 1];
  const byId = new Map(t.players.map((p) => [p.id, p]));
  const { pairs, bye, cycle } = roundRobinTable(n, round, schedule);
  const report: ReportLine[] = [];
  const games: PairedGame[] = pairs.map(([blackNumber, whiteNumber], i) => {
    let black = idOf(blackNumber);
    let white = idOf(whiteNumber);
    let handicap = 0;
    // The rule is EGC_RULE or BERGER_RULE (the module's header quotes both); the line names the table only.
    let colours = `${schedule === 'egc' ? 'the EGC league' : 'the Berger table'}: number ${blackNumber} is Black${cycle === 1 ? '' : cycle % 2 === 0 ? ` (cycle ${cycle}, colours reversed)` : ` (cycle ${cycle}, colours as in the first)`}`;
    const policy = t.settings.handicap;
    if (policy && policy.policy !== 'none') {
      const b = byId.get(black)!;
      const w = byId.get(white)!;
      const decision = decideHandicap({ id: b.id, rank: b.rank, scoreHalves: 0 }, { id: w.id, rank: w.rank, scoreHalves: 0 }, policy);
      if (decision.handicap > 0) {
        handicap = decision.handicap;
        white = decision.stronger;
        black = decision.weaker;
        colours = `${decision.reason}: the stronger takes White`;
      }
    }
    const table = i + 1;
    report.push({
      kind: 'pair', table, white, black, whiteScoreHalves: 0, blackScoreHalves: 0, scoreDifferenceHalves: 0, handicap, colourKnown: true, colours,
      message: `table ${table}: ${white} (no. ${order.value.indexOf(white) + 1}) White, ${black} (no. ${order.value.indexOf(black) + 1}) Black — ${colours}`,
    });
    return { table, white, black, handicap, colourKnown: true };
  });
  const byePlayer = bye === null ? null : idOf(bye);
  if (byePlayer !== null) {
    report.push({
      kind: 'bye', player: byePlayer, reason: `number ${bye} sits out round ${round} of the Berger table (odd number of players)`, rule: BERGER_RULE,
      message: `bye: ${byePlayer} (no. ${bye}), whose turn it is to sit out in the Berger table`,
    });
  }
  // A round-robin's table seats everyone, absent or withdrawn: the game stays at its table and its result is the
  // director's to enter — a default win for the opponent (EGF General Tournament Rules: a player absent from a game
  // loses it by default), the league's rule being that "A player qualified for the league has to play all his games"
  // (European Go Championship Tournament Rules, The League, General). Said, never silent.
  for (const g of games) {
    for (const [absentee, opponent] of [[g.white, g.black], [g.black, g.white]] as const) {
      if (!(byId.get(absentee)?.absentRounds ?? []).includes(round)) continue;
      report.push({
        kind: 'absent-seated', table: g.table, players: [absentee],
        rule: 'European Go Championship Tournament Rules, The League, General: "A player qualified for the league has to play all his games."',
        message: `table ${g.table}: ${playerLabel(t, absentee)} is announced absent (or withdrawn) in round ${round}, and the round-robin's table seats him all the same: if he does not play, enter the game as won by default by ${playerLabel(t, opponent)}`,
      });
    }
  }
  return { round, system: `round-robin (${schedule})`, games, bye: byePlayer, report };
}
