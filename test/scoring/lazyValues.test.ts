/**
 * A standings entry's criteria are made when first looked at (issue 28), and are the values computed at once: each the
 * criterion's `singleValue` of the player, whatever is looked at first and in whatever order, DC and One-on-One as
 * among the players tied on the primary score; the keys in their order, own and enumerable (a copy or JSON of an entry
 * sees every value).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import { toNumber } from '../../src/model/fraction';
import { CRITERIA, type Criterion, type Tournament } from '../../src/model/tournament';
import { DEFAULT_LOTTERY_SEED } from '../../src/scoring/lottery';
import { computeStandings, singleValue } from '../../src/scoring/standings';

function example(name: string): Tournament {
  const file = path.join(__dirname, '..', '..', 'examples', name);
  const parsed = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.value;
}

const ORDER: readonly Criterion[] = ['mms', 'nbw', 'sos', 'sos1', 'sos2', 'sodos', 'sosos', 'cuss', 'cusp', 'rating', 'lottery', 'previousorder', 'dc', 'oneonone'];

describe('standings values made when looked at', () => {
  for (const name of ['quebec-open-mini.json', 'egc-congress-r8.json']) {
    it(`are each criterion's value of the player, in any order of looking: ${name}`, () => {
      const t = example(name);
      const seed = t.settings.lotterySeed ?? DEFAULT_LOTTERY_SEED;
      const forward = computeStandings(t);
      const backward = computeStandings({ ...t });
      // the same standings looked at from the last entry and criterion first, and as JSON
      const json = JSON.parse(JSON.stringify(computeStandings({ ...t }).entries.map((e) => e.values))) as Record<string, { num: number; den: number }>[];
      const seen = [...backward.entries].reverse().map((e) => Object.fromEntries([...ORDER].reverse().map((c) => [c, e.values[c]])));
      seen.reverse();
      expect(forward.entries.length).toBeGreaterThan(0);
      forward.entries.forEach((e, i) => {
        // (a congress's entries sampled: a test of a second)
        if (forward.entries.length > 100 && i % 10 !== 3) return;
        expect(Object.keys(e.values)).toEqual(ORDER);
        for (const c of CRITERIA) {
          if (c !== 'dc' && c !== 'oneonone') expect(e.values[c]).toEqual(singleValue(forward.scoreboard, e.index, c, seed));
          expect(seen[i][c]).toEqual(e.values[c]);
          expect(json[i][c]).toEqual({ ...e.values[c] });
        }
        expect(backward.entries[i].dcKeys).toEqual(e.dcKeys);
        expect(toNumber(e.values.dc)).toBe((e.dcKeys[0] ?? 0) / 2);
      });
    });
  }
});
