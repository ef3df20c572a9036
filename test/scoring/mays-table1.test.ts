/**
 * Mays' worked example: "Example of the Need to Make Adjustments in a Tie-Break Calculation", Table 1
 * (seeds/mays-swiss-mcmahon-manual.txt). Tied Player 1 met opponents A–E and missed round 6; A and B left the
 * tournament after losing to him (A missed 5 rounds, B 4). Tied Player 2 met F–K.
 * Expected: Tied Player 1 adjusted SOS −26.5, normalised −31.8; Tied Player 2 −32; Player 1 ahead.
 * (The manual's prose says −26.1; its table is right.)
 */
import { formatFraction, fraction, toNumber } from '../../src/model/fraction';
import type { Game, Player, PlayerId, Tournament } from '../../src/model/tournament';
import type { Rank } from '../../src/model/rank';
import { validateTournament } from '../../src/model/validate';
import { explain } from '../../src/scoring/explain';
import { computeStandings } from '../../src/scoring/standings';

export function maysTable1(): { t: Tournament; ids: Record<string, PlayerId> } {
  const names = ['T1', 'T2', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'X', 'Y'];
  const ids: Record<string, PlayerId> = {};
  names.forEach((n, i) => (ids[n] = (i + 1) as PlayerId));
  const games: Game[] = [];
  const wins: Record<string, number> = {};
  const play = (round: number, winner: string, loser: string) => {
    games.push({ round, white: ids[winner], black: ids[loser], handicap: 0, result: 'white-wins' });
    wins[winner] = (wins[winner] ?? 0) + 1;
  };
  // Tied Player 1: beats A, B, C, D, E in rounds 1–5, misses round 6.
  ['A', 'B', 'C', 'D', 'E'].forEach((o, i) => play(i + 1, 'T1', o));
  // Tied Player 2: loses to F in round 1, beats G–K in rounds 2–6.
  play(1, 'F', 'T2');
  ['G', 'H', 'I', 'J', 'K'].forEach((o, i) => play(i + 2, 'T2', o));
  play(1, 'X', 'B'); // B's other game before he left
  const others = ['C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
  for (let r = 1; r <= 6; r++) {
    const busy = new Set(games.filter((g) => g.round === r).flatMap((g) => [g.white, g.black]));
    const free = others.filter((o) => !busy.has(ids[o]));
    if (free.length % 2) free.push('Y');
    for (let i = 0; i < free.length; i += 2) play(r, free[i], free[i + 1]);
  }
  // Final McMahon scores of Table 1 (unadjusted): A −8, B −8, C–E −5; F −7, G −6, H −5, I −5, J −5, K −4.
  const target: Record<string, number> = { A: -8, B: -8, C: -5, D: -5, E: -5, F: -7, G: -6, H: -5, I: -5, J: -5, K: -4, X: -10, Y: -10 };
  const absent: Record<string, number[]> = { T1: [6], A: [2, 3, 4, 5, 6], B: [3, 4, 5, 6], X: [2, 3, 4, 5, 6], Y: [1, 2, 6] };
  const players: Player[] = names.map((n) => ({
    id: ids[n],
    family: `Player ${n}`,
    given: '',
    rank: -10 as Rank,
    initialMms: n === 'T1' || n === 'T2' ? -8 : target[n] - (wins[n] ?? 0),
    absentRounds: absent[n],
  }));
  const t: Tournament = {
    name: 'Mays Table 1',
    settings: { system: 'mcmahon', rounds: 6, ruleset: 'aqjg' },
    players,
    games,
    byes: [],
  };
  return { t, ids };
}

describe('Mays, Table 1: adjusted and normalised SOS (aqjg)', () => {
  const { t, ids } = maysTable1();

  it('is a valid tournament', () => {
    expect(validateTournament(t)).toEqual([]);
  });

  it('Tied Player 1: unadjusted −31, adjusted −26.5, normalised −31.8', () => {
    const e = explain(t, ids.T1, 'sos');
    const opponents = e.rows.filter((r) => r.opponent !== undefined);
    expect(opponents.map((r) => r.unadjusted)).toEqual([-8, -8, -5, -5, -5]);
    expect(opponents.map((r) => r.value)).toEqual([-5.5, -6, -5, -5, -5]);
    expect(e.rows.find((r) => r.round === 6)?.value).toBeNull();
    expect(e.sumOfCounted).toBe(-26.5);
    expect(e.total).toEqual(fraction(-159, 5));
    expect(formatFraction(e.total)).toBe('-31.8');
  });

  it('Tied Player 2: −32, not normalised', () => {
    const e = explain(t, ids.T2, 'sos');
    expect(e.rows.map((r) => r.value)).toEqual([-7, -6, -5, -5, -5, -4]);
    expect(toNumber(e.total)).toBe(-32);
  });

  it('Tied Player 1 is placed ahead of Tied Player 2 in their section', () => {
    const s = computeStandings(t);
    const p1 = s.entries.find((e) => e.player.id === ids.T1)!;
    const p2 = s.entries.find((e) => e.player.id === ids.T2)!;
    expect(toNumber(p1.values.nbw)).toBe(5);
    expect(toNumber(p2.values.nbw)).toBe(5);
    expect(p1.place).toBe(1);
    expect(p2.place).toBe(2);
    expect(s.sectionWinners.get(p1.section)).toEqual([ids.T1]);
  });
});
