/**
 * The team sheets of an odd number of teams: `Team matches` lists each round's bye team under its matches, with its
 * boards; `Team standings` has a Byes column.
 */
import type { Rank } from '../../src/model/rank';
import type { Player, PlayerId, Team, Tournament } from '../../src/model/tournament';
import { applyPairing } from '../../src/pairing/apply';
import { pairTeams } from '../../src/systems/teams/teamDraw';
import { isPairingError } from '../../src/pairing/types';
import { teamMatchesCells, teamStandingsCells } from '../../src/workbook/sheets/teamSheets';

const id = (n: number) => n as PlayerId;
const player = (n: number): Player => ({ id: id(n), family: `P${n}`, given: 'X', rank: (5 - Math.ceil(n / 2)) as Rank });
const team = (k: number): Team => ({ number: k, name: `T${k}`, boards: [{ round: 1, board: 1, player: id(2 * k - 1) }, { round: 1, board: 2, player: id(2 * k) }] });

function twoRounds(): Tournament {
  let t: Tournament = {
    name: 'Five teams',
    settings: { system: 'swiss', rounds: 3, ruleset: 'egf', teams: { boards: 2 } },
    players: Array.from({ length: 10 }, (_, i) => player(i + 1)),
    byes: [],
    teams: [1, 2, 3, 4, 5].map(team),
    games: [],
  };
  for (let r = 1; r <= 2; r++) {
    const p = pairTeams(t, r);
    if (isPairingError(p)) throw new Error(p.message);
    const after = applyPairing(t, p);
    t = { ...after, games: after.games.map((g) => (g.round === r ? { ...g, result: g.white < g.black ? 'white-wins' : 'black-wins' } : g)) };
  }
  return t;
}

describe('team sheets with a team bye', () => {
  const t = twoRounds();

  it('Team matches: after each round’s matches, the bye team and its boards, each with the bye', () => {
    const cells = teamMatchesCells(t);
    const heading = cells.findIndex((r) => r[0] === 'Round 1, bye: 5 T5');
    expect(heading).toBeGreaterThan(0);
    expect(cells.slice(heading + 1, heading + 3)).toEqual([
      [1, null, '9 P9, X', null, 'Bye'],
      [2, null, '10 P10, X', null, 'Bye'],
    ]);
    // After the round's two matches, before round 2.
    const round2 = cells.findIndex((r) => String(r[0]).startsWith('Round 2, match 1'));
    expect(heading).toBeLessThan(round2);
    expect(cells.filter((r) => /^Round \d, bye: /.test(String(r[0])))).toHaveLength(2);
  });

  it('Team standings: a Byes column; the bye team counts a win', () => {
    const cells = teamStandingsCells(t);
    expect(cells[2]).toEqual(['Place', 'Team', 'Name', 'Matches', 'Byes', 'Points', 'Board wins', 'SOS']);
    const t5 = cells.slice(3).find((r) => r[1] === 5)!;
    expect(t5[3]).toBe(1);
    expect(t5[4]).toBe(1);
    expect(cells.slice(3).reduce((s, r) => s + Number(r[4]), 0)).toBe(2);
  });

  it('a workbook of the event shows the bye on its Team matches sheet and reads back as the same tournament', async () => {
    const { MemoryWorkbook } = await import('../../src/workbook/adapters/memory');
    const { importBatch, readTournament } = await import('../../src/workbook/session');
    const { writeTournamentJson } = await import('../../src/formats/json');
    const { TEAM_MATCHES_SHEET } = await import('../../src/workbook/sheets/teamSheets');
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(t, { time: '2026-06-07T09:00:00Z' }));
    const sheet = await wb.readSheet(TEAM_MATCHES_SHEET);
    expect((sheet ?? []).some((r) => r[0] === 'Round 2, bye: 4 T4')).toBe(true);
    const read = await readTournament(wb);
    if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
    expect(writeTournamentJson(read.value)).toBe(writeTournamentJson(t));
  });
});
