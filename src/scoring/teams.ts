/**
 * Team tournaments. seeds/egf-general-tournament-rules-excerpt.txt: "Number of Board Wins = Sum of a team's game
 * results in all rounds." … "In case of a team tournament round, a team's sum of game results are compared with the
 * opposing team's sum of game results: The increment of a team's Number of Wins Score is 1 for the team with the
 * greater sum, 0 for the opposing team, 1/2 if the sums are equal." Board Wins "should be the first tiebreaker".
 *
 * Read from the scoreboard, so it agrees with the team standings (./teamStandings): a round's boards are the
 * team's lineup for that round (the latest lineup listed, teamLineup), and a board whose player had the bye — the
 * team's bye, when the number of teams is odd — counts the bye as the ruleset scores it for the number of wins
 * ("default win due to the opponent Bye": one board win under the EGF rules).
 */
import { fromHalves, type Fraction } from '../model/fraction';
import type { Team } from '../model/tournament';
import { gameHalves } from './record';
import type { Scoreboard } from './scoreboard';
import { teamLineup } from './teamStandings';

export interface TeamRound {
  readonly round: number;
  /** The team's board results this round (wins + ½ per jigo, default results and byes as they count), in half points. */
  readonly boardHalves: number;
  readonly boards: readonly { readonly board: number; readonly player: number; readonly halves: number }[];
}

/** Per round, the sum of the results of the players who sat on the team's boards. */
export function teamRounds(sb: Scoreboard, team: Team): TeamRound[] {
  const rows: TeamRound[] = [];
  const byeHalves = sb.ruleset.byeHalves('nbw', sb.tournament);
  const boardsPlayed = sb.tournament.settings.teams?.boards ?? Infinity;
  for (let r = 1; r <= sb.asOf; r++) {
    const boards = teamLineup(team, r)
      .filter((b) => b.board <= boardsPlayed)
      .map((b) => {
        const p = sb.indexOf.get(b.player);
        const outcome = p === undefined ? 'absent' : sb.rounds[p][r - 1].outcome;
        return { board: b.board, player: b.player, halves: outcome === 'bye' ? byeHalves : gameHalves(outcome) };
      });
    rows.push({ round: r, boardHalves: boards.reduce((s, b) => s + b.halves, 0), boards });
  }
  return rows;
}

/** Number of Board Wins: the sum of a team's game results in all rounds (as of the scoreboard's round). */
export function numberOfBoardWins(sb: Scoreboard, team: Team): Fraction {
  return fromHalves(teamRounds(sb, team).reduce((s, r) => s + r.boardHalves, 0));
}
