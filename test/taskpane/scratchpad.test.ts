import { parseScratchPad, pendingGames } from '../../taskpane/scratchpad';
import { game, id, player, tournament } from '../pairing/fixtures';
import type { Game } from '../../src/model/tournament';

const unknown = (round: number, table: number, white: number, black: number): Game => ({ ...game(round, white, black, 'unknown'), table });

// Round 2 of five players: tables 1 (1 W – 4 B) and 2 (3 W – 2 B), player 5 has the bye.
const t = tournament(
  [1, 2, 3, 4, 5].map((n) => player(n, `${n}k`)),
  {},
  [game(1, 1, 2), game(1, 3, 4), unknown(2, 1, 1, 4), unknown(2, 2, 3, 2)],
  [{ round: 1, player: id(5) }, { round: 2, player: id(5) }],
);

describe('scratch pad: the winner ID numbers (Mays, "Two Useful Aids When Game Results Are Reported")', () => {
  it('finds the game and the colour of each winner', () => {
    const r = parseScratchPad(t, 2, '4\n3');
    expect(r).toEqual({
      ok: true,
      results: [
        { round: 2, table: 1, white: 1, black: 4, result: 'black-wins', entry: '4' },
        { round: 2, table: 2, white: 3, black: 2, result: 'white-wins', entry: '3' },
      ],
    });
  });

  it('reads default wins, jigo, both-lose, both-win and clearing', () => {
    const kinds = (text: string) => {
      const r = parseScratchPad(t, 2, text);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.results.map((x) => x.result);
    };
    expect(kinds('1!, 2!')).toEqual(['white-wins-by-default', 'black-wins-by-default']);
    expect(kinds('4= 2=!')).toEqual(['jigo', 'jigo-by-default']);
    expect(kinds('1-! 3+!')).toEqual(['both-lose-by-default', 'both-win-by-default']);
    expect(kinds('4?')).toEqual(['unknown']);
  });

  it('names the entry and the player for every mistake, and returns no result at all then', () => {
    const r = parseScratchPad(t, 2, '1 4 5 9 abc');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.entry, e.player])).toEqual([
      ['4', 4],
      ['5', 5],
      ['9', 9],
      ['abc', undefined],
    ]);
    expect(r.errors[0].message).toMatch(/table 1 .*already reported by "1"/);
    expect(r.errors[1].message).toMatch(/5 \(Player 5\) has the bye in round 2/);
    expect(r.errors[2].message).toMatch(/no player has ID 9/);
    expect(parseScratchPad(t, 2, '  ').ok).toBe(false);
  });

  it('lists the games still waiting, in table order', () => {
    expect(pendingGames(t, 2).map((g) => g.table)).toEqual([1, 2]);
    expect(pendingGames(t, 1)).toEqual([]);
  });
});
