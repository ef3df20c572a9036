/**
 * SOSOS is summed without making its lines (issue 28): the same value as the sum of `sososContributions`' lines (what
 * `sosos` summed before, and what an explanation shows), for every player, under every ruleset — each rule for a
 * round without an opponent (a bye, an absence) — and as of every round.
 */
import { fraction, ZERO, type Fraction } from '../../src/model/fraction';
import { sosos, sososContributions } from '../../src/scoring/criteria';
import { buildScoreboard, type Scoreboard } from '../../src/scoring/scoreboard';
import { criteriaLinesCases, RULESETS } from './criteriaLinesCases';

/** The lines' values summed exactly, the lines without a value normalised to every round (the plain reading). */
function sososOfLines(sb: Scoreboard, p: number): Fraction {
  const rows = sososContributions(sb, p);
  let num = 0;
  let den = 1;
  let counted = 0;
  for (const row of rows) {
    if (!row.value) continue;
    num = num * row.value.den + row.value.num * den;
    den = den * row.value.den;
    let x = Math.abs(num);
    let y = Math.abs(den);
    while (y) [x, y] = [y, x % y];
    num /= x || 1;
    den /= x || 1;
    counted++;
  }
  if (counted > 0 && counted < rows.length) return fraction(num * rows.length, den * counted);
  return counted === 0 ? ZERO : fraction(num, den);
}

describe('SOSOS without its lines', () => {
  const cases = criteriaLinesCases();
  for (const [name, t] of cases) {
    it(`is the sum of its lines, every ruleset and round: ${name}`, () => {
      let seen = 0;
      let withoutOpponent = 0;
      for (const ruleset of RULESETS) {
        for (let asOf = 0; asOf <= t.settings.rounds; asOf++) {
          const sb = buildScoreboard(t, { ruleset, asOf });
          for (let p = 0; p < sb.players.length; p++) {
            expect(sosos(sb, p)).toEqual(sososOfLines(sb, p));
            seen++;
            if (sb.rounds[p].some((r) => r.opponent < 0)) withoutOpponent++;
          }
        }
      }
      expect(seen).toBeGreaterThan(0);
      expect(withoutOpponent).toBeGreaterThan(0);
    });
  }
});
