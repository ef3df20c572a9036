/**
 * The .h9 header (src/formats/h9Header.ts): each field from the tournament, else the director; what is missing named.
 */
import type { Tournament } from '../../src/model/tournament';
import { exportH9 } from '../../src/formats/h9Export';
import { h9HeaderMissing, resolveH9Header } from '../../src/formats/h9Header';
import { computeStandings } from '../../src/scoring/standings';

const bare: Tournament = { name: 'Spring Cup', settings: { system: 'swiss', rounds: 1, ruleset: 'egf' }, players: [], games: [], byes: [] };

describe('the EGD header', () => {
  it('names every field a bare tournament lacks', () => {
    expect(h9HeaderMissing(bare)).toEqual(['class', 'adjusted time', 'country', 'city', 'dates', 'komi']);
  });

  it('takes the city, dates and komi from the tournament, class and time from the director', () => {
    const t: Tournament = { ...bare, location: 'Brno', beginDate: '2026-05-02', endDate: '2026-05-03', settings: { ...bare.settings, komi: 6.5 } };
    expect(h9HeaderMissing(t)).toEqual(['class', 'adjusted time', 'country']);
    const h = resolveH9Header(t, { basicTime: 45, adjustedTime: 55, country: 'cz' });
    expect([h.class, h.adjustedTime, h.country, h.city, h.beginDate, h.endDate, h.komi, h.missing]).toEqual(['B', 55, 'CZ', 'Brno', '2026-05-02', '2026-05-03', 6.5, []]);
    const text = exportH9(computeStandings(t), { basicTime: 45, adjustedTime: 55, country: 'CZ' });
    expect(text.ok && text.text.split('\n').slice(0, 7)).toEqual(['; CL[B]', '; EV[Spring Cup]', '; PC[CZ,Brno]', '; DT[2026-05-02,2026-05-03]', '; HA[h9]', '; KM[6.5]', '; TM[55]']);
  });

  it("reads the class and adjusted time from an OpenGotha file's time settings (60 min + 15 stones in 5 min Canadian: 80)", () => {
    const t: Tournament = {
      ...bare,
      settings: {
        ...bare.settings,
        opengotha: {
          mmsHalvesAbsent: 1,
          mmsHalvesBye: 2,
          nbwHalvesAbsent: 0,
          nbwHalvesBye: 2,
          roundDown: true,
          generalParameters: { basicTime: '60', complementaryTimeSystem: 'CANBYOYOMI', canByoYomiTime: '300', nbMovesCanTime: '15' },
        },
      },
    };
    const h = resolveH9Header(t);
    expect([h.class, h.adjustedTime]).toEqual(['A', 80]);
  });

  it('says so when nothing is given, naming each empty field and its option', () => {
    const e = exportH9(computeStandings(bare));
    expect(e.ok && e.notes.join('\n')).toMatch(/the EGD header is incomplete — class \(--class A\|B\|C\|D\), adjusted time .*komi \(--komi N\) are empty/);
  });
});
