/**
 * Team standings: the "player" of a team tournament is a team, each round a team match of `settings.teams.boards`
 * games between the players on the same board of the two teams.
 *
 * seeds/egf-general-tournament-rules-excerpt.txt: "In case of a team tournament round, a team's sum of game results
 * are compared with the opposing team's sum of game results: The increment of a team's Number of Wins Score is 1 for
 * the team with the greater sum, 0 for the opposing team, 1/2 if the sums are equal." — "Number of Board Wins = Sum of
 * a team's game results in all rounds." — "Number of Board Wins: It can be applied only in a team tournament. There
 * it is highly meaningful and should be the first tiebreaker." — "SOS = Sum of opponents' scores, which are the McMahon
 * scores in a McMahon or the Number of Wins Scores in a Swiss."
 *
 * A team match is not stored: it is derived from the games of the round between players of two teams (see
 * docs/file-format.md, "Teams").
 */
import { largestOf } from '../model/extremes';
import { TengenInputError } from '../model/errors';
import type { Rank } from '../model/rank';
import type { Game, GameResult, PlayerId, Team, TeamBoard, TeamStart, Tournament } from '../model/tournament';
import { gameHalves, lastPlayedRound, outcomeOf } from './record';
import { rulesetOf } from './rulesets';
import { initialMms } from './scoreboard';

/** The team's board order for `round`: its entries for that round, else those of the latest earlier round listed. */
export function teamLineup(team: Team, round: number): TeamBoard[] {
  const listed = team.boards.filter((b) => b.round <= round);
  if (listed.length === 0) return [];
  const last = largestOf(listed.map((b) => b.round));
  return listed.filter((b) => b.round === last).sort((a, b) => a.board - b.board);
}

export interface TeamBoardGame {
  readonly board: number;
  readonly game: Game;
  /** The board result of the first (listed) team and the second, in half points. */
  readonly firstHalves: number;
  readonly secondHalves: number;
}

/** One team match: `first` is the team whose board-1 player has White. */
export interface TeamMatch {
  readonly round: number;
  readonly first: number;
  readonly second: number;
  readonly boards: readonly TeamBoardGame[];
  /** Sums of the board results, in half points (pending games count 0). */
  readonly firstHalves: number;
  readonly secondHalves: number;
  /** Every board has a result. */
  readonly complete: boolean;
}

/** The players of the team's lineup for `round` who sit on a board of the match (1 … settings.teams.boards), by board. */
export function lineupPlayers(t: Tournament, team: Team, round: number): PlayerId[] {
  const boards = t.settings.teams?.boards ?? Infinity;
  return teamLineup(team, round)
    .filter((b) => b.board <= boards)
    .map((b) => b.player);
}

/** Which team (its number) and board each player sits on in `round`. */
export function seatsOf(t: Tournament, round: number): Map<PlayerId, { team: number; board: number }> {
  const seats = new Map<PlayerId, { team: number; board: number }>();
  for (const team of t.teams ?? []) for (const b of teamLineup(team, round)) seats.set(b.player, { team: team.number, board: b.board });
  return seats;
}

/**
 * The team matches of every round up to `asOf`, derived from the games: a game between players of teams A and B
 * belongs to the match A–B of its round. A game between two players of one team, or a match whose boards do not face
 * each other board for board, is an error naming the game.
 */
export function teamMatches(t: Tournament, asOf = t.settings.rounds): TeamMatch[] {
  const matches: TeamMatch[] = [];
  for (let round = 1; round <= asOf; round++) {
    const seats = seatsOf(t, round);
    const byPair = new Map<string, { first: number; second: number; boards: TeamBoardGame[] }>();
    for (const game of t.games.filter((g) => g.round === round)) {
      const w = seats.get(game.white);
      const b = seats.get(game.black);
      if (!w || !b) continue; // a player on no team: an individual game beside the team event
      const where = `round ${round}, game ${game.white}–${game.black}`;
      if (w.team === b.team) throw new TengenInputError([{ where, message: `both players are on team ${w.team}; a team match pairs two teams` }]);
      if (w.board !== b.board) {
        throw new TengenInputError([{ where, message: `board ${w.board} of team ${w.team} plays board ${b.board} of team ${b.team}; a team match pairs board k with board k` }]);
      }
      const key = `${Math.min(w.team, b.team)}-${Math.max(w.team, b.team)}`;
      let match = byPair.get(key);
      if (!match) {
        match = { first: w.team, second: b.team, boards: [] };
        byPair.set(key, match);
      }
      const whiteHalves = gameHalves(outcomeOf(game, 'white'));
      const blackHalves = gameHalves(outcomeOf(game, 'black'));
      const firstIsWhite = match.first === w.team;
      match.boards.push({ board: w.board, game, firstHalves: firstIsWhite ? whiteHalves : blackHalves, secondHalves: firstIsWhite ? blackHalves : whiteHalves });
    }
    const listed = [...byPair.values()].map((m) => {
      const boards = m.boards.sort((a, b) => a.board - b.board);
      const board1 = boards.find((x) => x.board === 1) ?? boards[0];
      // The team with White on board 1 is listed first.
      const firstWhite = seats.get(board1.game.white)!.team;
      const swap = firstWhite !== m.first;
      const oriented = swap ? boards.map((x) => ({ ...x, firstHalves: x.secondHalves, secondHalves: x.firstHalves })) : boards;
      return {
        round,
        first: swap ? m.second : m.first,
        second: swap ? m.first : m.second,
        boards: oriented,
        firstHalves: oriented.reduce((s, x) => s + x.firstHalves, 0),
        secondHalves: oriented.reduce((s, x) => s + x.secondHalves, 0),
        complete: oriented.every((x) => x.game.result !== ('unknown' satisfies GameResult)),
        order: Math.min(...oriented.map((x) => x.game.table ?? t.games.indexOf(x.game) + 1e6)),
      };
    });
    listed.sort((a, b) => a.order - b.order);
    for (const m of listed) matches.push({ round, first: m.first, second: m.second, boards: m.boards, firstHalves: m.firstHalves, secondHalves: m.secondHalves, complete: m.complete });
  }
  return matches;
}

/**
 * A team bye: with an odd number of teams, one team sits out the round (src/systems/teams/teamDraw.ts chooses it). Like a
 * team match it is not stored: every player of the team's lineup for the round has the tournament's bye (a `byes`
 * entry each, so his own record shows the bye), and that is the team's bye.
 */
export interface TeamBye {
  readonly round: number;
  readonly team: number;
  /** The lineup's players, by board. */
  readonly players: readonly PlayerId[];
}

/**
 * The team byes of every round up to `asOf`. A bye given to some players of a lineup but not to all of them is an
 * error naming the team, the round and the players: a team sits out whole or plays its match.
 */
export function teamByes(t: Tournament, asOf = t.settings.rounds): TeamBye[] {
  const byes: TeamBye[] = [];
  for (let round = 1; round <= asOf; round++) {
    const given = new Set(t.byes.filter((b) => b.round === round).map((b) => b.player));
    if (given.size === 0) continue;
    for (const team of t.teams ?? []) {
      const lineup = lineupPlayers(t, team, round);
      const withBye = lineup.filter((p) => given.has(p));
      if (withBye.length === 0) continue;
      if (withBye.length < lineup.length) {
        const without = lineup.filter((p) => !given.has(p));
        throw new TengenInputError([
          {
            where: `team ${team.number} (${team.name}), round ${round}`,
            message: `player${withBye.length === 1 ? '' : 's'} ${withBye.join(', ')} of the lineup ha${withBye.length === 1 ? 's' : 've'} the bye but ${without.join(', ')} ha${without.length === 1 ? 's' : 've'} not; a team bye gives the bye to every board of the lineup, and a team that plays has no bye`,
          },
        ]);
      }
      byes.push({ round, team: team.number, players: lineup });
    }
  }
  return byes;
}

/**
 * The board points of a team bye, in half points: each board counts the tournament's bye as its ruleset scores a
 * player's bye for the number of wins (EGF, BGA, Mays: a win, "default win due to the opponent Bye"; OpenGotha:
 * genNBW2ValueBye), so the team's Number of Board Wins agrees with its players' own records.
 */
export function teamByeBoardHalves(t: Tournament, bye: TeamBye): number {
  return bye.players.length * rulesetOf(t).byeHalves('nbw', t);
}

/** The team points a match gives `team` (EGF: 1 for the greater sum, ½ for equal sums, 0), in half points. */
export function matchPointsHalves(match: TeamMatch, team: number): number {
  const mine = team === match.first ? match.firstHalves : match.secondHalves;
  const theirs = team === match.first ? match.secondHalves : match.firstHalves;
  return mine > theirs ? 2 : mine === theirs ? 1 : 0;
}

/** The rank a team is seeded by, from its round-1 lineup, by the director's rule (settings.teams.start). */
export function teamRank(t: Tournament, team: Team, rule: TeamStart = t.settings.teams?.start ?? 'average-down'): Rank {
  const ranks = teamLineup(team, 1).map((b) => t.players.find((p) => p.id === b.player)?.rank ?? (0 as Rank));
  if (ranks.length === 0) throw new TengenInputError([{ where: `team ${team.number} (${team.name})`, message: 'has no players on its boards; list its lineup for round 1' }]);
  if (rule === 'board-1') return ranks[0];
  const mean = ranks.reduce((s, r) => s + r, 0) / ranks.length;
  return (rule === 'average-nearest' ? Math.floor(mean + 0.5) : Math.floor(mean)) as Rank;
}

/** A team's McMahon start in half points (0 in Swiss): its rank's, between floor and bar, as a player's would be. */
export function teamStartHalves(t: Tournament, team: Team): number {
  return 2 * initialMms(t, { id: 0 as PlayerId, family: team.name, given: '', rank: teamRank(t, team) });
}

export interface TeamStandingsRow {
  readonly place: number;
  readonly team: Team;
  /** Team score: the McMahon start plus team points in McMahon, team points in Swiss; half points. */
  readonly scoreHalves: number;
  readonly pointsHalves: number;
  readonly boardWinsHalves: number;
  /** Sum of the opponent teams' scores (a bye round: the team's own start). */
  readonly sosHalves: number;
  readonly matches: number;
  /** Rounds the team had the bye (src/systems/teams/teamDraw.ts): a team win without a match. */
  readonly byes: number;
}

export interface TeamStandings {
  readonly asOf: number;
  readonly rows: readonly TeamStandingsRow[];
}

/** Whether the event has team byes (an odd number of teams, or a bye given): standings then show a Byes column. */
export function hasTeamByes(t: Tournament, s: TeamStandings): boolean {
  return (t.teams?.length ?? 0) % 2 === 1 || s.rows.some((r) => r.byes > 0);
}

/**
 * Teams ordered by score (team points, plus the start in McMahon), then Number of Board Wins, then SOS over the team
 * scores, counting the matches whose every board has a result; teams equal on all three share the place ("They have
 * the same place number, which is one greater than the number of better placed players"), listed by team number.
 *
 * A team bye (teamByes) counts as a won match: seeds/egf-general-tournament-rules-excerpt.txt lists a player's bye as
 * a "default win due to the opponent Bye", and "a team's sum of game results are compared with the opposing team's
 * sum … The increment of a team's Number of Wins Score is 1 for the team with the greater sum": every board of the
 * bye team wins by default against an opponent who is not there, so the team's sum is the greater and it scores 1
 * team point. Its board points are its players' byes as the ruleset scores them (teamByeBoardHalves: one board win
 * per board under EGF, BGA and Mays; genNBW2ValueBye per board under OpenGotha's rules). The bye has no opponent:
 * SOS counts the team's own start there (0 in Swiss), as the EGF, BGA and OpenGotha rulesets count a player's own
 * initial score for a round without an opponent (src/scoring/rulesets.ts, sosWithoutOpponent).
 */
export function teamStandings(t: Tournament, options: { asOf?: number } = {}): TeamStandings {
  const asOf = Math.max(0, Math.min(options.asOf ?? lastPlayedRound(t), t.settings.rounds));
  const teams = t.teams ?? [];
  const matches = teamMatches(t, asOf);
  const score = new Map<number, { start: number; points: number; boards: number; opponents: number[]; matches: number; byes: number }>();
  for (const team of teams) score.set(team.number, { start: teamStartHalves(t, team), points: 0, boards: 0, opponents: [], matches: 0, byes: 0 });
  // A match still being played counts once every board has a result: a sum of some boards decides nothing.
  for (const m of matches.filter((x) => x.complete)) {
    for (const [me, other, halves] of [[m.first, m.second, m.firstHalves], [m.second, m.first, m.secondHalves]] as const) {
      const s = score.get(me)!;
      s.points += matchPointsHalves(m, me);
      s.boards += halves;
      s.opponents.push(other);
      s.matches++;
    }
  }
  for (const bye of teamByes(t, asOf)) {
    const s = score.get(bye.team)!;
    s.points += 2;
    s.boards += teamByeBoardHalves(t, bye);
    s.byes++;
  }
  const scoreOf = (n: number) => score.get(n)!.start + score.get(n)!.points;
  const unplaced = teams.map((team) => {
    const s = score.get(team.number)!;
    return {
      team,
      scoreHalves: scoreOf(team.number),
      pointsHalves: s.points,
      boardWinsHalves: s.boards,
      sosHalves: s.opponents.reduce((sum, o) => sum + scoreOf(o), 0) + s.byes * s.start,
      matches: s.matches,
      byes: s.byes,
    };
  });
  const key = (r: (typeof unplaced)[number]) => [r.scoreHalves, r.boardWinsHalves, r.sosHalves];
  const compare = (a: (typeof unplaced)[number], b: (typeof unplaced)[number]) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  };
  unplaced.sort((a, b) => compare(a, b) || a.team.number - b.team.number);
  const rows = unplaced.map((r, i) => ({ ...r, place: i + 1 }));
  for (let i = 1; i < rows.length; i++) if (compare(rows[i - 1], rows[i]) === 0) rows[i].place = rows[i - 1].place;
  return { asOf, rows };
}
