/**
 * The congress McMahon's handicaps (European Go Championship Tournament Rules, "The McMahon Tournament", General):
 * "Handicaps may only be used below 15 kyu. All other games are even games." A director's own policy is limited by
 * it, and the draw's report says so.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { handicapSettingsOf } from '../../src/pairing/handicap';
import { cli } from '../support/cli';
import { player, tournament } from '../pairing/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'tengen-egc-handicap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two pairs the draw cannot avoid: 10k–14k and 16k–20k (four ranks apart each, far from the others).
const field = (egc: boolean): Tournament =>
  tournament(
    [player(1, '10k', { country: 'DE' }), player(2, '14k', { country: 'FR' }), player(3, '16k', { country: 'PL' }), player(4, '20k', { country: 'CZ' })],
    { rounds: 5, ruleset: 'egf', egc, handicap: { policy: 'rank-difference-minus-2' } },
  );

async function handicaps(t: Tournament, name: string): Promise<{ stones: Record<string, number>; out: string }> {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, writeTournamentJson(t));
  const r = await cli(['pair', file, '--round', '1', '--json']);
  expect(r.code).toBe(0);
  const json = JSON.parse(r.out);
  const stones: Record<string, number> = {};
  for (const g of json.games) stones[[g.white, g.black].sort((a: number, b: number) => a - b).join('-')] = g.handicap;
  return { stones, out: r.out };
}

describe('EGC congress handicaps', () => {
  it('a 10k–14k game is even under "egc": true though the policy (rank difference − 2) would give 2 stones; 16k–20k keeps 2', async () => {
    const without = await handicaps(field(false), 'club');
    expect(without.stones).toEqual({ '1-2': 2, '3-4': 2 });
    const congress = await handicaps(field(true), 'congress');
    expect(congress.stones).toEqual({ '1-2': 0, '3-4': 2 });
    expect(congress.out).toMatch(/Handicaps may only be used below 15 kyu/);
  });

  it('the limit applies to the setting the engine pairs with, and a stricter setting is kept', () => {
    expect(handicapSettingsOf(field(true).settings).evenAtOrAbove).toBe(-15);
    const stricter = { ...field(true).settings, handicap: { policy: 'rank-difference-minus-2' as const, evenAtOrAbove: -18 as never } };
    expect(handicapSettingsOf(stricter).evenAtOrAbove).toBe(-18);
  });
});
