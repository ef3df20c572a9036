import type { Rank } from '../../src/model/rank';
import type { Game, GameResult, Player, PlayerId, Team, Tournament } from '../../src/model/tournament';
import { teamLineup, teamMatches, teamStandings } from '../../src/scoring/teamStandings';

const id = (n: number) => n as PlayerId;
const player = (n: number, rank = 0): Player => ({ id: id(n), family: `P${n}`, given: '', rank: rank as Rank });
const game = (round: number, white: number, black: number, result: GameResult = 'white-wins'): Game => ({ round, white: id(white), black: id(black), handicap: 0, result });
/** Team k of 2 boards: players 2k-1 (board 1) and 2k (board 2), lined up once, in round 1 (board order fixed). */
const team = (k: number): Team => ({ number: k, name: `T${k}`, boards: [{ round: 1, board: 1, player: id(2 * k - 1) }, { round: 1, board: 2, player: id(2 * k) }] });

// Four teams of two boards, two rounds. Team 1 (players 1, 2) has White on board 1, Black on board 2.
const t: Tournament = {
  name: 'Teams',
  settings: { system: 'swiss', rounds: 2, ruleset: 'egf', teams: { boards: 2 } },
  players: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => player(n)),
  byes: [],
  teams: [team(1), team(2), team(3), team(4)],
  games: [
    // Round 1: T1–T2 2:0; T3–T4 1:1.
    game(1, 1, 3), game(1, 4, 2, 'black-wins'),
    game(1, 5, 7), game(1, 8, 6),
    // Round 2: T3–T1 ½:1½; T2–T4 ½:1½.
    game(2, 5, 1, 'black-wins'), game(2, 2, 6, 'jigo'),
    game(2, 3, 7, 'jigo'), game(2, 8, 4),
  ],
};

describe('team standings (EGF: sums of board results compared, Number of Board Wins first tie-breaker)', () => {
  it('keeps the board order of the last lineup for later rounds', () => {
    expect(teamLineup(t.teams![0], 2).map((b) => [b.board, b.player])).toEqual([[1, 1], [2, 2]]);
  });

  it('derives each round’s team matches from the board games', () => {
    const matches = teamMatches(t);
    expect(matches.map((m) => [m.round, m.first, m.second, m.firstHalves / 2, m.secondHalves / 2])).toEqual([
      [1, 1, 2, 2, 0],
      [1, 3, 4, 1, 1],
      [2, 3, 1, 0.5, 1.5],
      [2, 2, 4, 0.5, 1.5],
    ]);
  });

  it('orders teams by team points, then board wins, then SOS over team points', () => {
    const s = teamStandings(t);
    expect(s.rows.map((r) => [r.place, r.team.number, r.pointsHalves / 2, r.boardWinsHalves / 2, r.sosHalves / 2])).toEqual([
      [1, 1, 2, 3.5, 0.5],
      [2, 4, 1.5, 2.5, 0.5],
      [3, 3, 0.5, 1.5, 3.5],
      [4, 2, 0, 0.5, 3.5],
    ]);
  });

  it('a team drawn level on points and board wins shares the place unless SOS separates', () => {
    const r1 = teamStandings(t, { asOf: 1 });
    expect(r1.rows.map((r) => [r.place, r.team.number])).toEqual([[1, 1], [2, 3], [2, 4], [4, 2]]);
  });
});

describe('a team match still being played', () => {
  it('counts only once every board has a result', () => {
    const playing: Tournament = { ...t, games: t.games.map((g, i) => (i === t.games.length - 1 ? { ...g, result: 'unknown' } : g)) };
    const s = teamStandings(playing, { asOf: 2 });
    const row = (n: number) => s.rows.find((r) => r.team.number === n)!;
    // T2–T4 of round 2 has a board pending: neither team has its round-2 points or board wins yet.
    expect([row(2).pointsHalves / 2, row(2).boardWinsHalves / 2, row(2).matches]).toEqual([0, 0, 1]);
    expect([row(4).pointsHalves / 2, row(4).boardWinsHalves / 2, row(4).matches]).toEqual([0.5, 1, 1]);
    expect(row(1).matches).toBe(2);
  });
});
