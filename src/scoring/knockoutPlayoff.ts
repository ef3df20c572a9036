/**
 * The knockout playoffs that dissolve ties after a league or a Qualification Tournament, as far as their recorded
 * games go, and the final places they give — in the scoring room, so that every standings table (`tengen standings`,
 * the workbook's Standings, the cross-table, the exports) places the players as `tengen playoff` does. Pairing the
 * playoff's next round is the round-robin system's (src/systems/round-robin/playoff.ts).
 *
 * The league (seeds/egc-championship-rules.txt, The League, General): "At the end of the league, the players are
 * ordered by greater numbers of wins. … If players tie for places 1, 2, or 3, these ties are dissolved by the knockout
 * playoff." From 2010 on, with 12 players, "places 1, 2, 3, or 4". Other tied players share their place: the rules
 * name no other tie-breaker.
 *
 * The QT (seeds/egc-championship-rules.txt, "The European Championship Qualification Tournaments (QT)", Tournament
 * System: "The number of wins is the only used criterion"; Knockout Playoff: "If after the round-robin or Swiss there
 * is a tie for the first place, then it is dissolved by a knockout playoff. The players in the knockout receive
 * numbers starting from 1 in order of their rating just before the QT, ties broken by lottery. The pairings are as in
 * the league's knockout playoff. The knockout's final game decides the final places 1 and 2. The other players in the
 * knockout share the final place 3. The players not in the knockout keep their places as final.")
 */
import type { InputError } from '../model/errors';
import { playerLabel, type PlayerId, type PlayoffGame, type Tournament } from '../model/tournament';
import { gameHalves, outcomeOf } from './record';

const RULE = 'European Go Championship Tournament Rules, "The League\'s Knockout Playoffs"';

/** Whose playoff: a league's (places 1–3, or 1–4 with 12 players) or a Qualification Tournament's (place 1 only). */
export type PlayoffKind = 'league' | 'qt';

/**
 * The tournaments whose standings follow these rules rather than a ruleset's tie-breakers: the European
 * Championship league (a round-robin on the league's printed table, `schedule: "egc"`, or any round-robin with
 * playoff games recorded) and the Qualification Tournament (`system: "egc-qt"`). A club round-robin keeps its
 * ruleset's order (EGF, Czech …).
 */
export function playoffKindOf(t: Tournament): PlayoffKind | undefined {
  if (t.settings.system === 'egc-qt') return 'qt';
  if (t.settings.system === 'round-robin' && (t.settings.schedule === 'egc' || (t.playoffs?.length ?? 0) > 0)) return 'league';
  return undefined;
}

export interface LeagueRow {
  readonly player: PlayerId;
  /** Number of wins, in half points (a jigo by 7 komi is half a win). */
  readonly winsHalves: number;
  readonly place: number;
}

export interface KnockoutGame {
  /** The lower knockout number first ("pair the lowest with the highest number"); colours by nigiri. */
  readonly players: readonly [PlayerId, PlayerId];
  /** What the game decides: `knockout` (the winner goes on), `final`, or `losers` (the previous round's losers). */
  readonly kind: 'knockout' | 'final' | 'losers';
  /** The recorded game, when there is one. */
  readonly recorded?: PlayoffGame;
  readonly winner?: PlayerId;
  readonly loser?: PlayerId;
}

export interface KnockoutRound {
  readonly round: number;
  readonly games: readonly KnockoutGame[];
  /** Round 1's free wins: "the other players get a free win". */
  readonly freeWins: readonly PlayerId[];
}

export interface Knockout {
  /** The league place the players tied for. */
  readonly place: number;
  /** The players in knockout-number order (index 0 = number 1). */
  readonly players: readonly PlayerId[];
  readonly rounds: readonly KnockoutRound[];
  /** The round to play next (its games not all decided yet), or null when the knockout is over. */
  readonly next: number | null;
  /** Final places of the knockout's players, once it is over. */
  readonly places?: ReadonlyMap<PlayerId, number>;
}

export interface PlayoffOutcome {
  readonly league: readonly LeagueRow[];
  /** Places 1 … contested are dissolved by playoff (3 in the 10-player league, 4 in the 12-player league). */
  readonly contested: number;
  readonly knockouts: readonly Knockout[];
  /** Every league player's final place, when every knockout is over. */
  readonly finalPlaces?: ReadonlyMap<PlayerId, number>;
}

/**
 * The order by number of wins; equal wins share a place (no tie-breaker: ties go to the playoff). A game without a
 * result counts nothing yet.
 */
export function leagueOrder(t: Tournament, kind: PlayoffKind = 'league'): LeagueRow[] {
  const wins = new Map<PlayerId, number>(t.players.map((p) => [p.id, 0]));
  for (const g of t.games) {
    wins.set(g.white, (wins.get(g.white) ?? 0) + gameHalves(outcomeOf(g, 'white')));
    wins.set(g.black, (wins.get(g.black) ?? 0) + gameHalves(outcomeOf(g, 'black')));
  }
  // The QT's round-1 byes are free wins of the knockout it approximates (src/systems/egc/qualification.ts); a
  // round-robin league of 10 or 12 has no bye.
  if (kind === 'qt') for (const b of t.byes) wins.set(b.player, (wins.get(b.player) ?? 0) + 2);
  const rows = t.players.map((p) => ({ player: p.id, winsHalves: wins.get(p.id)! }));
  return rows
    .map((r) => ({ ...r, place: 1 + rows.filter((o) => o.winsHalves > r.winsHalves).length }))
    .sort((a, b) => a.place - b.place || a.player - b.player);
}

/**
 * The knockout's numbers. The rules number players by how they qualified: "1) the final places of the previous
 * year's league path, 2) the previous year's McMahon tournament, 3) the QTs in chronological order, 4) the PKOs in
 * pairing number order, 5) the wild card". Tengen reads that order from `previousOrder` (1 = first), which the
 * director fills in from the qualification list; players without it come after, by pairing number — the reading a
 * director would expect of a league whose players have no recorded qualification.
 */
function knockoutNumbers(t: Tournament, tied: readonly PlayerId[], pairingOrder: readonly PlayerId[]): PlayerId[] {
  const previous = (id: PlayerId) => t.players.find((p) => p.id === id)?.previousOrder ?? Infinity;
  return [...tied].sort((a, b) => previous(a) - previous(b) || pairingOrder.indexOf(a) - pairingOrder.indexOf(b));
}

/** Folds a list in number order: "pair the lowest with the highest number, the second lowest with the second highest". */
function fold(players: readonly PlayerId[]): [PlayerId, PlayerId][] {
  return Array.from({ length: Math.floor(players.length / 2) }, (_, i) => [players[i], players[players.length - 1 - i]]);
}

/** The recorded game between a and b in this knockout round, and its winner; a knockout game without a winner is an error. */
function decided(t: Tournament, place: number, round: number, a: PlayerId, b: PlayerId, errors: InputError[]): Pick<KnockoutGame, 'recorded' | 'winner' | 'loser'> {
  const recorded = (t.playoffs ?? []).find((g) => g.place === place && g.round === round && ((g.white === a && g.black === b) || (g.white === b && g.black === a)));
  if (!recorded || recorded.result === 'unknown') return recorded ? { recorded } : {};
  const whiteWins = gameHalves(outcomeOf(recorded, 'white')) === 2 && gameHalves(outcomeOf(recorded, 'black')) < 2;
  const blackWins = gameHalves(outcomeOf(recorded, 'black')) === 2 && gameHalves(outcomeOf(recorded, 'white')) < 2;
  if (!whiteWins && !blackWins) {
    errors.push({ where: `playoffs: place ${place}, round ${round}`, player: `${playerLabel(t, a)} – ${playerLabel(t, b)}`, message: `result ${recorded.result}: a knockout game needs a winner` });
    return { recorded };
  }
  const winner = whiteWins ? recorded.white : recorded.black;
  return { recorded, winner, loser: winner === recorded.white ? recorded.black : recorded.white };
}

/**
 * One knockout, played as far as its recorded games go. Pairings and Final Places: "In every round of a knockout
 * before the last one, the players are paired by folding their numbers … Only the winners remain in the knockout. If
 * in round 1 the total number of players in a knockout exceeds a power of two by x, then the 2*x players with the
 * greatest numbers are paired while the other players get a free win."
 */
function playKnockout(t: Tournament, place: number, players: readonly PlayerId[], kind: PlayoffKind, errors: InputError[]): Knockout {
  const leagueSize = kind === 'league' ? t.players.length : 0;
  const n = players.length;
  const totalRounds = Math.ceil(Math.log2(n));
  const power = 2 ** Math.floor(Math.log2(n));
  const x = n - power;
  const rounds: KnockoutRound[] = [];
  let inPlay: PlayerId[] = [...players];
  let previousLosers: PlayerId[] = [];
  let next: number | null = null;
  for (let round = 1; round <= totalRounds; round++) {
    const last = round === totalRounds;
    const paired = round === 1 && x > 0 ? inPlay.slice(n - 2 * x) : inPlay;
    const freeWins = round === 1 && x > 0 ? inPlay.slice(0, n - 2 * x) : [];
    const pairs: { players: [PlayerId, PlayerId]; kind: KnockoutGame['kind'] }[] = fold(paired).map((p) => ({ players: p, kind: last ? 'final' : 'knockout' }));
    // "If after the league more than three players tie for place 1, then in the knockout's last round the previous
    // round's winners play … while the previous round's losers play to decide the final places 3 and 4." From 2010
    // on (12 players), three or more tied for place 2: "if more than three players were involved, the losers of the
    // penultimate round play a game to determine the final places 4 and 5."
    const losersPlay = kind === 'league' && last && n > 3 && previousLosers.length === 2 && (place === 1 || (place === 2 && leagueSize === 12));
    if (losersPlay) pairs.push({ players: [...previousLosers].sort((a, b) => players.indexOf(a) - players.indexOf(b)) as [PlayerId, PlayerId], kind: 'losers' });
    const games = pairs.map((p) => ({ ...p, ...decided(t, place, round, p.players[0], p.players[1], errors) }));
    rounds.push({ round, games, freeWins });
    if (games.some((g) => g.winner === undefined)) {
      next = round;
      break;
    }
    const knockoutGames = games.filter((g) => g.kind !== 'losers');
    const winners = new Set(knockoutGames.map((g) => g.winner!));
    previousLosers = knockoutGames.map((g) => g.loser!);
    inPlay = inPlay.filter((p) => winners.has(p) || freeWins.includes(p));
  }
  const unexpected = (t.playoffs ?? []).filter((g) => g.place === place && !rounds.some((r) => r.games.some((k) => k.recorded === g)));
  for (const g of unexpected) {
    errors.push({ where: `playoffs: place ${place}, round ${g.round}`, player: `${playerLabel(t, g.white)} – ${playerLabel(t, g.black)}`, message: `this game is not a pairing of the knockout for place ${place} (${RULE}, Pairings and Final Places)` });
  }
  return { place, players, rounds, next, ...(next === null ? { places: knockoutPlaces(place, players, rounds, leagueSize, kind) } : {}) };
}

/**
 * The final places a finished knockout gives (Pairings and Final Places):
 *  - two tied: "the winner of the related knockout gets that final place and the loser gets the next final place";
 *  - three tied for place 1: the round 2 winner place 1, its loser 2, "The loser of the knockout's round 1 game gets
 *    the final place 3" (the general rule below gives the same);
 *  - more than three tied for place 1: the final decides 1 and 2, the previous round's losers 3 and 4;
 *  - three or more tied for place 2 / 3: "the knockout's last round game determines the final places 2 and 3" / "3
 *    and 4" (12 players, more than three for place 2: the losers' game places 4 and 5);
 *  - three or more tied for place 4 (12 players): "the knockout's last round game determines the final place 4";
 *  - "All, if any, players in the knockout without a final place as above yet share the next final place."
 */
function knockoutPlaces(place: number, players: readonly PlayerId[], rounds: readonly KnockoutRound[], leagueSize: number, kind: PlayoffKind): Map<PlayerId, number> {
  const places = new Map<PlayerId, number>();
  const lastRound = rounds[rounds.length - 1];
  const final = lastRound.games.find((g) => g.kind === 'final')!;
  // The QT: "The knockout's final game decides the final places 1 and 2. The other players in the knockout share the
  // final place 3."
  if (kind === 'qt') {
    places.set(final.winner!, 1);
    places.set(final.loser!, 2);
    for (const p of players) if (!places.has(p)) places.set(p, 3);
    return places;
  }
  const losers = lastRound.games.find((g) => g.kind === 'losers');
  places.set(final.winner!, place);
  // Ambiguous in the rules: with three or more tied for place 4, the final "determines the final place 4" only; its
  // loser then has no place "as above" and shares the next place with the others. With exactly two, the loser gets 5.
  if (!(place === 4 && leagueSize === 12 && players.length >= 3)) places.set(final.loser!, place + 1);
  if (losers) {
    places.set(losers.winner!, place + 2);
    places.set(losers.loser!, place + 3);
  }
  const next = Math.max(...places.values()) + 1;
  for (const p of players) if (!places.has(p)) places.set(p, next);
  return places;
}

/**
 * The playoffs after a finished league or QT, as far as their recorded games go: who ties for which contested place,
 * each knockout's rounds, and — once every knockout is over — every player's final place ("The league players not in
 * the knockout keep their places as final"). `pairingOrder` numbers the knockout's players where the rules fall back
 * on pairing numbers (the QT: "in order of their rating just before the QT, ties broken by lottery", which is how its
 * pairing numbers were given). Errors: a recorded game that is no pairing of its knockout, a knockout game without a
 * winner, a playoff game for a place no tie needs.
 */
export function playoffOutcome(t: Tournament, kind: PlayoffKind, pairingOrder: readonly PlayerId[], file?: string): { readonly outcome: PlayoffOutcome; readonly errors: readonly InputError[] } {
  const league = leagueOrder(t, kind);
  const contested = kind === 'qt' ? 1 : t.players.length === 12 ? 4 : 3;
  const errors: InputError[] = [];
  const knockouts: Knockout[] = [];
  for (let place = 1; place <= contested; place++) {
    const tied = league.filter((r) => r.place === place).map((r) => r.player);
    if (tied.length < 2) continue;
    const numbers = kind === 'qt' ? [...tied].sort((a, b) => pairingOrder.indexOf(a) - pairingOrder.indexOf(b)) : knockoutNumbers(t, tied, pairingOrder);
    knockouts.push(playKnockout(t, place, numbers, kind, errors));
  }
  const stray = (t.playoffs ?? []).filter((g) => !knockouts.some((k) => k.place === g.place));
  for (const g of stray) errors.push({ file, where: `playoffs: place ${g.place}`, player: `${playerLabel(t, g.white)} – ${playerLabel(t, g.black)}`, message: `no tie for place ${g.place} after the ${kind === 'qt' ? 'QT' : 'league'} needs a playoff` });
  const over = knockouts.every((k) => k.next === null);
  const finalPlaces = over ? new Map(league.map((r) => [r.player, knockouts.find((k) => k.places!.has(r.player))?.places!.get(r.player) ?? r.place])) : undefined;
  return { outcome: { league, contested, knockouts, ...(finalPlaces ? { finalPlaces } : {}) }, errors: errors.map((e) => ({ file, ...e })) };
}
