import { buildHistory, formatHalves } from '../../src/pairing/history';
import { describePlayer } from '../../src/model/validate';
import { game, id, player, tournament } from './fixtures';

describe('the pairing cards: history before a round', () => {
  const t = tournament(
    [player(1, '3d', { section: 'A' }), player(2, '3d', { section: 'A' }), player(3, '3d', { section: 'A', absentRounds: [1] }), player(4, '3d', { section: 'A', absentRounds: [3] })],
    { sections: [{ name: 'A', initialMms: 0 }] },
    [game(1, 1, 2), game(2, 3, 1, 'jigo'), game(2, 2, 4, 'black-wins')],
    [{ round: 1, player: id(4) }],
  );
  const h = buildHistory(t, 3);

  it("names each player as describePlayer does, however often and in whatever order asked (issue 28: made once a history)", () => {
    for (const n of [3, 1, 4, 2, 1, 3, 99, 4]) {
      const p = t.players.find((x) => x.id === n);
      expect(h.describe(id(n))).toBe(p ? describePlayer(p) : String(n));
    }
  });

  it('current McMahon scores (aqjg: ½ per missed round), meetings, colours, byes, losses', () => {
    expect(h.present).toEqual([1, 2, 3]);
    expect([1, 2, 3, 4].map((n) => h.scoreHalves(id(n)))).toEqual([3, 0, 2, 4]);
    expect(h.meetings(id(2), id(1)).map((m) => m.round)).toEqual([1]);
    expect(h.meetings(id(1), id(4))).toEqual([]);
    expect([1, 2, 3, 4].map((n) => h.colourBalance(id(n)))).toEqual([0, 0, 1, -1]);
    expect([1, 2, 3, 4].map((n) => h.byes(id(n)))).toEqual([0, 0, 0, 1]);
    expect([1, 2, 3, 4].map((n) => h.losses(id(n)))).toEqual([0, 2, 0, 0]);
  });

  it('writes half points as a director does', () => {
    expect([0, 1, 2, 3, -1, -3, -4].map(formatHalves)).toEqual(['0', '½', '1', '1½', '−½', '−1½', '−2']);
  });
});
