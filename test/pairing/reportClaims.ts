/**
 * Checks the claims of an `optimal` report against re-draws (issue 11: "could not be avoided" only when no draw at the
 * same higher-priority cost avoids it). Used by the property test and the issue's own scenario.
 */
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { buildHistory } from '../../src/pairing/history';
import { optimalTotals, pairOptimal, TIER_NAMES, type OptimalOptions } from '../../src/systems/mcmahon/optimal';
import { isDeviation, isPairingError, type DeviationLine, type RoundPairing } from '../../src/pairing/types';

export type Claim = { line: DeviationLine; concern: string; forbid: [PlayerId, PlayerId][]; says: 'unavoidable' | 'kept' };

/** The claims of a report: which pairs it says could not be avoided, or were kept, and on which priority. */
export function claims(t: Tournament, round: number, result: RoundPairing): Claim[] {
  const h = buildHistory({ ...t, games: t.games.filter((g) => g.round < round) }, round);
  const field = result.games.flatMap((g) => [g.white, g.black]);
  const out: Claim[] = [];
  for (const line of result.report.filter(isDeviation)) {
    const says = /could not be avoided/.test(line.message) ? 'unavoidable' : /\bkept\b(?! \(not re-checked)/.test(line.message) ? 'kept' : null;
    if (says === null) continue;
    if (['same-city', 'same-club', 'same-country', 'related'].includes(line.kind)) {
      out.push({ line, concern: 'geography', forbid: [[line.players[0], line.players[1]]], says });
    } else if (line.kind === 'repeat') {
      out.push({ line, concern: 'repeats', forbid: [[line.players[0], line.players[1]]], says });
    } else if (line.kind === 'cross-group') {
      // "X was drawn down before: …" / "Y was drawn up before: …", each its own claim.
      for (const part of line.message.split('; ').slice(1)) {
        const m = /^(\d+) was drawn (down|up) before: (.*)$/.exec(part);
        if (!m || /not re-checked/.test(m[3])) continue;
        const who = Number(m[1]) as PlayerId;
        const s = h.scoreHalves(who);
        const others = field.filter((x) => (m[2] === 'down' ? h.scoreHalves(x) < s : h.scoreHalves(x) > s));
        out.push({ line, concern: 'repeated float', forbid: others.map((x) => [who, x]), says: /could not be avoided/.test(m[3]) ? 'unavoidable' : 'kept' });
      }
    }
  }
  return out;
}

/** −1, 0, 1: the tier totals of a and b compared lexicographically on the tiers above `concern`. */
function compareAbove(a: Record<string, number>, b: Record<string, number>, concern: string): number {
  for (const name of TIER_NAMES) {
    if (name === concern) return 0;
    if (a[name] !== b[name]) return a[name] < b[name] ? -1 : 1;
  }
  return 0;
}

/** Every claim of the report, checked against a re-draw (jest expectations). Returns how many were checked. */
export function checkClaims(t: Tournament, round: number, options: OptimalOptions, result: RoundPairing): { unavoidable: number; kept: number } {
  const counts = { unavoidable: 0, kept: 0 };
  const forced = new Set((options.forcedPairs ?? []).map(([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`)));
  const matched = (r: RoundPairing) =>
    r.games.map((g) => [g.white, g.black] as [PlayerId, PlayerId]).filter(([a, b]) => !forced.has(a < b ? `${a}-${b}` : `${b}-${a}`));
  const before = optimalTotals(t, round, matched(result), options);
  for (const claim of claims(t, round, result)) {
    const redraw = pairOptimal(t, round, {
      ...options,
      forbiddenPairs: [...(options.forbiddenPairs ?? []), ...claim.forbid],
      ...(result.bye !== null ? { bye: result.bye } : {}),
    });
    const label = `round ${round}: ${claim.line.message}`;
    if (isPairingError(redraw)) {
      expect([label, redraw.code, claim.says]).toEqual([label, 'no-pairing', 'unavoidable']);
      expect(claim.line.message).toMatch(/no complete pairing of the field avoids it/);
      counts.unavoidable++;
      continue;
    }
    const after = optimalTotals(t, round, matched(redraw), options);
    const cmp = compareAbove(after, before, claim.concern);
    expect([label, cmp]).toEqual([label, claim.says === 'unavoidable' ? 1 : 0]);
    counts[claim.says]++;
  }
  return counts;
}

