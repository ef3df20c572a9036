/**
 * Every deviation reported, once: a handicap capped by the ceiling says so (optimal and mays, through the sheet); a
 * seeding partner changed to lower the handicaps says so (optimal); a pair of the same club is reported as such, not
 * a second time as the same country.
 */
import type { Player } from '../../src/model/tournament';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { OptimalTiers } from '../../src/systems/mcmahon/optimalWeights';
import { seedingPartners } from '../../src/systems/mcmahon/seedingReport';
import { buildHistory } from '../../src/pairing/history';
import { deviationsOf, isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import { pairsOf, player, tournament } from './fixtures';

function paired(result: PairingResult): RoundPairing {
  if (isPairingError(result)) throw new Error(result.message);
  return result;
}

const ONE_SECTION = { sections: [{ name: 'A', initialMms: 0 }], handicap: { policy: 'rank-difference-minus-1' as const } };
const six = (ranks: string[], extra: Partial<Player> = {}) => ranks.map((r, k) => player(k + 1, r, { section: 'A', ...extra }));

describe('report: every deviation, once', () => {
  it('a handicap capped by the ceiling is reported, by optimal and by mays', () => {
    const t = tournament(six(['1d', '20k']), { ...ONE_SECTION, handicap: { policy: 'rank-difference-minus-1', ceiling: 5 } });
    for (const p of [paired(pairOptimal(t, 1)), paired(pairMays(t, 1))]) {
      expect(p.games[0].handicap).toBe(5);
      const capped = deviationsOf(p.report, 'handicap-capped');
      expect(capped).toHaveLength(1);
      expect(capped[0]).toMatchObject({ table: 1, players: [1, 2] });
      expect(capped[0].message).toMatch(/2 \(Player 2\) receives 5 stones, not the 19 the handicap rule gives: capped at the ceiling of 5/);
    }
    // Not capped: no line.
    const small = tournament(six(['1k', '4k']), ONE_SECTION);
    expect(deviationsOf(paired(pairOptimal(small, 1)).report, 'handicap-capped')).toEqual([]);
  });

  it('a seeding partner changed to lower the handicaps says so (1d, 10k, 10k | 10k, 11k, 20k)', () => {
    // Slip would pair 1–4 (9 stones), 2–5 (0) and 3–6 (9): 18 stones. 1–6 (capped at 9), 2–4, 3–5 give 9.
    const t = tournament(six(['1d', '10k', '10k', '10k', '11k', '20k']), ONE_SECTION);
    const p = paired(pairOptimal(t, 1));
    expect(pairsOf(p.games).sort()).toEqual(['1–6', '2–4', '3–5']);
    const changed = deviationsOf(p.report, 'seeding-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0].message).toMatch(/^table \d+: 1 \(Player 1\) meets 6 \(Player 6\) and 4 \(Player 4\) meets 2 \(Player 2\), not 1–4 and 2–6 as the slip seeding would pair them: 9 fewer handicap stones \(9 instead of 18\)/);
    // Without handicaps the seeding stands, and nothing is said.
    const even = tournament(six(['1d', '10k', '10k', '10k', '11k', '20k']), { sections: ONE_SECTION.sections, handicap: { policy: 'none' } });
    const q = paired(pairOptimal(even, 1));
    expect(pairsOf(q.games).sort()).toEqual(['1–4', '2–5', '3–6']);
    expect(deviationsOf(q.report, 'seeding-changed')).toEqual([]);
  });

  it('a pair of the same club and country is reported once, as the same club', () => {
    const t = tournament(six(['3d', '3d'], { club: 'Paris', country: 'FR' }), ONE_SECTION);
    const p = paired(pairOptimal(t, 1));
    expect(deviationsOf(p.report, 'same-club')).toHaveLength(1);
    expect(deviationsOf(p.report, 'same-country')).toEqual([]);
    // Two players only: nothing else is possible, and a re-draw proves it.
    expect(deviationsOf(p.report, 'same-club')[0].message).toMatch(/it could not be avoided: no complete pairing of the field avoids it/);
  });

  it('a forced pair is reported once as forced, never as "could not be avoided"', () => {
    const t = tournament(six(['3d', '3d', '3d', '3d'], { club: 'Paris' }), ONE_SECTION);
    const p = paired(pairOptimal(t, 1, { forcedPairs: [[1 as never, 2 as never]] }));
    expect(deviationsOf(p.report, 'forced')).toHaveLength(1);
    const about12 = p.report.filter((l) => l.kind !== 'pair' && 'players' in l && l.players.includes(1 as never) && l.players.includes(2 as never));
    for (const l of about12) expect(l.message).not.toMatch(/could not be avoided|kept because/);
  });
});

describe("mays: claims only what its score group shows", () => {
  it('a same-club pair Mays keeps says that no pairing of its score group has fewer, never "could not be avoided"', () => {
    const t = tournament(
      [1, 2, 3, 4].map((n) => player(n, '3d', { section: 'A', club: n === 4 ? 'Lyon' : 'Paris' })),
      { sections: [{ name: 'A', initialMms: 0 }] },
    );
    const p = paired(pairMays(t, 1));
    const club = deviationsOf(p.report, 'same-club');
    expect(club).toHaveLength(1);
    expect(club[0].message).toMatch(/no pairing of its score group has fewer such pairs \(Mays' switches, Consideration No\. 2\)$/);
    expect(p.report.some((l) => /could not be avoided/.test(l.message))).toBe(false);
  });
});

describe('seedingPartners: the seeding tier at 0, solved', () => {
  it('names exactly the positions whose pair costs 0 on the seeding tier, for every group of up to 40 players', () => {
    // seedingChangedLines reads only these positions of a group (./seedingReport): a position missed would drop a line.
    for (const seeding of ['slip', 'fold', 'adjacent'] as const) {
      for (let g = 1; g <= 40; g++) {
        const t = tournament(six(Array.from({ length: g }, () => '3d')), ONE_SECTION);
        const h = buildHistory(t, 1);
        const tiers = new OptimalTiers(h, h.present, { seeding, handicap: undefined });
        const cost = tiers.tiers().find((c) => c.name === 'seeding')!.cost;
        for (let p = 0; p < g; p++) {
          const zero: number[] = [];
          for (let q = 0; q < g; q++) if (q !== p && cost(Math.min(p, q), Math.max(p, q)) === 0) zero.push(q);
          expect([seeding, g, p, seedingPartners(seeding, g, p)]).toEqual([seeding, g, p, zero]);
        }
      }
    }
  });
});
