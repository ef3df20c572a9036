/**
 * src/systems/opengotha/weigher.ts, the fast pair weight the matching reads, gives for every pair of every group the
 * very integer `weightTerms(…).total` gives (the reference, term by term against OpenGotha's own dumps in
 * opengotha-weights.test.ts and the conformance tests), under every parameter the weight reads: seed systems, random,
 * handicap on rank or MMS, thresholds, geography weights, draw-up/draw-down modes, McMahon and Swiss, the released
 * and corrected engines.
 */
import { generateMcMahon } from '../../bench/generate';
import type { Tournament } from '../../src/model/tournament';
import { readOpenGothaParameters } from '../../src/systems/opengotha/parameters';
import { buildRoundState, type OpenGothaRules } from '../../src/systems/opengotha/scoredPlayers';
import { pairWeigher } from '../../src/systems/opengotha/weigher';
import { weightTerms } from '../../src/systems/opengotha/weights';

const base = generateMcMahon({ players: 61, rounds: 6, seed: 11 }) as Tournament;
// Names with accents and a shared club or country across case, so detRandom and geography see real variety.
const t0: Tournament = {
  ...base,
  players: base.players.map((p, i) => ({
    ...p,
    given: ['Ève', 'jean', 'Zoë', 'Åsa', 'li'][i % 5],
    club: i % 7 === 0 ? p.club?.toUpperCase() : p.club,
    country: ['FR', 'fr', 'DE', 'CZ', ''][i % 5] || undefined,
  })),
};

const variants: [string, Record<string, string>, 'mcmahon' | 'swiss', OpenGothaRules][] = [
  ['OpenGotha defaults', {}, 'mcmahon', 'released'],
  ['corrected engine', {}, 'mcmahon', 'corrected'],
  ['Swiss', {}, 'swiss', 'released'],
  [
    'random, slip, rank handicap, no thresholds',
    { paiBaRandom: '1000', paiMaSeedSystem1: 'SPLITANDSLIP', paiMaSeedSystem2: 'SPLITANDSLIP', hdBasedOnMMS: 'false', hdCorrection: '0', paiSeNbWinsThresholdActive: 'false', paiSeBarThresholdActive: 'false', paiSeRankThreshold: '9D', paiSeMinimizeHandicap: '7000000' },
    'mcmahon',
    'released',
  ],
  [
    'fold, TOP/BOT, no compensation, geography weights',
    { paiMaSeedSystem1: 'SPLITANDFOLD', paiMaLastRoundForSeedSystem1: '1', paiMaDUDDUpperMode: 'TOP', paiMaDUDDLowerMode: 'BOT', paiMaCompensateDUDD: 'false', paiSePreferMMSDiffRatherThanSameCountry: '3', paiSePreferMMSDiffRatherThanSameClub: '0', paiStandardNX1Factor: '1' },
    'mcmahon',
    'corrected',
  ],
];

describe('the fast pair weight is weightTerms(…).total for every pair', () => {
  it.each(variants.flatMap(([name, pairing, system, rules]) => [1, 2, 4, 6].map((round) => [`${name}, round ${round}`, pairing, system, rules, round] as const)))(
    '%s',
    (_name, pairing, system, rules, round) => {
      const t: Tournament = { ...t0, settings: { ...t0.settings, system, opengotha: { mmsHalvesAbsent: 1, mmsHalvesBye: 2, nbwHalvesAbsent: 0, nbwHalvesBye: 2, roundDown: true, pairingParameters: pairing } } };
      const read = readOpenGothaParameters(t);
      if (!read.ok) throw new Error(read.problems.join('; '));
      const state = buildRoundState(t, round, read.parameters, rules);
      const players = state.scored;
      const weigh = pairWeigher(state, players);
      const differing: string[] = [];
      for (let i = 0; i < players.length; i++) {
        for (let j = 0; j < players.length; j++) {
          if (i === j) continue;
          const expected = weightTerms(state, players[i], players[j]).total;
          const got = weigh(i, j);
          // Object.is: a pathological pair (players outside every score group, alone in a group of size 1) is NaN in both.
          if (!Object.is(got, expected)) differing.push(`${players[i].id}–${players[j].id}: ${got} ≠ ${expected}`);
        }
      }
      expect(differing.slice(0, 5)).toEqual([]);
    },
  );
});
