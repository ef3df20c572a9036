/**
 * `tengen standings FILE --ruleset czech` and `tengen explain FILE PLAYER czech` on the example round-robin.
 */
import * as path from 'node:path';
import { cli } from '../support/cli';

const FILE = path.join(__dirname, '..', '..', 'examples', 'czech-round-robin.json');

describe('tengen standings --ruleset czech', () => {
  it('--json lists the players in the Czech order with place, points, sonneborn and what decided', async () => {
    const { code, out, err } = await cli(['standings', FILE, '--ruleset', 'czech', '--json']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const rows = JSON.parse(out) as { id: number; place: number; points: number; sonneborn: number; decidedBy?: string }[];
    expect(rows.map((r) => [r.id, r.place, r.points, r.sonneborn])).toEqual([
      [5, 1, 3, 5],
      [2, 2, 2, 5],
      [3, 3, 2, 3],
      [1, 4, 2, 3],
      [4, 5, 1, 2],
    ]);
    expect(rows[1].decidedBy).toBe('sonneborn');
    expect(rows[2].decidedBy).toBe('own-game');
  });

  it('the text table names the order and the cycles', async () => {
    const { code, out } = await cli(['standings', FILE, '--ruleset', 'czech']);
    expect(code).toBe(0);
    expect(out).toMatch(/Czech order/);
    expect(out).toMatch(/Sonneborn/);
  });
});

describe('tengen explain FILE PLAYER czech', () => {
  it('says which criterion separated him from each tied player and the numbers behind it', async () => {
    const { code, out } = await cli(['explain', FILE, '3', 'czech']);
    expect(code).toBe(0);
    expect(out).toMatch(/behind 2 Svoboda, Petr .*A3\/B3 Sonneborn/);
    expect(out).toMatch(/Sonneborn of 3 Dvořák, Tomáš: 1 \(4 Černý, Martin, round 1\) \+ 2 \(1 Novák, Jan, round 3\) = 3/);
    expect(out).toMatch(/ahead of 1 Novák, Jan .*own game/);
  });

  it('--json gives the same as data', async () => {
    const { code, out } = await cli(['explain', FILE, '3', 'czech', '--json']);
    expect(code).toBe(0);
    expect((JSON.parse(out) as { against: { step: string }[] }).against.map((a) => a.step)).toEqual(['sonneborn', 'own-game']);
  });
});
