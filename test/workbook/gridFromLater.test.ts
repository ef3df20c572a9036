/**
 * A round's batch makes the grid as read from the grid as it will be (`shareGridRenderFrom`, issue 28) where the
 * round is paired after the last: the same cells, at every place, as the grid rendered anew — here over generated
 * tournaments cut before each round (a bye, absences, unfinished rounds), in English and French, and the examples.
 * Where the round is paired again, or only part of it added, nothing is made that way.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { gridCells, shareGridRenderFrom, sharingGridRenders } from '../../src/workbook/sheets/grid';
import { generated, value } from './fixtures';

/** `t` with the games and byes of rounds after `last` left out. */
function upTo(t: Tournament, last: number): Tournament {
  return { ...t, games: t.games.filter((g) => g.round <= last), byes: t.byes.filter((b) => b.round <= last) };
}

/** `before` with round `round` of `t` added after its games and byes, as `applyPairing` adds a round. */
function withRound(before: Tournament, t: Tournament, round: number): Tournament {
  return { ...before, games: [...before.games, ...t.games.filter((g) => g.round === round)], byes: [...before.byes, ...t.byes.filter((b) => b.round === round)] };
}

/** `after`'s grid while renders are shared, rendered by `shareGridRenderFrom(before, after)` (its texts kept for no other). */
function renderedFor(before: Tournament, after: Tournament, language: 'en' | 'fr'): unknown {
  return sharingGridRenders(() => {
    shareGridRenderFrom(before, after, { language });
    return gridCells(after, { language });
  });
}

/** `before`'s grid while renders are shared, after `shareGridRenderFrom(before, after)`. */
function madeFrom(before: Tournament, after: Tournament, language: 'en' | 'fr'): unknown {
  return sharingGridRenders(() => {
    shareGridRenderFrom(before, after, { language });
    return gridCells(before, { language });
  });
}

function cases(): { readonly name: string; readonly t: Tournament; readonly rounds?: readonly number[] }[] {
  const t = generated(23, 6, 7);
  // some results not in yet, a player absent in round 4 (no game, no bye)
  const unfinished: Tournament = { ...t, games: t.games.map((g, i) => (g.round === 5 && i % 3 === 0 ? { ...g, result: 'unknown' } : g)) };
  const examples = ['egc-congress-r8.json', 'quebec-open-mini.json', 'czech-round-robin.json'].map((f) => {
    const file = path.join(__dirname, '..', '..', 'examples', f);
    // (the congress, 700 players, at two rounds only: a test of seconds)
    return { name: f, t: value(parseTournamentJson(readFileSync(file, 'utf8'), file)), ...(f.startsWith('egc') ? { rounds: [2, 8] } : {}) };
  });
  return [{ name: 'generated, 23 players (a bye each round)', t }, { name: 'generated, unfinished round 5', t: unfinished }, ...examples];
}

describe('the grid as read, made from the grid as it will be', () => {
  for (const { name, t, rounds } of cases()) {
    it(`is the grid rendered anew, before every round: ${name}`, () => {
      for (const round of rounds ?? Array.from({ length: t.settings.rounds }, (_, i) => i + 1)) {
        const before = upTo(t, round - 1);
        const after = withRound(before, t, round);
        for (const language of ['en', 'fr'] as const) {
          // (outside `sharingGridRenders`: rendered anew)
          expect(madeFrom(before, after, language)).toEqual(gridCells(before, { language }));
          expect(renderedFor(before, after, language)).toEqual(gridCells(after, { language }));
        }
      }
    });
  }

  it('is made so only where the round comes after the last: not for a round paired again or added to', () => {
    const t = generated(12, 4, 3);
    const before = upTo(t, 3);
    // round 3 paired again: its games replaced (the grid as read keeps its own round 3)
    const again: Tournament = { ...before, games: [...before.games.filter((g) => g.round !== 3), ...t.games.filter((g) => g.round === 3).map((g) => ({ ...g, result: 'unknown' as const }))] };
    expect(madeFrom(before, again, 'en')).toEqual(gridCells(before, { language: 'en' }));
    // a later round added but a setting changed too: another tournament, rendered anew
    const renamed: Tournament = { ...withRound(before, t, 4), name: 'Another name' };
    expect(madeFrom(before, renamed, 'en')).toEqual(gridCells(before, { language: 'en' }));
  });
});
