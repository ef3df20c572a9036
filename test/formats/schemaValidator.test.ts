/**
 * The tournament schema's validator is compiled ahead of time (scripts/schema-validator.js, issue 28): it must be the
 * validator of the schema as it stands, and give the errors Ajv gives when it compiles the schema at run time.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import Ajv from 'ajv';
import schema from '../../src/formats/tournament.schema.json';
import generated from '../../src/formats/tournamentSchemaValidator';

const ROOT = path.resolve(__dirname, '..', '..');

describe('the tournament schema validator, compiled ahead of time', () => {
  it('is the validator of tournament.schema.json as it stands (regenerate with node scripts/schema-validator.js)', () => {
    expect(() => execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'schema-validator.js'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('gives the errors Ajv gives when compiling the schema at run time', () => {
    const atRunTime = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const ahead = generated as unknown as typeof atRunTime;
    const good = {
      format: 'tengen-tournament',
      version: 1,
      name: 'T',
      settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf', bar: '3d' },
      players: [{ id: 1, family: 'A', given: 'B', rank: '3d' }],
      games: [{ round: 1, table: 1, white: 1, black: 2, handicap: 0, result: 'white-wins' }],
      byes: [{ round: 1, player: 3 }],
    };
    const bad: unknown[] = [
      good,
      {},
      [],
      { ...good, format: 'other', extra: 1 },
      { ...good, players: [{ id: 0, family: 3, rank: 5, colour: 'x' }], games: [{ round: 'one' }] },
      { ...good, settings: { system: 'nonsense', rounds: -1, tiebreaks: ['mms', 'nope'] } },
      { ...good, byes: 'none', teams: [{}], playoffs: [1] },
    ];
    for (const doc of bad) {
      const expected = atRunTime(doc);
      expect(ahead(doc)).toBe(expected);
      expect(ahead.errors ?? null).toEqual(atRunTime.errors ?? null);
    }
    // The invalid documents above are invalid: the comparison compared errors, not two empty lists.
    expect(bad.filter((doc) => !atRunTime(doc)).length).toBe(bad.length - 1);
  });
});
