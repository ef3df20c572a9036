/**
 * Twins (`shareEarlierRounds`, issue 28): a tournament and the same with games and byes of later rounds added score
 * alike as of every round they share, so a scoreboard or standings made for one serves the other. Each shared one must
 * equal what is computed afresh for the tournament itself (a copy of it, which has no twin and nothing cached), and
 * nothing may be shared where they differ: a round added with results or a bye (standings as of another round), a
 * player implied only by the added games under a ruleset that lists only implied players, a tournament that differs in
 * anything else.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import { CRITERIA, type Game, type Tournament } from '../../src/model/tournament';
import { buildScoreboard, cachedScoreboard, shareEarlierRounds, twinOf, type Scoreboard } from '../../src/scoring/scoreboard';
import { cachedStandings, computeStandings, type Standings } from '../../src/scoring/standings';

function example(name: string): Tournament {
  const file = path.join(__dirname, '..', '..', 'examples', name);
  const parsed = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.value;
}

/** The tournament before its last round, and with that round paired again (its games' results as given). */
function split(t: Tournament, result?: Game['result']): { before: Tournament; after: Tournament; last: number } {
  const last = Math.max(...t.games.map((g) => g.round));
  const before = { ...t, games: t.games.filter((g) => g.round < last), byes: t.byes.filter((b) => b.round < last) };
  const added = t.games.filter((g) => g.round === last).map((g) => (result ? { ...g, result } : g));
  return { before, after: { ...before, games: [...before.games, ...added], byes: before.byes }, last };
}

/** Everything a standings table shows of each entry, and the rest of the standings, as plain data. */
function plain(s: Standings) {
  return {
    tournament: s.tournament,
    asOf: s.asOf,
    order: s.order,
    lotterySeed: s.lotterySeed,
    sectionWinners: [...s.sectionWinners],
    entries: s.entries.map((e) => ({
      id: e.player.id,
      index: e.index,
      place: e.place,
      section: e.section,
      sectionInitialMms: e.sectionInitialMms,
      sectionPlace: e.sectionPlace,
      values: Object.fromEntries(CRITERIA.map((c) => [c, e.values[c]])),
      dcKeys: e.dcKeys,
    })),
    scoreboard: plainBoard(s.scoreboard),
  };
}

function plainBoard(sb: Scoreboard) {
  return {
    tournament: sb.tournament,
    asOf: sb.asOf,
    ruleset: sb.ruleset.name,
    primary: sb.primary,
    players: sb.players,
    indexOf: [...sb.indexOf],
    rounds: sb.rounds,
    initialHalves: [...sb.initialHalves],
    after: [sb.mmsAfter, sb.nbwAfter, sb.freeMmsAfter, sb.freeNbwAfter].map((rows) => rows.map((r) => [...r])),
  };
}

/** `computeStandings` of `t` itself, nothing shared: a copy has no twin and no cached scoreboard. */
function fresh(t: Tournament): ReturnType<typeof plain> {
  const made = plain(computeStandings({ ...t }));
  return { ...made, tournament: t, scoreboard: { ...made.scoreboard, tournament: t } };
}

describe('twins: scoreboards and standings of the rounds both share', () => {
  for (const name of ['quebec-open-mini.json', 'egc-congress-r8.json']) {
    it(`a round paired after the last (no result, no bye): the standings as read serve, equal to those computed afresh — ${name}`, () => {
      const { before, after } = split(example(name), 'unknown');
      shareEarlierRounds(before, after);
      expect(twinOf(after)?.other).toBe(before);
      const read = cachedStandings(before);
      const will = cachedStandings(after);
      // shared: the very entries (the fast path was taken) …
      expect(will.entries).toBe(read.entries);
      expect(will.tournament).toBe(after);
      expect(will.scoreboard.tournament).toBe(after);
      // … and what computing them afresh gives
      expect(plain(will)).toEqual(fresh(after));
      expect(plain(read)).toEqual(fresh(before));
    });

    it(`one way: the later made first is computed, and the earlier computed too — ${name}`, () => {
      const { before, after } = split(example(name), 'unknown');
      shareEarlierRounds(before, after);
      expect(twinOf(before)).toBeUndefined();
      const will = cachedStandings(after);
      const read = cachedStandings(before);
      expect(read.entries).not.toBe(will.entries);
      expect(plain(read)).toEqual(fresh(before));
      expect(plain(will)).toEqual(fresh(after));
    });

    it(`scoreboards as of every shared round are the other's, equal to those built afresh — ${name}`, () => {
      const { before, after, last } = split(example(name), 'white-wins');
      shareEarlierRounds(before, after);
      expect(twinOf(after)?.upTo).toBe(last - 1);
      for (let r = 0; r < last; r++) {
        const a = cachedScoreboard(before, { asOf: r });
        const b = cachedScoreboard(after, { asOf: r });
        expect(b.rounds).toBe(a.rounds);
        expect(plainBoard(b)).toEqual(plainBoard(buildScoreboard({ ...after }, { asOf: r })));
        expect(plainBoard(b).tournament).toBe(after);
      }
      // the round added is not shared, though the other's is made
      expect(cachedScoreboard(before, { asOf: last }).asOf).toBe(last);
      const b = cachedScoreboard(after, { asOf: last });
      expect(plainBoard(b)).toEqual({ ...plainBoard(buildScoreboard({ ...after }, { asOf: last })), tournament: after });
      expect(b.asOf).toBe(last);
    });

    it(`a round added with its results: standings as of it, not shared — ${name}`, () => {
      const { before, after } = split(example(name));
      shareEarlierRounds(before, after);
      const read = cachedStandings(before);
      const will = cachedStandings(after);
      expect(will.entries).not.toBe(read.entries);
      expect(plain(will)).toEqual(fresh(after));
    });
  }

  it('a bye added: standings as of the new round, not shared', () => {
    const { before, after, last } = split(example('egc-congress-r8.json'), 'unknown');
    const withBye = { ...after, byes: [...after.byes, { round: last, player: after.players[0].id }] };
    shareEarlierRounds(before, withBye);
    const read = cachedStandings(before);
    const will = cachedStandings(withBye);
    expect(will.asOf).toBe(last);
    expect(will.entries).not.toBe(read.entries);
    expect(plain(will)).toEqual(fresh(withBye));
  });

  it('a player implied only by the added round, under a ruleset listing only implied players: not shared', () => {
    const t = example('egc-congress-r8.json');
    const { before: b0, last } = split(t, 'unknown');
    // one player with no game nor bye before the round added, paired in it
    const loner = t.games.find((g) => g.round === last)!;
    const before = { ...b0, settings: { ...b0.settings, ruleset: 'opengotha' as const }, games: b0.games.filter((g) => g.white !== loner.white && g.black !== loner.white), byes: b0.byes.filter((b) => b.player !== loner.white) };
    const after = { ...before, games: [...before.games, { ...loner, result: 'unknown' as const }] };
    shareEarlierRounds(before, after);
    expect(twinOf(after)?.sameImplied).toBe(false);
    const read = cachedStandings(before);
    const will = cachedStandings(after);
    expect(read.entries.some((e) => e.player.id === loner.white)).toBe(false);
    expect(will.entries.some((e) => e.player.id === loner.white)).toBe(true);
    expect(plain(will)).toEqual(fresh(after));
    // under a ruleset that lists every player, the same two are shared
    const shared = { ...before, settings: { ...before.settings, ruleset: 'egf' as const } };
    const sharedAfter = { ...shared, games: after.games };
    shareEarlierRounds(shared, sharedAfter);
    const sharedRead = cachedStandings(shared);
    expect(cachedStandings(sharedAfter).entries).toBe(sharedRead.entries);
    expect(plain(cachedStandings(sharedAfter))).toEqual(fresh(sharedAfter));
  });

  it('no twin where anything else differs, or a game of an earlier round is added or changed', () => {
    const { before, after, last } = split(example('quebec-open-mini.json'), 'unknown');
    const renamed = { ...after, name: `${after.name} (2)` };
    shareEarlierRounds(before, renamed);
    expect(twinOf(renamed)).toBeUndefined();
    const settings = { ...after, settings: { ...after.settings } };
    shareEarlierRounds(before, settings);
    expect(twinOf(settings)).toBeUndefined();
    const earlier = { ...after, games: [...after.games, { ...after.games[0], round: 1 }] };
    shareEarlierRounds(before, earlier);
    expect(twinOf(earlier)?.upTo).toBe(0);
    const changed = { ...after, games: after.games.map((g, i) => (i === 0 ? { ...g } : g)) };
    shareEarlierRounds(before, changed);
    expect(twinOf(changed)).toBeUndefined();
    expect(last).toBeGreaterThan(1);
  });
});
