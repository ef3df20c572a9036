import { allocateColours, type ColourHistory } from '../../src/pairing/colours';
import type { Meeting } from '../../src/pairing/history';
import type { PlayerId } from '../../src/model/tournament';
import { game, id, rank } from './fixtures';

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
    expect(c.repeated).toEqual([{ player: 1, colour: 'white', balance: 1 }]);
  });

  it('nigiri: colour unknown', () => {
    expect(allocateColours(pl(1, '2d'), pl(2, '2d'), history({ 1: 3 }), { nigiri: true })).toMatchObject({ colourKnown: false, repeated: [] });
  });
});
