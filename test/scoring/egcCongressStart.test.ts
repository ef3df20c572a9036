/**
 * The European Go Congress McMahon's start (seeds/egc-championship-rules.txt, "Top Bar and Supergroup", "Entry or
 * Leaving"): the top bar, the supergroup, PKO players and late entries, on small constructed fields.
 */
import { formatRank } from '../../src/model/rank';
import type { Player } from '../../src/model/tournament';
import { egcCongressStart } from '../../src/scoring/egcCongressStart';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { player, tournament } from '../pairing/fixtures';

/** `count` players of each rank, numbered from `first`, with `extra` fields. */
function field(spec: readonly (readonly [string, number, Partial<Player>?])[], first = 1): Player[] {
  const out: Player[] = [];
  let n = first;
  for (const [r, count, extra] of spec) for (let i = 0; i < count; i++) out.push(player(n++, r, { country: 'FR', ...extra }));
  return out;
}

const egc = (players: readonly Player[]) => tournament(players, { rounds: 10, ruleset: 'egf', egc: true });
const initial = (players: readonly Player[], id: number) => {
  const t = egc(players);
  const sb = buildScoreboard(t, { asOf: 0 });
  return sb.initialHalves[sb.players.findIndex((p) => p.id === id)] / 2;
};

describe('EGC congress McMahon: the top bar', () => {
  it('is the smallest rank 4d or above with at most 67 players entering round 1 above it', () => {
    // 65 at 5d and above: the bar is 5d; 4d would put 95 above it.
    const players = field([['7d', 5], ['6d', 20], ['5d', 40], ['4d', 30], ['3d', 20]]);
    expect(formatRank(egcCongressStart(egc(players)).bar)).toBe('5d');
    // Three more 5d make 68 > 67: the bar goes up to 6d.
    const more = [...players, ...field([['5d', 3]], 200)];
    expect(formatRank(egcCongressStart(egc(more)).bar)).toBe('6d');
  });

  it('counts PKO players but not late entries ("entering for round 1")', () => {
    const players = field([['7d', 5], ['6d', 20], ['5d', 40], ['4d', 30]]);
    const late = [...players, ...field([['5d', 3, { absentRounds: [1, 2] }]], 200)];
    expect(formatRank(egcCongressStart(egc(late)).bar)).toBe('5d');
    const pko = [...players, ...field([['5d', 3, { pko: true }]], 200)];
    expect(formatRank(egcCongressStart(egc(pko)).bar)).toBe('6d');
  });

  it('counts "plus the number of such players already qualified for the league" from the file (leagueQualified)', () => {
    // 68 at 5d and above puts the bar at 6d; three of them already qualified for the league make the limit 70 at 5d.
    const players = [...field([['7d', 5], ['6d', 20], ['5d', 40], ['4d', 30]]), ...field([['5d', 3]], 200)];
    expect(formatRank(egcCongressStart(egc(players)).bar)).toBe('6d');
    const qualified = players.map((p) => (p.id >= 200 ? { ...p, leagueQualified: true } : p));
    const start = egcCongressStart(egc(qualified));
    expect(formatRank(start.bar)).toBe('5d');
    expect(start.notes.join()).toMatch(/68 players above it \(at most 70\)/);
    // A qualified player below the bar considered does not raise its limit: 3 qualified 3d leave the bar at 6d.
    const below = [...players, ...field([['3d', 3, { leagueQualified: true }]], 300)];
    expect(formatRank(egcCongressStart(egc(below)).bar)).toBe('6d');
  });

  it('is 4d at the least, however few players are strong', () => {
    expect(formatRank(egcCongressStart(egc(field([['2d', 10], ['1k', 10]]))).bar)).toBe('4d');
  });

  it('a bar the director wrote is used, and the notes say the rule gives another', () => {
    const players = field([['7d', 5], ['6d', 20], ['5d', 40], ['4d', 30]]);
    const t = { ...egc(players), settings: { ...egc(players).settings, bar: player(1, '6d').rank } };
    const start = egcCongressStart(t);
    expect(formatRank(start.usedBar)).toBe('6d');
    expect(formatRank(start.computedBar)).toBe('5d');
    expect(start.notes.join()).toMatch(/director's bar 6d is used, not the rule's 5d/);
  });
});

describe('EGC congress McMahon: the supergroup', () => {
  // 5 × 7d, 5 × 6d, 10 × 5d who play all 10 rounds; 10 × 5d who sleep a round (the top bar group); 4d below.
  const base = [
    ...field([['7d', 5], ['6d', 5], ['5d', 10]]),
    ...field([['5d', 10, { absentRounds: [5] }]], 21),
    ...field([['4d', 10]], 31),
  ];

  it('starts 1 point above the bar when the top bar group has at least 8 players', () => {
    const start = egcCongressStart(egc(base));
    expect(formatRank(start.bar)).toBe('4d'); // 40 players at 4d and above
    expect(start.supergroupPoints).toBe(1);
    // 4d is 3 above 1d (MMS 0): the supergroup starts at 4, the top bar group at 3.
    expect(initial(base, 1)).toBe(4);
    expect(initial(base, 21)).toBe(3);
    expect(initial(base, 31)).toBe(4); // a 4d playing all rounds is above the 4d bar: supergroup
  });

  it('equals the top bar group when that would have fewer than 8 players', () => {
    const few = base.map((p) => (p.id >= 21 && p.id <= 27 ? { ...p, absentRounds: undefined } : p));
    const start = egcCongressStart(egc(few));
    expect(start.topBarGroup).toHaveLength(3);
    expect(start.supergroupPoints).toBe(0);
    expect(start.notes.join()).toMatch(/equals the supergroup/);
    expect(initial(few, 1)).toBe(3);
    expect(initial(few, 28)).toBe(3);
  });

  it('holds the PKO players, whatever their rank, from the highest McMahon score', () => {
    const withPko = [...base, ...field([['3d', 2, { pko: true }]], 100)];
    expect(initial(withPko, 100)).toBe(4);
    expect(initial(withPko, 1)).toBe(4);
  });

  it('does not hold late entries (absent in round 1): they start at the bar', () => {
    const withLate = [...base, ...field([['7d', 1, { absentRounds: [1] }]], 100)];
    expect(egcCongressStart(egc(withLate)).supergroup).not.toContain(100);
    expect(initial(withLate, 100)).toBe(3);
    expect(initial(withLate, 1)).toBe(4);
  });

  it('a declared player who misses a round later keeps his start (declaredAllRounds); a late entry never joins', () => {
    const missing = base.map((p) => (p.id === 1 ? { ...p, absentRounds: [7] } : p));
    expect(initial(missing, 1)).toBe(3); // read from the absence alone: not declared, at the bar
    const declared = base.map((p) => (p.id === 1 ? { ...p, absentRounds: [7], declaredAllRounds: true } : p));
    expect(initial(declared, 1)).toBe(4);
    const lateDeclared = [...base, ...field([['7d', 1, { absentRounds: [1], declaredAllRounds: true }]], 100)];
    expect(initial(lateDeclared, 100)).toBe(3);
  });
});
