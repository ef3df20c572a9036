/**
 * SOS and SODOS are summed without making their lines (issue 28): the same values as the sums of `sosContributions`'
 * lines (what `sos` and `sodos` summed before, and what an explanation shows), for every player, under every ruleset —
 * each rule for a round without an opponent, handicap-corrected opponents' scores — and as of every round.
 */
import { fraction } from '../../src/model/fraction';
import { sodos, sos, sosContributions, sumContributions } from '../../src/scoring/criteria';
import { gameHalves } from '../../src/scoring/record';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { criteriaLinesCases, RULESETS } from './criteriaLinesCases';

describe('SOS and SODOS without their lines', () => {
  const cases = criteriaLinesCases();
  for (const [name, t] of cases) {
    it(`are the sums of their lines, every ruleset and round: ${name}`, () => {
      let seen = 0;
      let normalised = 0;
      let corrected = 0;
      for (const ruleset of RULESETS) {
        for (let asOf = 0; asOf <= t.settings.rounds; asOf++) {
          const sb = buildScoreboard(t, { ruleset, asOf });
          for (let p = 0; p < sb.players.length; p++) {
            const lines = sosContributions(sb, p);
            expect(sos(sb, p)).toEqual(sumContributions(lines).total);
            let quarters = 0;
            for (const row of lines) if (row.opponent >= 0 && row.value !== null) quarters += gameHalves(row.outcome) * row.value;
            expect(sodos(sb, p)).toEqual(fraction(quarters, 4));
            seen++;
            if (lines.some((row) => row.value === null) && lines.some((row) => row.value !== null)) normalised++;
            if (lines.some((row) => row.adjustments.some((a) => a.reason.includes('handicap')))) corrected++;
          }
        }
      }
      expect(seen).toBeGreaterThan(0);
      if (name !== 'quebec-open-mini.json') expect(normalised).toBeGreaterThan(0);
      if (name === 'quebec-open-mini.json') expect(corrected).toBeGreaterThan(0);
    });
  }
});
