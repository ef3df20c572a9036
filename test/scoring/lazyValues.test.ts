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
import { cachedStandings, computeStandings, entryValues, singleValue } from '../../src/scoring/standings';
import { shareEarlierRounds } from '../../src/scoring/scoreboard';

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

  // `entryValues` (issue 28: the Standings sheet's table read without making each entry's `values` object): the very
  // value the entry's `values` gives, asked before or after that object is made, for a tournament's own standings and
  // for its twin's, which share the very entries (`cachedStandings`).
  for (const name of ['quebec-open-mini.json', 'egc-congress-r8.json']) {
    it(`entryValues reads the entry's values[c], the same object: ${name}`, () => {
      const t = example(name);
      const seed = t.settings.lotterySeed ?? DEFAULT_LOTTERY_SEED;
      const s = computeStandings({ ...t });
      expect(s.entries.length).toBeGreaterThan(0);
      // asked first, before any entry's `values` is looked at, from the last entry and criterion
      const readers = Object.fromEntries(ORDER.map((c) => [c, entryValues(s, c)]));
      const asked = [...s.entries.keys()].reverse().map((i) => Object.fromEntries([...ORDER].reverse().map((c) => [c, readers[c](i)])));
      asked.reverse();
      // (the entries are in standings order, not the scoreboard's: a value read by position in the list would differ)
      expect(s.entries.some((e, i) => e.index !== i)).toBe(true);
      s.entries.forEach((e, i) => {
        for (const c of ORDER) {
          expect(asked[i][c]).toBe(e.values[c]);
          expect(entryValues(s, c)(i)).toBe(e.values[c]);
          if (c !== 'dc' && c !== 'oneonone') expect(entryValues(s, c)(i)).toEqual(singleValue(s.scoreboard, e.index, c, seed));
        }
      });
      // a twin's standings (the same with a round added that changes no round they are as of): the very entries
      const last = Math.max(0, ...t.games.map((g) => g.round));
      const before = { ...t, games: t.games.filter((g) => g.round < last), byes: t.byes.filter((b) => b.round < last) };
      const after = { ...before, games: [...before.games, ...t.games.filter((g) => g.round === last).map((g) => ({ ...g, result: 'unknown' as const }))] };
      shareEarlierRounds(before, after);
      const mine = cachedStandings(before);
      const twin = cachedStandings(after);
      expect(twin).not.toBe(mine);
      expect(twin.entries).toBe(mine.entries);
      twin.entries.forEach((e, i) => {
        for (const c of ORDER) expect(entryValues(twin, c)(i)).toBe(e.values[c]);
      });
    });
  }
});
