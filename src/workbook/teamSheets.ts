/**
 * The sheets of a team tournament (settings.teams): `Team matches`, each round's team matches with their score and
 * their boards (board results are entered per board, in the Grid or on the Pairings sheet, like any game: a board is
 * an ordinary game), and `Team standings`, the order of `tengen standings` (team points, Number of Board Wins, SOS
 * over team scores — src/scoring/teamStandings.ts). Both are rendered from the tournament, not read back.
 */
import type { Tournament } from '../model/tournament';
import { teamMatches, teamStandings } from '../scoring/teamStandings';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from './adapter';
import { playerOnSheet, resultWords } from './pairingsSheet';

export const TEAM_MATCHES_SHEET = 'Team matches';
export const TEAM_STANDINGS_SHEET = 'Team standings';

export function isTeamSheet(sheet: string): boolean {
  return sheet === TEAM_MATCHES_SHEET || sheet === TEAM_STANDINGS_SHEET;
}

const half = (halves: number) => halves / 2;

/** Title, the header (Board | Table | White | Black | Result), then per match a heading ("Round 1, match 2: 3 Chidori – 7 Genkan 2.5:1.5") and its boards. */
export function teamMatchesCells(t: Tournament): CellValue[][] {
  const name = new Map((t.teams ?? []).map((x) => [x.number, `${x.number} ${x.name}`]));
  const rows: CellValue[][] = [[`${t.name} — team matches`, null, null, null, null], ['Board', 'Table', 'White', 'Black', 'Result']];
  const matches = teamMatches(t);
  for (let round = 1; round <= t.settings.rounds; round++) {
    matches
      .filter((m) => m.round === round)
      .forEach((m, i) => {
        const score = m.complete ? ` ${half(m.firstHalves)}:${half(m.secondHalves)}` : '';
        rows.push([`Round ${round}, match ${i + 1}: ${name.get(m.first)} – ${name.get(m.second)}${score}`, null, null, null, null]);
        for (const b of m.boards) rows.push([b.board, b.game.table ?? null, playerOnSheet(t, b.game.white), playerOnSheet(t, b.game.black), resultWords(b.game) || null]);
      });
  }
  return rows;
}

export function teamStandingsCells(t: Tournament): CellValue[][] {
  const s = teamStandings(t);
  return [
    [`${t.name} — team standings after round ${s.asOf}`, null, null, null, null, null, null],
    [null, null, null, null, null, null, null],
    ['Place', 'Team', 'Name', 'Matches', 'Points', 'Board wins', 'SOS'],
    ...s.rows.map((r) => [r.place, r.team.number, r.team.name, r.matches, half(r.pointsHalves), half(r.boardWinsHalves), half(r.sosHalves)]),
  ];
}

/** Both team sheets, for a team tournament; none otherwise. */
export function teamSheetsOps(t: Tournament): WorkbookOp[] {
  if (!t.settings.teams) return [];
  const matches = teamMatchesCells(t);
  const standings = teamStandingsCells(t);
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
    { kind: 'format', sheet: TEAM_STANDINGS_SHEET, range: 'A3:G3', format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    { kind: 'column-widths', sheet: TEAM_STANDINGS_SHEET, widths: [6, 6, 24, 9, 8, 11, 8] },
  ];
}
