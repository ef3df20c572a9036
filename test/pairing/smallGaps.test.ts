/**
 * Issue 20: the default `optimal` draw takes, among the draws of least total MMS difference, the one with the smallest
 * gaps — the smallest largest gap, then the fewest games 2+ apart, then the least squares: a cascade of one-group
 * floats, never a leap; nobody drawn up (or down) in two rounds running when avoidable; the report names the priority
 * that decided each cross-group pair. Why this order and not the count first: README, "The default draw's priorities".
 */
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { pairOpenGotha } from '../../src/systems/opengotha/pair';
import { buildHistory } from '../../src/pairing/history';
import { deviationsOf, isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import { generateTournament } from '../../src/check/generate';
import { measureDraw, stateBefore } from '../../src/check/measures';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { lexicographicPerfectMatching } from '../../src/pairing/matching';
import { OptimalTiers } from '../../src/systems/mcmahon/optimalWeights';
import { compareDraws } from '../../src/check/crossCheck';
import { countFirstGaps, exchangeWords, gapExchange, gapsOf } from '../../src/check/gapExchanges';
import { game, pairsOf, player, rank, tournament } from './fixtures';

function paired(result: PairingResult): RoundPairing {
  if (isPairingError(result)) throw new Error(`unexpected pairing error: ${result.message}`);
  return result;
}

const gapsInPoints = (t: Tournament, round: number, p: RoundPairing) => {
  const h = buildHistory(stateBefore(t, round), round);
  return p.games.map((g) => Math.abs(h.scoreHalves(g.white) - h.scoreHalves(g.black)) / 2);
};

describe('small gaps first', () => {
  it('the Nowak case: the odd 3d group floats one group down in a cascade, not a leap of three to the 1k', () => {
    // EGF McMahon, bar 3d: 5d, 4d, 3d start at MMS 2 (an odd group of three), two 2d at 1, two 1d at 0, one 1k at −1.
    // A leap 3d–1k (gap 3) and the cascade 2→1, 1→0, 0→−1 (three gaps of 1) have the same total MMS difference, 3;
    // the old draw took the leap (fewest players out of their group), a director would not sign it.
    const t = tournament(
      [player(1, '5d'), player(2, '4d'), player(3, '3d', { family: 'Nowak' }), player(4, '2d'), player(5, '2d'), player(6, '1d'), player(7, '1d'), player(8, '1k', { family: 'Novák' })],
      { ruleset: 'egf', bar: rank('3d'), floor: rank('20k'), handicap: { policy: 'none' }, rounds: 5 },
    );
    const p = paired(pairOptimal(t, 1));
    const gaps = gapsInPoints(t, 1, p);
    expect(gaps.reduce((a, b) => a + b, 0)).toBe(3);
    expect(Math.max(...gaps)).toBe(1);
    expect(pairsOf(p.games)).not.toContain('3–8');
    const lines = deviationsOf(p.report, 'cross-group');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l.decidedBy).toBe('score difference');
    expect(lines[0].message).toMatch(/decided by priority 2 of 15, score difference/);
  });

  it('nobody is drawn up in two rounds running when a draw of the same total avoids it', () => {
    // Round 1: 4 (MMS 0, alone at his level after a jigo-free round) was drawn up against 3. Round 2: the groups make
    // one more float from MMS 1 to MMS 0 necessary; 4 or 5 could take it — 5, who was not drawn up before.
    const players = [player(1, '2d'), player(2, '2d'), player(3, '2d'), player(4, '1d'), player(5, '1d'), player(6, '1d'), player(7, '1k'), player(8, '1k')];
    const t = tournament(players, { ruleset: 'egf', bar: rank('3d'), handicap: { policy: 'none' }, rounds: 5 }, [
      game(1, 3, 4, 'black-wins'), // 4 drawn up (MMS 0 against MMS 1) and wins: MMS 1
      game(1, 1, 2),
      game(1, 5, 6, 'white-wins'),
      game(1, 7, 8),
    ]);
    const p = paired(pairOptimal(t, 2));
    const h = buildHistory(stateBefore(t, 2), 2);
    for (const g of p.games) {
      const [hi, lo] = h.scoreHalves(g.white) > h.scoreHalves(g.black) ? [g.white, g.black] : [g.black, g.white];
      if (h.scoreHalves(hi) !== h.scoreHalves(lo)) expect(lo).not.toBe(4);
    }
  });
});

/** Every perfect matching of `n` vertices without a repeat (the field is small), each scored by `cost` (summed, or the
 * largest for the components listed in `largest`). */
function bruteForce(
  n: number,
  allowed: (i: number, j: number) => boolean,
  cost: (i: number, j: number) => readonly number[],
  largest: readonly number[] = [],
): number[] | null {
  let best: number[] | null = null;
  const mate = new Int32Array(n).fill(-1);
  const totals: number[] = [];
  const walk = (acc: number[]) => {
    let i = 0;
    while (i < n && mate[i] >= 0) i++;
    if (i === n) {
      if (best === null || compare(acc, best) < 0) best = [...acc];
      return;
    }
    for (let j = i + 1; j < n; j++) {
      if (mate[j] >= 0 || !allowed(i, j)) continue;
      mate[i] = j;
      mate[j] = i;
      const c = cost(i, j);
      walk(acc.map((x, k) => (largest.includes(k) ? Math.max(x, c[k]) : x + c[k])));
      mate[i] = -1;
      mate[j] = -1;
    }
  };
  walk(totals.length ? totals : cost(0, 1).map(() => 0));
  return best;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] - b[k];
  return 0;
}

describe('brute force on fields of up to 12 players', () => {
  it('the draw has the least total MMS difference, then the fewest sent three colours out, the smallest largest gap, the fewest gaps of 2+, the least squares', () => {
    let rounds = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const size = 7 + (seed % 6); // 7 to 12 players: an odd field's bye is the draw's own, the rest are brute-forced
      const t = generateTournament({ players: size, rounds: 4, seed, absence: 0, strongest: rank('3d'), weakest: rank('10k') });
      for (let round = 1; round <= 4; round++) {
        const before = stateBefore(t, round);
        const h = buildHistory(before, round);
        const p = paired(pairOptimal(before, round));
        const ids = p.games.flatMap((g) => [g.white, g.black]) as PlayerId[];
        const tiers = new OptimalTiers(h, ids, { handicap: { policy: 'none' }, balanceWithinRanks: Number.POSITIVE_INFINITY });
        const allowed = (i: number, j: number) => tiers.meetings(i, j) === 0;
        // Sent three out: an even game of two players two or more out of balance the same way (the EGF balances
        // everyone), counted here from the balances alone, not from the tier.
        const threeOut = (i: number, j: number) => (tiers.balance[i] >= 2 && tiers.balance[j] >= 2) || (tiers.balance[i] <= -2 && tiers.balance[j] <= -2) ? 1 : 0;
        const best = bruteForce(
          tiers.size,
          allowed,
          (i, j) => {
            const d = Math.abs(tiers.score[i] - tiers.score[j]);
            return [d, threeOut(i, j), d, d >= 4 ? 1 : 0, d * d];
          },
          [2],
        );
        const drawn = measureDraw(h, p.games);
        const index = new Map(ids.map((id, i) => [id, i]));
        const drawnThreeOut = p.games.reduce((n, g) => n + threeOut(index.get(g.white)!, index.get(g.black)!), 0);
        expect([drawn.totalGapHalves, drawnThreeOut, drawn.largestGapHalves, drawn.largeGaps, drawn.squaredGapHalves]).toEqual(best);
        rounds++;
      }
    }
    expect(rounds).toBe(32);
  });

  it('the matcher agrees with the brute force on (total, largest, gaps of 2+, squares) for the same tiers', () => {
    const t = generateTournament({ players: 12, rounds: 3, seed: 11, absence: 0 });
    const h = buildHistory(stateBefore(t, 3), 3);
    const tiers = new OptimalTiers(h, t.players.map((p) => p.id), { handicap: { policy: 'none' } });
    const allowed = (i: number, j: number) => tiers.meetings(i, j) === 0;
    const names = ['score difference', 'largest gap', 'gaps of 2+', 'large gaps'];
    const all = tiers.tiers().filter((c) => names.includes(c.name));
    expect(all.map((c) => c.name)).toEqual(names);
    const solved = lexicographicPerfectMatching(tiers.size, allowed, all);
    if (solved.status !== 'optimal') throw new Error('no pairing');
    const best = bruteForce(tiers.size, allowed, (i, j) => all.map((c) => c.cost(i, j)), [1]);
    expect([...solved.totals]).toEqual(best);
  });
});

describe('against Mays and OpenGotha from the same states (a small sample; npm run quality runs more)', () => {
  it('no larger total, and the largest gap never larger than both; no more gaps of 2+ than Mays', () => {
    let compared = 0;
    for (const seed of [3, 5]) {
      const t = generateTournament({ players: 40, rounds: 4, seed, strongest: rank('5d'), weakest: rank('15k'), bar: rank('3d'), handicap: { policy: 'none' } });
      for (let round = 1; round <= 4; round++) {
        const before = stateBefore(t, round);
        const h = buildHistory(before, round);
        const mays = paired(pairMays(before, round));
        const og = paired(pairOpenGotha(before, round));
        // The same bye as the other system: the bye rule is its own, the draw is what is compared.
        const ours = (bye: PlayerId | null) => measureDraw(h, paired(pairOptimal(before, round, bye === null ? {} : { bye })).games);
        const [m, o] = [measureDraw(h, mays.games), measureDraw(h, og.games)];
        const [vsM, vsO] = [ours(mays.bye), ours(og.bye)];
        expect(vsM.totalGapHalves).toBeLessThanOrEqual(m.totalGapHalves);
        expect(vsO.totalGapHalves).toBeLessThanOrEqual(o.totalGapHalves);
        expect(vsM.largeGaps).toBeLessThanOrEqual(m.largeGaps);
        expect(Math.min(vsM.largestGapHalves, vsO.largestGapHalves)).toBeLessThanOrEqual(Math.max(m.largestGapHalves, o.largestGapHalves));
        compared++;
      }
    }
    expect(compared).toBe(8);
  });
});

describe('the largest gap, then the fewest gaps of 2+, before the squares (issue 20, part 2)', () => {
  // States drawn by OpenGotha (so they do not depend on the draw under test): in these two rounds least squares alone
  // traded one gap of 3 and one of 1 for two gaps of 2 (more players two groups away), at the same largest gap as
  // OpenGotha's draw and the same total.
  it.each([
    [18, 5],
    [29, 4],
  ])('seed %i round %i: no more gaps of 2+ than OpenGotha, no larger largest gap, no larger total', (seed, round) => {
    const t = generateTournament({ players: 40, rounds: 5, seed, strongest: rank('5d'), weakest: rank('15k'), bar: rank('3d'), ruleset: 'egf', handicap: { policy: 'none' }, draw: 'opengotha' });
    const before = stateBefore(t, round);
    const h = buildHistory(before, round);
    const og = paired(pairOpenGotha(before, round));
    const o = measureDraw(h, og.games);
    const ours = measureDraw(h, paired(pairOptimal(before, round, og.bye === null ? {} : { bye: og.bye })).games);
    expect(ours.totalGapHalves).toBeLessThanOrEqual(o.totalGapHalves);
    expect(ours.largestGapHalves).toBeLessThanOrEqual(o.largestGapHalves);
    expect(ours.largeGaps).toBeLessThanOrEqual(o.largeGaps);
  });
});

describe('no order of the gap priorities can follow both Mays and OpenGotha: they take both sides of one exchange (issue 20)', () => {
  // Two draws of the same total MMS difference can differ by an exchange of gaps of the same sum: {2, 2} against
  // {1, 3} — one game fewer two points apart, bought with a leap of three. The count-first order (least total, then the
  // fewest gaps of 2+) makes the exchange, the default order (least total, then the largest gap) does not. In the first
  // state of each pair OpenGotha makes it (so "no more gaps of 2+ than OpenGotha" asks for the leap); in the second,
  // where the count-first order would make it, both Mays and OpenGotha refuse it (so "a largest gap never larger than
  // both" forbids the leap). No order that judges a draw by its gaps can meet both; the default draw keeps the smaller
  // leap in both, as both programs do in most such rounds (npm run quality counts them). States drawn by OpenGotha, so
  // they do not depend on the draw under test.
  const from = (seed: number, round: number) => {
    const t = generateTournament({ players: 40, rounds: 5, seed, strongest: rank('5d'), weakest: rank('15k'), bar: rank('3d'), ruleset: 'egf', handicap: { policy: 'none' }, draw: 'opengotha' });
    const before = stateBefore(t, round);
    const h = buildHistory(before, round);
    const og = paired(pairOpenGotha(before, round));
    const mays = paired(pairMays(before, round));
    const ours = paired(pairOptimal(before, round, og.bye === null ? {} : { bye: og.bye }));
    const gaps = gapsOf(h, ours.games);
    const total = (g: readonly number[]) => g.reduce((a, b) => a + b, 0);
    return { h, og, mays, ours, gaps, total, countFirst: countFirstGaps(h, ours.games.flatMap((g) => [g.white, g.black])) };
  };
  it.each([
    ['{2, 2} against {1, 3}', [36, 2], [2, 3]],
    ['{2, 3} against {1, 4}', [99, 4], [7, 3]],
  ] as const)('%s: OpenGotha makes the exchange in one state and refuses it in another; the default draw refuses it in both', (words, [s1, r1], [s2, r2]) => {
    const made = from(s1, r1);
    const ogGaps = gapsOf(made.h, made.og.games);
    expect(made.total(ogGaps)).toBe(made.total(made.gaps)); // like for like: the same total MMS difference
    expect(exchangeWords(gapExchange(made.gaps, ogGaps))).toBe(words);
    const refused = from(s2, r2);
    expect(exchangeWords(gapExchange(refused.gaps, refused.countFirst!))).toBe(words); // the count-first order would make it
    expect(exchangeWords(gapExchange(refused.gaps, gapsOf(refused.h, refused.og.games)))).toBe('{} against {}');
    expect(exchangeWords(gapExchange(refused.gaps, gapsOf(refused.h, refused.mays.games)))).toBe('{} against {}');
  });

  it('the report says which priority kept the smaller leap: avoiding the pair would cost a larger gap', () => {
    // Seed 36 round 2: OpenGotha saved a game two points apart by a leap of three; the default draw's pair 36–38 (gap 2).
    const { ours } = from(36, 2);
    const line = deviationsOf(ours.report, 'cross-group').find((l) => l.players.includes(36 as PlayerId) && l.players.includes(38 as PlayerId));
    expect(line?.decidedBy).toBe('largest gap');
    expect(line?.message).toMatch(/avoiding it would cost a larger gap \(1 more than the largest of this draw\); decided by priority 4 of 15, largest gap$/);
  });

  it('npm run quality names the exchange the other draw made, at the same total, apart from rounds of a larger total', () => {
    // Generated field 12 (drawn by the default draw), round 4: OpenGotha 3 games 2+ apart (largest 4), optimal 4 (largest 3).
    const c = compareDraws(1, 12);
    expect(c.largerTotal).toBe(0);
    expect(c.moreLargeGaps.opengotha.sameTotal).toBe(1);
    expect(c.fewerLargeGapsByExchange).toEqual([expect.objectContaining({ seed: 12, round: 4, system: 'opengotha', sameSide: 1 })]);
    expect(exchangeWords(c.fewerLargeGapsByExchange[0].exchange)).toBe('{2, 3} against {1, 4}');
    expect(c.largestGapAboveBoth).toEqual({ sameTotal: 0, largerTotal: 0 });
  });
});

describe('the 29-player EGF event (tengen generate --players 29 --seed 20 --ranks 20k-5d --bar 3d --ruleset egf), rounds 1–3', () => {
  // The shape of the event in issue 20: 29 players 5d–20k, bar 3d, even games, drawn by the default draw. Every gap of
  // 2+ is one no draw of the same total and no larger leap avoids, and the report names the priority that kept it.
  const t = generateTournament({ players: 29, rounds: 5, seed: 20, strongest: rank('5d'), weakest: rank('20k'), bar: rank('3d'), ruleset: 'egf' });
  it.each([1, 2, 3])('round %i', (round) => {
    const before = stateBefore(t, round);
    const h = buildHistory(before, round);
    const p = paired(pairOptimal(before, round));
    const mays = paired(pairMays(before, round));
    const og = paired(pairOpenGotha(before, round));
    const [ours, m, o] = [p, mays, og].map((d) => measureDraw(h, d.games));
    // As the two other programs, or better: no larger total, no larger leap, no more games 2+ apart (same bye here).
    for (const other of [m, o]) {
      expect(ours.totalGapHalves).toBeLessThanOrEqual(other.totalGapHalves);
      expect(ours.largestGapHalves).toBeLessThanOrEqual(other.largestGapHalves);
      expect(ours.largeGaps).toBeLessThanOrEqual(other.largeGaps);
    }
    // The count-first order finds no draw with fewer gaps of 2+ at the same total either.
    const countFirst = countFirstGaps(h, p.games.flatMap((g) => [g.white, g.black]))!;
    expect(countFirst.filter((g) => g >= 4).length).toBe(ours.largeGaps);
    const lines = deviationsOf(p.report, 'cross-group');
    let unchecked = 0;
    for (const g of p.games) {
      const gap = Math.abs(h.scoreHalves(g.white) - h.scoreHalves(g.black));
      if (gap < 4) continue;
      const line = lines.find((l) => l.players.includes(g.white) && l.players.includes(g.black));
      expect(line?.message).toMatch(/a gap of \d/);
      if (/not re-checked/.test(line!.message)) {
        // The report re-draws the field for two pairs a round: beyond them a line claims no deciding priority.
        expect(line?.decidedBy).toBeUndefined();
        expect(line?.message).toMatch(/; decided by priority \d+ of 15, [a-z 2+]+, or by one down to priority \d+ of 15, [a-z 2+]+ \(not re-checked\)$/);
        unchecked++;
      } else expect(['score difference', 'largest gap', 'gaps of 2+']).toContain(line?.decidedBy);
    }
    if (round === 3) expect(unchecked).toBeGreaterThan(0);
  });
});
