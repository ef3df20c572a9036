/**
 * Pairing numbers: what round-robins, knockouts and playoffs pair by. Each is drawn from a recorded seed, so the same
 * seed gives the same numbers and a draw can be replayed.
 *
 *  - `lottery` — seeds/egc-championship-rules.txt, The League, Pairings: "Before the league's round 1, the players are
 *    assigned the numbers 1 to 10 by lottery."
 *  - `rating` — The Qualification Tournaments, Tournament System: "the players are assigned numbers starting from 1,
 *    according to their rating, with ties being broken by lottery" (and the PKO participants "In order of their
 *    rating, ties broken by lottery, they receive the numbers 1 to 24").
 *  - `id` — the default: the pairing number is the player's ID order.
 *
 * The lots themselves are src/scoring/lottery.ts's: a hash of (seed, player ID), so the draw does not depend on the
 * order the players are listed in the file.
 */
import { failed, ok, type Parsed } from '../model/errors';
import type { LotsBy, Player, PlayerId, Tournament } from '../model/tournament';
import { playerLabel } from '../model/tournament';
import { lot } from '../scoring/lottery';

export const LOTS_BY: readonly LotsBy[] = ['lottery', 'rating', 'id'];

/**
 * The order of the players for their pairing numbers (first = number 1). A player without a rating is placed after
 * every rated player, by rank (the stronger first), then by lottery — the rules assume every player is rated; this is
 * the reading a director would expect when one is not.
 */
function lotsOrder(players: readonly Player[], by: LotsBy, seed: number): Player[] {
  const byLot = (a: Player, b: Player) => lot(seed, a.id) - lot(seed, b.id) || a.id - b.id;
  const sorted = [...players];
  if (by === 'id') return sorted.sort((a, b) => a.id - b.id);
  if (by === 'lottery') return sorted.sort(byLot);
  return sorted.sort((a, b) => {
    const ra = a.rating ?? -Infinity;
    const rb = b.rating ?? -Infinity;
    if (ra !== rb) return rb - ra;
    if (a.rating === undefined && a.rank !== b.rank) return b.rank - a.rank;
    return byLot(a, b);
  });
}

/** The tournament with every player's pairing number (1 … n) and how they were drawn recorded in `settings.lots`. */
export function assignLots(t: Tournament, by: LotsBy, seed = 0): Tournament {
  const order = lotsOrder(t.players, by, seed);
  const numberOf = new Map(order.map((p, i) => [p.id, i + 1]));
  return {
    ...t,
    settings: { ...t.settings, lots: by === 'id' ? { by } : { by, seed } },
    players: t.players.map((p) => ({ ...p, pairingNumber: numberOf.get(p.id)! })),
  };
}

/**
 * The players in pairing-number order (index 0 = number 1): the numbers the file records, else the ID order. Numbers
 * must be given to all players or to none, and be 1 … n without a gap or a repeat; otherwise an error names the
 * players concerned.
 */
export function byPairingNumber(t: Tournament, file?: string): Parsed<PlayerId[]> {
  const numbered = t.players.filter((p) => p.pairingNumber !== undefined);
  if (numbered.length === 0) return ok([...t.players].sort((a, b) => a.id - b.id).map((p) => p.id));
  if (numbered.length < t.players.length) {
    const missing = t.players.filter((p) => p.pairingNumber === undefined);
    return failed(
      missing.map((p) => ({ file, where: 'pairingNumber', player: playerLabel(t, p.id), message: 'has no pairing number while other players have one; run tengen lots FILE --by lottery|rating|id to number everyone' })),
    );
  }
  const n = t.players.length;
  const slots = new Map<number, Player>();
  const errors = [];
  for (const p of [...t.players].sort((a, b) => a.id - b.id)) {
    const k = p.pairingNumber!;
    const other = slots.get(k);
    if (k < 1 || k > n) errors.push({ file, where: 'pairingNumber', player: playerLabel(t, p.id), message: `pairing number ${k}: expected 1 to ${n}, one for each player` });
    else if (other) errors.push({ file, where: 'pairingNumber', player: playerLabel(t, p.id), message: `pairing number ${k} is also ${playerLabel(t, other.id)}'s; each player needs his own` });
    else slots.set(k, p);
  }
  if (errors.length) return failed(errors);
  return ok(Array.from({ length: n }, (_, i) => slots.get(i + 1)!.id));
}
