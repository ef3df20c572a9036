/**
 * `tengen pair` and `tengen standings` on a European Go Congress McMahon file (examples/egc-congress-*.json, built by
 * scripts/egc-congress-example.js with Tengen's own congress draw).
 */
import * as path from 'node:path';
import { cli } from '../support/cli';

const R8 = path.resolve(__dirname, '..', '..', 'examples', 'egc-congress-r8.json');
const FINAL = path.resolve(__dirname, '..', '..', 'examples', 'egc-congress-final.json');

describe('tengen on the congress McMahon', () => {
  it('pair --round 9: the forced pairings of Europeans, in the sheet and the report', async () => {
    const { code, out } = await cli(['pair', R8, '--round', '9']);
    expect(code).toBe(0);
    expect(out).toMatch(/round 9 \(optimal \(EGC congress\)\)/);
    expect(out).toMatch(/round 9: Europeans within one point of the leading European's McMahon score 10: .*forced pairs \d+–\d+/);
    expect(out).toMatch(/forced pairing of Europeans within one point of the leading European/);
    const json = JSON.parse((await cli(['pair', R8, '--round', '9', '--json'])).out) as { report: { kind: string; players: number[] }[]; games: { white: number; black: number }[] };
    const summary = json.report.find((l) => l.kind === 'egc-forced')!;
    const forced = json.report.filter((l) => l.kind === 'forced').map((l) => [...l.players].sort((a, b) => a - b).join('–'));
    const games = json.games.map((g) => [g.white, g.black].sort((a, b) => a - b).join('–'));
    expect(forced.length).toBeGreaterThan(0);
    expect(games).toEqual(expect.arrayContaining(forced));
    expect(summary.players.length).toBeGreaterThanOrEqual(forced.length * 2);
  });

  it('pair with another system is refused: the congress is drawn by optimal', async () => {
    const { code, err } = await cli(['pair', R8, '--round', '9', '--system', 'mays']);
    expect(code).toBe(2);
    expect(err).toMatch(/European Go Congress McMahon \("egc": true\) is drawn by the optimal system, .*the mays system does not/);
  });

  it('standings: the top bar, the European Open Champion and the qualification order', async () => {
    const text = (await cli(['standings', FINAL])).out;
    expect(text).toMatch(/Top bar 4d, supergroup of \d+ from MMS 3/);
    expect(text).toMatch(/European Open Champion: /);
    expect(text).toMatch(/Qualification order of Europeans \(all rounds, McMahon score, Direct Comparison, rating, lottery with seed 2024\)/);
    const json = JSON.parse((await cli(['standings', FINAL, '--json'])).out) as {
      standings: unknown[];
      europeanChampion: { id: number; mms: number; allRounds: boolean }[];
      qualificationOrder: { id: number; position: number; allRounds: boolean; mms: number; country: string }[];
      topBar: { bar: string };
      final: boolean;
    };
    expect(json.standings).toHaveLength(160);
    expect(json.final).toBe(true);
    expect(json.topBar.bar).toBe('4d');
    expect(json.europeanChampion.length).toBeGreaterThan(0);
    expect(json.europeanChampion.every((e) => e.allRounds)).toBe(true);
    const q = json.qualificationOrder;
    expect(q.map((e) => e.position)).toEqual(q.map((_, i) => i + 1));
    // All rounds first, then by McMahon score.
    for (let i = 1; i < q.length; i++) {
      expect(Number(q[i - 1].allRounds)).toBeGreaterThanOrEqual(Number(q[i].allRounds));
      if (q[i - 1].allRounds === q[i].allRounds) expect(q[i - 1].mms).toBeGreaterThanOrEqual(q[i].mms);
    }
    expect(q.map((e) => e.country)).not.toContain('KR');
  });
});
