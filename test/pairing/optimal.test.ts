/**
 * The `optimal` system: one lexicographic matching of the whole field, with Mays' rules as its priorities, the
 * director's controls, partial pairing and latecomers, and clear errors for impossible requests.
 */
import { applyPairing, pairingProblems } from '../../src/pairing/apply';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { admitLatecomer } from '../../src/pairing/numbering';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { deviationsOf, isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import type { HandicapSettings, Player, Tournament } from '../../src/model/tournament';
import { formatRank } from '../../src/model/rank';
import { decideHandicap } from '../../src/pairing/handicap';
import { buildHistory } from '../../src/pairing/history';
import { OptimalTiers } from '../../src/systems/mcmahon/optimalWeights';
import { seededRandom } from '../support/random';
import { game, id, jigos, pairsOf, player, rank, tournament, withResults } from './fixtures';

function paired(result: PairingResult): RoundPairing {
  if (isPairingError(result)) throw new Error(`unexpected pairing error: ${result.message}`);
  return result;
}

function section(from: number, to: number, r: string, extra: Partial<Player> = {}): Player[] {
  const out: Player[] = [];
  for (let n = from; n <= to; n++) out.push(player(n, r, extra));
  return out;
}

const sorted = (p: RoundPairing) => [...pairsOf(p.games)].sort((a, b) => parseInt(a) - parseInt(b));

describe('optimal: seeding inside a score group', () => {
  const t = tournament(section(1, 8, '3d'));

  it('slip (default): top half against bottom half, 1–5, 2–6, 3–7, 4–8, tables from the top', () => {
    const p = paired(pairOptimal(t, 1));
    expect(p.system).toBe('optimal');
    expect(pairsOf(p.games)).toEqual(['1–5', '2–6', '3–7', '4–8']);
    expect(p.games.map((g) => g.table)).toEqual([1, 2, 3, 4]);
    expect(pairingProblems(t, p)).toEqual([]);
    expect(p.report.filter((l) => l.kind === 'pair')).toHaveLength(4);
    expect(deviationsOf(p.report)).toEqual([]);
  });

  it('fold: first against last', () => {
    expect(sorted(paired(pairOptimal(t, 1, { seeding: 'fold' })))).toEqual(['1–8', '2–7', '3–6', '4–5']);
  });

  it('random: decided by the recorded seed, the same seed the same draw', () => {
    const a = paired(pairOptimal(t, 1, { seeding: 'random', seed: 7 }));
    expect(paired(pairOptimal(t, 1, { seeding: 'random', seed: 7 }))).toEqual(a);
    const draws = new Set([1, 2, 3, 4, 5, 6].map((seed) => sorted(paired(pairOptimal(t, 1, { seeding: 'random', seed }))).join(' ')));
    expect(draws.size).toBeGreaterThan(1);
  });

  it('an odd group: its weakest meets the strongest of the group below (Mays, "Player 9 … with Player 10")', () => {
    const t2 = tournament([...section(1, 9, '2d'), ...section(10, 18, '1d')]);
    const p = paired(pairOptimal(t2, 1));
    expect(pairsOf(p.games)).toEqual(['1–5', '2–6', '3–7', '4–8', '9–10', '11–15', '12–16', '13–17', '14–18']);
    const cross = deviationsOf(p.report, 'cross-group');
    expect(cross).toHaveLength(1);
    expect(cross[0]).toMatchObject({ players: [9, 10], table: 5 });
    expect(cross[0].message).toMatch(/odd number/);
  });
});

describe('optimal: priorities never trade', () => {
  // Two score groups of two, each pair of the same club. Pairing across the groups avoids both same-club pairs at a
  // cost of 2 × 2 half points of score difference. If geography's weight could overlap the score difference (say,
  // club = 1000 per pair), the cross pairs would win; strictly ordered, the score difference wins.
  const players = [
    player(1, '3d', { club: 'Paris', initialMms: 1 }),
    player(2, '3d', { club: 'Paris', initialMms: 1 }),
    player(3, '3d', { club: 'Lyon', initialMms: 0 }),
    player(4, '3d', { club: 'Lyon', initialMms: 0 }),
  ];
  const t = tournament(players, { handicap: { policy: 'none' } });

  it.each([undefined, 150])('same MMS before same club (maxSpread %p)', (maxSpread) => {
    const p = paired(pairOptimal(t, 1, { avoid: { club: 100 }, maxSpread }));
    expect(sorted(p)).toEqual(['1–2', '3–4']);
    expect(deviationsOf(p.report, 'same-club')).toHaveLength(2);
    expect(deviationsOf(p.report, 'cross-group')).toHaveLength(0);
  });

  it('a weight spread too small for one priority: refused with the RangeError\'s message, never traded', () => {
    const r = pairOptimal(t, 1, { avoid: { club: 100 }, maxSpread: 40 });
    expect(isPairingError(r) && r.code).toBe('no-pairing');
    expect(isPairingError(r) && r.message).toMatch(/tier "geography" cannot be weighed exactly/);
  });

  it('same club avoided when the score difference allows it', () => {
    const flat = tournament(
      [player(1, '3d', { club: 'Paris' }), player(2, '3d', { club: 'Paris' }), player(3, '3d', { club: 'Lyon' }), player(4, '3d', { club: 'Lyon' })],
      { handicap: { policy: 'none' } },
    );
    const p = paired(pairOptimal(flat, 1));
    expect(sorted(p)).toEqual(['1–3', '2–4']);
    expect(deviationsOf(p.report, 'same-club')).toHaveLength(0);
  });

  it('geography chooses inside the halves (Mays\' switch), not against them', () => {
    const field = tournament([
      player(1, '3d', { city: 'Montréal' }),
      player(2, '3d'),
      player(3, '3d', { city: 'Montréal' }),
      player(4, '3d'),
    ]);
    // Slip would give 1–3, 2–4; 1 and 3 share a city, so 1–4, 2–3 (still top half against bottom half).
    expect(sorted(paired(pairOptimal(field, 1)))).toEqual(['1–4', '2–3']);
  });
});

describe('optimal: repeats, byes and impossible requests', () => {
  it('never repeats a game (slip 1–3, 2–4 was played: 1–4, 2–3 keeps top half against bottom half)', () => {
    const t = tournament(section(1, 4, '3d'), {}, jigos(1, [[1, 3], [2, 4]]));
    const p = paired(pairOptimal(t, 2));
    expect(sorted(p)).toEqual(['1–4', '2–3']);
  });

  it('everyone has met everyone: a clear error, no pairing', () => {
    const t = tournament(section(1, 4, '3d'), {}, [...jigos(1, [[1, 2], [3, 4]]), ...jigos(2, [[1, 3], [2, 4]]), ...jigos(3, [[1, 4], [2, 3]])]);
    const r = pairOptimal(t, 4);
    expect(isPairingError(r) && r.code).toBe('no-pairing');
    expect(isPairingError(r) && r.message).toMatch(/already met everyone/);
  });

  it('allowRepeats: as few repeats as possible, reported', () => {
    const t = tournament(section(1, 4, '3d'), {}, [...jigos(1, [[1, 2], [3, 4]]), ...jigos(2, [[1, 3], [2, 4]]), ...jigos(3, [[1, 4], [2, 3]])]);
    const p = paired(pairOptimal(t, 4, { allowRepeats: true }));
    expect(deviationsOf(p.report, 'repeat')).toHaveLength(2);
    // The repeat meeting reverses the colours of the last one.
    for (const g of p.games) {
      const last = t.games.find((x) => (x.white === g.white && x.black === g.black) || (x.white === g.black && x.black === g.white))!;
      expect(g.white).toBe(last.black);
    }
  });

  it('contradictory forced pairs: a clear error', () => {
    const t = tournament(section(1, 4, '3d'));
    const r = pairOptimal(t, 1, { forcedPairs: [[id(1), id(2)], [id(2), id(3)]] });
    expect(isPairingError(r) && r.code).toBe('contradictory-controls');
    expect(isPairingError(r) && r.message).toMatch(/two forced pairs/);
    const r2 = pairOptimal(t, 1, { forcedPairs: [[id(1), id(2)]], forbiddenPairs: [[id(2), id(1)]] });
    expect(isPairingError(r2) && r2.code).toBe('contradictory-controls');
  });

  it('the bye goes to the weakest without a bye who lost most; never a second bye while avoidable', () => {
    const t = tournament(section(1, 5, '3d'), {}, [game(1, 1, 3), game(1, 2, 4)], [{ round: 1, player: id(5) }]);
    const p = paired(pairOptimal(t, 2));
    expect(p.bye).toBe(4);
    expect(p.report[0]).toMatchObject({ kind: 'bye', player: 4 });
    expect(deviationsOf(p.report, 'second-bye')).toEqual([]);
  });
});

describe('optimal: a second bye only when no one else can take it', () => {
  it('both players without a bye are passed over, and why; the second bye is reported', () => {
    // 2, 3 and 4 had byes. 1 has met 2, 3, 4 and 5 has met 2, 3, 4: without 1 (or without 5) the others cannot pair.
    const games = [game(1, 1, 2), game(1, 3, 5), game(2, 1, 3), game(2, 4, 5), game(3, 1, 4), game(3, 2, 5)];
    const byes = [
      { round: 1, player: id(4) },
      { round: 2, player: id(2) },
      { round: 3, player: id(3) },
    ];
    const t = tournament(section(1, 5, '3d'), {}, games, byes);
    const p = paired(pairOptimal(t, 4));
    expect([2, 3, 4]).toContain(p.bye);
    expect(deviationsOf(p.report, 'second-bye')).toHaveLength(1);
    expect(deviationsOf(p.report, 'bye-passed-over').map((d) => d.players[0]).sort()).toEqual([1, 5]);
    expect(pairsOf(p.games)).toContain('1–5');
    expect(pairingProblems(t, p)).toEqual([]);
  });
});

describe('optimal: Swiss pairs by number of wins (and so does Mays)', () => {
  // Ranks would split the field under McMahon; in Swiss only wins count.
  const players = [player(1, '5d'), player(2, '1k'), player(3, '5d'), player(4, '1k')];
  const t = withResults(tournament(players, { system: 'swiss', ruleset: 'egf', handicap: { policy: 'none' } }, [game(1, 1, 2), game(1, 3, 4)]), 1, (w) =>
    w === 1 ? 'black' : 'white',
  );
  // After round 1: 2 and 3 have one win, 1 and 4 none.
  it.each([
    ['optimal', pairOptimal],
    ['mays', pairMays],
  ] as const)('%s', (_, pair) => {
    const p = paired(pair(t, 2));
    expect(sorted(p)).toEqual(['1–4', '2–3']);
    const line = p.report.find((l) => l.kind === 'pair')!;
    expect(line.message).toMatch(/wins 1/);
  });
});

describe('optimal: director controls', () => {
  const t = tournament(section(1, 8, '3d'));

  it('forced pairs and pinned tables', () => {
    const p = paired(pairOptimal(t, 1, { forcedPairs: [[id(1), id(2)]], pinnedTables: [{ players: [id(7), id(8)], table: 1 }] }));
    expect(pairingProblems(t, p)).toEqual([]);
    expect(p.games[0]).toMatchObject({ table: 1 });
    expect(pairsOf([p.games[0]])).toEqual(['7–8']);
    expect(pairsOf(p.games)).toContain('1–2');
    expect(deviationsOf(p.report, 'forced')).toHaveLength(2);
  });

  it('a pinned table out of range or taken twice: a clear error', () => {
    const r = pairOptimal(t, 1, { pinnedTables: [{ players: [id(7), id(8)], table: 9 }] });
    expect(isPairingError(r) && r.code).toBe('contradictory-controls');
    const r2 = pairOptimal(t, 1, { pinnedTables: [{ players: [id(7), id(8)], table: 2 }, { players: [id(1), id(2)], table: 2 }] });
    expect(isPairingError(r2) && r2.code).toBe('contradictory-controls');
  });

  it('forbidden pairs are never made', () => {
    const p = paired(pairOptimal(t, 1, { forbiddenPairs: [[id(1), id(5)]] }));
    expect(pairsOf(p.games)).not.toContain('1–5');
  });

  it('part of the field now (Mays, "Pairings for Round 2"), the rest later, announced pairs untouched', () => {
    // Round 1: 1–5, 2–6, 3–7, 4–8; the bottom games (3–7, 4–8) finish first.
    let u: Tournament = applyPairing(t, paired(pairOptimal(t, 1)));
    u = { ...u, games: u.games.map((g) => (g.table! >= 3 ? { ...g, result: g.white < g.black ? 'black-wins' : 'white-wins' } : g)) };
    // 7 and 8 won (MMS 3), 3 and 4 lost (MMS 2); 1, 2, 5, 6 still playing (scores unknown, never chosen).
    const bottom = paired(pairOptimal(u, 2, { scoreBelow: 2.5 }));
    expect(pairsOf(bottom.games)).toEqual(['3–4']);
    expect(bottom.games[0].table).toBe(4);
    expect(bottom.pending).toEqual([1, 2, 5, 6, 7, 8]);
    expect(deviationsOf(bottom.report, 'pending')).toHaveLength(1);
    u = applyPairing(u, bottom);
    u = { ...u, games: u.games.map((g) => (g.round === 1 && g.result === 'unknown' ? { ...g, result: 'white-wins' } : g)) };
    const rest = paired(pairOptimal(u, 2));
    expect(rest.pending).toBeUndefined();
    expect(rest.games.map((g) => g.table)).toEqual([1, 2, 3]);
    const all = applyPairing(u, rest);
    expect(all.games.filter((g) => g.round === 2)).toHaveLength(4);
    expect(all.games.find((g) => g.round === 2 && g.table === 4)).toMatchObject({ white: 3, black: 4 });
  });

  it('a latecomer is paired without disturbing announced pairs: the bye is withdrawn to meet him', () => {
    const odd = tournament(section(1, 7, '3d'));
    const r1 = paired(pairOptimal(odd, 1));
    expect(r1.bye).toBe(7);
    const announced = applyPairing(odd, r1);
    const { tournament: late, id: newcomer } = admitLatecomer(announced, { family: 'Late', given: '', rank: player(1, '3d').rank }, 1);
    const p = paired(pairOptimal(late, 1));
    expect(p.games).toHaveLength(1);
    expect(pairsOf(p.games)).toEqual([`7–${newcomer}`]);
    expect(p.games[0].table).toBe(4);
    expect(p.bye).toBeNull();
    expect(deviationsOf(p.report, 'bye-passed-over')[0].message).toMatch(/withdrawn/);
    expect(p.withdrawnBye).toBe(7);
    expect(pairingProblems(late, p)).toEqual([]);
    const after = applyPairing(late, p);
    expect(after.byes.filter((b) => b.round === 1)).toEqual([]);
    expect(after.games.filter((g) => g.round === 1)).toHaveLength(4);
  });

  it('the players free now while one game runs: two free players are held back for its two players, who have met (issue 25)', () => {
    // Round 1: 1–5, 2–6, 3–7, 4–8; every game over but 4–8. Pairing the six free players alone would leave 4 and 8,
    // who have just met, to play each other again: two of the free players wait with them for the rest.
    let u: Tournament = applyPairing(t, paired(pairOptimal(t, 1)));
    u = { ...u, games: u.games.map((g) => (g.table! <= 3 ? { ...g, result: 'white-wins' } : g)) };
    const free = [1, 2, 3, 5, 6, 7].map(id);
    const now = paired(pairOptimal(u, 2, { only: free }));
    expect(now.games).toHaveLength(2);
    expect(now.pending).toHaveLength(4);
    expect(now.pending).toEqual(expect.arrayContaining([id(4), id(8)]));
    const held = now.pending!.filter((p) => p !== id(4) && p !== id(8));
    expect(deviationsOf(now.report, 'pending')[0].message).toMatch(new RegExp(`Held back though free now: ${held[0]} \\(Player ${held[0]}\\), ${held[1]} \\(Player ${held[1]}\\), to play 4 \\(Player 4\\) and 8 \\(Player 8\\), who have met$`));
    expect(pairingProblems(u, now)).toEqual([]);
    // The rest, once 4–8 is over: the four left are paired without a repeat.
    u = applyPairing(u, now);
    u = { ...u, games: u.games.map((g) => (g.round === 1 && g.result === 'unknown' ? { ...g, result: 'white-wins' } : g)) };
    const rest = paired(pairOptimal(u, 2));
    expect(rest.games).toHaveLength(2);
    expect(pairsOf(rest.games)).not.toContain('4–8');
    expect(pairingProblems(u, rest)).toEqual([]);
  });

  it('pairing part of the field: players absent or already at a table are refused by name', () => {
    const absent = tournament([...section(1, 3, '3d'), player(4, '3d', { absentRounds: [1] })]);
    const r = pairOptimal(absent, 1, { only: [id(3), id(4)] });
    expect(isPairingError(r) && r.code).toBe('unknown-player');
    expect(isPairingError(r) && r.message).toMatch(/4 \(Player 4\) is marked absent/);
    const announced = applyPairing(t, paired(pairOptimal(t, 1, { only: [id(7), id(8)] })));
    const again = pairOptimal(announced, 1, { only: [id(8), id(1)] });
    expect(isPairingError(again) && again.code).toBe('contradictory-controls');
    expect(isPairingError(again) && again.message).toMatch(/already paired/);
  });

  it('a player already at an announced table cannot be forced again', () => {
    const announced = applyPairing(t, paired(pairOptimal(t, 1)));
    const withLate = admitLatecomer(announced, { family: 'Late', given: '', rank: player(1, '3d').rank }, 1).tournament;
    const r = pairOptimal(withLate, 1, { forcedPairs: [[id(1), id(9)]] });
    expect(isPairingError(r) && r.code).toBe('contradictory-controls');
  });
});

describe('optimal: the report', () => {
  it('every pair with its score difference, handicap and colours; cross-group pairs explained', () => {
    const t = tournament([...section(1, 3, '3d'), ...section(4, 5, '1d')], { handicap: { policy: 'rank-difference-minus-1' } });
    const p = paired(pairOptimal(t, 1, { forcedPairs: [] }));
    const pairLines = p.report.filter((l) => l.kind === 'pair');
    expect(pairLines).toHaveLength(2);
    const bye = p.report.find((l) => l.kind === 'bye');
    expect(bye).toMatchObject({ player: 5 });
    for (const l of pairLines) {
      if (l.kind !== 'pair') continue;
      expect(l.scoreDifferenceHalves).toBe(Math.abs(l.whiteScoreHalves - l.blackScoreHalves));
      expect(l.colours).toMatch(/./);
    }
    const cross = deviationsOf(p.report, 'cross-group');
    expect(cross).toHaveLength(1);
    expect(p.games.find((g) => g.handicap > 0)).toMatchObject({ white: 3, black: 4, handicap: 1 });
  });
});

describe('optimal: the handicap tier is decideHandicap', () => {
  it('for every policy, rank and score', () => {
    const policies: HandicapSettings[] = [
      { policy: 'none' },
      { policy: 'rank-difference' },
      { policy: 'rank-difference-minus-1' },
      { policy: 'rank-difference-minus-2', evenAtOrAbove: rank('14k') },
      { policy: 'mms-difference-minus-1', ceiling: 3 },
      { policy: 'mms-difference', evenAtOrAbove: rank('2d') },
    ];
    const random = seededRandom(5);
    const players = Array.from({ length: 30 }, (_, i) => player(i + 1, formatRank((5 - Math.floor(random() * 30)) as never), { initialMms: Math.floor(random() * 20) / 2 - 3 }));
    const t = tournament(players);
    const h = buildHistory(t, 1);
    for (const settings of policies) {
      const tiers = new OptimalTiers(h, h.present, { handicap: settings });
      for (let i = 0; i < tiers.size; i++) {
        for (let j = i + 1; j < tiers.size; j++) {
          const [a, b] = [h.player(tiers.ids[i]), h.player(tiers.ids[j])];
          const expected = decideHandicap({ id: a.id, rank: a.rank, scoreHalves: h.scoreHalves(a.id) }, { id: b.id, rank: b.rank, scoreHalves: h.scoreHalves(b.id) }, settings).handicap;
          expect([settings.policy, a.id, b.id, tiers.handicap(i, j)]).toEqual([settings.policy, a.id, b.id, expected]);
        }
      }
    }
  });
});
