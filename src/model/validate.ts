/**
 * Semantic checks every format runs after parsing: the tournament must be one a director could have written on the
 * paper grid. Each error names the player and, through the caller's locator, the file line or element.
 */
import type { InputError } from './errors';
import { displayName, type Player, type PlayerId, type Tournament } from './tournament';

/** Where an item of the tournament sits in its source (line, element, JSON path). */
export interface Location {
  readonly line?: number;
  readonly where?: string;
}

export interface Locator {
  player?(index: number): Location;
  game?(index: number): Location;
  bye?(index: number): Location;
}

export function describePlayer(player: Pick<Player, 'id' | 'family' | 'given'>): string {
  return `${player.id} (${displayName(player)})`;
}

export function validateTournament(t: Tournament, locate: Locator = {}, file?: string): InputError[] {
  const errors: InputError[] = [];
  // Every player, game and bye is checked, few are wrong: where an item sits, and what occupies a player in a round,
  // are worked out only for an error (a grid of 1,000 players has 5,000 games).
  type Lazy<T> = () => T;
  const at = (where: Lazy<Location | undefined>) => {
    const loc = where();
    return { file, line: loc?.line, where: loc?.where };
  };
  const byId = new Map<PlayerId, Player>();
  const rounds = t.settings.rounds;

  if (!Number.isInteger(rounds) || rounds < 1) {
    errors.push({ file, where: 'settings.rounds', message: `the number of rounds must be a whole number ≥ 1, not ${rounds}` });
  }

  t.players.forEach((p, i) => {
    const loc = () => locate.player?.(i);
    if (!Number.isInteger(p.id) || p.id < 1) {
      errors.push({ ...at(loc), player: displayName(p), message: `ID must be a whole number ≥ 1, not ${p.id}` });
      return;
    }
    const other = byId.get(p.id);
    if (other) {
      errors.push({
        ...at(loc),
        player: describePlayer(p),
        message: `duplicate ID ${p.id}: already used by ${displayName(other)}; every player needs his own ID`,
      });
      return;
    }
    byId.set(p.id, p);
    for (const r of p.absentRounds ?? []) {
      if (!Number.isInteger(r) || r < 1 || r > rounds) {
        errors.push({ ...at(loc), player: describePlayer(p), message: `absent round ${r} is not a round of this ${rounds}-round tournament` });
      }
    }
  });

  const name = (id: PlayerId) => {
    const p = byId.get(id);
    return p ? describePlayer(p) : String(id);
  };
  /** round → player → what already occupies him that round */
  const seen = new Map<number, Map<PlayerId, Lazy<string>>>();
  const occupy = (round: number, id: PlayerId, what: Lazy<string>, loc: Lazy<Location | undefined>) => {
    let inRound = seen.get(round);
    if (!inRound) seen.set(round, (inRound = new Map()));
    const before = inRound.get(id);
    if (before) {
      errors.push({ ...at(loc), player: name(id), message: `${what()} in round ${round}, but he already has ${before()} in that round` });
    } else {
      inRound.set(id, what);
    }
  };
  const checkRound = (round: number, loc: Lazy<Location | undefined>, player?: PlayerId): boolean => {
    if (!Number.isInteger(round) || round < 1 || round > rounds) {
      errors.push({ ...at(loc), player: player !== undefined ? name(player) : undefined, message: `round ${round} is not a round of this ${rounds}-round tournament` });
      return false;
    }
    return true;
  };
  const absent = (id: PlayerId, round: number) => byId.get(id)?.absentRounds?.includes(round) ?? false;

  t.games.forEach((g, i) => {
    const loc = () => locate.game?.(i);
    let known = true;
    for (const [colour, id] of [['white', g.white], ['black', g.black]] as const) {
      if (!byId.has(id)) {
        errors.push({ ...at(loc), message: `the ${colour} player ${id} is not a registered player` });
        known = false;
      }
    }
    if (!checkRound(g.round, loc, g.white) || !known) return;
    if (g.white === g.black) {
      errors.push({ ...at(loc), player: name(g.white), message: `plays against himself in round ${g.round}` });
      return;
    }
    if (!Number.isInteger(g.handicap) || g.handicap < 0 || g.handicap > 30) {
      errors.push({ ...at(loc), player: name(g.black), message: `handicap ${g.handicap} is not a number of stones 0–30` });
    }
    // Tables are numbered from 1 (the pairing sheet's first table, OpenGotha's tableNumber) — every reader, not
    // only the JSON schema: a table 0 read from another format would be written out and refused on reading back.
    if (g.table !== undefined && (!Number.isInteger(g.table) || g.table < 1)) {
      errors.push({ ...at(loc), player: name(g.white), message: `table ${g.table} is not a table number; expected a whole number ≥ 1` });
    }
    const byPlay = g.result === 'white-wins' || g.result === 'black-wins' || g.result === 'jigo';
    for (const id of [g.white, g.black]) {
      if (byPlay && absent(id, g.round)) {
        errors.push({
          ...at(loc),
          player: name(id),
          message: `contradictory results: a game by play (${g.result}) in round ${g.round}, a round he is marked absent`,
        });
      }
    }
    if (g.method && !byPlay) {
      errors.push({ ...at(loc), player: name(g.white), message: `contradictory result: "${g.method}" describes a game by play, but the result is ${g.result}` });
    }
    if (g.reason && byPlay) {
      errors.push({ ...at(loc), player: name(g.white), message: `contradictory result: default reason "${g.reason}" given for a game won by play (${g.result})` });
    }
    occupy(g.round, g.white, () => `a game against ${name(g.black)}`, loc);
    occupy(g.round, g.black, () => `a game against ${name(g.white)}`, loc);
  });

  t.byes.forEach((b, i) => {
    const loc = () => locate.bye?.(i);
    if (!byId.has(b.player)) {
      errors.push({ ...at(loc), message: `the bye goes to ${b.player}, who is not a registered player` });
      return;
    }
    if (!checkRound(b.round, loc, b.player)) return;
    if (absent(b.player, b.round)) {
      errors.push({ ...at(loc), player: name(b.player), message: `contradictory: a bye in round ${b.round}, a round he is marked absent` });
    }
    occupy(b.round, b.player, () => 'the bye', loc);
  });

  return errors;
}
