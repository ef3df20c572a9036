/** The TeamTournamentParameterSet and <Team> elements with their boards. */
import { escapeControlCharacters } from '../../model/controlCharacters';
import type { PlayerId, Team, TeamBoard } from '../../model/tournament';
import { childrenNamed, descendantsNamed, startTag, type XmlElement } from '../xml';
import { criteriaOf } from './placement';
import type { ParsedPlayer } from './players';
import { parseWhole, type Reader } from './reader';
import { referencedId, type Resolve } from './references';

export interface TeamParameters {
  /** teamSize of the <TeamGeneralParameterSet>, when the file has one (the DTD's "4" when the attribute is left out). */
  readonly teamSize?: number;
  /** The element that says it, for the messages of readTeams. */
  readonly teamSizeAt?: XmlElement;
  readonly placementCriteria?: string[];
}

/**
 * tournament.dtd: `<!ELEMENT TeamTournamentParameterSet (TeamGeneralParameterSet?, TeamPlacementParameterSet?)>`,
 * `<!ATTLIST TeamGeneralParameterSet teamSize CDATA "4">` — the number of boards of OpenGotha's team matches — and
 * `<!ELEMENT TeamPlacementParameterSet (PlacementCriteria)>`. Kept in settings.opengotha (teamSize,
 * teamPlacementCriteria) to be written back; `settings.teams` is the director's (docs/file-format.md, Teams).
 */
export function readTeamParameters(root: XmlElement, reader: Reader): TeamParameters {
  const set = descendantsNamed(root, 'TeamTournamentParameterSet')[0];
  if (!set) return {};
  const general = descendantsNamed(set, 'TeamGeneralParameterSet')[0];
  const placement = descendantsNamed(set, 'TeamPlacementParameterSet')[0];
  let teamSize: number | undefined;
  if (general) {
    const text = general.attributes.teamSize ?? '4';
    const n = parseWhole(text);
    if (n === undefined || n < 1) reader.error(general, startTag(general, ['teamSize']), `teamSize="${text}" is not a number of boards: expected a whole number ≥ 1 (OpenGotha's default is 4)`);
    else teamSize = n;
  }
  return {
    ...(teamSize !== undefined && { teamSize, teamSizeAt: general }),
    ...(placement && { placementCriteria: criteriaOf(placement) }),
  };
}

export function readTeams(
  root: XmlElement,
  reader: Reader,
  resolve: Resolve,
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>,
  rounds: number,
  parameters: TeamParameters,
): Team[] {
  const teams: Team[] = [];
  const { teamSize, teamSizeAt } = parameters;
  const sizeSaid = teamSizeAt ? `<TeamGeneralParameterSet teamSize="${teamSize}"> (line ${teamSizeAt.line})` : '';
  for (const element of descendantsNamed(root, 'Team')) {
    const where = startTag(element, ['teamNumber', 'teamName']);
    const number = parseWhole(element.attributes.teamNumber);
    if (number === undefined) {
      reader.error(element, where, `teamNumber="${element.attributes.teamNumber ?? ''}" is not a team number`);
      continue;
    }
    const label = `team ${number} (${escapeControlCharacters(element.attributes.teamName ?? '')})`;
    // Board members per round as the file lists them (all its rounds, OpenGotha's 20 included): at most teamSize.
    const members = new Map<number, number>();
    const boards: TeamBoard[] = [];
    for (const board of childrenNamed(element, 'Board')) {
      const boardWhere = startTag(board, ['roundNumber', 'boardNumber', 'player']);
      const boardNumber = parseWhole(board.attributes.boardNumber);
      const roundText = board.attributes.roundNumber;
      const round = parseWhole(roundText);
      // Boards are numbered from 1, as OpenGotha writes them (and as Tengen's JSON requires).
      if (boardNumber === undefined || boardNumber < 1 || (roundText !== undefined && round === undefined)) {
        reader.error(board, boardWhere, 'a <Board> needs a whole boardNumber ≥ 1 and a whole roundNumber');
        continue;
      }
      if (teamSize !== undefined && boardNumber > teamSize) {
        reader.error(board, boardWhere, `${label}: board ${boardNumber}${round === undefined ? '' : ` in round ${round}`} is beyond the team size: ${sizeSaid} allows boards 1–${teamSize}`);
        continue;
      }
      if (teamSize !== undefined) {
        const listed = round === undefined ? Array.from({ length: rounds }, (_, i) => i + 1) : [round];
        for (const r of listed) members.set(r, (members.get(r) ?? 0) + 1);
        const over = listed.find((r) => members.get(r)! > teamSize);
        if (over !== undefined) {
          reader.error(board, boardWhere, `${label} has ${members.get(over)} board members in round ${over}, more than ${sizeSaid} allows; each board holds one player a round`);
          continue;
        }
      }
      const player = referencedId(reader, resolve, idOf, board, boardWhere, 'player');
      if (player === undefined) continue;
      // OpenGotha keeps a composition for each of its 20 possible rounds (Gotha.MAX_NUMBER_OF_ROUNDS); Tengen keeps
      // the rounds of this tournament. Before OpenGotha 3.28.04 a board had no roundNumber: it holds every round.
      if (round === undefined) {
        for (let r = 1; r <= rounds; r++) boards.push({ round: r, board: boardNumber, player });
      } else if (round >= 1 && round <= rounds) {
        boards.push({ round, board: boardNumber, player });
      }
    }
    teams.push({ number, name: element.attributes.teamName ?? '', boards });
  }
  return teams;
}
