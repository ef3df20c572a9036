/**
 * `tengen playoff LEAGUE [--json] [--out FILE]`: after a round-robin league, the knockout playoffs it needs
 * (src/systems/round-robin/playoff.ts): who ties for which place, their knockout numbers, the round to play and its pairings, and
 * the final places once every knockout is over. `--out` writes the next round's games (result unknown, colours by
 * nigiri) into the file's `playoffs` section; the director records their results there.
 */
import { TengenInputError } from '../model/errors';
import { playerLabel, type PlayerId, type Tournament } from '../model/tournament';
import { leaguePlayoff, type Knockout, type Playoff } from '../systems/round-robin/playoff';

export function playoffOrRefuse(t: Tournament, file: string): Playoff {
  const p = leaguePlayoff(t, file);
  if (!p.ok) throw new TengenInputError(p.errors);
  return p.value;
}

const KIND_WORDS = { knockout: 'knockout', final: 'final', losers: 'losers\' game' } as const;

export function playoffJson(p: Playoff) {
  return {
    kind: p.kind,
    contestedPlaces: p.contested,
    league: p.league.map((r) => ({ player: r.player, wins: r.winsHalves / 2, place: r.place })),
    knockouts: p.knockouts.map((k) => ({
      place: k.place,
      players: k.players.map((id, i) => ({ number: i + 1, player: id })),
      rounds: k.rounds.map((r) => ({
        round: r.round,
        games: r.games.map((g) => ({ players: g.players, kind: g.kind, colours: 'nigiri', ...(g.winner ? { winner: g.winner } : { result: g.recorded ? 'unknown' : 'not recorded' }) })),
        ...(r.freeWins.length ? { freeWins: r.freeWins } : {}),
      })),
      next: k.next,
      ...(k.places ? { places: Object.fromEntries(k.players.map((id) => [id, k.places!.get(id)])) } : {}),
    })),
    finalPlaces: p.finalPlaces ? [...p.finalPlaces].map(([player, place]) => ({ player, place })).sort((a, b) => a.place - b.place || a.player - b.player) : null,
  };
}

function renderKnockout(t: Tournament, k: Knockout): string {
  const who = (id: PlayerId) => `${k.players.indexOf(id) + 1}. ${playerLabel(t, id)}`;
  const lines = [`Knockout for place ${k.place}: ${k.players.map(who).join(', ')}`];
  for (const r of k.rounds) {
    lines.push(`  Round ${r.round}:`);
    for (const g of r.games) lines.push(`    ${who(g.players[0])} – ${who(g.players[1])} (${KIND_WORDS[g.kind]}, nigiri)${g.winner ? `: ${playerLabel(t, g.winner)} wins` : g.recorded ? ': to play' : ': to pair'}`);
    if (r.freeWins.length) lines.push(`    free win: ${r.freeWins.map(who).join(', ')}`);
  }
  lines.push(k.next === null ? '  Over.' : `  Next: round ${k.next}.`);
  return lines.join('\n');
}

export function renderPlayoff(t: Tournament, p: Playoff): string {
  const ties = p.knockouts.length === 0 ? `No tie for ${p.contested === 1 ? 'place 1' : `places 1–${p.contested}`}: no playoff is held.` : p.knockouts.map((k) => renderKnockout(t, k)).join('\n\n');
  const places = p.finalPlaces ? `\n\nFinal places:\n${[...p.finalPlaces].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([id, place]) => `  ${place}. ${playerLabel(t, id)}`).join('\n')}` : '';
  const whose = p.kind === 'qt' ? "the QT's knockout playoff (place 1)" : `the league's knockout playoffs (places 1–${p.contested})`;
  return `${t.name} — ${whose}\n\n${ties}${places}\n`;
}
