/**
 * The team bye: with an odd number of teams, one team sits out the round. Each player of its lineup gets the
 * tournament's bye (a `byes` entry, so his own record says "bye"), and the team counts a team win with the bye's
 * board points (src/scoring/teamStandings.ts, docs/file-format.md "Teams").
 */
import type { Rank } from '../../src/model/rank';
import type { Game, Player, PlayerId, Team, Tournament } from '../../src/model/tournament';
import { applyPairing, pairingProblems } from '../../src/pairing/apply';
import { pairTeams } from '../../src/systems/teams/teamDraw';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { teamByes, teamMatches, teamStandings } from '../../src/scoring/teamStandings';

const id = (n: number) => n as PlayerId;
/** Team k of 2 boards: players 2k-1 (board 1) and 2k (board 2); team 1 the strongest (ranks 5d, 4d, … down). */
const player = (n: number): Player => ({ id: id(n), family: `P${n}`, given: '', rank: (5 - Math.ceil(n / 2)) as Rank });
const team = (k: number): Team => ({ number: k, name: `T${k}`, boards: [{ round: 1, board: 1, player: id(2 * k - 1) }, { round: 1, board: 2, player: id(2 * k) }] });
const field = (teams: number, rounds: number): Tournament => ({
  name: 'Odd teams',
  settings: { system: 'swiss', rounds, ruleset: 'egf', teams: { boards: 2 } },
  players: Array.from({ length: 2 * teams }, (_, i) => player(i + 1)),
  byes: [],
  teams: Array.from({ length: teams }, (_, i) => team(i + 1)),
  games: [],
});

function drawn(t: Tournament, round: number): RoundPairing {
  const result = pairTeams(t, round);
  if (isPairingError(result)) throw new Error(result.message);
  expect(pairingProblems(t, result)).toEqual([]);
  return result;
}
/** The round drawn and played: White wins every board unless `blackWins` says otherwise. */
function played(t: Tournament, round: number, blackWins: (g: Game) => boolean = () => false): Tournament {
  const after = applyPairing(t, drawn(t, round));
  return { ...after, games: after.games.map((g) => (g.round === round ? { ...g, result: blackWins(g) ? 'black-wins' : 'white-wins' } : g)) };
}

describe('team bye: an odd number of teams', () => {
  it('round 1 of five teams: the weakest team has the bye, each of its boards a bye; the other four meet', () => {
    const p = drawn(field(5, 3), 1);
    expect(p.games).toHaveLength(4);
    // Team 5 (players 9, 10) is the lowest by team rank.
    expect([p.bye, ...(p.freeWins ?? [])]).toEqual([9, 10]);
    expect(p.report.find((r) => r.kind === 'bye')?.message).toMatch(/team 5 \(T5\)/);
    const after = applyPairing(field(5, 3), p);
    expect(after.byes).toEqual([{ round: 1, player: 9 }, { round: 1, player: 10 }]);
    expect(teamByes(after).map((b) => [b.round, b.team])).toEqual([[1, 5]]);
  });

  it('round 2: the lowest-placed team that has not had a bye yet', () => {
    // Round 1 (T5 bye): T1–T3 and T2–T4, the stronger player (the lower ID) winning every board: T1 and T2 win 2:0.
    const r1 = played(field(5, 3), 1, (g) => g.black < g.white);
    // T3 and T4 are last with 0 points and 0 board wins, SOS equal (1 each): T4, the weaker team, is the lowest.
    const p2 = drawn(r1, 2);
    expect(teamByes(applyPairing(r1, p2)).find((b) => b.round === 2)?.team).toBe(4);
    expect(p2.report.find((r) => r.kind === 'bye')?.message).toMatch(/team 4 \(T4\): has had no bye, the lowest-placed team/);
  });

  it('five teams over five rounds: every team plays or has the bye each round, one bye each, no match repeated', () => {
    let t = field(5, 5);
    for (let r = 1; r <= 5; r++) t = played(t, r, (g) => (g.white + g.black + r) % 3 === 0);
    const byes = teamByes(t);
    expect(byes.map((b) => b.team).sort()).toEqual([1, 2, 3, 4, 5]);
    const pairs = teamMatches(t).map((m) => [m.first, m.second].sort().join('-'));
    expect(new Set(pairs).size).toBe(pairs.length);
    for (let r = 1; r <= 5; r++) {
      const busy = [...teamMatches(t).filter((m) => m.round === r).flatMap((m) => [m.first, m.second]), ...byes.filter((b) => b.round === r).map((b) => b.team)];
      expect(busy.sort()).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('a team whose bye would leave the others unpairable is passed over; a second bye only when no one else can take it', () => {
    const g = (round: number, a: number, b: number): Game[] => [
      { round, table: 1, white: id(2 * a - 1), black: id(2 * b - 1), handicap: 0, result: 'white-wins' },
      { round, table: 2, white: id(2 * b), black: id(2 * a), handicap: 0, result: 'black-wins' },
    ];
    const byeOf = (round: number, k: number) => [{ round, player: id(2 * k - 1) }, { round, player: id(2 * k) }];
    // R1 T1–T4, T3–T5 (T2 bye); R2 T1–T5, T2–T3 (T4 bye); R3 T1–T2, T3–T4 (T5 bye). T1 and T3, the only teams
    // without a bye, have each met the three others: without either, the four left cannot all be paired anew.
    const t: Tournament = {
      ...field(5, 4),
      games: [...g(1, 1, 4), ...g(1, 3, 5), ...g(2, 1, 5), ...g(2, 2, 3), ...g(3, 1, 2), ...g(3, 3, 4)],
      byes: [...byeOf(1, 2), ...byeOf(2, 4), ...byeOf(3, 5)],
    };
    const p = drawn(t, 4);
    const after = applyPairing(t, p);
    const byeTeam = teamByes(after).find((b) => b.round === 4)!.team;
    expect([2, 4, 5]).toContain(byeTeam);
    expect(teamMatches({ ...after, games: after.games.map((x) => ({ ...x, result: 'white-wins' as const })) }).filter((m) => m.round === 4).map((m) => [m.first, m.second].sort()).find((m) => m.includes(1))).toEqual([1, 3]);
    const passed = p.report.filter((r) => r.kind === 'bye-passed-over').map((r) => r.message);
    expect(passed).toHaveLength(2);
    expect(passed.join('\n')).toMatch(/team 1 \(T1\)/);
    expect(passed.join('\n')).toMatch(/team 3 \(T3\)/);
    expect(p.report.find((r) => r.kind === 'second-bye')?.message).toMatch(new RegExp(`team ${byeTeam} \\(T${byeTeam}\\) gets a second bye`));
  });

  it('refuses nothing for an odd field any more; still refuses fewer than two teams', () => {
    expect(isPairingError(pairTeams(field(3, 2), 1))).toBe(false);
    const one = pairTeams(field(1, 2), 1);
    expect(isPairingError(one) && one.code).toBe('too-few-players');
  });
});

describe('team standings with a bye (EGF: a bye is a "default win due to the opponent Bye")', () => {
  it('the bye team scores a team win and one board win per board; no match; SOS adds its own start (0 in Swiss)', () => {
    const t = played(field(5, 3), 1);
    const s = teamStandings(t, { asOf: 1 });
    const bye = s.rows.find((r) => r.team.number === 5)!;
    expect([bye.pointsHalves / 2, bye.boardWinsHalves / 2, bye.matches, bye.byes, bye.sosHalves]).toEqual([1, 2, 0, 1, 0]);
  });

  it('under the opengotha ruleset, each board of the bye counts genNBW2ValueBye', () => {
    const base = played(field(5, 3), 1);
    const t: Tournament = {
      ...base,
      settings: { ...base.settings, ruleset: 'opengotha', opengotha: { mmsHalvesAbsent: 1, mmsHalvesBye: 1, nbwHalvesAbsent: 0, nbwHalvesBye: 1, roundDown: true } },
    };
    const bye = teamStandings(t, { asOf: 1 }).rows.find((r) => r.team.number === 5)!;
    expect([bye.pointsHalves / 2, bye.boardWinsHalves / 2]).toEqual([1, 1]);
  });

  it('a bye given to part of a lineup only is refused, naming the team, the round and the players', () => {
    const t = played(field(5, 3), 1);
    const partial: Tournament = { ...t, byes: t.byes.filter((b) => b.player !== 10) };
    expect(() => teamStandings(partial, { asOf: 1 })).toThrow(/team 5 \(T5\).*round 1.*10/);
  });
});
