/**
 * MacMahon 3.9 XML, Pairgoth .tour and EGD .h9 as tournament sources (through workbook/load.ts, as `tengen standings`
 * reads them). Where the corpus holds the same tournament in OpenGotha XML (bosp2024, Frioul 2018, the EGC 2024
 * Main Open), Pairgoth's file must give the very same standings; the MacMahon sample is checked by hand; the .h9
 * by the places and scores it records.
 */
import { readFileSync } from 'node:fs';
import type { Parsed } from '../../src/model/errors';
import { toNumber } from '../../src/model/fraction';
import type { Tournament } from '../../src/model/tournament';
import { detectFormat, loadTournament } from '../../src/workbook/load';
import { parseMacMahon } from '../../src/formats/macmahon';
import { parsePairgoth } from '../../src/formats/pairgoth';
import { computeStandings } from '../../src/scoring/standings';
import { corpusPath, describeCorpus } from '../support/corpus';

function value<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.line}: ${e.where}: ${e.message}`).join('\n'));
  return p.value;
}

/** Name → place, MMS, SOS, SOSOS. */
function table(t: Tournament): Map<string, number[]> {
  return new Map(
    computeStandings(t).entries.map((e) => [
      `${e.player.family}, ${e.player.given}`,
      [e.place, ...(['mms', 'sos', 'sosos'] as const).map((c) => toNumber(e.values[c]))],
    ]),
  );
}

describe('format detection', () => {
  it('by extension, else by content', () => {
    expect(detectFormat('a.tour', '{')).toBe('pairgoth');
    expect(detectFormat('a.h9', '; CL[A]')).toBe('h9');
    expect(detectFormat('a.xml', '<?xml version="1.0"?>\n<!-- x -->\n<TournamentData typeversion="3.9">')).toBe('macmahon');
    expect(detectFormat('a.xml', '<?xml version="1.0"?>\n<Tournament dataVersion="201">')).toBe('opengotha');
    expect(detectFormat('a.json', '{"format": "tengen-tournament"}')).toBe('json');
    expect(detectFormat('stdin', '{"players": [], "games": [], "pairing": {}}')).toBe('pairgoth');
    // Without Pairgoth's "pairing", a JSON is Tengen's, whose reader says "format" is missing (issue 27).
    expect(detectFormat('stdin', '{"players": [], "games": []}')).toBe('json');
  });
});

describe('Pairgoth .tour: a bye, a cancelled game, a skipped round', () => {
  it('reads them', () => {
    const tour = {
      type: 'INDIVIDUAL',
      name: 'Mini',
      rounds: 2,
      komi: 6.5,
      pairing: { type: 'MAC_MAHON', placement: ['MMS', 'SOSM'], mmFloor: -20, mmBar: 0, handicap: { useMMS: true, threshold: 0, correction: 1, ceiling: 9 } },
      players: [
        { id: 7, name: 'A', firstname: 'a', rank: 1, rating: 2100, egf: '12345678\n' },
        { id: 8, name: 'B', firstname: 'b', rank: -3, skip: [2] },
        { id: 9, name: 'C', firstname: 'c', rank: -5, mmsCorrection: 2 },
      ],
      games: [
        [
          { id: 1, t: 1, w: 7, b: 8, h: 0, r: 'w' },
          { id: 2, t: 0, w: 0, b: 9, h: 0, r: 'b' },
        ],
        [{ id: 3, t: 1, w: 7, b: 9, h: 3, r: 'X' }],
      ],
    };
    const t = value(parsePairgoth(JSON.stringify(tour), 'mini.tour'));
    expect(t.players.map((p) => [p.id, p.family, p.egdPin, p.absentRounds, p.initialMms])).toEqual([
      [1, 'A', '12345678', undefined, undefined],
      [2, 'B', undefined, [2], undefined],
      [3, 'C', undefined, undefined, -5 + 30 + 2],
    ]);
    expect(t.games).toEqual([{ round: 1, table: 1, white: 1, black: 2, handicap: 0, result: 'white-wins' }]);
    expect(t.byes).toEqual([{ round: 1, player: 3 }]);
    expect(t.settings).toMatchObject({ system: 'mcmahon', bar: 0, floor: -20, mmsZero: -30, komi: 6.5, tiebreaks: ['mms', 'sos'] });
  });

  it('names the line of an unknown result', () => {
    const p = parsePairgoth('{\n"players": [],\n"games": [[\n{"w": 1, "b": 2, "r": "z"}\n]]\n}', 'bad.tour');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.errors.find((e) => /unknown result/.test(e.message))).toMatchObject({ file: 'bad.tour', line: 4, message: expect.stringMatching(/unknown result "z"/) });
  });
});

describeCorpus('MacMahon, Pairgoth and .h9 corpus files are tournament sources', () => {
  it('MacMahon 3.9 sample: results black first, the bye, SuperBarMember, NotPlayingInRound', async () => {
    const t = value(await loadTournament(corpusPath('other-formats', 'macmahon39-sample-tournament.xml')));
    expect(t.settings).toMatchObject({ system: 'mcmahon', rounds: 3, bar: 0, floor: -20, tiebreaks: ['mms', 'sos', 'sosos'], handicap: { policy: 'none' } });
    // R1: Smith (W) – Jones (B) "1-0": Black wins; White (W) – Brown (B) "0-1": White wins. R2: Jones (W) – Smith
    // (B) "0-1": White wins; White has the bye; Brown does not play. Bar 1d: Smith and Jones start at 0, White (a
    // SuperBarMember) at 1, Brown (1k) at −1.
    expect([...table(t)].map(([name, [place, mms]]) => [name, place, mms])).toEqual([
      ['White, Carol', 1, 3],
      ['Jones, Bob', 2, 2],
      ['Smith, Alice', 3, 0],
      ['Brown, David', 4, -1],
    ]);
    expect(t.players.find((p) => p.family === 'Brown')).toMatchObject({
      absentRounds: [2],
      extra: { registeringStatus: 'PRE' },
      egdPin: '45678901',
      country: 'UK',
    });
  });

  it.each([
    // Players listed: OpenGotha's standings leave out a player with no game and no bye in any round
    // (docs/opengotha-rules.md, "implied players"): 39 of bosp2024's 71, 56 of Frioul's 58, 710 of the EGC's 985.
    ['opengotha-pairings/bosp2024/bosp2024.tour', 'opengotha-pairings/bosp2024/bosp2024.xml', 39],
    ['other-formats/pairgoth-20180907-marseille.tour', 'opengotha-pairings/tournamentfiles/frioul-2018.xml', 56],
    ['opengotha-pairings/malavasi/malavasi.geobug.tour', 'opengotha-pairings/malavasi/malavasi.geobug.xml', 710],
  ])('%s gives the standings of %s', async (tour, xml, players) => {
    const fromTour = table(value(await loadTournament(corpusPath(tour))));
    expect(fromTour.size).toBe(players);
    expect(fromTour).toEqual(table(value(await loadTournament(corpusPath(xml)))));
  });

  it.each([
    ['pairgoth-20210403-paris.tour', 176, 6],
    ['pairgoth-20230127-grenoble.tour', 161, 5],
  ])('%s imports: every player, every game of every round', async (name, players, rounds) => {
    const t = value(await loadTournament(corpusPath('other-formats', name)));
    const raw = JSON.parse(readFileSync(corpusPath('other-formats', name), 'utf8')) as { games: { w: number; b: number; r: string }[][] };
    expect(t.players).toHaveLength(players);
    expect(t.settings.rounds).toBe(rounds);
    expect(t.games.length + t.byes.length).toBe(raw.games.flat().filter((g) => g.r !== 'X').length);
    // Each round's MMS rises by exactly the games' points: the winner of every decided game has a win.
    const s = computeStandings(t);
    const wins = s.entries.reduce((n, e) => n + toNumber(e.values.nbw), 0);
    const decided = t.games.filter((g) => g.result === 'white-wins' || g.result === 'black-wins').length;
    expect(wins).toBeGreaterThanOrEqual(decided);
  });

  it('Tournoi-de-Juvisy.h9 through the loader: the places and MMS it records', async () => {
    const t = value(await loadTournament(corpusPath('opengotha-standings', 'Tournoi-de-Juvisy.h9')));
    const s = computeStandings(t);
    expect(s.entries.map((e) => [e.player.family, e.place, toNumber(e.values.mms)]).slice(0, 5)).toEqual([
      ['Minieri', 1, 36],
      ['Daguenet', 2, 33],
      ['Lemoine', 3, 33],
      ['Li', 4, 33],
      ['Nemo', 5, 31],
    ]);
    expect(s.entries[18]).toMatchObject({ place: 19, player: { family: 'Rebelo' } });
  });
});

it('parseMacMahon refuses an OpenGotha file, naming the root', () => {
  const p = parseMacMahon('<Tournament/>', 'x.xml');
  expect(p.ok).toBe(false);
});
