/**
 * The host city and the EGF top bar (issue 11):
 * - Mays, "Registration": "naturally, the tournament director makes no effort to avoid the pairing of the players
 *   from the host city" — host-city pairs are neither avoided nor reported, in `optimal` and `mays`;
 * - EGF General Tournament Rules: "For players starting above the top bar, the pairing is not biased by geography."
 */
import type { Player, Settings, Tournament } from '../../src/model/tournament';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import { pairsOf, player, rank, tournament } from './fixtures';

const sections = [{ name: 'A', initialMms: 0 }];
/** Four players of one section, 1 and 3 (the slip pair) from `city`, 2 and 4 from elsewhere. */
function field(city: string, extra: Partial<Settings> = {}): Tournament {
  const players: Player[] = [
    player(1, '5k', { section: 'A', city }),
    player(2, '5k', { section: 'A', city: 'Ottawa' }),
    player(3, '5k', { section: 'A', city }),
    player(4, '5k', { section: 'A', city: 'Toronto' }),
  ];
  return tournament(players, { ruleset: 'aqjg', sections, ...extra });
}

function ok(result: PairingResult): RoundPairing {
  if (isPairingError(result)) throw new Error(result.message);
  return result;
}

const cityLines = (r: RoundPairing) => r.report.filter((l) => l.kind === 'same-city');

describe.each([
  ['optimal', (t: Tournament) => ok(pairOptimal(t, 1))],
  ['mays', (t: Tournament) => ok(pairMays(t, 1))],
])('%s: the host city', (_name, pair) => {
  it('two players of another city are kept apart (1–4, 2–3 instead of 1–3, 2–4)', () => {
    const r = pair(field('Sherbrooke', { hostCity: 'Montréal' }));
    expect(pairsOf(r.games).sort()).toEqual(['1–4', '2–3']);
    expect(cityLines(r)).toEqual([]);
  });

  it('two players of the host city are not: top half against bottom half, 1–3 and 2–4, and no report line', () => {
    const r = pair(field('Montréal', { hostCity: ' montréal ' }));
    expect(pairsOf(r.games).sort()).toEqual(['1–3', '2–4']);
    expect(cityLines(r)).toEqual([]);
    expect(r.report.map((l) => l.message).join('\n')).not.toMatch(/both from/);
  });

  it('the same pair is reported when nothing else is possible and the city is not the host', () => {
    // Three rounds already played: 1–2, 1–4 met, so 1 can only meet 3 (both from Sherbrooke).
    const t = field('Sherbrooke', { hostCity: 'Montréal' });
    const played: Tournament = {
      ...t,
      games: [
        { round: 1, white: 1 as never, black: 2 as never, handicap: 0, result: 'jigo' },
        { round: 1, white: 3 as never, black: 4 as never, handicap: 0, result: 'jigo' },
        { round: 2, white: 1 as never, black: 4 as never, handicap: 0, result: 'jigo' },
        { round: 2, white: 2 as never, black: 3 as never, handicap: 0, result: 'jigo' },
      ],
    };
    const pairRound3 = _name === 'optimal' ? ok(pairOptimal(played, 3)) : ok(pairMays(played, 3));
    expect(pairsOf(pairRound3.games).sort()).toEqual(['1–3', '2–4']);
    expect(cityLines(pairRound3).length).toBe(1);
  });
});

describe('EGF: above the top bar the pairing is not biased by geography', () => {
  /** 5d, 4d, 4d, 4d from one city (not the host), bar 4d: everyone starts above the top bar. */
  function topGroup(ruleset: 'egf' | 'aqjg'): Tournament {
    const players = [player(1, '5d', { city: 'Praha' }), player(2, '4d', { city: 'Brno' }), player(3, '4d', { city: 'Praha' }), player(4, '4d', { city: 'Ostrava' })];
    return tournament(players, { ruleset, bar: rank('4d'), handicap: { policy: 'none' } });
  }

  it.each([
    ['optimal', (t: Tournament) => ok(pairOptimal(t, 1))],
    ['mays', (t: Tournament) => ok(pairMays(t, 1))],
  ])('%s: egf pairs 1–3 (both from Praha) as the halves say, and reports nothing; aqjg keeps them apart', (_name, pair) => {
    const egf = pair(topGroup('egf'));
    expect(pairsOf(egf.games).sort()).toEqual(['1–3', '2–4']);
    expect(cityLines(egf)).toEqual([]);
    const aqjg = pair(topGroup('aqjg'));
    expect(pairsOf(aqjg.games).sort()).toEqual(['1–4', '2–3']);
  });

  it('below the top bar the EGF still keeps a city apart', () => {
    const players = [player(1, '2k', { city: 'Praha' }), player(2, '2k', { city: 'Brno' }), player(3, '2k', { city: 'Praha' }), player(4, '2k', { city: 'Ostrava' })];
    const t = tournament(players, { ruleset: 'egf', bar: rank('4d') });
    expect(pairsOf(ok(pairOptimal(t, 1)).games).sort()).toEqual(['1–4', '2–3']);
  });
});
