import { describeControls, forbidPair, forcePair, giveBye, NO_CONTROLS, parsePair, swapPlayers, toDirectorControls } from '../../taskpane/pairingControls';
import { id } from '../pairing/fixtures';
import type { RoundPairing } from '../../src/pairing/types';

const preview: RoundPairing = {
  round: 1,
  system: 'mays',
  games: [
    { table: 1, white: id(1), black: id(3), handicap: 0, colourKnown: true },
    { table: 2, white: id(2), black: id(4), handicap: 0, colourKnown: true },
  ],
  bye: id(5),
  report: [],
};

describe('director controls on a previewed pairing', () => {
  it('parses pairs and refuses anything else', () => {
    expect(parsePair('3-7')).toEqual([3, 7]);
    expect(parsePair(' 3 vs 7 ')).toEqual([3, 7]);
    expect(parsePair('3/7')).toEqual([3, 7]);
    expect(parsePair('3')).toMatch(/not a pair/);
    expect(parsePair('4-4')).toMatch(/himself/);
  });

  it('swaps two players: each takes the other one’s opponent', () => {
    const c = swapPlayers(NO_CONTROLS, preview, id(3), id(4));
    expect(c).toEqual({ forcedPairs: [[3, 2], [4, 1]], forbiddenPairs: [] });
  });

  it('swaps a player with the bye', () => {
    const c = swapPlayers(NO_CONTROLS, preview, id(5), id(4));
    expect(c).toEqual({ forcedPairs: [[5, 2]], forbiddenPairs: [], bye: 4 });
  });

  it('refuses a swap of two opponents or of a player not in the preview', () => {
    expect(swapPlayers(NO_CONTROLS, preview, id(1), id(3))).toMatch(/already play each other/);
    expect(swapPlayers(NO_CONTROLS, preview, id(1), id(9))).toMatch(/player 9 is not in the previewed pairing/);
  });

  it('keeps one forced pair per player, and a pair forced or forbidden, not both', () => {
    let c = forcePair(NO_CONTROLS, [id(1), id(2)]);
    c = forcePair(c, [id(2), id(3)]);
    expect(c.forcedPairs).toEqual([[2, 3]]);
    c = forbidPair(c, [id(3), id(2)]);
    expect(c.forcedPairs).toEqual([]);
    expect(c.forbiddenPairs).toEqual([[3, 2]]);
    c = giveBye(c, id(5));
    expect(describeControls(c)).toBe('forbidden 3–2; bye to 5');
    expect(toDirectorControls(c)).toEqual({ forbiddenPairs: [[3, 2]], bye: 5 });
    expect(toDirectorControls(NO_CONTROLS)).toEqual({});
  });
});
