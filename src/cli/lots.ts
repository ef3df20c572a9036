/**
 * `tengen lots FILE --by lottery|rating|id [--seed N] --out FILE`: assigns the pairing numbers a round-robin,
 * knockout or playoff pairs by (src/pairing/lots.ts) and writes them, with the lottery's seed, to the --out file.
 */
import type { LotsBy, Tournament } from '../model/tournament';
import { displayName } from '../model/tournament';
import { assignLots, LOTS_BY } from '../pairing/lots';
import { table } from './render';
import { UsageError } from './usage';

/** The --by and --seed flags as lots needs them: a lottery without a seed is refused, so the draw can be replayed. */
export function lotsRequest(flags: ReadonlyMap<string, string | true>): { by: LotsBy; seed?: number } {
  const by = flags.get('by');
  if (typeof by !== 'string' || !(LOTS_BY as readonly string[]).includes(by)) throw new UsageError(`lots needs --by ${LOTS_BY.join('|')}`);
  const seedText = flags.get('seed');
  const seed = seedText === undefined ? undefined : Number(seedText);
  if (seed !== undefined && (!Number.isSafeInteger(seed) || seed < 0)) throw new UsageError(`--seed ${String(seedText)}: expected a whole number ≥ 0`);
  if (by === 'lottery' && seed === undefined) throw new UsageError('--by lottery needs --seed N, so that the draw can be replayed');
  if (by === 'id' && seed !== undefined) throw new UsageError('--seed: --by id draws no lots');
  return { by: by as LotsBy, seed };
}

export function drawLots(t: Tournament, request: { by: LotsBy; seed?: number }): Tournament {
  return assignLots(t, request.by, request.seed ?? 0);
}

/** The numbers as a table, in pairing-number order, and how they were drawn. */
export function renderLots(t: Tournament): string {
  const rows = [...t.players].sort((a, b) => a.pairingNumber! - b.pairingNumber!).map((p) => [String(p.pairingNumber), String(p.id), displayName(p), p.rating === undefined ? '' : String(p.rating)]);
  const lots = t.settings.lots!;
  return `${t.name} — pairing numbers by ${lots.by}${lots.seed !== undefined ? ` (seed ${lots.seed})` : ''}\n\n${table(['No.', 'ID', 'Name', 'Rating'], rows)}`;
}
