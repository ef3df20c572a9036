import { admitLatecomer, nextFreeId, numberByStrength, orderByStrength } from '../../src/pairing/numbering';
import { sectionForRank } from '../../src/systems/mcmahon/sections';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { game, id, player, rank, tournament } from './fixtures';

describe('numbering by strength (Mays, "Ordering the Players by Strength and Numbering Them")', () => {
  // Six 6-dans as in Mays' example, plus others: last year's winner (rated highest), two solid, two weak, one unknown.
  const players = [
    player(11, '2k'),
    player(12, '6d', { family: 'Weak A', rating: 2520 }),
    player(13, '6d', { family: 'Unknown' }),
    player(14, '6d', { family: 'Solid A', rating: 2590 }),
    player(15, '6d', { family: 'Winner', rating: 2640 }),
    player(16, '6d', { family: 'Weak B', rating: 2510 }),
    player(17, '6d', { family: 'Solid B', rating: 2580 }),
    player(18, '5d', { rating: 2700 }),
  ];

  it('rank first, then rating, the unknown player last of his rank', () => {
    expect(orderByStrength(players).map((p) => p.family)).toEqual([
      'Winner',
      'Solid A',
      'Solid B',
      'Weak A',
      'Weak B',
      'Unknown',
      'Player 18',
      'Player 11',
    ]);
  });

  it("then the director's order, which alone decides a rank when ratings are set aside", () => {
    const director = [id(17), id(14), id(15)];
    const withRatings = orderByStrength(players, { directorOrder: director }).map((p) => p.id);
    expect(withRatings.slice(0, 3)).toEqual([15, 14, 17]);
    const directorOnly = orderByStrength(players, { directorOrder: director, byRating: false }).map((p) => p.id);
    expect(directorOnly.slice(0, 6)).toEqual([17, 14, 15, 12, 13, 16]);
  });

  it('gives IDs 1 … n and carries them into games and byes', () => {
    const t = tournament(players, {}, [game(1, 15, 11)], [{ round: 1, player: id(18) }]);
    const { tournament: numbered, idMap } = numberByStrength(t);
    expect(numbered.players.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(numbered.players[0].family).toBe('Winner');
    expect(idMap.get(id(15))).toBe(1);
    expect(numbered.games[0]).toMatchObject({ white: 1, black: 8 });
    expect(numbered.byes[0].player).toBe(7);
  });

  it('a latecomer gets the next free ID and ½ point per missed round (Mays, aqjg)', () => {
    const t = tournament(
      [player(1, '3d', { section: 'A' }), player(2, '1k', { section: 'B' })],
      { sections: [{ name: 'A', initialMms: 0 }, { name: 'B', initialMms: -2 }] },
      [game(1, 1, 2), game(2, 1, 2)],
    );
    expect(nextFreeId(t)).toBe(3);
    const section = sectionForRank(t, rank('2d'));
    expect(section).toBe('A');
    const { tournament: after, id: late } = admitLatecomer(t, { family: 'Late', given: '', rank: rank('2d'), section }, 3);
    expect(late).toBe(3);
    expect(after.players[2].absentRounds).toEqual([1, 2]);
    const sb = buildScoreboard(after, { asOf: 2 });
    expect(sb.mmsAfter[2][2]).toBe(2); // 0 + ½ + ½, in half points
  });
});
