/**
 * Table numbers of OpenGotha 3.51's automatic pairing (JFrGamesPair's Pair button, then
 * Tournament.renumberTablesByBestScoreThenRating; read in OpenGotha 3.51.02's Java source).
 *
 *  1. The new games come out of pairAGroup in its own order: group after group, and in each group for every player
 *     i of the list of players to pair (./scoredPlayers pairingListOrder) whose partner comes later in the list, the
 *     game (i, partner).
 *  2. They are sorted with GameComparator.BEST_SCR_ORDER ("Best Score then Rating"), by Java's Collections.sort (a
 *     stable merge sort). A game is represented by one of its players: White, replaced by Black when the two are equal
 *     on the placement criteria and Black's rating is higher, or when ScoredPlayerComparator.compare(White, Black)
 *     is −1. That comparator (placement criteria only, bKeepExAequo) returns −1 when its FIRST player is the better,
 *     so, as written, the game is represented by its WEAKER player by the placement criteria (OpenGotha 4 corrected
 *     the test to "== 1", the better player). Games are then ordered by their representatives, the better first by
 *     the placement criteria, then the higher rating; equal ratings compare as "after" whichever way round (the
 *     comparator never answers 0), which a stable sort leaves in the order of step 1. (Java's TimSort keeps that
 *     order for fewer than 32 games, where it is a binary insertion sort; with more games its galloping merges can
 *     treat such a pair either way, which Tengen does not imitate.)
 *  3. The criteria are read at the round being paired (ScoredPlayerComparator(pps, roundNumber, …)), from
 *     OpenGotha's scoring information as last refreshed (Tournament.fillBaseScoringInfoIfNecessary recomputes only
 *     when the tournament was modified after the last refresh): the earlier rounds, the absences of this round, this
 *     round counted as a round without a game (for SOS and the like), and this round's bye point only if the
 *     scores were refreshed after the bye was set. assignByePlayer (the director's bye) marks the tournament
 *     modified, so that bye counts; chooseAByePlayer (OpenGotha's own choice) does not, so whether it counts depends
 *     on what the director displayed in between, which no file records. Tengen counts the director's bye and not
 *     OpenGotha's (the usual case: the pairing window shows the scores before the bye is chosen); the option
 *     `byeCountsForTables` of ./pair says otherwise.
 *  4. Tables are then given in that order from the first free one (tables already used in the round — none when the
 *     whole round is paired — are skipped). OpenGotha counts tables from 0 and writes them from 1, as Tengen does.
 */
import type { PlayerId, Round, Tournament } from '../../model/tournament';
import type { OpenGothaParameters } from './parameters';
import { buildRoundState, type RoundState, type ScoredPlayer } from './scoredPlayers';

/**
 * How a numbering ranks games. OpenGotha 3.51: each game represented by its weaker player by the placement criteria
 * (step 2), equal representatives by the higher rating. Other versions numbered otherwise — OpenGotha 4 represents a
 * game by its better player ("== 1"; bosp2024, saved by 3.52.03, is numbered so), and rounds 1–3 of notsosimpleswiss
 * were numbered with the lower rating first —, which the conformance test uses to say which numbering a file shows;
 * the `opengotha` system always numbers as OpenGotha 3.51.02 does.
 */
export interface TableNumberingVariant {
  readonly representative: 'weaker' | 'better';
  readonly ratings: 'higher-first' | 'lower-first';
}

export const OPENGOTHA_351_TABLES: TableNumberingVariant = { representative: 'weaker', ratings: 'higher-first' };

/** A game of the new round, as gameBetween made it. */
export interface TableGame {
  readonly white: PlayerId;
  readonly black: PlayerId;
}

/**
 * OpenGotha's view at the round being paired, before its results (step 3): the rounds before it, and in this round
 * the absences and, when it counts, the bye.
 */
export function stateAtPairedRound(t: Tournament, round: Round, parameters: OpenGothaParameters, bye: PlayerId | null): RoundState {
  const before: Tournament = {
    ...t,
    games: t.games.filter((g) => g.round < round),
    byes: [...t.byes.filter((b) => b.round < round), ...(bye !== null ? [{ round, player: bye }] : [])],
  };
  return buildRoundState(before, round + 1, parameters);
}

/**
 * GameComparator.BEST_SCR_ORDER on two games, with the players' criteria at the round being paired (`state`):
 * negative when `a` goes to the lower table. 0 where OpenGotha's comparator answers "after" whichever way round
 * (representatives equal on every criterion and in rating): the caller keeps pairAGroup's order (step 2).
 */
export function compareGamesForTables(state: RoundState, a: TableGame, b: TableGame, variant: TableNumberingVariant = OPENGOTHA_351_TABLES): number {
  const criteria = state.parameters.placementCriteria;
  const rating = (id: PlayerId) => state.byId.get(id)?.player.rating ?? 0;
  // ScoredPlayerComparator(pps, round, true).compare: −1 when x is better, 1 when y is, 0 when equal on every criterion.
  const compare = (x: PlayerId, y: PlayerId): number => {
    for (const c of criteria) {
      const d = state.critValue(x, c) - state.critValue(y, c);
      if (d !== 0) return d > 0 ? -1 : 1;
    }
    return 0;
  };
  const representative = (g: TableGame): PlayerId => {
    let r = g.white;
    const c = compare(g.white, g.black);
    if (c === 0 && rating(g.white) < rating(g.black)) r = g.black;
    if (c === (variant.representative === 'weaker' ? -1 : 1)) r = g.black;
    return r;
  };
  const ra = representative(a);
  const rb = representative(b);
  const byScore = compare(ra, rb);
  if (byScore !== 0) return byScore;
  return variant.ratings === 'higher-first' ? rating(rb) - rating(ra) : rating(ra) - rating(rb);
}

/**
 * The table number (1-based) of each game, `games` in the order pairAGroup produced them (step 1), `taken` the tables
 * already used in the round.
 */
export function numberTables(
  state: RoundState,
  games: readonly TableGame[],
  taken: ReadonlySet<number> = new Set(),
  variant: TableNumberingVariant = OPENGOTHA_351_TABLES,
): number[] {
  const order = games.map((_, i) => i);
  order.sort((i, j) => compareGamesForTables(state, games[i], games[j], variant) || i - j);
  const tables = new Array<number>(games.length);
  let table = 0;
  for (const i of order) {
    do table++;
    while (taken.has(table));
    tables[i] = table;
  }
  return tables;
}

export type { ScoredPlayer };
