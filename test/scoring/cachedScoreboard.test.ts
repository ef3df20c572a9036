/**
 * `cachedScoreboard` asked as of the default round (no `asOf`) finds again the scoreboard it made so, without settling
 * that round anew (issue 28): it must be the scoreboard as of the last round with a result — whatever was asked before
 * it, as of any other round or under another ruleset — and the very one asked as of that round explicitly.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { lastPlayedRound } from '../../src/scoring/record';
import { buildScoreboard, cachedScoreboard } from '../../src/scoring/scoreboard';

function example(name: string): Tournament {
  const file = path.join(__dirname, '..', '..', 'examples', name);
  const parsed = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.value;
}

describe('the scoreboard as of the default round', () => {
  it('is the one as of the last round with a result, whatever was asked before', () => {
    const t = example('egc-congress-r8.json');
    const last = lastPlayedRound(t);
    expect(last).toBeGreaterThan(2);
    // asked first as of other rounds and under another ruleset
    expect(cachedScoreboard(t, { asOf: 2 }).asOf).toBe(2);
    expect(cachedScoreboard(t, { ruleset: 'opengotha', asOf: 3 }).asOf).toBe(3);
    const og = cachedScoreboard(t, { ruleset: 'opengotha' });
    expect(og.asOf).toBe(last);
    expect(og.ruleset.name).toBe('opengotha');
    const sb = cachedScoreboard(t);
    expect(sb.asOf).toBe(last);
    expect(sb.ruleset.name).toBe(t.settings.ruleset);
    expect(sb).toBe(cachedScoreboard(t, { asOf: last }));
    expect(cachedScoreboard(t)).toBe(sb);
    expect(cachedScoreboard(t, { ruleset: 'opengotha' })).toBe(og);
    expect(cachedScoreboard(t, { asOf: 2 }).asOf).toBe(2);
    const built = buildScoreboard({ ...t });
    expect(sb.mmsAfter.map((r) => [...r])).toEqual(built.mmsAfter.map((r) => [...r]));
  });

  it('asked explicitly first, the default finds the same one', () => {
    const t = example('quebec-open-mini.json');
    const last = lastPlayedRound(t);
    const explicit = cachedScoreboard(t, { asOf: last });
    expect(cachedScoreboard(t)).toBe(explicit);
    expect(cachedScoreboard(t, { asOf: last - 1 })).not.toBe(explicit);
    expect(cachedScoreboard(t)).toBe(explicit);
  });
});
