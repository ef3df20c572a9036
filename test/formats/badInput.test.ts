/**
 * Bad input never crashes a reader and never slips through (issue 12): every reproducer of the issue that concerns
 * the JSON and OpenGotha readers, each failing with Tengen's own error naming file, line and player.
 */
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { formatInputError, type Parsed } from '../../src/model/errors';
import { MAX_ROUNDS } from '../../src/model/limits';
import { firstControlCharacter } from '../../src/model/controlCharacters';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { loadTournament } from '../../src/workbook/load';
import { parseXml } from '../../src/formats/xml';
import { errorsOf } from '../workbook/fixtures';

const base = {
  format: 'tengen-tournament',
  version: 1,
  name: 'Test',
  settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf', sections: [{ name: 'A', initialMms: 0 }, { name: 'B', initialMms: -2 }] },
  players: [
    { id: 1, family: 'Minieri', given: 'Davide', rank: '3d', section: 'A' },
    { id: 2, family: 'B', given: 'b', rank: '2k', section: 'b' },
  ],
  games: [],
  byes: [],
};
const text = (o: unknown) => JSON.stringify(o, null, 2);
const withPlayer2 = (extra: Record<string, unknown>) => ({ ...base, players: [base.players[0], { id: 2, family: 'B', given: 'b', rank: '2k', ...extra }] });
const withSettings = (extra: Record<string, unknown>) => ({ ...base, settings: { ...base.settings, ...extra }, players: [base.players[0]] });

function ogXml(players: string[], general = 'numberOfRounds="3"', declaration = '<?xml version="1.0" encoding="UTF-8"?>'): string {
  return [
    declaration,
    '<Tournament dataVersion="201">',
    '<Players>',
    ...players,
    '</Players>',
    '<TournamentParameterSet>',
    `<GeneralParameterSet genMMBar="4D" genMMFloor="20K" genMMZero="30K" name="T" ${general}/>`,
    '</TournamentParameterSet>',
    '</Tournament>',
  ].join('\n');
}
const ogPlayer = (name: string, first: string, extra = '') => `<Player firstName="${first}" name="${name}" rank="2K" rating="1500"${extra}/>`;

describe('a section that names no section', () => {
  it('is refused, naming file, line and player (JSON)', () => {
    const errors = errorsOf(parseTournamentJson(text(base), 't.json'));
    const line = text(base).split('\n').findIndex((l) => l.includes('"section": "b"')) + 1;
    expect(errors).toEqual([`t.json:${line}: /players/1/section: player 2 (B, b): section "b" is not one of A, B`]);
  });

  it('is refused when the tournament has no sections at all', () => {
    const doc = { ...base, settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf' } };
    expect(errorsOf(parseTournamentJson(text(doc), 't.json')).join('\n')).toMatch(/player 2 \(B, b\): section "b" is not one of the tournament's sections: it has none/);
  });
});

describe('numbers out of range', () => {
  it.each(['0.3', '2000000000', '1e308', '-1e308', '1001'])('initialMms %s is refused: whole or half points, |x| ≤ 1000', (x) => {
    const doc = text(withPlayer2({ section: 'B' })).replace('"rank": "2k"', `"rank": "2k", "initialMms": ${x}`);
    const errors = errorsOf(parseTournamentJson(doc, 't.json'));
    expect(errors).toEqual([expect.stringMatching(/^t\.json:\d+: \/players\/1\/initialMms: player 2 \(B, b\): initial McMahon score .* is not a whole or half point from -1000 to 1000$/)]);
  });

  it('a number beyond what JavaScript holds (1e400) is refused where it is written', () => {
    const doc = text(withPlayer2({ section: 'B' })).replace('"rank": "2k"', '"rank": "2k", "initialMms": 1e400');
    expect(errorsOf(parseTournamentJson(doc, 't.json'))).toEqual([expect.stringMatching(/^t\.json:\d+: column \d+: not valid JSON: the number 1e400 is too large$/)]);
  });

  it('a section initialMms out of range is refused', () => {
    const errors = errorsOf(parseTournamentJson(text(withSettings({ sections: [{ name: 'A', initialMms: 0.25 }] })), 't.json'));
    expect(errors.join('\n')).toMatch(/t\.json:\d+: \/settings\/sections\/0\/initialMms: .*whole or half point/);
  });

  it('initialMms 1.5 and -1000 are accepted and written back as read', () => {
    const doc = text(withPlayer2({ initialMms: 1.5 })).replace('"section": "A"', '"section": "A", "initialMms": -1000');
    const parsed = parseTournamentJson(doc, 't.json');
    expect(errorsOf(parsed)).toEqual([]);
    if (!parsed.ok) return;
    expect(errorsOf(parseTournamentJson(writeTournamentJson(parsed.value), 'again.json'))).toEqual([]);
  });

  it.each(['1e400', '9.1e12', '-1e400'])('rating %s is refused, named', (x) => {
    const doc = text(withPlayer2({})).replace('"rank": "2k"', `"rank": "2k", "rating": ${x}`);
    expect(errorsOf(parseTournamentJson(doc, 't.json'))).toEqual([
      expect.stringMatching(/^t\.json:\d+: (\/players\/1\/rating: player 2 \(B, b\): rating \d+ is not a rating from -10000 to 10000|column \d+: not valid JSON: the number -?1e400 is too large)$/),
    ]);
  });

  it.each(['1e400', '1000', '6.25'])('komi %s is refused, named', (x) => {
    const doc = text(withSettings({})).replace('"ruleset": "egf"', `"ruleset": "egf", "komi": ${x}`);
    expect(errorsOf(parseTournamentJson(doc, 't.json'))).toEqual([
      expect.stringMatching(/^t\.json:\d+: (\/settings\/komi: komi [\d.]+ is not a whole or half point from -100 to 100|column \d+: not valid JSON: the number 1e400 is too large)$/),
    ]);
  });

  it.each([
    ['lotterySeed', '1e300'],
    ['handicap', '{ "policy": "rank-difference", "ceiling": 1e300 }'],
  ])('settings.%s %s is refused, named', (key, x) => {
    const doc = text(withSettings({})).replace('"ruleset": "egf"', `"ruleset": "egf", "${key}": ${x}`);
    expect(errorsOf(parseTournamentJson(doc, 't.json'))).toEqual([expect.stringMatching(new RegExp(`^t\\.json:\\d+: /settings/${key}.*: .* 1e\\+300 is not a`))]);
  });

  it.each([
    ['id', 1e300],
    ['previousOrder', 1e300],
  ])('player %s %p is refused, named', (key, x) => {
    const doc = text(withPlayer2({})).replace('"id": 2', `"id": 2, "${key}": ${x}`).replace(/"id": 2, "id": [^,]+/, `"id": ${x}`);
    expect(errorsOf(parseTournamentJson(doc, 't.json')).join('\n')).toMatch(new RegExp(`t\\.json:\\d+: /players/1/${key}: .*1e\\+300 is not a|must be a whole number`));
  });

  it('game table 1e300 is refused, named', () => {
    const doc = { ...withPlayer2({ section: 'B' }), games: [{ round: 1, table: 1e300, white: 1, black: 2, result: 'unknown' }] };
    expect(errorsOf(parseTournamentJson(text(doc).replace('1e+300', '1e300'), 't.json')).join('\n')).toMatch(/t\.json:\d+: \/games\/0\/table: player 1 \(Minieri, Davide\): table 1e\+300 is not a table number from 1 to 524280/);
  });

  it('OpenGotha: rating 9.1e12 and a 400-digit rating are refused, named', () => {
    const xml = ogXml([ogPlayer('Nemo', 'André'), `<Player firstName="Luc" name="Big" rank="2K" rating="9100000000000"/>`, `<Player firstName="Lea" name="Huge" rank="2K" rating="${'9'.repeat(400)}"/>`]);
    const errors = errorsOf(parseOpenGotha(xml, 'og.xml'));
    expect(errors).toEqual([
      expect.stringMatching(/^og\.xml:5: .*player .*Big, Luc.*: rating 9100000000000 is not .*-10000 to 10000/),
      expect.stringMatching(/^og\.xml:6: .*player .*Huge, Lea.*: rating .* is not .*-10000 to 10000/),
    ]);
  });

  it('OpenGotha: komi 1e400 and 9999 are refused, named', () => {
    for (const komi of ['1e400', '9999']) {
      const errors = errorsOf(parseOpenGotha(ogXml([ogPlayer('Nemo', 'André')], `numberOfRounds="3" komi="${komi}"`), 'og.xml'));
      expect(errors).toEqual([expect.stringMatching(/^og\.xml:\d+: .*komi/)]);
    }
  });

  it('OpenGotha: an smmsCorrection that puts the initial score beyond 1000 is refused, named', () => {
    const errors = errorsOf(parseOpenGotha(ogXml([ogPlayer('Nemo', 'André', ' smmsCorrection="2000000000"')]), 'og.xml'));
    expect(errors).toEqual([expect.stringMatching(/^og\.xml:4: .*player 1 \(Nemo, André\): .*initial McMahon score.*-1000.*1000/)]);
  });
});

describe('the number of rounds has a stated maximum, checked first', () => {
  it(`MAX_ROUNDS is what 16,384 columns allow (${MAX_ROUNDS})`, () => {
    expect(MAX_ROUNDS).toBeGreaterThanOrEqual(20);
  });

  it.each(['1000000', '1e9', String(MAX_ROUNDS + 1)])('JSON rounds %s fails fast with a clear message', (x) => {
    const doc = text(withSettings({})).replace('"rounds": 3', `"rounds": ${x}`);
    const errors = errorsOf(parseTournamentJson(doc, 't.json'));
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^t\\.json:\\d+: /settings/rounds: .*at most ${MAX_ROUNDS}`))]);
  });

  it.each(['1000000', '1000000000'])('OpenGotha numberOfRounds %s fails fast with a clear message', (x) => {
    const errors = errorsOf(parseOpenGotha(ogXml([ogPlayer('Nemo', 'André')], `numberOfRounds="${x}"`), 'og.xml'));
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^og\\.xml:7: <GeneralParameterSet>: numberOfRounds.*at most ${MAX_ROUNDS}`))]);
  });
});

describe('nesting 5,000 deep', () => {
  it('JSON: a clear error naming file and line, no stack overflow', () => {
    const deep = `{"format": "tengen-tournament", "version": 1, "name": "T", "x":\n${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(errorsOf(parseTournamentJson(deep, 'deep.json'))).toEqual([expect.stringMatching(/^deep\.json:2: column \d+: not valid JSON: nested deeper than \d+ levels/)]);
  });

  it('XML: a clear error naming file and line, no stack overflow', () => {
    const deep = `<?xml version="1.0"?>\n<Tournament>\n${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</Tournament>`;
    expect(errorsOf(parseXml(deep, 'deep.xml'))).toEqual([expect.stringMatching(/^deep\.xml:3: malformed XML: elements nested deeper than \d+ levels/)]);
    expect(errorsOf(parseOpenGotha(deep, 'deep.xml'))).toHaveLength(1);
  });
});

describe('control characters in text', () => {
  it.each([
    ['a newline', 'Smith\\nForged line', 'U+000A'],
    ['ESC', 'Smith\\u001b[31m', 'U+001B'],
    ['BEL', 'Smith\\u0007', 'U+0007'],
    ['a right-to-left override', 'Smith\\u202e', 'U+202E'],
    ['a left-to-right isolate', 'Smith\\u2066', 'U+2066'],
    ['DEL', 'Smith\\u007f', 'U+007F'],
  ])('JSON: %s in a family name is refused, naming file, line and player, the name shown escaped', (_what, escaped, code) => {
    const doc = text(withPlayer2({ section: 'B' })).replace('"family": "B"', `"family": "${escaped}"`);
    const errors = errorsOf(parseTournamentJson(doc, 't.json'));
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^t\\.json:\\d+: /players/1/family: player 2 \\(Smith.*\\): .*control character ${code.replace('+', '\\+')}`))]);
    // Nothing printed raw: the message itself holds no control character.
    expect(firstControlCharacter(errors[0])).toBeUndefined();
  });

  it('JSON: a control character in a club, the tournament name or a section is refused', () => {
    expect(errorsOf(parseTournamentJson(text(withPlayer2({ section: 'B', club: 'Go\u0007' })), 't.json'))).toEqual([expect.stringMatching(/^t\.json:\d+: \/players\/1\/club: player 2 \(B, b\): .*U\+0007/)]);
    expect(errorsOf(parseTournamentJson(text({ ...withPlayer2({ section: 'B' }), name: 'Open\u001b' }), 't.json'))).toEqual([expect.stringMatching(/^t\.json:4: \/name: .*U\+001B/)]);
  });

  it('OpenGotha: a newline (&#10;) or U+202E in a name is refused, naming file, line and player', () => {
    const errors = errorsOf(parseOpenGotha(ogXml([ogPlayer('Nemo', 'André'), ogPlayer('Evil&#10;Forged', 'Eve'), ogPlayer('Bidi\u202e', 'Bob')]), 'og.xml'));
    expect([...errors].sort()).toEqual([expect.stringMatching(/^og\.xml:5: .*player .*Evil\\nForged.*U\+000A/), expect.stringMatching(/^og\.xml:6: .*player .*Bidi\\u202e.*U\+202E/)]);
  });
});

describe('encodings of OpenGotha files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-encoding-'));
  const names = (p: Parsed<{ players: readonly { family: string; given: string }[] }>) => (p.ok ? p.value.players.map((x) => `${x.family}, ${x.given}`).sort() : p.errors.map(formatInputError));
  const xml = (declared: string) => ogXml([ogPlayer('Lúa', 'René'), ogPlayer('Nemo', 'André')], 'numberOfRounds="3"', `<?xml version="1.0" encoding="${declared}"?>`);

  it.each(['ISO-8859-1', 'windows-1252', 'ISO-8859-15'])('declared %s: imports with the right accents', async (declared) => {
    const file = path.join(dir, `latin-${declared}.xml`);
    writeFileSync(file, Buffer.from(xml(declared), 'latin1'));
    expect(names(await loadTournament(file))).toEqual(['Lúa, René', 'Nemo, André']);
  });

  it('UTF-16 with a byte-order mark imports (little and big endian)', async () => {
    const le = path.join(dir, 'utf16le.xml');
    writeFileSync(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml('UTF-16'), 'utf16le')]));
    expect(names(await loadTournament(le))).toEqual(['Lúa, René', 'Nemo, André']);
    const be = path.join(dir, 'utf16be.xml');
    const swapped = Buffer.from(xml('UTF-16'), 'utf16le').swap16();
    writeFileSync(be, Buffer.concat([Buffer.from([0xfe, 0xff]), swapped]));
    expect(names(await loadTournament(be))).toEqual(['Lúa, René', 'Nemo, André']);
  });

  it('an encoding Tengen cannot read is named', async () => {
    const file = path.join(dir, 'klingon.xml');
    writeFileSync(file, xml('x-klingon'));
    expect(names(await loadTournament(file))).toEqual([expect.stringMatching(/^.*klingon\.xml:1: .*encoding "x-klingon".*cannot read/)]);
  });

  it('bytes that are not the declared UTF-8 are an error naming the line, not U+FFFD in a name', async () => {
    const file = path.join(dir, 'bad-utf8.xml');
    writeFileSync(file, Buffer.from(xml('UTF-8'), 'latin1'));
    expect(names(await loadTournament(file))).toEqual([expect.stringMatching(/bad-utf8\.xml:4: .*not valid UTF-8/)]);
  });
});

describe('the writer never writes a value the reader refuses', () => {
  it('every value within the limits reads, writes and reads back the same (fast-check, 300 tournaments)', () => {
    const halfPoints = (limit: number) => fc.integer({ min: -2 * limit, max: 2 * limit }).map((h) => h / 2);
    fc.assert(
      fc.property(
        halfPoints(1000),
        halfPoints(1000),
        fc.double({ min: -10000, max: 10000, noNaN: true }),
        halfPoints(100),
        fc.maxSafeInteger(),
        fc.integer({ min: 1, max: MAX_ROUNDS }),
        (initialMms, sectionMms, rating, komi, lotterySeed, rounds) => {
          const doc = {
            ...base,
            settings: { ...base.settings, rounds, komi, lotterySeed, sections: [{ name: 'A', initialMms: sectionMms }, { name: 'B', initialMms: -2 }] },
            players: [base.players[0], { id: 2, family: 'B', given: 'b', rank: '2k', section: 'B', initialMms, rating }],
          };
          const first = parseTournamentJson(text(doc), 't.json');
          expect(errorsOf(first)).toEqual([]);
          if (!first.ok) return;
          const again = parseTournamentJson(writeTournamentJson(first.value), 'again.json');
          expect(errorsOf(again)).toEqual([]);
          if (again.ok) expect(again.value).toEqual(first.value);
        },
      ),
      { numRuns: 300, seed: 12 },
    );
  });
});
