/**
 * The scratch pad (Mays, "Two Useful Aids When Game Results Are Reported"), read by one parser
 * (src/workbook/cells/scratchPad.ts) for both of its callers: the session API's `parseScratchPad` (entries as typed) and
 * the task pane's `matchScratchPad` (each entry matched to its game of the round).
 */
import { formatInputError } from '../../src/model/errors';
import { parseScratchPad } from '../../src/workbook/session';
import { formatScratchPadError, matchScratchPad, pendingGames, readScratchPad } from '../../src/workbook/cells/scratchPad';
import { game, id, player, tournament } from '../pairing/fixtures';
import type { Game } from '../../src/model/tournament';
import { errorsOf, value } from './fixtures';

const unknown = (round: number, table: number, white: number, black: number): Game => ({ ...game(round, white, black, 'unknown'), table });

// Round 2 of five players: tables 1 (1 W – 4 B) and 2 (3 W – 2 B), player 5 has the bye.
const t = tournament(
  [1, 2, 3, 4, 5].map((n) => player(n, `${n}k`)),
  {},
  [game(1, 1, 2), game(1, 3, 4), unknown(2, 1, 1, 4), unknown(2, 2, 3, 2)],
  [{ round: 1, player: id(5) }, { round: 2, player: id(5) }],
);

const NOT_A_RESULT =
  "not a result: type a winner's ID number (12), optionally followed by ! (won by default), = (jigo), =! (jigo by default), -! (both lose by default), +! (both win by default) or ? (clear)";

describe('scratch pad as typed: the session API', () => {
  test('scratch pad', () => {
    expect(value(parseScratchPad('12 7!, 15= 3=! 4-!'))).toEqual([
      { winner: 12 },
      { winner: 7, byDefault: true },
      { player: 15, result: 'jigo' },
      { player: 3, result: 'jigo-by-default' },
      { player: 4, result: 'both-lose-by-default' },
    ]);
    expect(errorsOf(parseScratchPad('12\n7x'))).toEqual([`line 2: "7x": ${NOT_A_RESULT}`]);
  });

  test('the pane’s marks too: both win by default, a result cleared; a minus sign or dash read as "-"', () => {
    expect(value(parseScratchPad('8+!; 9?\n4\u2212! 6\u2013!'))).toEqual([
      { player: 8, result: 'both-win-by-default' },
      { player: 9, result: 'unknown' },
      { player: 4, result: 'both-lose-by-default' },
      { player: 6, result: 'both-lose-by-default' },
    ]);
    expect(value(parseScratchPad(''))).toEqual([]);
  });

  test('every bad entry named with its line', () => {
    const r = parseScratchPad('1 2\n\n3 x!\n4 5= =5 12!!');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map(formatInputError)).toEqual([`line 3: "x!": ${NOT_A_RESULT}`, `line 4: "=5": ${NOT_A_RESULT}`, `line 4: "12!!": ${NOT_A_RESULT}`]);
  });

  test('one reader for both: the same entries, lines and marks', () => {
    const read = readScratchPad('4\n3= 1?');
    expect(read).toEqual({
      ok: true,
      value: [
        { entry: '4', line: 1, player: 4, mark: '' },
        { entry: '3=', line: 2, player: 3, mark: '=' },
        { entry: '1?', line: 2, player: 1, mark: '?' },
      ],
    });
  });
});

describe('scratch pad: the winner ID numbers (Mays, "Two Useful Aids When Game Results Are Reported")', () => {
  it('finds the game and the colour of each winner', () => {
    const r = matchScratchPad(t, 2, '4\n3');
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
      const r = matchScratchPad(t, 2, text);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.results.map((x) => x.result);
    };
    expect(kinds('1!, 2!')).toEqual(['white-wins-by-default', 'black-wins-by-default']);
    expect(kinds('4= 2=!')).toEqual(['jigo', 'jigo-by-default']);
    expect(kinds('1-! 3+!')).toEqual(['both-lose-by-default', 'both-win-by-default']);
    expect(kinds('4?')).toEqual(['unknown']);
  });

  it('names the entry and the player for every mistake, and returns no result at all then', () => {
    const r = matchScratchPad(t, 2, '1 4 5 9 abc');
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
    expect(matchScratchPad(t, 2, '  ').ok).toBe(false);
  });

  it('names the line of every mistake', () => {
    const r = matchScratchPad(t, 2, '4\n\n9 3');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map(formatScratchPadError)).toEqual(['line 3: "9": no player has ID 9']);
    const bad = matchScratchPad(t, 2, '4\n3 x');
    expect(bad.ok ? [] : bad.errors.map(formatScratchPadError)).toEqual([`line 2: "x": ${NOT_A_RESULT}`]);
    const empty = matchScratchPad(t, 2, '\n');
    expect(empty.ok ? [] : empty.errors.map(formatScratchPadError)).toEqual(['no result typed: type the ID number of each winner (e.g. "12 7 3=")']);
  });

  it('lists the games still waiting, in table order', () => {
    expect(pendingGames(t, 2).map((g) => g.table)).toEqual([1, 2]);
    expect(pendingGames(t, 1)).toEqual([]);
  });
});
