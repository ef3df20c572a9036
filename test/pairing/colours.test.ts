import { allocateColours, coloursOfRuleset, repeatedColourWords, type ColourHistory } from '../../src/pairing/colours';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { isPairingError } from '../../src/pairing/types';
import { player, tournament } from './fixtures';
import type { Meeting } from '../../src/pairing/history';
import type { PlayerId } from '../../src/model/tournament';
import { game, id, rank } from './fixtures';
import { generateTournament } from '../../src/check/generate';
import { measureDraw, stateBefore } from '../../src/check/measures';
import { buildHistory } from '../../src/pairing/history';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { pairOpenGotha } from '../../src/systems/opengotha/pair';

function history(balance: Record<number, number>, meetings: Meeting[] = []): ColourHistory {
  return {
    colourBalance: (p: PlayerId) => balance[p] ?? 0,
    meetings: (a: PlayerId, b: PlayerId) => meetings.filter((m) => (m.game.white === a && m.game.black === b) || (m.game.white === b && m.game.black === a)),
  };
}
const pl = (n: number, r: string) => ({ id: id(n), rank: rank(r) });

describe('colours of even games', () => {
  it('the lower ID (left column) takes White when balances are equal', () => {
    expect(allocateColours(pl(3, '2d'), pl(7, '2d'), history({}))).toMatchObject({ white: 3, black: 7, colourKnown: true, repeated: [] });
  });

  it('Mays: the player who had White more often is switched to Black, even one rank stronger', () => {
    const c = allocateColours(pl(1, '5d'), pl(2, '4d'), history({ 1: 2, 2: 0 }));
    expect(c).toMatchObject({ white: 2, black: 1 });
    expect(c.reason).toMatch(/switched/);
  });

  it('Mays balances only within one rank; EGF balances everyone', () => {
    expect(allocateColours(pl(1, '5d'), pl(2, '3d'), history({ 1: 2 })).white).toBe(1);
    expect(allocateColours(pl(1, '5d'), pl(2, '3d'), history({ 1: 2 }), { balanceWithinRanks: Infinity }).white).toBe(2);
  });

  it('a repeat meeting reverses the colours of the last one (EGF)', () => {
    const c = allocateColours(pl(1, '2d'), pl(2, '2d'), history({ 1: -1, 2: 1 }, [{ round: 1, game: game(1, 2, 1) }]));
    expect(c).toMatchObject({ white: 1, black: 2 });
    expect(c.reason).toMatch(/reversed/);
  });

  it('reports a colour repeated when both lean the same way', () => {
    const c = allocateColours(pl(1, '2d'), pl(2, '2d'), history({ 1: 1, 2: 1 }));
    expect(c.white).toBe(1);
    expect(c.repeated).toEqual([{ player: 1, colour: 'white', balance: 1, why: 'same-lean', opponentBalance: 1 }]);
  });

  it('nigiri: colour unknown', () => {
    expect(allocateColours(pl(1, '2d'), pl(2, '2d'), history({ 1: 3 }), { nigiri: true })).toMatchObject({ colourKnown: false, repeated: [] });
  });
});

describe('colours every ruleset asks for (issue 20)', () => {
  it('EGF, BGA, OpenGotha and Czech balance everyone; AQJG (Mays) within one rank', () => {
    for (const r of ['egf', 'bga', 'opengotha', 'czech'] as const) expect(coloursOfRuleset(r).balanceWithinRanks).toBe(Infinity);
    expect(coloursOfRuleset('aqjg').balanceWithinRanks).toBe(1);
    expect(coloursOfRuleset('egf', { balanceWithinRanks: 2 }).balanceWithinRanks).toBe(2);
  });

  it('the Kovács case: under EGF rules the 5d with three more Whites gets Black against a 3d who had one more Black', () => {
    // Kovács 5d (whites − blacks +3) against Tanaka 3d (−1): Mays' one-rank rule gave Kovács White, and the report
    // said "his opponent leans the same way".
    const kovacs = pl(1, '5d');
    const tanaka = pl(2, '3d');
    const egf = allocateColours(kovacs, tanaka, history({ 1: 3, 2: -1 }), coloursOfRuleset('egf'));
    expect(egf).toMatchObject({ white: 2, black: 1, repeated: [] });
    // Under Mays' rule the stronger keeps White, and the report says why — never that the opponent leans the same way.
    const mays = allocateColours(kovacs, tanaka, history({ 1: 3, 2: -1 }), coloursOfRuleset('aqjg'));
    expect(mays.white).toBe(1);
    expect(mays.repeated.map((r) => r.why)).toEqual(['ranks-apart', 'ranks-apart']);
    expect(mays.repeated.map((r) => repeatedColourWords(r, 1)).join(' ')).not.toMatch(/leans the same way|as often or more/);
  });

  it('the draw under EGF rules: the player with more Whites gets Black, and every colour line is true', () => {
    // Round 4 of an even EGF McMahon: 1 (5d) had White three times, 2 (3d) Black once more than White; they are the
    // only two players at their score.
    const players = [player(1, '5d', { family: 'Kovács' }), player(2, '3d', { family: 'Tanaka' }), player(3, '2k'), player(4, '2k'), player(5, '3k'), player(6, '3k')];
    const g = (round: number, white: number, black: number) => ({ round, white: id(white), black: id(black), handicap: 0, result: 'jigo' as const });
    const t = tournament(players, { ruleset: 'egf', handicap: { policy: 'none' }, rounds: 5 }, [
      g(1, 1, 3), g(1, 4, 2), g(1, 5, 6),
      g(2, 1, 4), g(2, 3, 5), g(2, 6, 2),
      g(3, 1, 5), g(3, 2, 6), g(3, 3, 4),
    ]);
    const p = pairOptimal(t, 4);
    if (isPairingError(p)) throw new Error(p.message);
    const game12 = p.games.find((x) => (x.white === 1 && x.black === 2) || (x.white === 2 && x.black === 1));
    expect(game12).toMatchObject({ white: 2, black: 1 });
    for (const line of p.report) {
      if (line.kind !== 'colour-repeated') continue;
      expect(line.message).not.toMatch(/leans the same way/);
    }
  });
});

describe('nobody sent three colours out of balance when the least total MMS difference allows (issue 20)', () => {
  // Generated EGF fields of 40 even-game players (as `npm run quality`'s comparison): in these rounds the draw of
  // least total sent a player three out before the tier "colour: three out" (priority 3) came right below it.
  it.each([
    [32, 3],
    [48, 5],
    [83, 5],
  ])('seed %i round %i: no even game of two players two out the same way, at no larger total than Mays and OpenGotha', (seed, round) => {
    const t = generateTournament({ players: 40, rounds: 5, seed, strongest: rank('5d'), weakest: rank('15k'), bar: rank('3d'), ruleset: 'egf', handicap: { policy: 'none' } });
    const before = stateBefore(t, round);
    const h = buildHistory(before, round);
    const p = pairOptimal(before, round);
    if (isPairingError(p)) throw new Error(p.message);
    const sentThreeOut = p.games.filter((g) => g.handicap === 0 && (h.colourBalance(g.white) >= 2 || h.colourBalance(g.black) <= -2));
    expect(sentThreeOut).toEqual([]);
    const total = measureDraw(h, p.games).totalGapHalves;
    for (const other of [pairMays(before, round), pairOpenGotha(before, round)]) {
      if (isPairingError(other)) throw new Error(other.message);
      expect(total).toBeLessThanOrEqual(measureDraw(h, other.games).totalGapHalves);
    }
  });
});
