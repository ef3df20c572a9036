/**
 * Issue 11's scenario: a 24-player club McMahon, 5d–20k, Mays sections, handicap = rank difference − 1, players from
 * a few clubs. The report had said a same-club pair "could not be avoided" while forcing two other pairs gave the same
 * total MMS difference with no same-club game. Every claim of the report is now checked by a re-draw.
 */
import { formatRank } from '../../src/model/rank';
import type { Player, PlayerId, Tournament } from '../../src/model/tournament';
import { applyPairing } from '../../src/pairing/apply';
import { pairOptimal, type OptimalOptions } from '../../src/systems/mcmahon/optimal';
import { deviationsOf, isPairingError, type RoundPairing } from '../../src/pairing/types';
import { seededRandom } from '../support/random';
import { player, tournament, withResults } from './fixtures';
import { checkClaims } from './reportClaims';

/** Ranks 5d … 20k spread over 24 players; Mays' sections by rank; three clubs and some players without one. */
function clubMcMahon(seed: number): Tournament {
  const random = seededRandom(seed);
  const clubs = ['Go Club Montréal', 'Go Club Montréal', 'Québec Go', 'Ottawa Go', undefined];
  const players: Player[] = [];
  for (let n = 1; n <= 24; n++) {
    const rank = 5 - Math.round(((n - 1) * 24) / 23) - (n > 5 ? 1 : 0); // 5d … 20k, no 0
    const section = rank > 0 ? 'A' : rank >= -5 ? 'B' : rank >= -12 ? 'C' : 'D';
    players.push(player(n, formatRank(Math.max(rank, -20) as never), { section, club: clubs[Math.floor(random() * clubs.length)] }));
  }
  return tournament(players, {
    rounds: 5,
    sections: [
      { name: 'A', initialMms: 0 },
      { name: 'B', initialMms: -1 },
      { name: 'C', initialMms: -2 },
      { name: 'D', initialMms: -3 },
    ],
    handicap: { policy: 'rank-difference-minus-1' },
  });
}

function paired(result: ReturnType<typeof pairOptimal>): RoundPairing {
  if (isPairingError(result)) throw new Error(result.message);
  return result;
}

describe("issue 11's club McMahon: the report's claims hold", () => {
  it.each([1, 2, 3, 4, 5, 6])('seed %i: five rounds, every "could not be avoided" and "kept" checked by a re-draw', (seed) => {
    let t = clubMcMahon(seed);
    const random = seededRandom(seed * 31);
    const seen = { unavoidable: 0, kept: 0 };
    for (let round = 1; round <= 5; round++) {
      const options: OptimalOptions = {};
      const result = paired(pairOptimal(t, round, options));
      const c = checkClaims(t, round, options, result);
      seen.unavoidable += c.unavoidable;
      seen.kept += c.kept;
      t = withResults(applyPairing(t, result), round, () => (random() < 0.5 ? 'white' : 'black'));
    }
    // The scenario must make claims to check (same-club pairs, players drawn again).
    expect(seen.unavoidable + seen.kept).toBeGreaterThan(0);
  });

  it('with two pairs forced by the director: still checked, and each forced pair reported once', () => {
    let t = clubMcMahon(3);
    const random = seededRandom(93);
    for (let round = 1; round <= 3; round++) {
      t = withResults(applyPairing(t, paired(pairOptimal(t, round))), round, () => (random() < 0.5 ? 'white' : 'black'));
    }
    const free = paired(pairOptimal(t, 4));
    // Force two pairs other than the draw's: the bottom two tables swap partners.
    const [g1, g2] = free.games.slice(-2);
    const forcedPairs: [PlayerId, PlayerId][] = [
      [g1.white, g2.white],
      [g1.black, g2.black],
    ];
    const options: OptimalOptions = { forcedPairs };
    const result = pairOptimal(t, 4, options);
    if (isPairingError(result)) {
      expect(result.code).toBe('no-pairing');
      return;
    }
    checkClaims(t, 4, options, result);
    for (const [a, b] of forcedPairs) {
      const lines = deviationsOf(result.report, 'forced').filter((l) => l.players.includes(a) && l.players.includes(b));
      expect(lines).toHaveLength(1);
      const others = result.report.filter((l) => l.kind !== 'pair' && l.kind !== 'forced' && 'players' in l && l.players.includes(a) && l.players.includes(b));
      // Any other line about a forced pair says it was forced, and never claims it could not be avoided.
      for (const l of others) expect(l.message).not.toMatch(/could not be avoided|kept because/);
    }
  });
});
