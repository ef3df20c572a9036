import type { Rank } from '../../src/model/rank';
import { defaultHandicapSettings } from '../../src/pairing/handicap';
import { drawDefaults, drawSettings, HANDICAP_POLICIES, SYSTEM_CHOICES, SYSTEM_FIELDS, systemSettings } from '../../taskpane/tournamentForm';

describe('the New tournament form: handicaps and komi', () => {
  it("fills in each ruleset's own handicaps", () => {
    expect(drawDefaults('aqjg')).toEqual({ policy: 'rank-difference-minus-1', ceiling: '9', evenAtOrAbove: '', komi: '7.5' });
    expect(drawDefaults('egf').policy).toBe('none');
    expect(drawDefaults('bga').policy).toBe('mms-difference-minus-1');
    expect(drawDefaults('opengotha')).toMatchObject({ policy: 'mms-difference-minus-1', ceiling: '9', evenAtOrAbove: '1d' });
    for (const ruleset of ['aqjg', 'egf', 'bga', 'opengotha'] as const) {
      expect(HANDICAP_POLICIES.map(([p]) => p)).toContain(drawDefaults(ruleset).policy);
    }
  });

  it("stores no handicap setting when the director kept the ruleset's (the ruleset decides, bar included)", () => {
    for (const ruleset of ['aqjg', 'egf', 'bga', 'opengotha'] as const) {
      expect(drawSettings(ruleset, drawDefaults(ruleset))).toEqual({ ok: true, komi: 7.5 });
    }
  });

  it('stores what the director changed', () => {
    const changed = drawSettings('aqjg', { ...drawDefaults('aqjg'), ceiling: '4', komi: '6,5' });
    expect(changed).toEqual({ ok: true, komi: 6.5, handicap: { policy: 'rank-difference-minus-1', ceiling: 4 } });
    const egf = drawSettings('egf', { policy: 'rank-difference-minus-2', ceiling: '9', evenAtOrAbove: '14k', komi: '7.5' });
    expect(egf).toEqual({ ok: true, komi: 7.5, handicap: { policy: 'rank-difference-minus-2', ceiling: 9, evenAtOrAbove: -14 as Rank } });
    // Kept the EGF's even games but in another ruleset: stored, since it is not that ruleset's default.
    expect(drawSettings('aqjg', { ...drawDefaults('egf') })).toMatchObject({ ok: true, handicap: defaultHandicapSettings('egf') });
  });

  it('names the field and what is expected', () => {
    const bad = drawSettings('aqjg', { policy: 'big', ceiling: '12', evenAtOrAbove: '50x', komi: '7.25' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems).toEqual([
      'Handicaps: "big" is not a handicap policy',
      'Largest handicap: "12" — type a whole number of stones from 0 to 9',
      expect.stringMatching(/^Even games from: "50x" — /),
      'Komi: "7.25" — type a number of points such as 6.5 or 7.5',
    ]);
  });
});

describe('the pairing systems New tournament offers (issue 13)', () => {
  const fields = { system: 'round-robin', rounds: 9, schedule: 'egc', cycles: '1', bracket: 'fold' };
  it('offers round-robin, knockout, the QT, Groups of Eight and the congress McMahon, with the settings each needs', () => {
    expect(SYSTEM_CHOICES.map(([v]) => v)).toEqual(['mcmahon', 'swiss', 'round-robin', 'knockout', 'egc-qt', 'groups-of-eight', 'mcmahon-egc']);
    expect(SYSTEM_FIELDS['round-robin']).toEqual(['schedule', 'cycles']);
    expect(SYSTEM_FIELDS.knockout).toEqual(['bracket']);
  });
  it('a round-robin: schedule and cycles; the EGC league only in 9 or 11 rounds', () => {
    expect(systemSettings(fields)).toEqual({ ok: true, system: 'round-robin', schedule: 'egc', cycles: 1 });
    expect(systemSettings({ ...fields, schedule: 'berger', cycles: '2', rounds: 14 })).toEqual({ ok: true, system: 'round-robin', schedule: 'berger', cycles: 2 });
    expect(systemSettings({ ...fields, rounds: 8 })).toEqual({ ok: false, problems: ['Number of rounds: the European Championship league has 9 rounds (10 players) or 11 (12 players); you typed 8'] });
  });
  it('every system offered is paired: a knockout with its bracket, the congress McMahon as McMahon with egc', () => {
    expect(systemSettings({ ...fields, system: 'knockout' })).toEqual({ ok: true, system: 'knockout', bracket: 'fold' });
    expect(systemSettings({ ...fields, system: 'knockout', bracket: 'egc-pko-24' })).toEqual({ ok: true, system: 'knockout', bracket: 'egc-pko-24' });
    expect(systemSettings({ ...fields, system: 'knockout', bracket: 'pko-7' })).toEqual({ ok: false, problems: ['Knockout bracket: "pko-7" is not one of fold, egc-pko-24, egc-pko-32'] });
    expect(systemSettings({ ...fields, system: 'mcmahon-egc' })).toEqual({ ok: true, system: 'mcmahon', egc: true });
    expect(systemSettings({ ...fields, system: 'egc-qt' })).toEqual({ ok: true, system: 'egc-qt' });
    expect(systemSettings({ ...fields, system: 'groups-of-eight' })).toEqual({ ok: true, system: 'groups-of-eight' });
    expect(systemSettings({ ...fields, system: 'mcmahon' })).toEqual({ ok: true, system: 'mcmahon' });
    expect(systemSettings({ ...fields, system: 'chess' })).toEqual({ ok: false, problems: ['Pairing system: "chess" is not a system Tengen knows'] });
  });
});
