/**
 * The league's knockout playoffs (seeds/egc-championship-rules.txt, The League's Knockout Playoffs): after a
 * round-robin league, which ties for the top places need a knockout, its players' numbers, each round's pairings from
 * the games recorded so far (`Tournament.playoffs`), and the final places once every knockout is decided.
 *
 * The league's order — The League, General: "At the end of the league, the players are ordered by greater numbers of
 * wins. … If players tie for places 1, 2, or 3, these ties are dissolved by the knockout playoff." From 2010 on, with
 * 12 players, "places 1, 2, 3, or 4".
 */
import { failed, ok, type Parsed } from '../../model/errors';
import type { PlayoffGame, Tournament } from '../../model/tournament';
import { playoffKindOf, playoffOutcome, type PlayoffKind, type PlayoffOutcome } from '../../scoring/knockoutPlayoff';
import { byPairingNumber } from '../../pairing/lots';
import { qualificationRounds } from '../egc/qualification';
import { roundRobinRounds } from './roundRobin';

export type { Knockout, KnockoutGame, KnockoutRound, LeagueRow } from '../../scoring/knockoutPlayoff';
export { leagueOrder } from '../../scoring/knockoutPlayoff';

/** A playoff as `tengen playoff` shows it: the league's (or QT's) order, the knockouts, the final places once over. */
export interface Playoff extends PlayoffOutcome {
  /** Whose playoff: the league's (places 1–3, or 1–4 with 12 players) or the QT's (place 1). */
  readonly kind: PlayoffKind;
}

/** The league's games not yet decided, by round: a playoff before the league ends is refused. */
function leagueNotOver(t: Tournament): string | null {
  const n = t.players.length;
  const total = roundRobinRounds(n, t.settings.schedule ?? 'berger', t.settings.cycles ?? 1);
  const perRound = Math.floor(n / 2);
  for (let round = 1; round <= total; round++) {
    const games = t.games.filter((g) => g.round === round);
    if (games.length < perRound) return `round ${round} of ${total} has ${games.length} of its ${perRound} games paired`;
    const open = games.filter((g) => g.result === 'unknown');
    if (open.length) return `round ${round} of ${total} has ${open.length} game${open.length === 1 ? '' : 's'} without a result (${open.map((g) => `${g.white}–${g.black}`).join(', ')})`;
  }
  return null;
}

/** The QT's rounds not yet decided (its number of rounds: the tournament's, else the rules' for its field). */
function qualificationNotOver(t: Tournament): string | null {
  const total = t.settings.rounds || qualificationRounds(t.players.length);
  for (let round = 1; round <= total; round++) {
    const games = t.games.filter((g) => g.round === round);
    if (games.length === 0) return `round ${round} of ${total} is not paired`;
    const open = games.filter((g) => g.result === 'unknown');
    if (open.length) return `round ${round} of ${total} has ${open.length} game${open.length === 1 ? '' : 's'} without a result (${open.map((g) => `${g.white}–${g.black}`).join(', ')})`;
  }
  return null;
}

/** Whose playoff this tournament would hold: any round-robin's as a league's (`tengen playoff` on a club round-robin). */
function playoffKind(t: Tournament): PlayoffKind | undefined {
  return playoffKindOf(t) ?? (t.settings.system === 'round-robin' ? 'league' : undefined);
}

/**
 * The playoff of a finished league: refused (an error naming the round) while any league game is unpaired or has no
 * result, or when a recorded playoff game is no pairing of the knockout.
 */
export function leaguePlayoff(t: Tournament, file?: string): Parsed<Playoff> {
  const kind = playoffKind(t);
  if (!kind) return failed([{ file, where: 'settings.system', message: `a playoff follows a round-robin league or a Qualification Tournament (egc-qt); this tournament is ${t.settings.system}` }]);
  const notOver = kind === 'qt' ? qualificationNotOver(t) : leagueNotOver(t);
  if (notOver) return failed([{ file, message: `the ${kind === 'qt' ? 'QT' : 'league'} is not over: ${notOver}; the playoff is paired after its last round` }]);
  const order = byPairingNumber(t, file);
  if (!order.ok) return order;
  const { outcome, errors } = playoffOutcome(t, kind, order.value, file);
  if (errors.length) return failed([...errors]);
  return ok({ kind, ...outcome });
}

/** The tournament with the next round of every unfinished knockout paired (results unknown, colours by nigiri). */
export function withNextPlayoffRound(t: Tournament, playoff: Playoff): Tournament {
  const added: PlayoffGame[] = [];
  for (const k of playoff.knockouts) {
    if (k.next === null) continue;
    const round = k.rounds[k.next - 1];
    round.games.forEach((g, i) => {
      if (g.recorded) return;
      // "According to the EGF General Tournament Rules, colours in knockout games are decided by nigiri."
      added.push({ place: k.place, round: round.round, table: i + 1, white: g.players[0], black: g.players[1], handicap: 0, colourKnown: false, result: 'unknown' });
    });
  }
  return { ...t, playoffs: [...(t.playoffs ?? []), ...added] };
}
