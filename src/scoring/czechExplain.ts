/**
 * Why a player stands where he does in the Czech order: for each player tied with him on points, the criterion that
 * separated them and the numbers behind it — the mini-table, the Sonneborn terms, the placings.
 */
import { TengenInputError } from '../model/errors';
import { displayName, type PlayerId } from '../model/tournament';
import { beatenPlacingTerms } from './beatenPlacings';
import { mutualGames, pointsHalves } from './czechGames';
import { CZECH_RULE, type CzechStandings, type CzechStep } from './czechOrder';
import { miniTable } from './miniTable';
import { sonnebornTerms } from './sonneborn';

export interface CzechComparison {
  readonly opponent: { readonly id: PlayerId; readonly name: string; readonly place: number };
  /** The criterion that separated them; `shared` when none did. */
  readonly step: CzechStep | 'shared';
  readonly better: boolean;
  /** Human lines: the rule and the numbers. */
  readonly lines: readonly string[];
}

export interface CzechExplanation {
  readonly player: { readonly id: PlayerId; readonly name: string; readonly place: number; readonly points: number };
  readonly cycles: number;
  readonly against: readonly CzechComparison[];
}

const pts = (halves: number) => String(halves / 2);

export function explainCzech(s: CzechStandings, id: PlayerId): CzechExplanation {
  const sb = s.scoreboard;
  const g = s.games;
  const p = sb.indexOf.get(id);
  if (p === undefined) throw new TengenInputError([{ player: String(id), message: `no player has ID ${id}` }]);
  const entryOf = (q: number) => s.entries.find((e) => e.index === q)!;
  const label = (q: number) => `${sb.players[q].id} ${displayName(sb.players[q])}`;
  const me = entryOf(p);
  const sonnebornLine = (q: number) => {
    const terms = sonnebornTerms(g, q);
    return `Sonneborn of ${label(q)}: ${terms.map((t) => `${pts(t.halves)} (${label(t.beaten)}, round ${t.round})`).join(' + ') || 'beat nobody'} = ${entryOf(q).sonneborn}`;
  };
  const placingsLine = (q: number) => {
    const terms = beatenPlacingTerms(g, q, (r) => s.placesBeforePlacings.get(r)!);
    return `placings of the players ${label(q)} beat: ${terms.map((t) => `${t.place} (${label(t.beaten)})`).join(' + ') || 'none'} = ${entryOf(q).beatenPlacings}`;
  };
  const ownLine = (q: number) => {
    const games = mutualGames(g, p, q);
    const mine = games.reduce((x, m) => x + m.halves, 0);
    return `own games: ${games.map((m) => `round ${m.round} ${m.halves === 2 ? 'won' : m.halves === 1 ? 'jigo' : 'lost'}`).join(', ') || 'none'} — ${pts(mine)} : ${pts(2 * games.length - mine)}`;
  };
  const against: CzechComparison[] = [];
  for (const e of s.entries) {
    const q = e.index;
    if (q === p || pointsHalves(g, q) !== pointsHalves(g, p)) continue;
    const sep = s.separatedBy(id, e.player.id);
    const lines: string[] = [];
    const step = sep?.step ?? 'shared';
    switch (step) {
      case 'head-to-head': {
        const among = sep!.among!.map((x) => sb.indexOf.get(x)!);
        const table = miniTable(g, among);
        lines.push(`table of the mutual games of ${among.map((x) => sb.players[x].id).join(', ')}: ${among.map((x) => `${label(x)} ${pts(table.get(x)!)}`).join('; ')}`);
        break;
      }
      case 'sonneborn':
        lines.push(sonnebornLine(p), sonnebornLine(q));
        break;
      case 'beaten-placings':
        lines.push(`places after the criteria before: as of A1–A3${s.cycles > 1 ? ' (B1–B4)' : ''}`, placingsLine(p), placingsLine(q));
        break;
      case 'cycle-placings':
        lines.push(`places in the cycles: ${label(p)} ${me.cyclePlaces!.join(' + ')}; ${label(q)} ${e.cyclePlaces!.join(' + ')}`);
        break;
      case 'cycle-beaten-placings':
        lines.push(`sum over the cycles of the cycle placings of the players beaten in that cycle: ${label(p)} ${me.cycleBeatenPlacings}; ${label(q)} ${e.cycleBeatenPlacings}`);
        break;
      case 'own-game':
        lines.push(`equal on ${CZECH_RULE[sep!.after!]}`, ownLine(q));
        break;
      case 'last-game':
      case 'shared':
        lines.push(ownLine(q));
        break;
      case 'points':
        break;
    }
    against.push({
      opponent: { id: e.player.id, name: displayName(e.player), place: e.place },
      step,
      better: me.place < e.place,
      lines: [`${step === 'shared' ? 'no rule separates them: shared place' : CZECH_RULE[step]}`, ...lines],
    });
  }
  return { player: { id, name: displayName(sb.players[p]), place: me.place, points: me.points }, cycles: s.cycles, against };
}

export function renderCzechExplanation(e: CzechExplanation): string {
  const head = `Czech order of ${e.player.id} ${e.player.name}: place ${e.player.place}, ${e.player.points} points (${e.cycles === 1 ? 'single round-robin, rule A' : `${e.cycles} cycles, rule B`})\n`;
  if (e.against.length === 0) return `${head}No other player has ${e.player.points} points: A1/B1 points decide.\n`;
  return (
    head +
    e.against
      .map((a) => `\n${a.better ? 'ahead of' : a.step === 'shared' ? 'level with' : 'behind'} ${a.opponent.id} ${a.opponent.name} (place ${a.opponent.place}): ${a.lines[0]}\n${a.lines.slice(1).map((l) => `  ${l}\n`).join('')}`)
      .join('')
  );
}
