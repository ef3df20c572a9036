/**
 * `tengen pko PKO [--emergency N] [--json]`: after the Preliminary Knockout Tournaments, who they qualify for the
 * league and, with N league places left open by an emergency, the players the emergency rule qualifies
 * (src/systems/knockout/pkoQualification.ts).
 */
import { TengenInputError } from '../model/errors';
import { playerLabel, type PlayerId, type Tournament } from '../model/tournament';
import { PKO_RULE, pkoQualification, type PkoQualification } from '../systems/knockout/pkoQualification';
import { UsageError } from './usage';

export function emergencyPlaces(text: string | true | undefined): number {
  if (text === undefined) return 0;
  const n = typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n)) throw new UsageError(`--emergency ${String(text)}: expected the number of league places left open by an emergency (0, 1, 2 …)`);
  return n;
}

export function pkoOrRefuse(t: Tournament, places: number, file: string): PkoQualification {
  const q = pkoQualification(t, places, file);
  if (!q.ok) throw new TengenInputError(q.errors);
  return q.value;
}

export function pkoJson(q: PkoQualification) {
  return { qualified: q.qualified, twoWins: q.twoWins, emergency: q.emergency, unfilled: q.unfilled, rule: PKO_RULE };
}

export function renderPko(t: Tournament, q: PkoQualification, places: number): string {
  const who = (id: PlayerId) => `${playerLabel(t, id)} (no. ${q.numbers.get(id)})`;
  const lines = [`${t.name} — the Preliminary Knockout Tournaments`, '', 'Qualified for the league:', ...q.qualified.map((w) => `  ${w.label}: ${who(w.player)}`)];
  if (places > 0) {
    lines.push('', `Emergency qualifiers for ${places} open league place${places === 1 ? '' : 's'} (${PKO_RULE}: "the smallest pairing number players with exactly 2 wins in a PKO"):`);
    lines.push(...q.emergency.map((id, i) => `  ${i + 1}. ${who(id)}`));
    if (q.unfilled > 0) lines.push(`  ${q.unfilled} place${q.unfilled === 1 ? '' : 's'} left open: only ${q.twoWins.length} player${q.twoWins.length === 1 ? ' has' : 's have'} exactly 2 PKO wins and the rules name nobody further.`);
  } else {
    lines.push('', `Players with exactly 2 PKO wins, smallest pairing number first (qualified only if a league place is left open by an emergency; --emergency N): ${q.twoWins.map(who).join(', ') || 'none'}`);
  }
  return `${lines.join('\n')}\n`;
}
