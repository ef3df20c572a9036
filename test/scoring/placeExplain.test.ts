/**
 * A place in words (src/scoring/placeExplain.ts) against the player above and the one below: the criteria they share
 * and the one that separated them, places shared when no criterion does; `tengen explain FILE PLAYER place` prints it
 * (under the Czech ruleset, the Czech order's explanation).
 */
import * as path from 'node:path';
import { loadTournament } from '../../src/workbook/load';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { explainPlace, renderPlaceExplanation } from '../../src/scoring/placeExplain';
import { computeStandings } from '../../src/scoring/standings';
import { cli } from '../support/cli';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const QUEBEC = path.join(EXAMPLES, 'quebec-open-mini.json');

async function load(file: string): Promise<Tournament> {
  const parsed = await loadTournament(file);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

describe('a place in words', () => {
  it('a tie-breaker decided: the same wins as the player above, but SOS lower; ahead of the one below', async () => {
    const s = computeStandings(await load(QUEBEC));
    const e = explainPlace(s, 13 as PlayerId);
    expect(e.above?.decided.criterion).toBe('sos');
    expect(e.above?.same.map((x) => x.criterion)).toEqual(['nbw']);
    expect(renderPlaceExplanation(e)).toBe('3rd in section C: the same 2 wins as 2nd (Côté, Julie), but SOS -6 against -5.5.\nAhead of 4th (Moreau, Hugo): the same 2 wins, but SOS -6 against -9.33.\n');
  });

  it('the first criterion decided: his score against the other\'s; the first place has no one above', async () => {
    const s = computeStandings(await load(QUEBEC));
    expect(renderPlaceExplanation(explainPlace(s, 3 as PlayerId))).toBe('4th in section A: 1 win against 2 for 3rd (Okafor, Chidi).\n');
    expect(renderPlaceExplanation(explainPlace(s, 2 as PlayerId))).toBe('1st in section A: 3 wins.\nAhead of 2nd (Tremblay, Gabriel): the same 3 wins, but SOS 7.5 against 7.\n');
  });

  it('a shared place: said, naming who shares it, and never "above" or "below" one another', async () => {
    const t = await load(QUEBEC);
    // By wins alone: Nakamura (2) and Tremblay (1) share the first place of section A.
    const s = computeStandings(t, { tiebreaks: ['nbw'] });
    const e = explainPlace(s, 1 as PlayerId);
    expect(e.player.place).toBe(1);
    expect(e.above).toBeUndefined();
    expect(e.sharedWith.map((n) => n.id)).toEqual([2]);
    expect(renderPlaceExplanation(e)).toBe('1st in section A: 3 wins.\nAhead of 3rd (Okafor, Chidi): 3 wins against 2.\nShared with Nakamura, Aiko: no criterion separates them.\n');
  });

  it('tengen explain FILE PLAYER place: the title, then the sentences; the Czech order explains itself', async () => {
    const { code, out } = await cli(['explain', QUEBEC, '13', 'place']);
    expect(code).toBe(0);
    expect(out).toBe('Place of 13 Fortin, Léa after round 4 (aqjg; order wins › SOS › SODOS › one-on-one)\n3rd in section C: the same 2 wins as 2nd (Côté, Julie), but SOS -6 against -5.5.\nAhead of 4th (Moreau, Hugo): the same 2 wins, but SOS -6 against -9.33.\n');
    const czech = await cli(['explain', path.join(EXAMPLES, 'czech-round-robin.json'), '3', 'place']);
    expect(czech.code).toBe(0);
    expect(czech.out).toMatch(/^Czech order of 3 Dvořák, Tomáš: place 3/);
  });
});
