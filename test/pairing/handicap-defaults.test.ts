import { decideHandicap, defaultHandicapSettings, EGC_HANDICAP, handicapSettingsOf } from '../../src/pairing/handicap';
import type { HandicapSettings, Settings } from '../../src/model/tournament';
import { id, rank } from './fixtures';

const p = (n: number, r: string, mms?: number) => ({ id: id(n), rank: rank(r), scoreHalves: 2 * (mms ?? rank(r)) });
const stones = (s: HandicapSettings, a: ReturnType<typeof p>, b: ReturnType<typeof p>) => decideHandicap(a, b, s).handicap;

describe("each ruleset's default handicaps", () => {
  it('aqjg: Mays, rank difference − 1 (6k–15k: 8 stones)', () => {
    const s = defaultHandicapSettings('aqjg');
    expect(s).toEqual({ policy: 'rank-difference-minus-1' });
    expect(stones(s, p(1, '6k'), p(2, '15k'))).toBe(8);
  });

  it('egf: even games, whatever the ranks', () => {
    const s = defaultHandicapSettings('egf', { bar: rank('4d') });
    expect(s).toEqual({ policy: 'none' });
    expect(stones(s, p(1, '16k'), p(2, '25k'))).toBe(0);
    expect(stones(s, p(1, '1d'), p(2, '20k'))).toBe(0);
  });

  it('bga: even at or above the bar, McMahon difference − 1 below it', () => {
    const s = defaultHandicapSettings('bga', { bar: rank('2d') });
    expect(s).toEqual({ policy: 'mms-difference-minus-1', evenAtOrAbove: rank('2d') });
    expect(stones(s, p(1, '3d', 1), p(2, '5k', -5))).toBe(0); // declared above the bar
    expect(stones(s, p(1, '1d', 0), p(2, '5k', -5))).toBe(4); // both below: 5 − 1
    expect(defaultHandicapSettings('bga')).toEqual({ policy: 'mms-difference-minus-1' });
  });

  it("opengotha: the file's HandicapParameterSet, OpenGotha's own defaults for what it leaves out", () => {
    expect(defaultHandicapSettings('opengotha')).toEqual({ policy: 'mms-difference-minus-1', ceiling: 9, evenAtOrAbove: rank('1d') });
    const written = { hdBase: 'RANK', hdCorrection: '2', hdCeiling: '5', hdNoHdRankThreshold: '10K' };
    const s = defaultHandicapSettings('opengotha', {
      opengotha: { mmsHalvesAbsent: 1, mmsHalvesBye: 2, nbwHalvesAbsent: 0, nbwHalvesBye: 2, roundDown: true, pairingParameters: written },
    });
    expect(s).toEqual({ policy: 'rank-difference-minus-2', ceiling: 5, evenAtOrAbove: rank('10k') });
    expect(stones(s, p(1, '11k'), p(2, '25k'))).toBe(5);
    expect(stones(s, p(1, '10k'), p(2, '25k'))).toBe(0);
    const old = defaultHandicapSettings('opengotha', {
      opengotha: { mmsHalvesAbsent: 1, mmsHalvesBye: 2, nbwHalvesAbsent: 0, nbwHalvesBye: 2, roundDown: true, pairingParameters: { hdBasedOnMMS: 'false', hdCorrection: '0' } },
    });
    expect(old.policy).toBe('rank-difference');
  });

  it("a director's explicit setting always wins over the ruleset's default", () => {
    const base: Pick<Settings, 'ruleset' | 'bar' | 'handicap' | 'opengotha'> = { ruleset: 'egf' };
    expect(handicapSettingsOf(base)).toEqual({ policy: 'none' });
    expect(handicapSettingsOf({ ...base, handicap: { policy: 'rank-difference-minus-2', evenAtOrAbove: rank('15k') } })).toEqual({
      policy: 'rank-difference-minus-2',
      evenAtOrAbove: rank('15k'),
    });
    expect(handicapSettingsOf({ ruleset: 'aqjg', handicap: { policy: 'none' } })).toEqual({ policy: 'none' });
    expect(handicapSettingsOf({ ruleset: 'bga', bar: rank('1d') })).toEqual({ policy: 'mms-difference-minus-1', evenAtOrAbove: rank('1d') });
  });

  it('EGC: handicaps only below 15 kyu, so 15k plays even and 16k–20k plays 2 stones', () => {
    expect(stones(EGC_HANDICAP, p(1, '15k'), p(2, '20k'))).toBe(0);
    expect(stones(EGC_HANDICAP, p(1, '16k'), p(2, '20k'))).toBe(2);
  });
});
