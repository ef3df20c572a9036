import type { Rank } from '../../src/model/rank';
import type { Game, Player, PlayerId, Team, Tournament } from '../../src/model/tournament';
import { pairTeams } from '../../src/systems/teams/teamDraw';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { teamMatches } from '../../src/scoring/teamStandings';

const id = (n: number) => n as PlayerId;
/** Team k of 2 boards: players 2k-1 (board 1) and 2k (board 2); team 1 strongest (5d, 4d, 3d, 2d). */
const player = (n: number): Player => ({ id: id(n), family: `P${n}`, given: '', rank: (5 - Math.ceil(n / 2)) as Rank });
const team = (k: number): Team => ({ number: k, name: `T${k}`, boards: [{ round: 1, board: 1, player: id(2 * k - 1) }, { round: 1, board: 2, player: id(2 * k) }] });
const base: Tournament = {
  name: 'Teams',
  settings: { system: 'swiss', rounds: 3, ruleset: 'egf', teams: { boards: 2 } },
  players: [1, 2, 3, 4, 5, 6, 7, 8].map(player),
  byes: [],
  teams: [team(1), team(2), team(3), team(4)],
  games: [],
};

function drawn(t: Tournament, round: number): RoundPairing {
  const result = pairTeams(t, round);
  if (isPairingError(result)) throw new Error(result.message);
  return result;
}
const withResults = (t: Tournament, p: RoundPairing, whiteWins: (g: Game) => boolean): Tournament => ({
  ...t,
  games: [...t.games, ...p.games.map((g) => ({ round: p.round, table: g.table, white: g.white, black: g.black, handicap: 0, result: whiteWins(g as Game) ? ('white-wins' as const) : ('black-wins' as const) }))],
});

describe('team draw (Swiss over teams)', () => {
  it('round 1: the top half of the teams against the bottom half, board k against board k, colours alternating by board', () => {
    const p = drawn(base, 1);
    expect(p.games.map((g) => [g.table, g.white, g.black, g.handicap])).toEqual([
      // T1–T3: board 1 T1 White, board 2 T3 White; T2–T4 likewise.
      [1, 1, 5, 0], [2, 6, 2, 0],
      [3, 3, 7, 0], [4, 8, 4, 0],
    ]);
    expect(p.bye).toBeNull();
  });

  it('round 2: winners meet winners, no team match repeated', () => {
    const r1 = drawn(base, 1);
    // T1 and T2 win both boards.
    const t1 = withResults(base, r1, (g) => [1, 2, 3, 4].includes(g.white));
    const r2 = drawn(t1, 2);
    const matches = teamMatches(withResults(t1, r2, () => true)).filter((m) => m.round === 2);
    expect(matches.map((m) => [m.first, m.second].sort())).toEqual([[1, 2], [3, 4]]);
    // T1 and T2 both had White on board 1, T3 and T4 both Black: equal balance, the higher-placed team has White there.
    expect(matches.map((m) => m.first)).toEqual([1, 3]);
    for (const m of matches) expect(m.boards.map((b) => b.board)).toEqual([1, 2]);
  });

  it('colour balance: a team that had White on board 1 more often gets Black there', () => {
    const r1 = drawn(base, 1);
    const t1 = withResults(base, r1, (g) => [1, 2, 3, 4].includes(g.white)); // T1, T2 (White on board 1) win
    const t2 = withResults(t1, drawn(t1, 2), () => true);
    // Round 2: T1–T2 (T1 first), T3–T4 (T3 first). Round 3 can only be 1–4 and 2–3: T4 was never first, so it is;
    // T2 and T3 were first once each, and T2 was second last round, so T2 is.
    const r3 = teamMatches(withResults(t2, drawn(t2, 3), () => true)).filter((m) => m.round === 3);
    for (const m of r3) expect([2, 4]).toContain(m.first);
  });

  it('never repeats a team match: four teams over three rounds meet each other once', () => {
    let t = base;
    for (let r = 1; r <= 3; r++) t = withResults(t, drawn(t, r), () => true);
    const pairs = teamMatches(t).map((m) => [m.first, m.second].sort().join('-'));
    expect(pairs).toHaveLength(6);
    expect(new Set(pairs).size).toBe(6);
  });

  it('refuses a team whose lineup lacks a board, naming the team', () => {
    const t = { ...base, teams: [team(1), team(2), team(3), { ...team(4), boards: team(4).boards.slice(0, 1) }] };
    const result = pairTeams(t, 1);
    expect(isPairingError(result) && result.message).toMatch(/team 4 \(T4\).*board 2/);
  });

  it('McMahon: the team start from the members’ ranks as the director chooses', async () => {
    const { teamStartHalves } = await import('../../src/scoring/teamStandings');
    const t: Tournament = { ...base, players: base.players.map((p) => (p.id === 2 ? { ...p, rank: 1 as Rank } : p)), settings: { ...base.settings, system: 'mcmahon', teams: { boards: 2, start: 'average-down' } } };
    // Team 1: 5d (4) and 2d (1): mean 2.5 → 3d (2) rounded down, 4d (3) to the nearest, 5d (4) by board 1 (MMS zero 1d).
    expect(teamStartHalves(t, team(1)) / 2).toBe(2);
    expect(teamStartHalves({ ...t, settings: { ...t.settings, teams: { boards: 2, start: 'average-nearest' } } }, team(1)) / 2).toBe(3);
    expect(teamStartHalves({ ...t, settings: { ...t.settings, teams: { boards: 2, start: 'board-1' } } }, team(1)) / 2).toBe(4);
  });
});
