/**
 * EGD .h9 export and import: Tengen's reader reads back what Tengen writes, and the standings it recomputes from the
 * export equal the tournament's (places and every criterion), on several corpus tournaments; OpenGotha's own .h9
 * files import with the values they record.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Parsed } from '../../src/model/errors';
import { toNumber } from '../../src/model/fraction';
import type { Rank } from '../../src/model/rank';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { decodeH9, parseH9 } from '../../src/formats/h9';
import { exportH9, h9Name } from '../../src/formats/h9Export';
import { h9ToTournament } from '../../src/formats/h9Tournament';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { parseTournamentJson } from '../../src/formats/json';
import { computeStandings, type Standings } from '../../src/scoring/standings';
import { corpusPath, describeCorpus } from '../support/corpus';

function value<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.line}: ${e.where}: ${e.message}`).join('\n'));
  return p.value;
}

function h9Text(s: Standings): string {
  const e = exportH9(s);
  if (!e.ok) throw new Error('export failed');
  return e.text;
}

/** Per place: the name as exported (cut to the 30 columns), the place, every criterion of the order. */
function rows(s: Standings): (string | number)[][] {
  return s.entries.map((e) => [h9Name(e.player.family, e.player.given), e.place, ...s.order.map((c) => toNumber(e.values[c]))]);
}

function roundTrip(t: Tournament): {
  before: Standings;
  after: Standings;
  text: string;
} {
  const before = computeStandings(t);
  const text = h9Text(before);
  const after = computeStandings(value(h9ToTournament(value(parseH9(text, 'x.h9')), 'x.h9')));
  return { before, after, text };
}

const id = (n: number) => n as PlayerId;
const small: Tournament = {
  name: 'Ćevapi Cup',
  location: 'Zürich',
  beginDate: '2026-05-02',
  endDate: '2026-05-03',
  settings: {
    system: 'mcmahon',
    rounds: 3,
    ruleset: 'egf',
    bar: 1 as Rank,
    floor: -15 as Rank,
    komi: 6.5,
    handicap: { policy: 'mms-difference-minus-1' },
  },
  players: [
    {
      id: id(1),
      family: 'Müller',
      given: 'Jürgen',
      rank: 3 as Rank,
      club: 'Zuri',
      country: 'CH',
      egdPin: '10234567',
    },
    {
      id: id(2),
      family: 'van der Berg',
      given: 'Anna Maria',
      rank: 1 as Rank,
      country: 'NL',
    },
    {
      id: id(3),
      family: 'Łukasz',
      given: 'Øystein',
      rank: -2 as Rank,
      country: 'PL',
    },
    {
      id: id(4),
      family: 'Smith',
      given: 'Ann',
      rank: -6 as Rank,
      absentRounds: [3],
    },
    { id: id(5), family: 'Doe', given: 'Jo', rank: -9 as Rank },
  ],
  games: [
    {
      round: 1,
      table: 1,
      white: id(1),
      black: id(2),
      handicap: 0,
      result: 'white-wins',
    },
    {
      round: 1,
      table: 2,
      white: id(3),
      black: id(4),
      handicap: 2,
      result: 'black-wins',
    },
    {
      round: 2,
      table: 1,
      white: id(1),
      black: id(3),
      handicap: 1,
      result: 'jigo',
    },
    {
      round: 2,
      table: 2,
      white: id(4),
      black: id(5),
      handicap: 2,
      result: 'white-wins-by-default',
    },
    {
      round: 3,
      table: 1,
      white: id(2),
      black: id(5),
      handicap: 6,
      colourKnown: true,
      result: 'black-wins',
    },
    {
      round: 3,
      table: 2,
      white: id(1),
      black: id(3),
      handicap: 0,
      colourKnown: false,
      result: 'white-wins',
    },
  ],
  byes: [
    { round: 1, player: id(5) },
    { round: 2, player: id(2) },
  ],
};

describe('EGD .h9 export', () => {
  it('writes the header keys, ASCII names family first, cells, free rounds and the PIN', () => {
    const text = h9Text(computeStandings(small));
    const lines = text.split('\n');
    expect(lines.slice(0, 7)).toEqual(['; CL[]', '; EV[Cevapi Cup]', '; PC[,Zurich]', '; DT[2026-05-02,2026-05-03]', '; HA[h1]', '; KM[6.5]', '; TM[]']);
    expect(text).toMatch(/^ +\d Muller Jurgen +4D CH Zuri .* \|10234567$/m);
    expect(text).toContain('van_der_Berg Anna_Maria');
    expect(text).toContain('Lukasz Oystein');
    expect(text).toMatch(/Smith Ann .* 0=$/m);
    expect(text).toMatch(/Doe Jo .* 0\+ /m);
    expect(/^[\x20-\x7e\n]*$/.test(text)).toBe(true);
  });

  it('Tengen reads back what it writes, and recomputes the same standings', () => {
    const { before, after } = roundTrip(small);
    expect(rows(after)).toEqual(rows(before));
    const back = after.tournament;
    expect(back.players.find((p) => p.family === 'van der Berg')?.given).toBe('Anna Maria');
    expect(back.games.filter((g) => g.result === 'white-wins-by-default')).toHaveLength(1);
    expect(back.byes).toHaveLength(2);
    expect(back.players.find((p) => p.family === 'Smith')?.absentRounds).toEqual([3]);
  });
});

describe('EGD .h9: a player without a country or a club', () => {
  // OpenGotha (ExternalDocument.generateH9File) writes a country shorter than two letters as "XX" and an empty club as
  // "xxxx"; its own .h9 reader (importPlayersAndGamesFromPlainFile) and any reader that splits a line at spaces take
  // the words after the rank as country and club, so a blank there shifts the club into the country.
  const exported = exportH9(computeStandings(small));
  if (!exported.ok) throw new Error('export failed');
  const playerLines = exported.text.split('\n').filter((l) => /^ +\d* +\S/.test(l) && !l.startsWith(';'));

  it("is written XX and xxxx, as OpenGotha writes them, and the export says so", () => {
    expect(exported.text).toMatch(/^ +\d+ Smith Ann +6K XX xxxx /m);
    expect(exported.text).toMatch(/^ +\d+ van_der_Berg Anna_Maria +2D NL xxxx /m);
    expect(exported.text).toMatch(/^ +\d+ Muller Jurgen +4D CH Zuri /m);
    expect(exported.notes.join('\n')).toMatch(/2 players without a country are written XX and 4 without a club xxxx/);
  });

  it('every line splits at spaces into place, name words, rank, a two-letter country and a club', () => {
    for (const line of playerLines) {
      const words = line.trim().split(/\s+/);
      const rankAt = words.findIndex((w) => /^\d{1,2}[KDP]$/.test(w));
      expect([line, /^[A-Z]{2}$/.test(words[rankAt + 1]), words[rankAt + 2].length]).toEqual([line, true, 4]);
    }
  });

  it("says when a criterion value is negative: OpenGotha's own .h9 import takes its '-' for a result", () => {
    const quebec = value(parseTournamentJson(readFileSync(path.join(__dirname, '../../examples/quebec-open-mini.json'), 'utf8')));
    const e = exportH9(computeStandings(quebec));
    if (!e.ok) throw new Error('export failed');
    expect(e.text).toMatch(/ -1\.75 /);
    expect(e.notes.join('\n')).toMatch(/a negative criterion value \(.*\): OpenGotha's own \.h9 import reads its "-" as a result/);
  });

  it('Tengen reads XX and xxxx back as no country and no club, and says so', () => {
    const read = h9ToTournament(value(parseH9(exported.text, 'x.h9')), 'x.h9');
    const back = value(read);
    const smith = back.players.find((p) => p.family === 'Smith')!;
    expect([smith.country, smith.club]).toEqual([undefined, undefined]);
    expect(back.players.find((p) => p.family === 'Muller')).toMatchObject({ country: 'CH', club: 'Zuri' });
    expect(read.ok && (read.notes ?? []).join('\n')).toMatch(/XX and xxxx\b.*read as no country and no club/);
  });
});

describeCorpus('EGD .h9: corpus tournaments → .h9 → Tengen give the same standings', () => {
  const files = [
    'opengotha-standings/Tournoi-de-Juvisy.xml',
    'opengotha-standings/CdFO2020.xml',
    'opengotha-pairings/pairings/notsimplemm.xml',
    'opengotha-pairings/pairings/notsosimpleswiss.xml',
    'opengotha-pairings/pairings/Toulouse2024.xml',
    'opengotha-pairings/tournamentfiles/veterans-2021.xml',
    'opengotha-pairings/bosp2024/bosp2024.xml',
    'opengotha-pairings/pairings/simplemm.xml',
    'opengotha-pairings/pairings/simpleswiss.xml',
    'opengotha-pairings/pairings/20240921-KPMC-Splitbug.xml',
    'opengotha-pairings/tournamentfiles/frioul-2018.xml',
    'opengotha-pairings/stage-ete-2021.xml',
  ];
  it.each(files)('%s', (name) => {
    const t = value(parseOpenGotha(readFileSync(corpusPath(name), 'utf8'), name));
    const { before, after } = roundTrip(t);
    expect(rows(after)).toEqual(rows(before));
  });

  it("Tournoi-de-Juvisy.h9 (OpenGotha's export) imports with every MMS, SOS and SOSOS and place it records", () => {
    const h9 = value(parseH9(decodeH9(readFileSync(corpusPath('opengotha-standings', 'Tournoi-de-Juvisy.h9')))));
    const s = computeStandings(value(h9ToTournament(h9, 'Tournoi-de-Juvisy.h9')));
    expect(s.tournament.settings.ruleset).toBe('opengotha');
    expect(s.entries.map((e) => [e.place, toNumber(e.values.mms), toNumber(e.values.sos), toNumber(e.values.sosos)])).toEqual(
      h9.rows.map((r) => [r.place, toNumber(r.values.MMS), toNumber(r.values.SOS), toNumber(r.values.SOSOS)]),
    );
  });

  it('TournoiChinois.h9 (a snapshot after round 1 of 5) imports with the MMS it records', () => {
    const h9 = value(parseH9(decodeH9(readFileSync(corpusPath('opengotha-standings', 'TournoiChinois.h9')))));
    const t = value(h9ToTournament(h9, 'TournoiChinois.h9'));
    expect(t.settings.rounds).toBe(5);
    const s = computeStandings(t);
    const mmsById = new Map(s.entries.map((e) => [e.player.id, toNumber(e.values.mms)]));
    // Row k is the player whose ID the reader gave row k: compare through the names and ranks, in row order.
    expect(h9.rows.map((r) => toNumber(r.values.MMS)).sort()).toEqual([...mmsById.values()].sort());
    expect(s.entries[0].player.family).toBe('Vannier');
  });
});
