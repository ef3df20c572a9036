/**
 * The Grid's rendering writes each player's round in place (grid.ts, `gridRows`, issue 28), its result texts made once
 * per outcome: every round's three cells must be what `roundCells` gives for that round — the opponent's ID, the
 * colour or handicap (nigiri marked), the result by play or by default, BYE, nothing for a round without a game — in
 * either language, shared renders or not.
 */
import { GAME_RESULTS, type Tournament } from '../../src/model/tournament';
import { cachedScoreboard } from '../../src/scoring/scoreboard';
import { gridCells, gridLayout, pairedRounds, roundCells, sharingGridRenders } from '../../src/workbook/sheets/grid';
import { generated } from './fixtures';

/** A field with every result, handicaps, nigiri, byes and a round missed. */
function varied(): Tournament {
  const t = generated(40, 5, 11);
  const games = t.games.map((g, i) => ({ ...g, result: GAME_RESULTS[i % GAME_RESULTS.length], handicap: i % 7 === 0 ? 2 + (i % 3) : g.handicap, colourKnown: i % 5 !== 0 }));
  // a round missed: the first game of round 3 left out
  const skipped = games.findIndex((g) => g.round === 3);
  return { ...t, games: games.filter((_, i) => i !== skipped) };
}

describe("the Grid's round cells", () => {
  for (const language of ['en', 'fr'] as const) {
    for (const shared of [false, true]) {
      it(`are roundCells' of each player's round (${language}${shared ? ', renders shared' : ''})`, () => {
        const t = varied();
        const cells = shared ? sharingGridRenders(() => gridCells(t, { language })) : gridCells(t, { language });
        const shown = pairedRounds(t);
        const sb = cachedScoreboard(t, { asOf: shown });
        const layout = gridLayout(t.settings.rounds, t.players.length, { language });
        const seen = new Set<string>();
        sb.players.forEach((_, index) => {
          const line1 = layout.playerRow(index);
          for (let r = 1; r <= shown; r++) {
            const want = roundCells(sb, sb.rounds[index][r - 1], language);
            const got = [layout.opponentColumn(r), layout.colourColumn(r), layout.resultColumn(r)].map((column) => cells[line1 - 1][column - 1]);
            expect(got).toEqual(want);
            seen.add(`${want[1] === null ? 'none' : String(want[1]).replace(/\d/g, '#')}|${want[2]}`);
          }
        });
        // (the field holds each kind of cell: BYE, nothing, nigiri, handicaps, every result mark)
        expect([...seen].some((k) => k.startsWith('BYE|'))).toBe(true);
        expect([...seen].some((k) => k.startsWith('none|'))).toBe(true);
        expect([...seen].some((k) => k.includes('?'))).toBe(true);
        expect([...seen].some((k) => k.startsWith('+#'))).toBe(true);
        expect(new Set([...seen].map((k) => k.split('|')[1])).size).toBeGreaterThanOrEqual(7);
      });
    }
  }
});
