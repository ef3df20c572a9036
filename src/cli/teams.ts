/**
 * `tengen pair` and `tengen standings` on a team tournament (settings.teams): the team matches with their boards,
 * the bye team of an odd number of teams, and the team standings (team points, Number of Board Wins, SOS over team
 * scores; a bye counts as a team win, src/scoring/teamStandings.ts).
 */
import { TengenInputError } from '../model/errors';
import { formatRank } from '../model/rank';
import { displayName, type PlayerId, type Team, type Tournament } from '../model/tournament';
import type { RoundPairing } from '../pairing/types';
import { hasTeamByes, seatsOf, teamRank, type TeamStandings } from '../scoring/teamStandings';
import { table } from './render';

const half = (halves: number) => String(halves / 2);

/**
 * Runs a team command on FILE: a problem the team engine finds in the tournament (a game inside one team, a bye given
 * to part of a lineup) names the team and round; this adds the file.
 */
export function inTeamFile<T>(file: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof TengenInputError) throw new TengenInputError(e.errors.map((x) => ({ ...x, file: x.file ?? file })));
    throw e;
  }
}

/** The team with the round's bye (src/systems/teams/teamDraw.ts) and its players by board, when the round has one. */
function byeOf(t: Tournament, p: RoundPairing): { team: Team; players: PlayerId[] } | undefined {
  if (p.bye === null) return undefined;
  const team = (t.teams ?? []).find((x) => x.number === seatsOf(t, p.round).get(p.bye!)?.team);
  return team && { team, players: [p.bye, ...(p.freeWins ?? [])] };
}

/**
 * Team matches as posted: a heading per match (the first team has White on the odd boards), then its boards; then
 * the bye team, if any ("Bye: 7 Genkan — boards 1–4: …").
 */
export function renderTeamPairing(t: Tournament, p: RoundPairing): string {
  const seats = seatsOf(t, p.round);
  const teamOf = new Map((t.teams ?? []).map((team) => [team.number, team]));
  const byId = new Map(t.players.map((pl) => [pl.id, pl]));
  const who = (id: PlayerId) => {
    const pl = byId.get(id)!;
    return `${pl.id} ${displayName(pl)} (${formatRank(pl.rank)})`;
  };
  const boards = t.settings.teams!.boards;
  const blocks: string[] = [];
  for (let m = 0; m * boards < p.games.length; m++) {
    const games = p.games.slice(m * boards, (m + 1) * boards);
    const first = teamOf.get(seats.get(games[0].white)!.team)!;
    const second = teamOf.get(seats.get(games[0].black)!.team)!;
    const rows = games.map((g) => [String(g.table), String(seats.get(g.white)!.board), who(g.white), who(g.black), g.handicap ? String(g.handicap) : '']);
    blocks.push(`Match ${m + 1}: ${teamLabel(first)} – ${teamLabel(second)}\n${table(['Table', 'Board', 'White', 'Black', 'Handicap'], rows).slice(0, -1)}`);
  }
  const bye = byeOf(t, p);
  const byeText = bye ? `\nBye: ${teamLabel(bye.team)} — boards 1–${bye.players.length}: ${bye.players.map(who).join('; ')}\n` : '';
  const report = p.report.filter((r) => r.kind !== 'pair').map((r) => `  - ${r.message}`);
  return `${t.name} — round ${p.round} (team draw, ${t.settings.system})\n\n${blocks.join('\n\n')}\n${byeText}${report.length ? `\nReport:\n${report.join('\n')}\n` : ''}`;
}

function teamLabel(team: Team): string {
  return `${team.number} ${team.name}`;
}

export function teamPairingJson(t: Tournament, p: RoundPairing) {
  const seats = seatsOf(t, p.round);
  const boards = t.settings.teams!.boards;
  const matches = [];
  for (let m = 0; m * boards < p.games.length; m++) {
    const games = p.games.slice(m * boards, (m + 1) * boards);
    matches.push({
      match: m + 1,
      first: seats.get(games[0].white)!.team,
      second: seats.get(games[0].black)!.team,
      boards: games.map((g) => ({ board: seats.get(g.white)!.board, table: g.table, white: g.white, black: g.black, handicap: g.handicap })),
    });
  }
  const bye = byeOf(t, p);
  return { round: p.round, system: p.system, matches, bye: bye ? { team: bye.team.number, players: bye.players } : null, report: p.report };
}

export function renderTeamStandings(t: Tournament, s: TeamStandings): string {
  // The Byes column only where teams have byes (an odd number of teams): an even field never has one.
  const byes = hasTeamByes(t, s);
  const rows = s.rows.map((r) => [
    String(r.place),
    String(r.team.number),
    r.team.name,
    formatRank(teamRank(t, r.team)),
    String(r.matches),
    ...(byes ? [String(r.byes)] : []),
    ...(t.settings.system === 'mcmahon' ? [half(r.scoreHalves)] : []),
    half(r.pointsHalves),
    half(r.boardWinsHalves),
    half(r.sosHalves),
  ]);
  const head = ['Place', 'Team', 'Name', 'Rank', 'Matches', ...(byes ? ['Byes'] : []), ...(t.settings.system === 'mcmahon' ? ['Score'] : []), 'Points', 'Board wins', 'SOS'];
  return `${t.name} — team standings after round ${s.asOf}\n\n${table(head, rows)}`;
}

export function teamStandingsJson(t: Tournament, s: TeamStandings) {
  return s.rows.map((r) => ({
    place: r.place,
    team: r.team.number,
    name: r.team.name,
    rank: formatRank(teamRank(t, r.team)),
    matches: r.matches,
    byes: r.byes,
    score: r.scoreHalves / 2,
    points: r.pointsHalves / 2,
    boardWins: r.boardWinsHalves / 2,
    sos: r.sosHalves / 2,
  }));
}
