/**
 * One player across the tournaments of a series: matched by EGD PIN when both entries have one, else by name and
 * club. The same name in another club is not merged silently: it stays another player of the series and is
 * reported as a possible duplicate, for the director to decide (issue 14: "a possible duplicate (same name,
 * different club) is reported, not merged silently").
 */
import { failed, ok, type InputError, type Parsed } from '../model/errors';
import { displayName, type Player, type PlayerId } from '../model/tournament';

/** What matching needs of one tournament: its label (the file) and its players. */
export interface SeriesEntrants {
  readonly label: string;
  readonly players: readonly Player[];
}

/** A player of the series, as first met (name, club), with the PIN any of his entries gave. */
export interface SeriesPlayer {
  readonly family: string;
  readonly given: string;
  readonly club?: string;
  readonly egdPin?: string;
}

/** Two or more series players kept apart although their names are the same. */
export interface PossibleDuplicate {
  readonly players: readonly number[];
  readonly message: string;
}

export interface SeriesPlayers {
  readonly players: readonly SeriesPlayer[];
  /** For each tournament, in order: its player ID → the index of the series player. */
  readonly of: readonly ReadonlyMap<PlayerId, number>[];
  readonly duplicates: readonly PossibleDuplicate[];
}

/** Case, accents and spacing ignored: "Novák  Jan" and "novak jan" are one name. */
function normalised(text: string | undefined): string {
  return (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function nameKey(p: Pick<Player, 'family' | 'given'>): string {
  return `${normalised(p.family)}|${normalised(p.given)}`;
}

export function matchPlayers(tournaments: readonly SeriesEntrants[]): Parsed<SeriesPlayers> {
  const players: { player: SeriesPlayer; pins: Set<string>; tournaments: string[] }[] = [];
  const byPin = new Map<string, number>();
  const byNameAndClub = new Map<string, number>();
  const of: Map<PlayerId, number>[] = [];
  const errors: InputError[] = [];
  for (const t of tournaments) {
    const here = new Map<PlayerId, number>();
    const seenHere = new Map<number, Player>();
    for (const p of t.players) {
      const pin = p.egdPin?.trim() || undefined;
      const key = `${nameKey(p)}|${normalised(p.club)}`;
      let index = pin === undefined ? undefined : byPin.get(pin);
      if (index === undefined) {
        // By name and club — unless both entries carry different PINs: then they are two people.
        const candidate = byNameAndClub.get(key);
        if (candidate !== undefined && (pin === undefined || players[candidate].pins.size === 0 || players[candidate].pins.has(pin))) index = candidate;
      }
      if (index === undefined) {
        index = players.length;
        players.push({ player: { family: p.family, given: p.given, club: p.club, egdPin: pin }, pins: new Set(), tournaments: [] });
        if (!byNameAndClub.has(key)) byNameAndClub.set(key, index);
      }
      if (pin !== undefined) {
        players[index].pins.add(pin);
        if (!byPin.has(pin)) byPin.set(pin, index);
        if (players[index].player.egdPin === undefined) players[index].player = { ...players[index].player, egdPin: pin };
      }
      const twin = seenHere.get(index);
      if (twin) {
        errors.push({
          file: t.label,
          player: `${p.id} (${displayName(p)})`,
          message: `is the same series player as ${twin.id} (${displayName(twin)}) of this file (${pin ? `EGD PIN ${pin}` : 'same name and club'}); give them different PINs or clubs, or remove one`,
        });
        continue;
      }
      seenHere.set(index, p);
      here.set(p.id, index);
      players[index].tournaments.push(t.label);
    }
    of.push(here);
  }
  if (errors.length) return failed(errors);

  const byName = new Map<string, number[]>();
  players.forEach((entry, i) => {
    const k = nameKey(entry.player);
    byName.set(k, [...(byName.get(k) ?? []), i]);
  });
  const duplicates: PossibleDuplicate[] = [];
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const described = group.map((i) => {
      const { player, tournaments: where } = players[i];
      const identity = [player.club ?? 'no club', player.egdPin ? `EGD PIN ${player.egdPin}` : undefined].filter(Boolean).join(', ');
      return `${displayName(player)} (${identity}; in ${where.join(', ')})`;
    });
    duplicates.push({
      players: group,
      message: `possible duplicate, kept apart: ${described.join(' and ')} — same name, different club or PIN; if they are one player, write the same club or EGD PIN in every file`,
    });
  }
  return ok({ players: players.map((p) => p.player), of, duplicates });
}
