/**
 * The order the EGC's systems pair by: the players' pairing numbers (seeds/egc-championship-rules.txt, "The
 * Preliminary Knockout Tournaments (PKO)", "Participants": "In order of their rating, ties broken by lottery, they
 * receive the numbers 1 to 24"; "The European Championship Qualification Tournaments (QT)", "Tournament System":
 * "the players are assigned numbers starting from 1, according to their rating, with ties being broken by lottery").
 *
 * The numbers themselves are drawn by `tengen lots` (src/pairing/lots.ts, issue 13) and stored as
 * `Player.pairingNumber`; this module only reads them. A file without pairing numbers pairs by ID (Tengen's ID is
 * already the strength order, 1 = strongest). MERGE NOTE: once lots.ts exists, this is its reader's half; keep one.
 */
import { failed, ok, type InputError, type Parsed } from '../model/errors';
import { playerLabel, type Player, type Tournament } from '../model/tournament';

/**
 * `players` in pairing-number order (every one has a number), else in ID order (none has one). Some with and some
 * without a number is the director's mistake, named: a knockout cannot guess where the unnumbered ones belong.
 */
export function byPairingNumber(t: Tournament, players: readonly Player[]): Parsed<Player[]> {
  const numbered = players.filter((p) => p.pairingNumber !== undefined);
  if (numbered.length === 0) return ok([...players].sort((a, b) => a.id - b.id));
  if (numbered.length < players.length) {
    const missing = players.filter((p) => p.pairingNumber === undefined).map((p) => playerLabel(t, p.id));
    return failed([
      {
        player: missing.length === 1 ? missing[0] : undefined,
        message: `${missing.length === 1 ? '' : `players ${missing.join(', ')}: `}no pairing number while ${numbered.length} other player${numbered.length === 1 ? ' has' : 's have'} one; draw the numbers again (tengen lots) so that every player has one`,
      },
    ]);
  }
  const seen = new Map<number, Player>();
  const errors: InputError[] = [];
  for (const p of numbered) {
    const other = seen.get(p.pairingNumber!);
    if (other) errors.push({ player: playerLabel(t, p.id), message: `has pairing number ${p.pairingNumber}, as ${playerLabel(t, other.id)} has; each number is given once` });
    else seen.set(p.pairingNumber!, p);
  }
  return errors.length > 0 ? failed(errors) : ok([...players].sort((a, b) => a.pairingNumber! - b.pairingNumber!));
}
