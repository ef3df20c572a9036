/**
 * Issue 27, cause 7: files Tengen writes and then refused. An `.h9` whose first criterion is SOS (the reader took any
 * table not led by NBW for a McMahon one and wanted an MMS column), a Swiss placed by SOS, a McMahon placed by NBW
 * (read back as a Swiss): Tengen's reader gives back the standings Tengen wrote. Names the EGD's and the AGA's ASCII
 * files cannot spell (Chinese, Japanese, Korean …) were written as "??" without a word: refused, naming each player,
 * unless he is identified by his EGD PIN / AGA ID or the director asks for "?" (`unspellableNames`).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Parsed } from '../../src/model/errors';
import { toNumber } from '../../src/model/fraction';
import type { Criterion, Tournament } from '../../src/model/tournament';
import { decodeH9, parseH9 } from '../../src/formats/h9';
import { exportH9, h9Name } from '../../src/formats/h9Export';
import { h9ToTournament } from '../../src/formats/h9Tournament';
import { exportTournament } from '../../src/formats/exportAll';
import { parseTournamentJson } from '../../src/formats/json';
import { computeStandings, type Standings } from '../../src/scoring/standings';
import { corpusPath, describeCorpus } from '../support/corpus';

function value<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.line}: ${e.where}: ${e.message}`).join('\n'));
  return p.value;
}

const quebec = (): Tournament => value(parseTournamentJson(readFileSync(path.join(__dirname, '../../examples/quebec-open-mini.json'), 'utf8'), 'q.json'));

function rows(s: Standings): (string | number)[][] {
  return s.entries.map((e) => [h9Name(e.player.family, e.player.given), e.place, ...s.order.map((c) => toNumber(e.values[c]))]);
}

function roundTrip(t: Tournament) {
  const before = computeStandings(t);
  const e = exportH9(before);
  if (!e.ok) throw new Error(JSON.stringify(e.errors));
  const back = h9ToTournament(value(parseH9(e.text, 'x.h9')), 'x.h9');
  return { before, back, text: e.text };
}

describe('an .h9 Tengen writes, Tengen reads with the same standings', () => {
  const orders: [string, Tournament['settings']['system'], Criterion[]][] = [
    ['a McMahon placed by SOS first', 'mcmahon', ['sos', 'nbw', 'sodos']],
    ['a McMahon placed by NBW first (Mays)', 'mcmahon', ['nbw', 'sos', 'sodos', 'oneonone']],
    ['a Swiss placed by SOS first', 'swiss', ['sos', 'nbw', 'sosos']],
    ['a McMahon placed by MMS', 'mcmahon', ['mms', 'sos', 'sosos']],
  ];
  test.each(orders)('%s', (_, system, tiebreaks) => {
    const q = quebec();
    // A Swiss has no McMahon sections (the example's would place players within them).
    const t = system === 'swiss' ? { ...q, settings: { ...q.settings, sections: undefined }, players: q.players.map((p) => ({ ...p, section: undefined })) } : q;
    const { before, back } = roundTrip({ ...t, settings: { ...t.settings, system, tiebreaks } });
    const again = computeStandings(value(back));
    expect(again.order).toEqual(before.order);
    expect(rows(again)).toEqual(rows(before));
    expect(value(back).settings.system).toBe(system);
  });

  test("a foreign table led by SOS without an MMS column is refused naming the column header's line", () => {
    const text = ['; EV[Elsewhere]', '; Pl Name                            Rk Co Club  SOS  NBW', '   1 Aa Bb                           3D FR Pari    1    1    2+/w0', '   2 Cc Dd                           2D FR Pari    1    0    1-/b0', ''].join('\n');
    const read = h9ToTournament(value(parseH9(text, 'f.h9')), 'f.h9');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual([expect.objectContaining({ file: 'f.h9', line: 2, message: expect.stringMatching(/MMS column/) })]);
  });
});

describe('names the EGD and AGA files cannot spell', () => {
  const chinese = (): Tournament => {
    const t = quebec();
    return { ...t, players: t.players.map((p) => (p.id === 1 ? { ...p, family: '王', given: '小明' } : p.id === 2 ? { ...p, family: '李', given: 'Wei' } : p)) };
  };

  test.each(['h9', 'aga'] as const)('%s: refused, naming each player and what to do (they were written "??" without a note)', (format) => {
    const e = exportTournament(chinese(), format);
    expect(e.ok).toBe(false);
    if (e.ok) return;
    expect(e.errors.map((x) => [x.player, x.message])).toEqual([
      ['1', expect.stringMatching(/王, 小明.*cannot be written in the ASCII letters.*give.*Latin.*spelling/)],
      ['2', expect.stringMatching(/李, Wei/)],
    ]);
  });

  test.each(['h9', 'aga'] as const)('%s: with unspellableNames they are written "?" as OpenGotha writes them, and a note names each', (format) => {
    const e = exportTournament(chinese(), format, undefined, { unspellableNames: true });
    if (!e.ok) throw new Error(JSON.stringify(e.errors));
    expect(e.text).toMatch(/\?,? \?\?/);
    expect(e.notes.join('\n')).toMatch(/1 \(王, 小明\).*2 \(李, Wei\)/s);
  });

  test('h9: a player with an EGD PIN is written "?" with a note: the EGD matches him by his PIN', () => {
    const t = chinese();
    const e = exportTournament({ ...t, players: t.players.map((p) => (p.id <= 2 ? { ...p, egdPin: `1234567${p.id}` } : p)) }, 'h9');
    if (!e.ok) throw new Error(JSON.stringify(e.errors));
    expect(e.notes.join('\n')).toMatch(/1 \(王, 小明\).*EGD PIN/);
  });

  test('h9: a name written "?" reads back (as the corpus file another program wrote)', () => {
    const e = exportTournament(chinese(), 'h9', undefined, { unspellableNames: true });
    if (!e.ok) throw new Error('refused');
    const back = value(h9ToTournament(value(parseH9(e.text, 'x.h9')), 'x.h9'));
    expect(back.players.filter((p) => p.family.includes('?'))).toHaveLength(2);
  });
});

describeCorpus("the reader keeps reading OpenGotha's \"?\" names", () => {
  test('TournoiChinois.h9: its "? ??" players are read', () => {
    const h9 = value(parseH9(decodeH9(readFileSync(corpusPath('opengotha-standings', 'TournoiChinois.h9')))));
    const t = value(h9ToTournament(h9, 'TournoiChinois.h9'));
    expect(t.players.filter((p) => p.family === '?').length).toBeGreaterThan(3);
  });
});
