/**
 * Who gets the bye when the field is odd. Every method returns the whole field in order of preference, each with the
 * reason, so a pairing system can pass over a player whose bye would leave the others unpairable and say why.
 *
 * Mays (seeds/mays-swiss-mcmahon-manual.txt, "Assigning Byes" and "Who Should Get a Bye?"):
 *  - "a bye must never be given to the same player a second time. (Cardinal Rule No. 1: No player gets a bye twice.)"
 *  - "In Round 1 … the tournament director should select the weakest player in the tournament who lives in the city
 *    that is hosting the event. He should never select a player from out of town."
 *  - "In Round 2, the tournament director should try to find the weakest player, again from the host city, who lost
 *    his first game. In Round 3 … (by now, the tournament director may start to consider everyone, and not
 *    necessarily someone from the host city only)."
 *  - "the tournament director must always look for a player who meets the following qualifying conditions: (1) he
 *    must be the weakest player, (2) who has lost the highest number of games, and (3) who has not received a bye in
 *    a previous round." — "the weakest player who lost his first three games, and if he can't find such a player,
 *    then he should look for the weakest player who lost two games", so the number of losses comes before weakness.
 *  - "byes must never be given to anyone on the basis of random selection".
 *
 * OpenGotha: the `opengotha` pairing system's own implementation of Tournament.chooseAByePlayer serves here too
 * (./opengotha/bye, where the rule is quoted): each player weighs 1000 × his earlier byes + his rank + twice his
 * McMahon score before the round, as OpenGotha scores it from the file's parameters (the McMahon score in Swiss too,
 * not the number of wins); the lightest gets the bye, and among equal weights the last in OpenGotha's list of players
 * to pair (placement before the round, then name and first name) — an order fixed by scores and names, never by the
 * order of a file.
 */
import { formatRank } from '../model/rank';
import type { Player, PlayerId } from '../model/tournament';
import type { PairingHistory } from '../pairing/history';
import { openGothaByeCandidates, OPENGOTHA_BYE_RULE } from './opengotha/bye';
import { pairingError, type ByeLine, type DeviationLine, type PairingError } from '../pairing/types';

export type ByeMethod = 'mays' | 'opengotha';
export { OPENGOTHA_BYE_RULE };

export interface ByeOptions {
  readonly method?: ByeMethod;
  /** The host city (default `settings.hostCity`), compared with each player's city and club. */
  readonly hostCity?: string;
  /** Mays prefers local players for the bye in rounds 1 and 2 ("again from the host city"); default 2. */
  readonly localThroughRound?: number;
}

export interface ByeCandidate {
  readonly player: PlayerId;
  /** Why this player qualifies at his place in the order. */
  readonly reason: string;
  /** He already had a bye: giving him another breaks Cardinal Rule No. 1. */
  readonly secondBye: boolean;
}

export const MAYS_BYE_RULE = 'seeds/mays-swiss-mcmahon-manual.txt, "Who Should Get a Bye?" and Cardinal Rule No. 1';

function normalise(text: string | undefined): string | undefined {
  const t = text?.trim().toLowerCase();
  return t ? t : undefined;
}

/** Lives in the host city: his city, or failing that his club, names it. */
export function isLocal(player: Pick<Player, 'city' | 'club'>, hostCity: string | undefined): boolean {
  const host = normalise(hostCity);
  if (!host) return false;
  return normalise(player.city) === host || normalise(player.club) === host;
}

/**
 * The field (players to pair this round) ordered from the most to the least deserving of the bye. Throws, with the
 * problems named, when the method cannot read the tournament (OpenGotha's parameters); chooseReportedBye returns that
 * as a PairingError instead.
 */
export function byeCandidates(history: PairingHistory, field: readonly PlayerId[], options: ByeOptions = {}): ByeCandidate[] {
  const ordered = candidatesOrError(history, field, options);
  if ('kind' in ordered) throw new Error(ordered.message);
  return ordered;
}

function maysOrder(history: PairingHistory, field: readonly PlayerId[], options: ByeOptions): ByeCandidate[] {
  const round = history.round;
  const hostCity = options.hostCity ?? history.tournament.settings.hostCity;
  const localMatters = round <= (options.localThroughRound ?? 2) && normalise(hostCity) !== undefined;
  const local = (id: PlayerId) => localMatters && isLocal(history.player(id), hostCity);
  const ordered = [...field].sort((a, b) => {
    const pa = history.player(a);
    const pb = history.player(b);
    return (
      history.byes(a) - history.byes(b) ||
      history.losses(b) - history.losses(a) ||
      Number(local(b)) - Number(local(a)) ||
      pa.rank - pb.rank ||
      b - a
    );
  });
  return ordered.map((id) => {
    const p = history.player(id);
    const byes = history.byes(id);
    const losses = history.losses(id);
    const parts: string[] = [];
    if (byes > 0) parts.push(`already had ${byes === 1 ? 'a bye' : `${byes} byes`}, and no one else can take it`);
    else parts.push('has had no bye');
    if (round > 1) parts.push(`lost ${losses} game${losses === 1 ? '' : 's'}`);
    if (localMatters) parts.push(local(id) ? `lives in the host city (${hostCity})` : 'is not from the host city');
    parts.push(`the weakest such player (${formatRank(p.rank)}, ID ${id})`);
    if (round === 1 && !localMatters) parts.push('no host city is set, so every player counts as local');
    return { player: id, reason: parts.join(', '), secondBye: byes > 0 };
  });
}

/**
 * OpenGotha's order (./opengotha/bye). `history.tournament` is read as OpenGotha would read it (its parameters, or
 * OpenGotha's defaults); a tournament whose OpenGotha parameters cannot be read gets an error naming them.
 */
function openGothaOrder(history: PairingHistory, field: readonly PlayerId[]): ByeCandidate[] | PairingError {
  const ordered = openGothaByeCandidates(history.tournament, history.round, field);
  if ('error' in ordered) return pairingError('unsupported-parameters', history.round, `--bye-method opengotha: ${ordered.error}`);
  return ordered.map((c) => ({ player: c.player.id, reason: c.reason, secondBye: c.player.byes > 0 }));
}

function candidatesOrError(history: PairingHistory, field: readonly PlayerId[], options: ByeOptions): ByeCandidate[] | PairingError {
  return (options.method ?? 'mays') === 'opengotha' ? openGothaOrder(history, field) : maysOrder(history, field, options);
}

/** The player who should get the bye, by the method's order (a pairing system may pass over him; see `byeCandidates`). */
export function chooseBye(history: PairingHistory, field: readonly PlayerId[], options: ByeOptions = {}): ByeCandidate | null {
  return byeCandidates(history, field, options)[0] ?? null;
}

/** The bye a pairing system settled on, with the report lines that explain it. */
export interface ReportedBye {
  readonly bye: PlayerId;
  readonly lines: (ByeLine | DeviationLine)[];
}

const NO_REPEAT_RULE = 'seeds/mays-swiss-mcmahon-manual.txt, Cardinal Rule No. 2: "No two players can be paired together twice"';
const NO_SECOND_BYE_RULE = 'seeds/mays-swiss-mcmahon-manual.txt, Cardinal Rule No. 1: "No player gets a bye twice"';

/** The report line of a bye the director chose himself. */
export function directorByeLine(history: PairingHistory, player: PlayerId): ByeLine {
  return { kind: 'bye', player, reason: 'chosen by the director', rule: "the director's decision", message: `Bye: ${history.describe(player)}, chosen by the director` };
}

/**
 * The first player, in the method's order, whose bye leaves the others pairable (`canSetAside` decides: it is the
 * pairing system's own feasibility check), with the bye's report line, one `bye-passed-over` line for each better
 * qualified player who could not have it, and a `second-bye` line when Cardinal Rule No. 1 had to give way.
 * `null` when nobody can take the bye; a PairingError when the method cannot read the tournament.
 */
export function chooseReportedBye(
  history: PairingHistory,
  field: readonly PlayerId[],
  options: ByeOptions,
  canSetAside: (player: PlayerId) => boolean,
): ReportedBye | PairingError | null {
  const method = options.method ?? 'mays';
  const passedOver: DeviationLine[] = [];
  const candidates = candidatesOrError(history, field, options);
  if ('kind' in candidates) return candidates;
  for (const c of candidates) {
    if (!canSetAside(c.player)) {
      passedOver.push({
        kind: 'bye-passed-over',
        players: [c.player],
        rule: NO_REPEAT_RULE,
        message: `${history.describe(c.player)} qualified for the bye (${c.reason}), but without him the others could not all be paired without a repeat`,
      });
      continue;
    }
    const line: ByeLine = {
      kind: 'bye',
      player: c.player,
      reason: c.reason,
      rule: method === 'mays' ? MAYS_BYE_RULE : OPENGOTHA_BYE_RULE,
      message: `Bye: ${history.describe(c.player)}: ${c.reason}`,
    };
    const second: DeviationLine[] = c.secondBye
      ? [
          {
            kind: 'second-bye',
            players: [c.player],
            rule: NO_SECOND_BYE_RULE,
            message: `${history.describe(c.player)} gets a second bye: everyone else present has had one too, or could not be spared`,
          },
        ]
      : [];
    return { bye: c.player, lines: [line, ...passedOver, ...second] };
  }
  return null;
}
