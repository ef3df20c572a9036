/**
 * The Standings table's rows of players are made once for the entries they show (standingsSheet.ts, `entryRows`,
 * issue 28): the live table, its values-only copy and a twin tournament's table (scoring/scoreboard.ts,
 * `shareEarlierRounds`) share them. Each table must equal the one made afresh from standings computed anew (new
 * entries: nothing shared), whatever was made before it, and standings computed otherwise (another ruleset) get
 * their own rows.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { shareEarlierRounds } from '../../src/scoring/scoreboard';
import { cachedStandings, computeStandings } from '../../src/scoring/standings';
import { standingsCells, STANDINGS_HEADER_ROW } from '../../src/workbook/sheets/standingsSheet';

function example(name: string): Tournament {
  const file = path.join(__dirname, '..', '..', 'examples', name);
  const parsed = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.value;
}

/** The table of standings computed anew for a copy of `t` (new entries, so no rows made before). */
function fresh(t: Tournament, live: boolean, ruleset?: 'opengotha') {
  return standingsCells(computeStandings({ ...t }, { ruleset }), live);
}

describe('the Standings rows of players, made once for their entries', () => {
  it('the live table and its copy: the same rows, each table as made afresh', () => {
    const t = example('egc-congress-r8.json');
    const s = cachedStandings(t);
    const live = standingsCells(s, true);
    const copy = standingsCells(s, false);
    expect(live).toEqual(fresh(t, true));
    expect(copy).toEqual(fresh(t, false));
    expect(live[0]).not.toEqual(copy[0]);
    expect(live[STANDINGS_HEADER_ROW]).toBe(copy[STANDINGS_HEADER_ROW]);
  });

  it('standings of another ruleset: their own rows, as made afresh', () => {
    const t = example('egc-congress-r8.json');
    const egf = standingsCells(cachedStandings(t), true);
    const og = standingsCells(cachedStandings(t, { ruleset: 'opengotha' }), true);
    expect(egf).toEqual(fresh(t, true));
    expect(og).toEqual(fresh(t, true, 'opengotha'));
    expect(og.slice(STANDINGS_HEADER_ROW)).not.toEqual(egf.slice(STANDINGS_HEADER_ROW));
  });

  it("a twin's table (a round paired after the last): the rows as read, as made afresh", () => {
    const t = example('quebec-open-mini.json');
    const last = Math.max(...t.games.map((g) => g.round));
    const before = { ...t, games: t.games.filter((g) => g.round < last), byes: t.byes.filter((b) => b.round < last) };
    const after = { ...before, games: [...before.games, ...t.games.filter((g) => g.round === last).map((g) => ({ ...g, result: 'unknown' as const }))] };
    shareEarlierRounds(before, after);
    const read = standingsCells(cachedStandings(before), true);
    const will = standingsCells(cachedStandings(after), true);
    expect(will[STANDINGS_HEADER_ROW]).toBe(read[STANDINGS_HEADER_ROW]);
    expect(will).toEqual(fresh(after, true));
    expect(read).toEqual(fresh(before, true));
  });
});
