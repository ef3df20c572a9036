/**
 * The teams of an OpenGotha XML export: each <Team> with its <Board> members, and the <TeamTournamentParameterSet>.
 *
 * OpenGotha keeps a team's members round by round (Team.setTeamMember(player, round, board), for each of its 20
 * possible rounds) and counts a round without members as a match not played; Tengen lists a lineup from the round it
 * starts and carries it forward until the next one (model: TeamBoard, scoring/teamStandings.ts `teamLineup`). Each
 * round of the tournament is therefore written with the lineup that holds in it.
 */
import type { Team, TeamBoard, Tournament } from '../model/tournament';
import { teamLineup } from '../scoring/teamStandings';
import { element, escapeAttribute } from './opengothaXmlWrite';

/** OpenGotha's Gotha.MAX_NUMBER_OF_ROUNDS. */
const OPENGOTHA_ROUNDS = 20;

/** The team's members as written: for every round of the tournament, the lineup that holds in it. */
export function writtenBoards(t: Tournament, team: Team): TeamBoard[] {
  const boards: TeamBoard[] = [];
  for (let r = 1; r <= Math.min(t.settings.rounds, OPENGOTHA_ROUNDS); r++) {
    for (const b of teamLineup(team, r)) boards.push({ round: r, board: b.board, player: b.player });
  }
  return boards;
}

/** Whether every team's written boards are its boards as the model lists them (a file from OpenGotha: yes). */
export function boardsWrittenAsListed(t: Tournament): boolean {
  const key = (b: TeamBoard) => `${b.round}/${b.board}/${b.player}`;
  return (t.teams ?? []).every((team) => {
    const written = writtenBoards(t, team).map(key).sort();
    const listed = team.boards.map(key).sort();
    return written.length === listed.length && written.every((k, i) => k === listed[i]);
  });
}

export function teamElements(t: Tournament, keyOf: ReadonlyMap<number, string>): string[] {
  return (t.teams ?? []).map((team) =>
    [
      `<Team teamName="${escapeAttribute(team.name)}" teamNumber="${team.number}">`,
      ...writtenBoards(t, team).map((b) => element('Board', { boardNumber: String(b.board), player: keyOf.get(b.player)!, roundNumber: String(b.round) })),
      '</Team>',
    ].join('\n'),
  );
}

/**
 * Tengen's team order (scoring/teamStandings.ts): match points, board wins, SOS — OpenGotha's TEAMP (2 a match won,
 * 1 a tie: twice Tengen's points), BDW and SOST (the opponents' team points).
 */
const TENGEN_TEAM_ORDER = ['TEAMP', 'BDW', 'SOST'];

/**
 * The <TeamTournamentParameterSet> (tournament.dtd: TeamGeneralParameterSet teamSize, default 4, and the
 * TeamPlacementParameterSet's criteria, which OpenGotha's import reads without checking they are there): teamSize is
 * the tournament's boards (settings.teams), else the team size the OpenGotha file had (settings.opengotha.teamSize),
 * raised to the highest board a lineup uses so that OpenGotha (and Tengen's import, which refuses a board beyond
 * teamSize) can read every lineup; the criteria those the file had, else Tengen's order. Written when there is a team
 * size or a team; nothing otherwise.
 */
export function teamParameterSet(t: Tournament, notes: string[]): string[] {
  const og = t.settings.opengotha;
  const declared = t.settings.teams?.boards ?? og?.teamSize;
  const highest = Math.max(0, ...(t.teams ?? []).flatMap((team) => team.boards.map((b) => b.board)));
  if (declared === undefined && highest === 0) return [];
  const teamSize = Math.max(declared ?? 0, highest);
  if (declared !== undefined && highest > declared) {
    notes.push(`a team lists board ${highest} while the teams have ${declared} boards: OpenGotha's teamSize is written as ${highest}`);
  }
  const criteria = og?.teamPlacementCriteria ?? TENGEN_TEAM_ORDER;
  return [
    '<TeamTournamentParameterSet>',
    element('TeamGeneralParameterSet', { teamSize: String(teamSize) }),
    '<TeamPlacementParameterSet>',
    '<PlacementCriteria>',
    ...[...criteria, ...Array<string>(Math.max(0, 6 - criteria.length)).fill('NULL')].map((name, i) => element('PlacementCriterion', { name, number: String(i + 1) })),
    '</PlacementCriteria>',
    '</TeamPlacementParameterSet>',
    '</TeamTournamentParameterSet>',
  ];
}
