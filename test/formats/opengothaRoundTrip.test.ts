/**
 * A tournament that started in Tengen comes back identical through its own OpenGotha export: what OpenGotha's XML says
 * natively (system, bar, floor, handicap, players, games, byes, participation) is written in it, and what it cannot
 * hold (ruleset, sections, prizes, host city, player IDs…) travels in the `<!-- tengen:settings … -->` comment.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Tournament } from '../../src/model/tournament';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { exportOpenGotha } from '../../src/formats/opengothaExport';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { generateMcMahon } from '../../bench/generate';
import { corpusPath, describeCorpus } from '../support/corpus';
import { exportText, value, withoutComment } from '../support/opengothaXml';

const EXAMPLES = path.join(__dirname, '../../examples');
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, value(parseTournamentJson(readFileSync(path.join(EXAMPLES, f), 'utf8'), f))] as const);

describe('Tengen → OpenGotha XML → Tengen is identical for every example', () => {
  it.each(examples.map(([f, t]) => [f, t] as const))('%s', (_f, t) => {
    const e = exportOpenGotha(t);
    if (!e.ok) {
      // Refused by design: two players OpenGotha cannot tell apart (its key is name + first name).
      expect(e.errors[0].message).toMatch(/OpenGotha names a player by name and first name/);
      return;
    }
    const back = value(parseOpenGotha(e.text, 'export.xml'));
    expect(writeTournamentJson(back)).toBe(writeTournamentJson(t));
    expect(exportText(back)).toBe(e.text);
  });
});

describeCorpus('the OpenGotha team files of the corpus come back identical, teams and team size with them', () => {
  const TEAM_FILES = [
    ['opengotha-standings', 'Tournoi-de-Juvisy.xml'],
    ['opengotha-standings', 'TournoiChinois.xml'],
  ] as const;
  it.each(TEAM_FILES)('%s/%s: exportOpenGotha → parseOpenGotha gives the same tournament, and the same XML again', (folder, name) => {
    const t = value(parseOpenGotha(readFileSync(corpusPath(folder, name), 'utf8'), name));
    const xml = exportText(t);
    const back = value(parseOpenGotha(xml, 'export.xml'));
    expect(writeTournamentJson(back)).toBe(writeTournamentJson(t));
    expect(exportText(back)).toBe(xml);
    // OpenGotha, which ignores Tengen's comment, reads the same teams and team size.
    const plain = value(parseOpenGotha(withoutComment(xml), 'plain.xml'));
    expect(plain.teams).toEqual(t.teams);
    expect(plain.settings.opengotha?.teamSize).toBe(t.settings.opengotha?.teamSize);
  });
});

describe('generated tournaments come back identical', () => {
  const generated = [1, 2, 3, 4].map((seed) => {
    const t = generateMcMahon({ players: 24 + seed * 7, rounds: 5, seed }) as Tournament;
    // Seeds 2 and 4: a Swiss; seed 3: every fifth player absent from the last round (his game there taken out).
    const system = seed % 2 === 0 ? ('swiss' as const) : t.settings.system;
    const absent = new Set(seed === 3 ? t.players.filter((_p, i) => i % 5 === 0).map((p) => p.id) : []);
    const players = t.players.map((p) => (absent.has(p.id) ? { ...p, absentRounds: [5] } : p));
    const games = t.games.filter((g) => g.round !== 5 || (!absent.has(g.white) && !absent.has(g.black)));
    const byes = t.byes.filter((b) => b.round !== 5 || !absent.has(b.player));
    return [seed, { ...t, settings: { ...t.settings, system }, players, games, byes }] as const;
  });
  it.each(generated)('seed %s', (_seed, t) => {
    const back = value(parseOpenGotha(exportText(t), 'generated.xml'));
    expect(writeTournamentJson(back)).toBe(writeTournamentJson(t));
  });
  it('the generated tournaments have results, byes and absences', () => {
    expect(generated.some(([, t]) => t.players.some((p) => p.absentRounds?.length))).toBe(true);
    expect(generated.some(([, t]) => t.byes.length > 0)).toBe(true);
    expect(generated.every(([, t]) => t.games.some((g) => g.result !== 'unknown'))).toBe(true);
  });
});

describe('what OpenGotha itself reads (the file without the comment)', () => {
  it('a McMahon tournament is exported as McMahon, even when its tie-breaks start with NBW (it came back "swiss")', () => {
    const t = examples.find(([f]) => f === 'quebec-open-mini.json')![1];
    expect(t.settings.system).toBe('mcmahon');
    const xml = exportText(t);
    expect(xml).toMatch(/<PlacementCriterion name="MMS" number="1"\/>/);
    expect(value(parseOpenGotha(withoutComment(xml), 'plain.xml')).settings.system).toBe('mcmahon');
  });
  it('a Swiss is exported as a Swiss', () => {
    const t = generateMcMahon({ players: 20, rounds: 3, seed: 9 }) as Tournament;
    const swiss = { ...t, settings: { ...t.settings, system: 'swiss' as const } };
    expect(value(parseOpenGotha(withoutComment(exportText(swiss)), 'plain.xml')).settings.system).toBe('swiss');
  });
  it('puts no attribute OpenGotha does not know on its elements, and the comment right after the root start tag', () => {
    const t = examples.find(([f]) => f === 'quebec-open-mini.json')![1];
    const lines = exportText(t).split('\n');
    expect(lines[1]).toMatch(/^<Tournament /);
    expect(lines[2]).toMatch(/^<!-- tengen:settings \{.*\} -->$/);
    expect(lines.slice(3).join('\n')).not.toContain('--');
  });
});

describe('a malformed tengen:settings comment is refused, naming the file and the line', () => {
  const t = examples.find(([f]) => f === 'quebec-open-mini.json')![1];
  it('bad JSON', () => {
    const xml = exportText(t).replace('<!-- tengen:settings {', '<!-- tengen:settings {oops');
    const p = parseOpenGotha(xml, 'edited.xml');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.errors[0]).toMatchObject({ file: 'edited.xml', line: 3 });
  });
  it('a player the comment does not know', () => {
    const xml = exportText(t).replace(/"key":"[^"]*"/, '"key":"NOBODY"');
    const p = parseOpenGotha(xml, 'edited.xml');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.errors[0]).toMatchObject({ file: 'edited.xml', line: 3 });
  });
});
