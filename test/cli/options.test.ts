/**
 * No silent options: every `tengen pair` option × system is either honoured or refused with a message naming the
 * option and the system (exit 1, nothing written) — and an option a command does not use at all is refused too.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from '../support/cli';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLE = path.join(ROOT, 'examples', 'quebec-open-mini.json');

/** Each option with a valid value, and the systems that honour it (the others must refuse it). */
const OPTIONS: [string[], string[]][] = [
  [['--seeding', 'slip'], ['optimal', 'mays']],
  [['--seeding', 'adjacent'], ['optimal', 'mays']],
  [['--seeding', 'fold'], ['optimal']],
  [['--seeding', 'random', '--seed', '7'], ['optimal']],
  [['--bye-method', 'opengotha'], ['optimal', 'mays']],
  [['--bye-method', 'mays'], ['optimal', 'mays']],
  [['--allow-repeats'], ['optimal']],
  [['--force', '1-2'], ['optimal', 'mays', 'opengotha']],
  [['--forbid', '1-2'], ['optimal', 'mays', 'opengotha']],
  [['--relatives', '1-2'], ['optimal', 'mays']],
  [['--host-city', 'Montreal'], ['optimal', 'mays']],
  [['--pin', '1-2@1'], ['optimal']],
  [['--only', '1,2'], ['optimal']],
  [['--score-below', '0'], ['optimal']],
  [['--weights'], ['opengotha']],
  [['--opengotha-rules', 'corrected'], ['opengotha']],
  [['--opengotha-rules', 'released'], ['opengotha']],
  [['--opengotha-chunks'], ['opengotha']],
];

const cases: [string, string[], boolean][] = [];
for (const [args, honouredBy] of OPTIONS) {
  for (const system of ['optimal', 'mays', 'opengotha']) cases.push([system, args, honouredBy.includes(system)]);
}

describe('tengen pair: every option × system is honoured or refused by name', () => {
  it.each(cases)('--system %s %j (honoured: %s)', async (system, args, honoured) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tengen-options-'));
    const out = path.join(dir, 'out.json');
    const r = await cli(['pair', EXAMPLE, '--round', '2', '--system', system, ...args, '--out', out]);
    if (honoured) {
      // Honoured: never a usage error (the engine may still find the request impossible: exit 2).
      expect(r.code === 0 || r.code === 2).toBe(true);
      expect(r.err).not.toMatch(/does not honour|does not use|has no pair weights/);
      return;
    }
    expect(r.code).toBe(1);
    const flag = args[0];
    expect(r.err).toContain(flag);
    expect(r.err).toMatch(new RegExp(`the ${system} system (does not honour|has no pair weights)`));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--seed without --seeding random is refused: the seed would be ignored', async () => {
    const r = await cli(['pair', EXAMPLE, '--round', '2', '--seed', '5']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--seed \(the lottery seed of random seeding\): .*only with --seeding random/);
    const fold = await cli(['pair', EXAMPLE, '--round', '2', '--seeding', 'fold', '--seed', '5']);
    expect(fold.code).toBe(1);
    expect(fold.err).toMatch(/--seed .*only with --seeding random/);
  });

  it('--seeding fold with mays names what mays seeds, and the system that folds', async () => {
    const r = await cli(['pair', EXAMPLE, '--round', '2', '--system', 'mays', '--seeding', 'fold']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--seeding fold \(the seeding inside score groups\): the mays system does not honour it \(it seeds slip or adjacent\); --system optimal does/);
  });

  it('--seeding random with opengotha is refused for the system before asking for a seed', async () => {
    const r = await cli(['pair', EXAMPLE, '--round', '2', '--system', 'opengotha', '--seeding', 'random']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--seeding random .*the opengotha system does not honour it/);
  });

  it('--opengotha-rules takes released or corrected, and names the choices otherwise', async () => {
    const r = await cli(['pair', EXAMPLE, '--round', '2', '--system', 'opengotha', '--opengotha-rules', '3.49']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--opengotha-rules 3.49: expected released or corrected');
    const optimal = await cli(['pair', EXAMPLE, '--round', '2', '--opengotha-chunks']);
    expect(optimal.err).toMatch(/--opengotha-chunks \(OpenGotha's chunks of a big field\): the optimal system does not honour it; --system opengotha does/);
  });

  it('--bye-method with opengotha: OpenGotha chooses its own bye', async () => {
    const r = await cli(['pair', EXAMPLE, '--round', '2', '--system', 'opengotha', '--bye-method', 'mays']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--bye-method \(how the bye is chosen\): the opengotha system does not honour it; --system optimal or --system mays does/);
  });

  it.each([
    ['pair', ['--round', '2', '--ruleset', 'egf'], /--ruleset: the pair command does not use this option \(pair scores under the file's own ruleset\)/],
    ['pair', ['--round', '2', '--as-of', '1', '--language', 'fr'], /--as-of, --language: the pair command does not use these options/],
    ['standings', ['--round', '2'], /--round: the standings command does not use this option/],
    ['standings', ['--seeding', 'fold'], /--seeding: the standings command does not use this option/],
    ['workbook', ['--out', 'x.xlsx', '--json'], /--json: the workbook command does not use this option/],
  ])('%s %j: an option the command does not use is refused', async (command, args, message) => {
    const r = await cli([command, EXAMPLE, ...args]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(message);
  });
});
