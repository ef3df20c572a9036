import { bgaHandicap, decideHandicap, EGF_HANDICAP, MAYS_HANDICAP } from '../../src/pairing/handicap';
import type { InputError } from '../../src/model/errors';
import type { HandicapSettings, Settings } from '../../src/model/tournament';
import { readSettingsSheet, settingsCells } from '../../src/workbook/sheets/settingsSheet';
import { id, rank } from './fixtures';

const p = (n: number, r: string, mms?: number) => ({ id: id(n), rank: rank(r), scoreHalves: 2 * (mms ?? rank(r)) });

describe('handicaps', () => {
  it('Mays, Handicap − 1: 17k–15k → 1 stone (no komi), 17k–14k → 2 stones, 5d–4d even', () => {
    expect(decideHandicap(p(2, '17k'), p(1, '15k'), MAYS_HANDICAP)).toMatchObject({ handicap: 1, stronger: 1, weaker: 2 });
    expect(decideHandicap(p(1, '14k'), p(2, '17k'), MAYS_HANDICAP)).toMatchObject({ handicap: 2, stronger: 1 });
    expect(decideHandicap(p(1, '5d'), p(2, '4d'), MAYS_HANDICAP).handicap).toBe(0);
    expect(decideHandicap(p(2, '17k'), p(1, '15k'), MAYS_HANDICAP).reason).toMatch(/no komi/);
  });

  it("OpenGotha's hdCorrection of 3 (any correction): three stones off the difference, down to an even game", () => {
    const three: HandicapSettings = { policy: 'mms-difference', correction: 3 };
    expect(decideHandicap(p(1, '5k'), p(2, '10k'), three)).toMatchObject({ handicap: 2, stronger: 1 });
    expect(decideHandicap(p(1, '5k'), p(2, '7k'), three).handicap).toBe(0);
    expect(decideHandicap(p(1, '5k'), p(2, '10k'), three).reason).toMatch(/− 3/);
  });

  it('a correction of 3 survives the Settings sheet (its "Handicap correction" row)', () => {
    const settings: Settings = { system: 'mcmahon', rounds: 3, ruleset: 'opengotha', handicap: { policy: 'mms-difference', correction: 3, ceiling: 9 } };
    const errors: InputError[] = [];
    expect(readSettingsSheet(settingsCells(settings), errors).settings.handicap).toEqual(settings.handicap);
    expect(errors).toEqual([]);
  });

  it('BGA: McMahon difference − 1, even when either declared a rank at or above the bar', () => {
    const bga = bgaHandicap(rank('2d'));
    expect(decideHandicap(p(1, '1k', 2), p(2, '4k', -1), bga).handicap).toBe(2);
    expect(decideHandicap(p(1, '2d', 3), p(2, '4k', -1), bga)).toMatchObject({ handicap: 0 });
    expect(decideHandicap(p(1, '2d', 3), p(2, '4k', -1), bga).reason).toMatch(/at or above 2d/);
    // Half points: 1½ points apart is 1 whole point, minus 1: even.
    expect(decideHandicap({ id: id(1), rank: rank('5k'), scoreHalves: 3 }, { id: id(2), rank: rank('5k'), scoreHalves: 0 }, bga).handicap).toBe(0);
    // The MMS decides who is stronger, not the rank.
    expect(decideHandicap(p(1, '5k', -2), p(2, '8k', 1), bga)).toMatchObject({ handicap: 2, stronger: 2 });
  });

  it('EGF: rank difference − 2, only between players of 15 kyu or below', () => {
    expect(decideHandicap(p(1, '15k'), p(2, '20k'), EGF_HANDICAP).handicap).toBe(3);
    expect(decideHandicap(p(1, '14k'), p(2, '20k'), EGF_HANDICAP).handicap).toBe(0);
  });

  it('the difference itself, the ceiling, and no handicap at all', () => {
    const full: HandicapSettings = { policy: 'rank-difference' };
    expect(decideHandicap(p(1, '5k'), p(2, '8k'), full).handicap).toBe(3);
    expect(decideHandicap(p(1, '1d'), p(2, '20k'), full).handicap).toBe(9);
    expect(decideHandicap(p(1, '1d'), p(2, '20k'), { ...full, ceiling: 5 })).toMatchObject({ handicap: 5 });
    expect(decideHandicap(p(1, '1d'), p(2, '20k'), { ...full, ceiling: 5 }).reason).toMatch(/capped at 5/);
    expect(decideHandicap(p(1, '1d'), p(2, '20k'), { policy: 'none' }).handicap).toBe(0);
    expect(decideHandicap(p(1, '1d'), p(2, '20k'), undefined).handicap).toBe(0);
  });
});
