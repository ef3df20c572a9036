/**
 * OpenGotha XML export: every OpenGotha file of the corpus → Tengen → OpenGotha XML → Tengen gives back the very same
 * tournament (deep-equal), and the file carries dataVersion.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import type { Rank } from '../../src/model/rank';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { exportOpenGotha } from '../../src/formats/opengothaExport';
import { computeStandings } from '../../src/scoring/standings';
import { CORPUS_DIR, corpusOpenGothaFiles, describeCorpus } from '../support/corpus';
import { exportText, value, withoutComment } from '../support/opengothaXml';

const id = (n: number) => n as PlayerId;
const native: Tournament = {
  name: 'Club "Spring" <Cup> & friends',
  beginDate: '2026-03-01',
  settings: {
    system: 'mcmahon',
    rounds: 3,
    ruleset: 'egf',
    bar: 2 as Rank,
    floor: -20 as Rank,
    handicap: { policy: 'mms-difference-minus-1', ceiling: 9 },
    komi: 6.5,
  },
  players: [
    { id: id(1), family: "O'Neil", given: 'Jean-Luc', rank: 3 as Rank, club: 'Par', country: 'FR', egdPin: '12345678' },
    { id: id(2), family: 'Čapek', given: 'Karel', rank: 0 as Rank, country: 'CZ' },
    { id: id(3), family: 'Smith', given: 'Anna', rank: -5 as Rank, absentRounds: [3] },
  ],
  games: [
    { round: 1, table: 1, white: id(1), black: id(2), handicap: 0, result: 'white-wins' },
    { round: 2, white: id(2), black: id(3), handicap: 4, result: 'black-wins-by-default' },
  ],
  byes: [{ round: 1, player: id(3) }],
};

describe('OpenGotha XML export', () => {
  it('writes dataVersion and keys with hyphens and apostrophes; OpenGotha (the file without Tengen’s comment) reads the same players, games and byes', () => {
    const text = exportText(native);
    expect(text).toMatch(/<Tournament dataVersion="201"/);
    expect(text).toContain('whitePlayer="O\'NEILJEAN-LUC"');
    expect(text).toContain('name="Club &quot;Spring&quot; &lt;Cup&gt; &amp; friends"');
    const back = value(parseOpenGotha(withoutComment(text), 'native.xml'));
    expect(back.name).toBe(native.name);
    expect(back.players.map((p) => [p.family, p.given, p.rank, p.egdPin, p.absentRounds])).toEqual(
      native.players.map((p) => [p.family, p.given, p.rank, p.egdPin, p.absentRounds]),
    );
    expect(back.games).toEqual([
      { round: 1, table: 1, white: id(1), black: id(2), handicap: 0, colourKnown: true, result: 'white-wins' },
      { round: 2, table: 1, white: id(2), black: id(3), handicap: 4, colourKnown: true, result: 'black-wins-by-default' },
    ]);
    expect(back.byes).toEqual(native.byes);
    expect(back.settings.handicap).toEqual({ policy: 'mms-difference-minus-1', ceiling: 9, evenAtOrAbove: 17 });
    // The same order of players (OpenGotha counts MMS from 30k: every score 30 higher).
    const places = (t: Tournament) => computeStandings(t).entries.map((e) => [e.player.family, e.place]);
    expect(places(back)).toEqual(places({ ...native, settings: { ...native.settings, ruleset: 'opengotha' } }));
  });

  it('refuses two players OpenGotha cannot tell apart, naming both', () => {
    const t: Tournament = { ...native, players: [...native.players, { id: id(4), family: 'Smi th', given: 'anna', rank: -5 as Rank }] };
    const e = exportOpenGotha(t);
    expect(e.ok).toBe(false);
    if (!e.ok) expect(e.errors[0].message).toMatch(/\("SMITHANNA"\), which is also 3 \(Smith, Anna\)/);
  });
});

describeCorpus('every corpus OpenGotha XML → Tengen → OpenGotha XML → Tengen is identical', () => {
  const files = corpusOpenGothaFiles();
  it('finds the corpus files', () => expect(files.length).toBeGreaterThanOrEqual(12));
  it.each(files.map((f) => [path.relative(CORPUS_DIR, f), f]))('%s', (_name, file) => {
    const t = value(parseOpenGotha(readFileSync(file, 'utf8'), file));
    const xml = exportText(t);
    const back = value(parseOpenGotha(xml, 'export.xml'));
    expect(back).toEqual(t);
    // And the export of the re-import is the same text.
    expect(exportText(back)).toBe(xml);
  });
});

describe('OpenGotha XML export of McMahon sections and fixed starting scores', () => {
  it('writes each start as smmsCorrection: every player starts 30 higher (OpenGotha counts from 30k), none differently', () => {
    const withStarts: Tournament = {
      ...native,
      settings: { ...native.settings, sections: [{ name: 'Top', initialMms: 1 }] },
      players: native.players.map((p, i) => (i === 0 ? { ...p, section: 'Top' } : i === 2 ? { ...p, initialMms: -3 } : p)),
    };
    const back = value(parseOpenGotha(withoutComment(exportText(withStarts)), 'starts.xml'));
    const starts = (t: Tournament) => computeStandings(t).scoreboard.players.map((p, i) => [p.family, computeStandings(t).scoreboard.initialHalves[i] / 2]);
    expect(starts(back)).toEqual(starts(withStarts).map(([name, start]) => [name, (start as number) + 30]));
  });
});
