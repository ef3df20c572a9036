/**
 * Tengen's JSON tournament format: round trips and errors that name the file, the line and the player.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { formatInputError, type Parsed } from '../../src/model/errors';
import type { Tournament } from '../../src/model/tournament';
import { formatRank, type Rank } from '../../src/model/rank';
import { parseJsonWithLines, parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { CORPUS_DIR, corpusOpenGothaFiles, describeCorpus } from '../support/corpus';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'quebec-open-mini.json');

function value<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error(p.errors.map(formatInputError).join('\n'));
  return p.value;
}

function errorsOf(p: Parsed<unknown>): string[] {
  return p.ok ? [] : p.errors.map(formatInputError);
}

const base = {
  format: 'tengen-tournament',
  version: 1,
  name: 'Test',
  settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf', bar: '3d' },
  players: [
    { id: 1, family: 'Minieri', given: 'Davide', rank: '3d', club: '75Ju' },
    { id: 2, family: 'Nemo', given: 'André', rank: '2k' },
    { id: 3, family: 'Rebelo', given: 'Manuela', rank: '18k', absentRounds: [3] },
  ],
  games: [{ round: 1, table: 1, white: 1, black: 2, handicap: 0, result: 'white-wins', method: 'resignation' }],
  byes: [{ round: 1, player: 3 }],
};
const text = (o: unknown) => JSON.stringify(o, null, 2);

describe('JSON → model → JSON', () => {
  it('the bundled example reads and writes back byte for byte', () => {
    const original = readFileSync(EXAMPLE, 'utf8');
    const t = value(parseTournamentJson(original, EXAMPLE));
    expect(t.players).toHaveLength(13);
    expect(writeTournamentJson(t)).toBe(original);
  });

  it('accepts every rank spelling and writes the canonical one', () => {
    const t = value(parseTournamentJson(text({ ...base, players: [{ ...base.players[0], rank: '3 Dan' }, { ...base.players[1], rank: '2-K' }, base.players[2]] })));
    const again = JSON.parse(writeTournamentJson(t));
    expect(again.players.map((p: { rank: string }) => p.rank)).toEqual(['3d', '2k', '18k']);
    expect(again.settings.bar).toBe('3d');
  });

  it('a tournament written and read again is the same model (property)', () => {
    const rankArb = fc.integer({ min: -30, max: 17 });
    const arb = fc
      .record({
        n: fc.integer({ min: 2, max: 30 }),
        rounds: fc.integer({ min: 1, max: 8 }),
        // A name of spaces alone is refused by the reader (a player needs a name): names here hold a visible character.
        names: fc.array(fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ''), { minLength: 30, maxLength: 30 }),
        ranks: fc.array(rankArb, { minLength: 30, maxLength: 30 }),
        clubs: fc.array(fc.option(fc.constantFrom('Paris', 'Lyon', 'Montréal', 'Łódź', '東京'), { nil: undefined }), { minLength: 30, maxLength: 30 }),
        ratings: fc.array(fc.option(fc.integer({ min: -900, max: 2900 }), { nil: undefined }), { minLength: 30, maxLength: 30 }),
        results: fc.array(fc.constantFrom('white-wins', 'black-wins', 'jigo', 'unknown', 'white-wins-by-default', 'both-lose-by-default', 'jigo-by-default', 'both-win-by-default', 'black-wins-by-default'), { minLength: 200, maxLength: 200 }),
        system: fc.constantFrom('mcmahon', 'swiss', 'round-robin'),
        ruleset: fc.constantFrom('egf', 'bga', 'aqjg', 'opengotha'),
      })
      .map(({ n, rounds, names, ranks, clubs, ratings, results, system, ruleset }) => {
        const players = Array.from({ length: n }, (_, i) => {
          const p: Record<string, unknown> = { id: i + 1, family: names[i], given: names[29 - i], rank: formatRank(ranks[i] as Rank) };
          if (clubs[i] !== undefined) p.club = clubs[i];
          if (ratings[i] !== undefined) p.rating = ratings[i];
          return p;
        });
        const games: Record<string, unknown>[] = [];
        const byes: Record<string, unknown>[] = [];
        let k = 0;
        for (let r = 1; r <= rounds; r++) {
          for (let i = 0; i + 1 < n; i += 2) {
            const a = (i + r) % n;
            const b = (i + 1 + r) % n;
            games.push({ round: r, table: i / 2 + 1, white: a + 1, black: b + 1, handicap: k % 3, result: results[k++ % 200] });
          }
          if (n % 2) byes.push({ round: r, player: ((n - 1 + r) % n) + 1 });
        }
        return { format: 'tengen-tournament', version: 1, name: 'Property', settings: { system, rounds, ruleset, lotterySeed: 7, tiebreaks: ['sos', 'dc'] }, players, games, byes };
      });
    fc.assert(
      fc.property(arb, (doc) => {
        const t1 = value(parseTournamentJson(JSON.stringify(doc)));
        const written = writeTournamentJson(t1);
        const t2 = value(parseTournamentJson(written));
        expect(t2).toEqual(t1);
        expect(writeTournamentJson(t2)).toBe(written);
      }),
      { numRuns: 100 },
    );
  });
});

describeCorpus('OpenGotha XML → model → JSON → model is lossless', () => {
  const files = corpusOpenGothaFiles();
  it.each(files.map((f) => [path.relative(CORPUS_DIR, f), f]))('%s', (_name, file) => {
    const t = value(parseOpenGotha(readFileSync(file, 'utf8'), file));
    const json = writeTournamentJson(t);
    const back: Tournament = value(parseTournamentJson(json, 'roundtrip.json'));
    expect(writeTournamentJson(back)).toBe(json);
    expect(back.players.length).toBe(t.players.length);
    expect(back.games.length).toBe(t.games.length);
  });
});

describe('bad JSON: every error names the file, the line and the player', () => {
  it('malformed JSON gives line and column', () => {
    const errors = errorsOf(parseTournamentJson('{\n  "format": "tengen-tournament",\n  "version": 1,\n  "name": "x",\n  oops\n}', 't.json'));
    expect(errors).toEqual([expect.stringMatching(/^t\.json:5: column 3: not valid JSON/)]);
  });

  it('another format version', () => {
    expect(errorsOf(parseTournamentJson(text({ ...base, version: 2 }), 't.json'))).toEqual([
      expect.stringMatching(/^t\.json:3: \/version: this file is format version 2; this Tengen reads version 1/),
    ]);
  });

  it('an unknown rank', () => {
    const doc = { ...base, players: [base.players[0], { ...base.players[1], rank: '45x' }, base.players[2]] };
    const errors = errorsOf(parseTournamentJson(text(doc), 't.json'));
    const line = text(doc).split('\n').findIndex((l) => l.includes('"45x"')) + 1;
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^t\\.json:${line}: /players/1/rank: player 2 \\(Nemo, André\\): "45x" is not a rank`))]);
  });

  it('a duplicate ID', () => {
    const doc = { ...base, players: [...base.players, { id: 2, family: 'Roe', given: 'Jane', rank: '1k' }] };
    const errors = errorsOf(parseTournamentJson(text(doc), 't.json'));
    expect(errors).toEqual([expect.stringMatching(/^t\.json:\d+: \/players\/3: player 2 \(Roe, Jane\): duplicate ID 2: already used by Nemo, André/)]);
  });

  it('a game naming an unknown player', () => {
    const doc = { ...base, games: [...base.games, { round: 2, white: 1, black: 9, result: 'unknown' }] };
    const errors = errorsOf(parseTournamentJson(text(doc), 't.json'));
    expect(errors).toEqual([expect.stringMatching(/^t\.json:\d+: \/games\/1: the black player 9 is not a registered player/)]);
  });

  it('a player with two games in one round', () => {
    const doc = { ...base, players: [...base.players, { id: 4, family: 'Roe', given: 'Jane', rank: '1k' }], games: [...base.games, { round: 1, white: 4, black: 1, result: 'black-wins' }] };
    const errors = errorsOf(parseTournamentJson(text(doc), 't.json'));
    expect(errors).toEqual([expect.stringMatching(/^t\.json:\d+: \/games\/1: player 1 \(Minieri, Davide\): a game against 4 \(Roe, Jane\) in round 1, but he already has a game against 2 \(Nemo, André\)/)]);
  });

  it('contradictory results: a game by play in a round the player is marked absent', () => {
    const doc = { ...base, games: [...base.games, { round: 3, white: 3, black: 1, result: 'white-wins' }] };
    const errors = errorsOf(parseTournamentJson(text(doc), 't.json'));
    expect(errors).toEqual([expect.stringMatching(/^t\.json:\d+: \/games\/1: player 3 \(Rebelo, Manuela\): contradictory results: a game by play \(white-wins\) in round 3, a round he is marked absent/)]);
  });

  it('a misspelt key names the key and its line', () => {
    const doc = { ...base, players: [{ ...base.players[0], raank: '3d' }, base.players[1], base.players[2]] };
    const errors = errorsOf(parseTournamentJson(text(doc), 't.json'));
    const line = text(doc).split('\n').findIndex((l) => l.includes('"raank"')) + 1;
    expect(errors).toContainEqual(expect.stringMatching(new RegExp(`^t\\.json:${line}: /players/0/raank: player 1 \\(Minieri, Davide\\): unknown key "raank"`)));
  });

  it('the position-aware reader agrees with JSON.parse', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const s = JSON.stringify(v, null, 1);
      expect(parseJsonWithLines(s).value).toEqual(JSON.parse(s));
    }));
  });
});

describe('the knockout, QT and Groups of Eight settings', () => {
  test('settings.bracket and players\' pairingNumber survive JSON → model → JSON', () => {
    const text = readFileSync(path.join(__dirname, '..', '..', 'examples', 'egc-pko-24.json'), 'utf8');
    const json = JSON.parse(text) as { players: { pairingNumber?: number }[] };
    json.players.forEach((p, i) => (p.pairingNumber = 24 - i));
    const parsed = parseTournamentJson(JSON.stringify(json), 'pko.json');
    if (!parsed.ok) throw new Error(parsed.errors.map(formatInputError).join('\n'));
    expect(parsed.value.settings).toMatchObject({ system: 'knockout', bracket: 'egc-pko-24' });
    expect(parsed.value.players[0].pairingNumber).toBe(24);
    const again = parseTournamentJson(writeTournamentJson(parsed.value), 'again.json');
    expect(again.ok && again.value).toEqual(parsed.value);
  });

  test('a pairing number of 0 is refused with its path', () => {
    const text = readFileSync(path.join(__dirname, '..', '..', 'examples', 'egc-qt-12.json'), 'utf8');
    const json = JSON.parse(text) as { players: { pairingNumber?: number }[] };
    json.players[2].pairingNumber = 0;
    const parsed = parseTournamentJson(JSON.stringify(json, null, 2), 'qt.json');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.map(formatInputError).join('\n')).toMatch(/^qt\.json:\d+: \/players\/2\/pairingNumber: /);
  });
});
