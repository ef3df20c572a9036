/**
 * The sheets of a team tournament (settings.teams): `Team matches`, each round's team matches with their score and
 * their boards (board results are entered per board, in the Grid or on the Pairings sheet, like any game: a board is
 * an ordinary game), then the round's bye team with its boards when the number of teams is odd; and `Team
 * standings`, the order of `tengen standings` (team points, Number of Board Wins, SOS over team scores, a bye a team
 * win — src/scoring/teamStandings.ts), with a Byes column where teams have byes. Both are rendered from the
 * tournament, not read back: a team bye is its players' byes, which the Grid holds.
 */
import type { Tournament } from '../../model/tournament';
import { hasTeamByes, teamByes, teamMatches, teamStandings } from '../../scoring/teamStandings';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { playerOnSheet, resultWords } from './pairingsSheet';

export const TEAM_MATCHES_SHEET = 'Team matches';
export const TEAM_STANDINGS_SHEET = 'Team standings';

export function isTeamSheet(sheet: string): boolean {
  return sheet === TEAM_MATCHES_SHEET || sheet === TEAM_STANDINGS_SHEET;
}

const half = (halves: number) => halves / 2;

/**
 * Title, the header (Board | Table | White | Black | Result), then per match a heading ("Round 1, match 2: 3 Chidori –
 * 7 Genkan 2.5:1.5") and its boards; after a round's matches its bye team ("Round 1, bye: 5 Enoki") and its boards,
 * each player in the White column with the result "Bye".
 */
export function teamMatchesCells(t: Tournament): CellValue[][] {
  const name = new Map((t.teams ?? []).map((x) => [x.number, `${x.number} ${x.name}`]));
  const rows: CellValue[][] = [[`${t.name} — team matches`, null, null, null, null], ['Board', 'Table', 'White', 'Black', 'Result']];
  const matches = teamMatches(t);
  const byes = teamByes(t);
  for (let round = 1; round <= t.settings.rounds; round++) {
    matches
      .filter((m) => m.round === round)
      .forEach((m, i) => {
        const score = m.complete ? ` ${half(m.firstHalves)}:${half(m.secondHalves)}` : '';
        rows.push([`Round ${round}, match ${i + 1}: ${name.get(m.first)} – ${name.get(m.second)}${score}`, null, null, null, null]);
        for (const b of m.boards) rows.push([b.board, b.game.table ?? null, playerOnSheet(t, b.game.white), playerOnSheet(t, b.game.black), resultWords(b.game) || null]);
      });
    for (const bye of byes.filter((b) => b.round === round)) {
      rows.push([`Round ${round}, bye: ${name.get(bye.team)}`, null, null, null, null]);
      bye.players.forEach((player, k) => rows.push([k + 1, null, playerOnSheet(t, player), null, 'Bye']));
    }
  }
  return rows;
}

/** Title, a blank row, the header, a row per team; the Byes column only where teams have byes (an odd number). */
export function teamStandingsCells(t: Tournament): CellValue[][] {
  const s = teamStandings(t);
  const byes = hasTeamByes(t, s);
  const header = ['Place', 'Team', 'Name', 'Matches', ...(byes ? ['Byes'] : []), 'Points', 'Board wins', 'SOS'];
  const blank = header.map(() => null);
  return [
    [`${t.name} — team standings after round ${s.asOf}`, ...blank.slice(1)],
    blank,
    header,
    ...s.rows.map((r) => [r.place, r.team.number, r.team.name, r.matches, ...(byes ? [r.byes] : []), half(r.pointsHalves), half(r.boardWinsHalves), half(r.sosHalves)]),
  ];
}

/** Both team sheets, for a team tournament; none otherwise. */
export function teamSheetsOps(t: Tournament): WorkbookOp[] {
  if (!t.settings.teams) return [];
  const matches = teamMatchesCells(t);
  const standings = teamStandingsCells(t);
  const lastColumn = String.fromCharCode('A'.charCodeAt(0) + standings[2].length - 1);
  const headings = matches.map((r, i) => (typeof r[0] === 'string' && i >= 2 ? i + 1 : 0)).filter((r) => r > 0);
  return [
    ...freshSheetOps(TEAM_MATCHES_SHEET),
    { kind: 'write', sheet: TEAM_MATCHES_SHEET, at: 'A1', cells: matches },
    { kind: 'format', sheet: TEAM_MATCHES_SHEET, range: 'A1', format: { bold: true, fontSize: 12 } },
    { kind: 'format', sheet: TEAM_MATCHES_SHEET, range: 'A2:E2', format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    ...headings.map((row) => ({ kind: 'format' as const, sheet: TEAM_MATCHES_SHEET, range: `A${row}:E${row}`, format: { bold: true } })),
    { kind: 'column-widths', sheet: TEAM_MATCHES_SHEET, widths: [8, 7, 30, 30, 10] },
    ...freshSheetOps(TEAM_STANDINGS_SHEET),
    { kind: 'write', sheet: TEAM_STANDINGS_SHEET, at: 'A1', cells: standings },
    { kind: 'format', sheet: TEAM_STANDINGS_SHEET, range: 'A1', format: { bold: true, fontSize: 12 } },
    { kind: 'format', sheet: TEAM_STANDINGS_SHEET, range: `A3:${lastColumn}3`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    { kind: 'column-widths', sheet: TEAM_STANDINGS_SHEET, widths: standings[2].length > 7 ? [6, 6, 24, 9, 6, 8, 11, 8] : [6, 6, 24, 9, 8, 11, 8] },
  ];
}
