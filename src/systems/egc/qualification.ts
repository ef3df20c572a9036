/**
 * The European Championship Qualification Tournament (`settings.system` "egc-qt"), seeds/egc-championship-rules.txt,
 * "The European Championship Qualification Tournaments (QT)", "Tournament System":
 *
 *  - "Each QT's tournament system is Swiss … The number of wins is the only used criterion."
 *  - "Before round 1, the players are assigned numbers starting from 1, according to their rating, with ties being
 *    broken by lottery." — the pairing numbers (./pairingOrder).
 *  - "In round 1, exactly so many players with the lowest numbers get byes that - under normal circumstances - in
 *    round 2 the number of players in the upper group is a power of 2."
 *  - "3 rounds for 7-8 players, 4 rounds for 9-16 players, 5 rounds for 17-32 players, 6 rounds for 33-64 players,
 *    7 rounds for 65-128 players."
 *  - "If the number of players is at most 6, then the system is round-robin."
 *
 * Readings where the rules are silent (each also in the closing note of issue 13):
 *  - Round 1 pairs the players without a bye by folding their numbers, as the knockout the QT approximates does
 *    ("Within the Swiss, determination of the first place is an approximation of a knockout"); the byes and pairs of
 *    round 1 are therefore exactly a fold knockout's free wins and pairs (./knockoutBracket `foldRoundOne`).
 *  - Later rounds fold each wins group too (top against bottom), no game repeated; a player left over meets the best
 *    placed player of the next group he has not met.
 *  - Fields of more than 128 players get the rule's next step (8 rounds up to 256, …): the smallest number of rounds
 *    whose knockout would leave one winner.
 *  - A field of an odd size from round 2 on: the bye goes to a player with the fewest wins — a bye is a win, and given
 *    higher up it would make a second leader —, among them the one with the fewest byes, then the greatest number
 *    (seeds/mays-swiss-mcmahon-manual.txt, "Who Should Get a Bye?": the weakest of the lowest group).
 *  - Colours of these even games by the EGF's colour balance (seeds/egf-general-tournament-rules-excerpt.txt: "Each
 *    player's colour balance shall approach 50%"), the rules printing none for the QT.
 */
import { formatInputError } from '../../model/errors';
import { playerLabel, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import { buildHistory } from '../../pairing/history';
import { foldRoundOne } from '../knockout/knockoutBracket';
import { byPairingNumber } from '../../pairing/pairingOrder';
import { writeSheet } from '../../pairing/sheet';
import { pairingError, type ByeLine, type PairingResult, type ReportLine } from '../../pairing/types';
import { pairByWins, pendingGames, winsBefore } from '../../pairing/winGroups';

const QT_RULE = 'seeds/egc-championship-rules.txt, "The European Championship Qualification Tournaments (QT)", "Tournament System"';

/** The QT's number of rounds for `players` entrants: the round-robin's below 7, else as printed. */
export function qualificationRounds(players: number): number {
  if (players <= 1) return 0;
  if (players <= 6) return players % 2 === 0 ? players - 1 : players;
  return Math.ceil(Math.log2(players));
}

/** How many of the lowest numbers get a bye in round 1 (n ≥ 7): the upper group of round 2 is then a power of 2. */
export function qualificationRoundOneByes(players: number): number {
  return foldRoundOne(players).freeWins.length;
}

/**
 * Round `round` of a round-robin of n players numbered 1…n (the circle method: n fixed, the others turning; with n
 * odd a dummy n + 1, whose opponent has the bye). Every pair meets once in n − 1 (n even) or n (n odd) rounds.
 * MERGE NOTE: issue 13's round-robin module (h13a, Berger tables) replaces this local schedule.
 */
export function circleRound(n: number, round: Round): { pairs: [number, number][]; bye: number | null } {
  const size = n % 2 === 0 ? n : n + 1;
  const ring = Array.from({ length: size - 1 }, (_, i) => ((i + round - 1) % (size - 1)) + 1);
  const seats = [size, ...ring];
  const pairs: [number, number][] = [];
  let bye: number | null = null;
  for (let i = 0; i < size / 2; i++) {
    const [a, b] = [seats[i], seats[size - 1 - i]];
    if (a > n || b > n) bye = a > n ? b : a;
    else pairs.push(a < b ? [a, b] : [b, a]);
  }
  return { pairs, bye };
}

export function pairQualification(t: Tournament, round: Round): PairingResult {
  const entrantsInOrder = byPairingNumber(t, t.players.filter((p) => !(p.absentRounds ?? []).includes(1)));
  if (!entrantsInOrder.ok) return pairingError('unsupported-parameters', round, entrantsInOrder.errors.map(formatInputError).join('; '));
  const entrants = entrantsInOrder.value.map((p) => p.id);
  const n = entrants.length;
  if (n < 2) return pairingError('too-few-players', round, `a Qualification Tournament needs at least 2 players; ${n} present in round 1`);
  const total = qualificationRounds(n);
  if (round > total) {
    // After the last round: one leader is the winner; a tie for first is "dissolved by a knockout playoff".
    const after = qualificationPlayoff(t);
    const tie = after.leaders.length > 1 ? `: ${after.leaders.length} players tie for first (${after.leaders.map((id) => playerLabel(t, id)).join(', ')}), to be played off by knockout — round 1: ${[...after.pairs.map(([a, b]) => `${playerLabel(t, a)} – ${playerLabel(t, b)}`), ...after.freeWins.map((id) => `${playerLabel(t, id)} free win`)].join('; ')}` : '; a tie for first after them is played off by knockout';
    const next = after.leaders.length > 1 ? '; `tengen playoff FILE --out FILE` pairs the knockout\'s rounds (its results are recorded in the file\'s playoffs) and gives the final places' : '';
    return pairingError('bad-round', round, `a Qualification Tournament of ${n} players has ${total} rounds (${n <= 6 ? 'round-robin: "If the number of players is at most 6, then the system is round-robin"' : QT_RULE})${tie}${next}`);
  }
  const pending = pendingGames(t, round);
  if (pending.length > 0) {
    return pairingError('results-pending', round, `round ${pending[0].round} still has games without a result (${pending.map((g) => `${playerLabel(t, g.white)} – ${playerLabel(t, g.black)}`).join('; ')}): the QT pairs by number of wins`, pending.flatMap((g) => [g.white, g.black]));
  }
  const present = new Set(t.players.filter((p) => !(p.absentRounds ?? []).includes(round)).map((p) => p.id));
  const byNumber = (k: number) => entrants[k - 1];
  const numberOf = (id: PlayerId) => entrants.indexOf(id) + 1;
  const wins = winsBefore(t, round);
  const h = buildHistory(t, round);
  let pairs: [PlayerId, PlayerId][];
  let byes: PlayerId[] = [];
  const report: ReportLine[] = [];
  const byeLine = (id: PlayerId, reason: string, rule: string): ByeLine => ({ kind: 'bye', player: id, reason, rule, message: `Bye: ${playerLabel(t, id)} (number ${numberOf(id)}) — ${reason}` });

  if (n <= 6) {
    // "If the number of players is at most 6, then the system is round-robin."
    const absent = entrants.filter((id) => !present.has(id));
    if (absent.length > 0) return pairingError('no-pairing', round, `${absent.map((id) => playerLabel(t, id)).join(', ')} marked absent: a round-robin round cannot be paired without its players`, absent);
    const schedule = circleRound(n, round);
    pairs = schedule.pairs.map(([a, b]) => [byNumber(a), byNumber(b)]);
    if (schedule.bye !== null) {
      byes = [byNumber(schedule.bye)];
      report.push(byeLine(byes[0], 'round-robin of an odd number of players: his turn to sit out', `${QT_RULE}: "the system is round-robin"`));
    }
  } else if (round === 1) {
    // "exactly so many players with the lowest numbers get byes that … in round 2 the number of players in the upper
    // group is a power of 2"
    const one = foldRoundOne(n);
    pairs = one.pairs.map(([a, b]) => [byNumber(a), byNumber(b)]);
    byes = one.freeWins.map(byNumber);
    for (const id of byes) report.push(byeLine(id, `round 1: the ${byes.length} lowest numbers get a bye, so that round 2's upper group has ${byes.length + pairs.length} players, a power of 2`, QT_RULE));
    const missing = [...pairs.flat(), ...byes].filter((id) => !present.has(id));
    if (missing.length > 0) return pairingError('no-pairing', round, `${missing.map((id) => playerLabel(t, id)).join(', ')} marked absent in round 1 yet numbered: number only the players present (tengen lots)`, missing);
  } else {
    const field = entrants.filter((id) => present.has(id));
    if (field.length % 2 === 1) {
      // The bye: in the group of the fewest wins (a bye is a win: given higher up it would make a second leader), the
      // fewest byes so far, then the greatest number.
      const candidates = [...field].sort((a, b) => (wins.get(a) ?? 0) - (wins.get(b) ?? 0) || h.byes(a) - h.byes(b) || numberOf(b) - numberOf(a));
      byes = [candidates[0]];
      report.push(byeLine(byes[0], `odd field: the fewest wins (${wins.get(byes[0]) ?? 0}), then the fewest byes, then the greatest number`, 'seeds/mays-swiss-mcmahon-manual.txt, "Who Should Get a Bye?"'));
    }
    const paired = pairByWins(field.filter((id) => !byes.includes(id)), wins, (a, b) => h.meetings(a, b).length > 0, 'fold');
    if (paired === null) return pairingError('no-pairing', round, `no pairing of round ${round} without repeating a game`);
    pairs = paired;
  }
  const sheet = writeSheet(h, pairs.map(([a, b]) => ({ a, b })), { handicap: { policy: 'none' }, colours: { balanceWithinRanks: Infinity } });
  const outsideBye = byes.slice(1);
  return {
    round,
    system: n <= 6 ? 'egc-qt (round-robin)' : 'egc-qt',
    games: sheet.games,
    bye: byes[0] ?? null,
    ...(outsideBye.length > 0 ? { freeWins: outsideBye } : {}),
    report: [...report, ...sheet.lines, ...sheet.deviations],
  };
}

/**
 * After the last round: the players with the most wins, in pairing-number order. More than one is "a tie for the first
 * place", "dissolved by a knockout playoff" whose "pairings are as in the league's knockout playoff" (fold, free wins;
 * QT "Knockout Playoff"): `pairs` and `freeWins` are its round 1, by the leaders' order of numbers.
 */
export function qualificationPlayoff(t: Tournament): { leaders: PlayerId[]; pairs: [PlayerId, PlayerId][]; freeWins: PlayerId[] } {
  const ordered = byPairingNumber(t, t.players);
  const players = ordered.ok ? ordered.value.map((p) => p.id) : t.players.map((p) => p.id);
  const wins = winsBefore(t, Infinity);
  const most = Math.max(...players.map((id) => wins.get(id) ?? 0));
  const leaders = players.filter((id) => (wins.get(id) ?? 0) === most);
  if (leaders.length < 2) return { leaders, pairs: [], freeWins: [] };
  const one = foldRoundOne(leaders.length);
  return { leaders, pairs: one.pairs.map(([a, b]) => [leaders[a - 1], leaders[b - 1]]), freeWins: one.freeWins.map((k) => leaders[k - 1]) };
}
