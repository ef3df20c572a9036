/**
 * Tengen's OpenGotha XML opened by the real OpenGotha 3.51.02 (../shared/tools/opengotha/og: its own File › Open,
 * standings, team standings and Save as): every example and a few generated tournaments open with every player, game
 * and bye kept (a team tournament's extra byes of a round noted on export: OpenGotha keeps one a round); OpenGotha's
 * team standings are Tengen's; the congress's top bar and tie-break order are carried; under the OpenGotha ruleset
 * OpenGotha's standings — places and every criterion — are Tengen's; and OpenGotha's own Save as of the file, read
 * back by Tengen, is the same tournament. Skips without ../shared or java (fails under CI).
 *
 * All og calls run in one batch (two JVMs at a time, ~1 s each) in beforeAll.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { generateMcMahon } from '../../bench/generate';
import { parseTournamentJson } from '../../src/formats/json';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { exportOpenGotha } from '../../src/formats/opengothaExport';
import { toNumber } from '../../src/model/fraction';
import type { Rank } from '../../src/model/rank';
import type { Criterion, Tournament } from '../../src/model/tournament';
import { egcCongressStart } from '../../src/scoring/egcCongressStart';
import { computeStandings } from '../../src/scoring/standings';
import { teamStandings } from '../../src/scoring/teamStandings';
import { describeWithOg, ogAll, ogJson, ogScratch, type OgImport, type OgResult, type OgStandings, type OgTeams } from '../support/og';
import { value } from '../support/opengothaXml';

const EXAMPLES = path.join(__dirname, '../../examples');
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f.replace(/\.json$/, ''), value(parseTournamentJson(readFileSync(path.join(EXAMPLES, f), 'utf8'), f))] as const);
const example = (name: string) => examples.find(([n]) => n === name)![1];

const generated = [
  ['generated-60x5', generateMcMahon({ players: 60, rounds: 5, seed: 26 }) as Tournament],
  ['generated-41x6', generateMcMahon({ players: 41, rounds: 6, seed: 7 }) as Tournament],
] as const;

/** The tournament scored as OpenGotha scores it: its ruleset, MMS counted from 30k as OpenGotha counts them. */
function underOpenGotha(t: Tournament): Tournament {
  // OpenGotha's own placement order (the ruleset's default): the tournament's tie-breaks left out.
  const settings = { ...t.settings };
  delete settings.tiebreaks;
  // Scores counted from 30k: a section's or a player's fixed initial MMS (counted from 1d) 30 higher.
  const shift = t.settings.mmsZero === undefined && t.settings.system === 'mcmahon' ? 30 : 0;
  const sections = settings.sections?.map((x) => ({ ...x, initialMms: x.initialMms + shift }));
  const players = t.players.map((p) => (p.initialMms === undefined ? p : { ...p, initialMms: p.initialMms + shift }));
  return { ...t, players, settings: { ...settings, ...(sections && { sections }), ruleset: 'opengotha', mmsZero: -30 as Rank } };
}
const opengothaRuleset = [
  ...['quebec-open-mini', 'egc-congress-final', 'team-swiss-played', 'czech-round-robin'].map((n) => [`${n}@opengotha`, underOpenGotha(example(n))] as const),
  ...generated.map(([n, t]) => [`${n}@opengotha`, underOpenGotha(t)] as const),
];
const savedByOpenGotha = ['quebec-open-mini', 'egc-congress-final', 'team-swiss-played'] as const;
const played = (t: Tournament) => t.settings.teams !== undefined && t.games.length > 0;
/** Team byes: OpenGotha keeps one bye a round, so a team's bye is lost there and the team standings differ. */
const teamByes = (t: Tournament) => t.byes.length > new Set(t.byes.map((b) => b.round)).size;
const teamFiles = examples.filter(([, t]) => played(t) && !teamByes(t)).map(([n]) => n);
const teamByeFiles = examples.filter(([, t]) => played(t) && teamByes(t)).map(([n]) => n);

function exportOf(t: Tournament): { text: string; notes: readonly string[] } {
  const e = exportOpenGotha(t);
  if (!e.ok) throw new Error(e.errors.map((x) => x.message).join('\n'));
  return { text: e.text, notes: e.notes };
}

/** OpenGotha's printed number: "41", "-3", "128½", "105¼", "93¾". */
function ogNumber(text: string): number {
  const m = /^(-?)(\d*)([½¼¾]?)$/.exec(text.trim());
  if (!m) throw new Error(`not an OpenGotha number: "${text}"`);
  const frac = m[3] === '½' ? 0.5 : m[3] === '¼' ? 0.25 : m[3] === '¾' ? 0.75 : 0;
  const n = Number(m[2] || '0') + frac;
  return m[1] ? -n : n;
}

/** OpenGotha's criterion short name → Tengen's criterion. */
const CRITERION: Readonly<Record<string, Criterion>> = {
  MMS: 'mms',
  NBW: 'nbw',
  SOS: 'sos',
  'SOS-1': 'sos1',
  'SOS-2': 'sos2',
  SODOS: 'sodos',
  SOSOS: 'sosos',
  CUSS: 'cuss',
  DC: 'dc',
};

describeWithOg('the real OpenGotha opens every Tengen OpenGotha XML export', () => {
  const scratch = ogScratch();
  const files = new Map<string, { file: string; t: Tournament; notes: readonly string[] }>();
  const results = new Map<string, OgResult>();

  beforeAll(async () => {
    for (const [name, t] of [...examples, ...opengothaRuleset]) {
      const { text, notes } = exportOf(t);
      files.set(name, { file: scratch.write(`${name}.xml`, text), t, notes });
    }
    const calls: [string, string[]][] = [];
    for (const [name] of [...examples, ...opengothaRuleset]) calls.push([`standings:${name}`, ['standings', files.get(name)!.file]]);
    for (const name of teamFiles) calls.push([`teams:${name}`, ['teams', files.get(name)!.file]]);
    for (const name of savedByOpenGotha) calls.push([`save:${name}`, ['save', files.get(name)!.file, path.join(scratch.dir, `${name}.saved.xml`)]]);
    const out = await ogAll(calls.map(([, args]) => args));
    calls.forEach(([key], i) => results.set(key, out[i]));
  }, 600_000);
  afterAll(() => scratch.done());

  const standingsOf = (name: string) => ogJson<OgStandings>(results.get(`standings:${name}`)!);

  it.each([...examples, ...opengothaRuleset.filter(([n]) => n.startsWith('generated'))].map(([n]) => [n]))('%s: opens, every player, game and bye kept', (name) => {
    const { t, notes } = files.get(name)!;
    const imported: OgImport = standingsOf(name).import;
    expect(imported.dataVersionInjected).toBe(false);
    expect([imported.xmlPlayers, imported.players]).toEqual([t.players.length, t.players.length]);
    expect([imported.xmlGames, imported.games]).toEqual([t.games.length, t.games.length]);
    expect(imported.xmlByes).toBe(t.byes.length);
    expect([imported.lostPlayers, imported.lostGames, imported.lostByes]).toEqual([[], [], []]);
    const extraByes = t.byes.length - new Set(t.byes.map((b) => b.round)).size;
    expect(imported.supersededByes).toBe(extraByes);
    // OpenGotha keeps one bye a round: the export says so whenever a round has more.
    if (extraByes > 0) expect(notes.join('\n')).toMatch(/OpenGotha keeps one bye a round/);
  });

  it.each(teamFiles.map((n) => [n]))("%s: OpenGotha's team standings are Tengen's (team points twice Tengen's, board wins, SOS)", (name) => {
    const { t } = files.get(name)!;
    const og = ogJson<OgTeams>(results.get(`teams:${name}`)!);
    expect(og.criteria).toEqual(['TP', 'BDW', 'SOST']);
    expect(og.teamSize).toBe(t.settings.teams!.boards);
    const mine = teamStandings(t).rows.map((r) => [r.place, r.team.name, r.scoreHalves, r.boardWinsHalves / 2, r.sosHalves]);
    let place = 0;
    const theirs = og.rows.map((r) => {
      if (r.place !== '') place = Number(r.place);
      return [place, r.team, ...r.crit.map(ogNumber)];
    });
    // TEAMP counts 2 a match won and 1 a tie (Tengen's half points); SOST sums the opponents' TEAMP.
    expect(theirs).toEqual(mine);
  });

  it.each(teamByeFiles.map((n) => [n]))('%s: its team byes, which OpenGotha cannot keep, are said on export', (name) => {
    expect(files.get(name)!.notes.join('\n')).toMatch(/OpenGotha keeps one bye a round: it will read only the last bye of a round with several/);
  });

  it("carries the congress's top bar and tie-break order: OpenGotha's MMS is Tengen's (from 30k) and its criteria MMS, DC, SOS", () => {
    const t = example('egc-congress-final');
    const og = standingsOf('egc-congress-final');
    expect(og.criteria).toEqual(['MMS', 'DC', 'SOS']);
    const text = readFileSync(files.get('egc-congress-final')!.file, 'utf8');
    expect(text).toContain(`genMMBar="${String(egcCongressStart(t).usedBar + 1)}D"`);
    const s = computeStandings(t);
    const mms = new Map(s.entries.map((e) => [`${e.player.family}${e.player.given}`.toUpperCase(), toNumber(e.values.mms) + 30]));
    expect(og.rows.filter((r) => ogNumber(r.crit[0]) !== mms.get(r.key))).toEqual([]);
  });

  it.each(opengothaRuleset.map(([n]) => [n]))('%s: under the OpenGotha ruleset, OpenGotha’s places and every criterion are Tengen’s', (name) => {
    const { t } = files.get(name)!;
    const og = standingsOf(name);
    const s = computeStandings(t);
    const keyOf = (e: (typeof s.entries)[number]) => `${e.player.family}${e.player.given}`.replace(/\s/g, '').toUpperCase();
    const order = og.criteria.map((c) => {
      const criterion = CRITERION[c];
      if (!criterion) throw new Error(`OpenGotha criterion ${c} has no Tengen counterpart in this test`);
      return criterion;
    });
    // Players sharing a place in any order: sorted by place, then key, on both sides.
    const byPlaceThenKey = (a: readonly (string | number)[], b: readonly (string | number)[]) => Number(a[1]) - Number(b[1]) || String(a[0]).localeCompare(String(b[0]));
    const mine = s.entries.map((e) => [keyOf(e), e.place, ...order.map((c) => toNumber(e.values[c]))]).sort(byPlaceThenKey);
    // OpenGotha prints a shared place once, on the first of the tied players.
    let place = 0;
    const theirs = og.rows.map((r) => {
      if (r.place !== '') place = Number(r.place);
      return [r.key, place, ...r.crit.map(ogNumber)];
    });
    expect(theirs.sort(byPlaceThenKey)).toEqual(mine);
  });

  it.each(savedByOpenGotha.map((n) => [n]))("%s: OpenGotha's own Save as, read back by Tengen, is the same tournament", (name) => {
    const { t } = files.get(name)!;
    ogJson(results.get(`save:${name}`)!);
    const saved = readFileSync(path.join(scratch.dir, `${name}.saved.xml`), 'utf8');
    const back = value(parseOpenGotha(saved, `${name}.saved.xml`));
    const person = (x: Tournament) =>
      [...x.players]
        .map((p) => [p.family, p.given, p.rank, p.country ?? '', (p.club ?? '').slice(0, 4), p.egdPin ?? '', [...(p.absentRounds ?? [])].sort().join(',')].join('|'))
        .sort();
    expect(person(back)).toEqual(person(t));
    const nameOf = (x: Tournament) => new Map(x.players.map((p) => [p.id, `${p.family}|${p.given}`]));
    const games = (x: Tournament) => {
      const n = nameOf(x);
      return x.games.map((g) => [g.round, n.get(g.white), n.get(g.black), g.handicap, g.result].join(' ')).sort();
    };
    expect(games(back)).toEqual(games(t));
    const byes = (x: Tournament) => {
      const n = nameOf(x);
      return x.byes.map((b) => `${b.round} ${n.get(b.player)}`).sort();
    };
    // OpenGotha keeps one bye a round (the last of the round, which the export names).
    const lastByeOfRound = [...new Map(t.byes.map((b) => [b.round, b])).values()];
    expect(byes(back)).toEqual(byes({ ...t, byes: lastByeOfRound }));
    expect(back.settings.system).toBe(t.settings.system === 'mcmahon' ? 'mcmahon' : 'swiss');
    expect(back.settings.rounds).toBe(t.settings.rounds);
    // The same order of players, OpenGotha's scoring on both sides (the file keeps no ruleset of Tengen's).
    const places = (x: Tournament) => {
      const n = nameOf(x);
      return computeStandings({ ...x, settings: { ...x.settings, ruleset: 'opengotha' } }).entries.map((e) => `${e.place} ${n.get(e.player.id)}`);
    };
    const fromTengen = value(parseOpenGotha(readFileSync(files.get(name)!.file, 'utf8').replace(/<!--[\s\S]*?-->\n?/g, ''), `${name}.xml`));
    expect(places(back)).toEqual(places(fromTengen));
  });
});
