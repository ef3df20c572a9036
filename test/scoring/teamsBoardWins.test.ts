/**
 * src/scoring/teams.ts (Number of Board Wins from the scoreboard) agrees with the team standings
 * (src/scoring/teamStandings.ts): lineups listed once for round 1 hold for later rounds, and a team bye counts each
 * board's bye as the ruleset scores it.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import { toNumber } from '../../src/model/fraction';
import type { Tournament } from '../../src/model/tournament';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { teamStandings } from '../../src/scoring/teamStandings';
import { numberOfBoardWins, teamRounds } from '../../src/scoring/teams';

function example(name: string): Tournament {
  const parsed = parseTournamentJson(readFileSync(path.join(__dirname, '..', '..', 'examples', name), 'utf8'), name);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.value;
}

describe('Number of Board Wins from the scoreboard agrees with the team standings', () => {
  it.each(['team-swiss-played.json', 'team-swiss-odd-played.json'])('%s', (name) => {
    const t = example(name);
    const sb = buildScoreboard(t);
    for (const row of teamStandings(t).rows) expect(toNumber(numberOfBoardWins(sb, row.team))).toBe(row.boardWinsHalves / 2);
  });

  it('a bye round counts every board of the lineup (4 board wins under the EGF rules)', () => {
    const t = example('team-swiss-odd-played.json');
    const sb = buildScoreboard(t);
    const bye = t.byes[0];
    const team = t.teams!.find((x) => x.boards.some((b) => b.player === bye.player))!;
    const round = teamRounds(sb, team).find((r) => r.round === bye.round)!;
    expect(round.boards).toHaveLength(4);
    expect(round.boardHalves / 2).toBe(4);
  });
});
