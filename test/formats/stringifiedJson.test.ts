/**
 * The tournament OpenGotha's Tengen comment restores is read natively (`parseStringifiedTournamentJson`, issue 28):
 * for any text JSON.stringify writes it must give what `parseTournamentJson` gives — value, refusals and their lines.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parseStringifiedTournamentJson, parseTournamentJson } from '../../src/formats/json';
import { MAX_NESTING } from '../../src/model/limits';

const EXAMPLE = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'examples', 'quebec-open-mini.json'), 'utf8')) as Record<string, unknown>;

function nested(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

describe('a stringified tournament read natively', () => {
  const docs: [string, unknown][] = [
    ['a valid tournament', EXAMPLE],
    ['an unknown key and a wrong type', { ...EXAMPLE, extra: 1, name: 3 }],
    ['a key "__proto__"', JSON.parse(JSON.stringify(EXAMPLE).replace('{', '{"__proto__":{"x":1},'))],
    ['nested as deep as allowed', { ...EXAMPLE, shortName: nested(MAX_NESTING - 1) }],
    ['nested one level too deep', { ...EXAMPLE, shortName: nested(MAX_NESTING) }],
    ['numbers JavaScript prints with exponents', { ...EXAMPLE, version: 1e21, settings: { ...(EXAMPLE.settings as object), komi: 5e-324 } }],
    ['not an object', [EXAMPLE]],
  ];
  it.each(docs)('%s: the same as parseTournamentJson', (_what, doc) => {
    const text = JSON.stringify(doc);
    expect(parseStringifiedTournamentJson(text, 'f.xml')).toEqual(parseTournamentJson(text, 'f.xml'));
  });

  it('the refusal of a document nested too deep is parseJson\'s, word for word', () => {
    const read = parseStringifiedTournamentJson(JSON.stringify({ ...EXAMPLE, shortName: nested(MAX_NESTING) }));
    expect(read.ok ? [] : read.errors.map((e) => e.message)).toEqual([expect.stringMatching(/^not valid JSON: nested deeper than/)]);
  });

  it('any JSON value stringified: the same as parseTournamentJson', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify({ ...EXAMPLE, players: [v] });
        expect(parseStringifiedTournamentJson(text)).toEqual(parseTournamentJson(text));
      }),
      { numRuns: 200 },
    );
  });
});
