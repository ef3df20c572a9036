/**
 * The Czech order of a round-robin table (seeds/czech-round-robin-and-series-rules.cs.txt): each rule A1–A4 and
 * B1–B6 on a small round-robin built so that exactly that rule decides.
 */
import fc from 'fast-check';
import type { Game, GameResult, Player, PlayerId, Tournament } from '../../src/model/tournament';
import { czechStandings } from '../../src/scoring/czechOrder';
import { explainCzech } from '../../src/scoring/czechExplain';
import { compareCyclePlacings } from '../../src/scoring/beatenPlacings';
import { czechGames, lastDecidedGame } from '../../src/scoring/czechGames';
import { buildScoreboard } from '../../src/scoring/scoreboard';

const id = (n: number) => n as PlayerId;

/**
 * A round-robin from its games written "1>2" (1 beat 2), "1=2" (jigo); each game its own round, in the order given,
 * so the round order (cycles, the last game) is the order written.
 */
export function rr(n: number, written: readonly string[], players?: readonly number[]): Tournament {
  const games: Game[] = written.map((w, i) => {
    const m = /^(\d+)([>=<])(\d+)$/.exec(w)!;
    const result: GameResult = m[2] === '>' ? 'white-wins' : m[2] === '<' ? 'black-wins' : 'jigo';
    return { round: i + 1, white: id(Number(m[1])), black: id(Number(m[3])), result, handicap: 0 };
  });
  const ids = players ?? Array.from({ length: n }, (_, i) => i + 1);
  return {
    name: 'RR',
    settings: { system: 'round-robin', rounds: games.length, ruleset: 'czech' },
    players: ids.map((k): Player => ({ id: id(k), family: `P${k}`, given: 'X', rank: 0 as Player['rank'] })),
    games,
    byes: [],
  };
}

const order = (t: Tournament) => czechStandings(t).entries.map((e) => e.player.id);
const places = (t: Tournament) => czechStandings(t).entries.map((e) => `${e.player.id}:${e.place}`);
const step = (t: Tournament, a: number, b: number) => czechStandings(t).separatedBy(id(a), id(b))?.step;

describe('A. Jednokolový turnaj (single round-robin)', () => {
  it('A1 Body: points decide; 1 a win, ½ a jigo', () => {
    const t = rr(3, ['1>2', '1=3', '3>2']);
    const s = czechStandings(t);
    expect(s.entries.map((e) => [e.player.id, e.points])).toEqual([[1, 1.5], [3, 1.5], [2, 0]]);
    expect(step(t, 1, 2)).toBe('points');
  });

  it('A2 two tied players: their own game decides', () => {
    // 1 and 2 have 2 points each; 1 beat 2.
    const t = rr(4, ['1>2', '3>1', '1>4', '2>3', '2>4', '4>3']);
    expect(order(t).slice(0, 2)).toEqual([1, 2]);
    expect(step(t, 1, 2)).toBe('head-to-head');
  });

  it('A2 three tied players: the table of their mutual games orders them, Sonneborn is not computed', () => {
    // 1, 2, 3 on 2 points; among them 1 scored 2, 2 scored 1, 3 scored 0. By Sonneborn 3 (4) would tie 1 (4).
    const t = rr(5, ['1>2', '1>3', '2>3', '4>1', '5>1', '2>4', '5>2', '3>4', '3>5', '5>4']);
    expect(order(t)).toEqual([5, 1, 2, 3, 4]);
    expect(step(t, 1, 3)).toBe('head-to-head');
    expect(step(t, 2, 3)).toBe('head-to-head');
    const s = czechStandings(t);
    expect(s.separatedBy(id(1), id(3))!.among).toEqual([1, 2, 3]);
  });

  it('A3 three tied players, a cycle among them: Sonneborn; two equal on it are separated by their own game', () => {
    // 1>2>3>1; Sonneborn 1: 2+1 = 3, 2: 2+3 = 5, 3: 2+1 = 3; 3 beat 1.
    const t = rr(5, ['1>2', '2>3', '3>1', '1>4', '5>1', '4>2', '2>5', '3>4', '5>3', '5>4']);
    expect(order(t)).toEqual([5, 2, 3, 1, 4]);
    expect(step(t, 2, 1)).toBe('sonneborn');
    expect(step(t, 3, 1)).toBe('own-game');
    expect(czechStandings(t).entries.find((e) => e.player.id === 2)!.sonneborn).toBe(5);
  });

  it('A3 Sonneborn counts only the players one beat: a jigo adds nothing ("součet bodů, které získali ti, které hráč porazil")', () => {
    const t = rr(3, ['1=2', '1>3', '2>3']);
    const s = czechStandings(t);
    expect(s.entries.find((e) => e.player.id === 1)!.sonneborn).toBe(0);
  });
  it('A4 three tied players, equal Sonneborn: the lower sum of the placings of the players one beat', () => {
    // 1>2>4>1 on 3 points each, Sonneborn 6½ each. Places after A1–A3: 1, 2, 4 share 1; 3 is 4th (beat the 3-point
    // 2 and 4, Sonneborn 6 against 5's 4); 5 is 5th, 6 is 6th. Beaten: 1 → 2, 3, 6 = 1 + 4 + 6 = 11;
    // 2 → 4, 5, 6 = 1 + 5 + 6 = 12; 4 → 1, 5, 6 = 12; 2 and 4 are then separated by their own game (2 beat 4).
    const t = rr(6, ['1>2', '1>3', '1<4', '1<5', '1>6', '2<3', '2>4', '2>5', '2>6', '3>4', '3=5', '3<6', '4>5', '4>6', '5>6']);
    const s = czechStandings(t);
    expect(order(t)).toEqual([1, 2, 4, 3, 5, 6]);
    expect(s.entries.slice(0, 3).map((e) => [e.sonneborn, e.beatenPlacings])).toEqual([[6.5, 11], [6.5, 12], [6.5, 12]]);
    expect(step(t, 1, 2)).toBe('beaten-placings');
    expect(step(t, 1, 4)).toBe('beaten-placings');
    expect(step(t, 2, 4)).toBe('own-game');
  });
});

describe('B. Dvou a vícekolový turnaj (two or more cycles)', () => {
  it('B1 points over all cycles; the cycles are counted from how often each pair met', () => {
    const t = rr(3, ['1>2', '1>3', '2>3', '2>1', '3>1', '2>3']);
    const s = czechStandings(t);
    expect(s.cycles).toBe(2);
    expect(s.entries.map((e) => [e.player.id, e.points])).toEqual([[2, 3], [1, 2], [3, 1]]);
    expect(step(t, 1, 3)).toBe('points');
  });

  it('B2 head-to-head over all cycles: three tied on 2½, the table of their mutual games orders them', () => {
    const t = rr(4, ['1=2', '1>3', '1>4', '2<3', '2>4', '3=4', '2>1', '3>1', '4>1', '3<2', '4<2', '4>3']);
    const s = czechStandings(t);
    expect(s.entries.filter((e) => e.points === 2.5).map((e) => e.player.id)).toEqual([4, 1, 3]);
    expect(step(t, 4, 1)).toBe('head-to-head');
    expect(step(t, 1, 3)).toBe('head-to-head');
  });

  it('B3 head-to-head level (1:1): Sonneborn over all cycles', () => {
    // 1 and 3 on 4 points, 1:1 between them; Sonneborn 3: 1 (4) + 2 (3) + 1 … against 1's lower sum.
    const t = rr(4, ['1<2', '1>3', '1>4', '2<3', '2>4', '3>4', '2<1', '3>1', '4<1', '3>2', '4<2', '4>3']);
    const s = czechStandings(t);
    const [three, one] = s.entries.filter((e) => e.points === 4);
    expect([three.player.id, one.player.id]).toEqual([3, 1]);
    expect(three.sonneborn).toBeGreaterThan(one.sonneborn);
    expect(step(t, 3, 1)).toBe('sonneborn');
  });

  it('B4 equal Sonneborn: the placings in the cycles, each cycle ordered by rule A (1 + 3 before 2 + 2 style)', () => {
    // 1 and 2 on 2 points, 1:1, Sonneborn 5 each. Cycle 1: 4, 2, 1, 3; cycle 2: 4, 3, 1, 2 → 1: 3 + 3, 2: 2 + 4.
    const t = rr(4, ['1<2', '1>3', '1<4', '2>3', '2<4', '3>4', '2<1', '3>1', '4>1', '3>2', '4>2', '4>3']);
    const s = czechStandings(t);
    const byId = (n: number) => s.entries.find((e) => e.player.id === n)!;
    expect([byId(1).sonneborn, byId(2).sonneborn]).toEqual([5, 5]);
    expect([byId(1).cyclePlaces, byId(2).cyclePlaces]).toEqual([[3, 3], [2, 4]]);
    expect(order(t)).toEqual([4, 3, 2, 1]);
    expect(step(t, 2, 1)).toBe('cycle-placings');
  });

  it('B4 a) b) c): lower sum; 1 + 3 before 2 + 2; 3 + 1 before 1 + 3', () => {
    expect(compareCyclePlacings([1, 2], [2, 2])).toBeLessThan(0);
    expect(compareCyclePlacings([1, 3], [2, 2])).toBeLessThan(0);
    expect(compareCyclePlacings([3, 1], [1, 3])).toBeLessThan(0);
    expect(compareCyclePlacings([2, 2], [2, 2])).toBe(0);
  });

  it('the last-game rule on its own: the last decided game between two players (1:1, 1½:1½; not 0.5:0.5, not two jigos)', () => {
    // 1 won round 1, 2 won round 2, round 3 a jigo: 1½ : 1½ — the last game was drawn, the one before decides.
    const g = czechGames(buildScoreboard(rr(2, ['1>2', '2>1', '1=2'])));
    expect(lastDecidedGame(g, 0, 1)?.round).toBe(2);
    expect(lastDecidedGame(g, 0, 1)?.won).toBe(false);
    expect(lastDecidedGame(czechGames(buildScoreboard(rr(2, ['1=2', '2=1']))), 0, 1)).toBeUndefined();
    expect(lastDecidedGame(czechGames(buildScoreboard(rr(2, ['1=2']))), 0, 1)).toBeUndefined();
  });

  it('last game: three cycles, 1½ : 1½ and equal on B2–B6 — the winner of the last decided game between them', () => {
    // Cycle 1: 1>2, 3>1, 2>3 (all share place 1); cycle 2: 1=2, 3>1, 3>2 (1 and 2 share 2); cycle 3: 2>1, 1>3, 3>2
    // (all share 1). 1 and 2: 2½ points, 1½ : 1½, Sonneborn 6½, cycle places 1 + 2 + 1, B5 3, B6 2; round 7: 2 won.
    const t = rr(3, ['1>2', '1<3', '2>3', '2=1', '3>1', '3>2', '1<2', '1>3', '2<3']);
    const s = czechStandings(t);
    expect(s.cycles).toBe(3);
    expect(order(t)).toEqual([3, 2, 1]);
    const [two, one] = s.entries.slice(1);
    expect([two.sonneborn, two.cyclePlaces, two.beatenPlacings, two.cycleBeatenPlacings]).toEqual([6.5, [1, 2, 1], 3, 2]);
    expect([one.sonneborn, one.cyclePlaces, one.beatenPlacings, one.cycleBeatenPlacings]).toEqual([6.5, [1, 2, 1], 3, 2]);
    expect(step(t, 2, 1)).toBe('last-game');
  });

  it('B5 equal placings in the cycles: the total sum of the placings of the beaten players, as in A4', () => {
    const t = rr(5, ['1<2', '1<3', '1>4', '1>5', '2>3', '2>4', '2>5', '3<4', '3>5', '4>5', '2>1', '3<1', '4<1', '5>1', '3<2', '4<2', '5<2', '4<3', '5<3', '5>4']);
    const s = czechStandings(t);
    const tied = s.entries.filter((e) => e.points === 4);
    expect(tied.map((e) => e.player.id)).toEqual([3, 1]);
    expect(tied[0].cyclePlaces).toEqual(tied[1].cyclePlaces);
    expect(tied[0].beatenPlacings).toBeLessThan(tied[1].beatenPlacings);
    expect(step(t, 3, 1)).toBe('beaten-placings');
  });

  it('B6 equal on B1–B5: the placings of the beaten players per cycle, summed over the cycles', () => {
    // 1 = a, 2 = b, 3 = X, 4 = Y, 5 = P, 6 = Q. In each cycle a and b draw, X and Y draw, P beats Q and stands above
    // him before A4, so A4 puts the one of X and Y who beat P above the other. Cycle 1: a beats X (3rd), b beats Y
    // (4th); cycle 2 the other way round, and Y is 3rd. Overall a and b beat the same players (X, Y, P twice): equal
    // points, Sonneborn, cycle places (1 + 1) and B5 sum — but per cycle a beat the 3rd and 5th twice (16), b the 4th
    // and 5th twice (18). Their own games are two jigos, so nothing after B6 could separate them.
    const cycle1 = ['1=2', '3=4', '1>3', '2>4', '3>5', '4>6', '5>6', '4>1', '3>2', '6>3', '5>4', '1>5', '2>5', '6=1', '6=2'];
    const cycle2 = ['1=2', '3=4', '1>4', '2>3', '4>5', '3>6', '5>6', '3>1', '4>2', '6>4', '5>3', '1>5', '2>5', '6=1', '6=2'];
    const t = rr(6, [...cycle1, ...cycle2]);
    const s = czechStandings(t);
    expect(s.cycles).toBe(2);
    expect(places(t)).toEqual(['1:1', '2:2', '4:3', '3:4', '5:5', '6:6']);
    const [a, b] = s.entries;
    expect([a.points, a.sonneborn, a.cyclePlaces, a.beatenPlacings]).toEqual([b.points, b.sonneborn, b.cyclePlaces, b.beatenPlacings]);
    expect([a.cycleBeatenPlacings, b.cycleBeatenPlacings]).toEqual([16, 18]);
    expect(step(t, 1, 2)).toBe('cycle-beaten-placings');
    // X and Y: 3 + 4 against 4 + 3, the improving trend (B4 c).
    expect(step(t, 3, 4)).toBe('cycle-placings');
  });
});

describe('explain', () => {
  it('names the criterion and the numbers behind it for each tied player', () => {
    const t = rr(5, ['1>2', '2>3', '3>1', '1>4', '5>1', '4>2', '2>5', '3>4', '5>3', '5>4']);
    const e = explainCzech(czechStandings(t), id(3));
    expect(e.against.map((a) => [a.opponent.id, a.step])).toEqual([
      [2, 'sonneborn'],
      [1, 'own-game'],
    ]);
    const vs2 = e.against[0];
    expect(vs2.lines.join('\n')).toMatch(/Sonneborn/);
  });
});

describe('property: the order does not depend on the order of players in the file', () => {
  it('any permutation of the players gives the same places', () => {
    const results = ['>', '<', '='];
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(fc.integer({ min: 0, max: 2 }), { minLength: (n * (n - 1)) / 2, maxLength: (n * (n - 1)) / 2 }),
            fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i + 1), { minLength: n, maxLength: n }),
            fc.boolean(),
          ),
        ),
        ([n, codes, permutation, double]) => {
          const written: string[] = [];
          let k = 0;
          for (let a = 1; a <= n; a++) for (let b = a + 1; b <= n; b++) written.push(`${a}${results[codes[k++]]}${b}`);
          const all = double ? [...written, ...written.map((w) => w.replace(/^(\d+)(.)(\d+)$/, '$3$2$1'))] : written;
          const base = places(rr(n, all));
          expect(places(rr(n, all, permutation))).toEqual(base);
        },
      ),
      { numRuns: 200 },
    );
  });
});
