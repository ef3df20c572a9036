import { TengenInputError } from '../model/errors';
import { displayName, type Player, type Tournament } from '../model/tournament';

/** A player named on the command line by ID number or by a unique part of his name. */
export function findPlayer(t: Tournament, who: string, file: string): Player {
  if (t.players.length === 0) throw new TengenInputError([{ file, player: who, message: 'no players registered yet in this tournament' }]);
  if (/^\d+$/.test(who)) {
    const byId = t.players.find((p) => p.id === Number(who));
    if (byId) return byId;
    throw new TengenInputError([{ file, player: who, message: `no player has ID ${who}` }]);
  }
  const needle = who.toLowerCase();
  const matches = t.players.filter((p) => displayName(p).toLowerCase().includes(needle) || `${p.given} ${p.family}`.toLowerCase().includes(needle));
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) throw new TengenInputError([{ file, player: who, message: 'no player has this name; give an ID number or part of a name' }]);
  throw new TengenInputError([
    { file, player: who, message: `${matches.length} players match: ${matches.slice(0, 8).map((p) => `${p.id} (${displayName(p)})`).join(', ')}; give the ID number` },
  ]);
}
