/**
 * Each player's round-by-round record — one line of the paper grid: per round the opponent, colour, handicap and
 * what the round gave him. Every score and tie-breaker is computed from this table.
 */
import type { Game, Player, PlayerId, Tournament } from '../model/tournament';

/**
 * What one round was for one player. EGF's result list, from the player's side
 * (seeds/egf-general-tournament-rules-excerpt.txt): wins, ties and losses by play; default wins (opponent absent,
 * late, arbitration), default ties, default losses (own absence, both absent, arbitration); the bye; and "not
 * playing" (sleeping, absent, latecomer, not paired). `pending` is a paired game without a reported result.
 */
export type Outcome =
  | 'win'
  | 'jigo'
  | 'loss'
  | 'default-win'
  | 'default-jigo'
  | 'default-loss'
  | 'bye'
  | 'absent'
  | 'pending';

export interface PlayerRound {
  readonly round: number;
  readonly outcome: Outcome;
  /** Index (in `Scoreboard.players`) of the opponent, or −1 for a bye or a round without a game. */
  readonly opponent: number;
  readonly colour?: 'white' | 'black';
  readonly handicap: number;
  readonly game?: Game;
  /**
   * An `absent` round of a player who takes part in it (not in his absentRounds) but was neither paired nor given a
   * bye: OpenGotha's NOT_ASSIGNED, which its rules pay nothing (./rulesets, notAssignedEarns).
   */
  readonly notAssigned?: true;
}

export function outcomeOf(game: Game, colour: 'white' | 'black'): Outcome {
  const mine = colour === 'white';
  switch (game.result) {
    case 'unknown':
      return 'pending';
    case 'white-wins':
      return mine ? 'win' : 'loss';
    case 'black-wins':
      return mine ? 'loss' : 'win';
    case 'jigo':
      return 'jigo';
    case 'white-wins-by-default':
      return mine ? 'default-win' : 'default-loss';
    case 'black-wins-by-default':
      return mine ? 'default-loss' : 'default-win';
    case 'jigo-by-default':
      return 'default-jigo';
    case 'both-lose-by-default':
      return 'default-loss';
    case 'both-win-by-default':
      return 'default-win';
  }
}

/** Points (in half points) a game outcome gives: EGF "win" 1, "tie" ½, "loss" 0; the same for default results. */
export function gameHalves(outcome: Outcome): number {
  switch (outcome) {
    case 'win':
    case 'default-win':
      return 2;
    case 'jigo':
    case 'default-jigo':
      return 1;
    default:
      return 0;
  }
}

export function isPlayedGame(outcome: Outcome): boolean {
  return outcome === 'win' || outcome === 'jigo' || outcome === 'loss';
}

export function isDefaultResult(outcome: Outcome): boolean {
  return outcome === 'default-win' || outcome === 'default-jigo' || outcome === 'default-loss';
}

/** Has an opponent this round (a game, played, by default or pending). */
export function hasOpponent(r: PlayerRound): boolean {
  return r.opponent >= 0;
}

export interface Records {
  readonly players: readonly Player[];
  readonly indexOf: ReadonlyMap<PlayerId, number>;
  /** rounds[p][r − 1] for r = 1 … asOf */
  readonly rounds: readonly (readonly PlayerRound[])[];
  readonly asOf: number;
}

/**
 * Build the grid lines as of round `asOf` (later rounds ignored). Players are kept in ID order so every result is
 * independent of the order of players, games and byes in the source file.
 */
export function buildRecords(t: Tournament, asOf: number): Records {
  const players = [...t.players].sort((a, b) => a.id - b.id);
  const indexOf = new Map<PlayerId, number>();
  players.forEach((p, i) => indexOf.set(p.id, i));
  const rounds: PlayerRound[][] = players.map(() => new Array<PlayerRound>(asOf));

  // (indexed loops, as in `lastPlayedRound`)
  const games = t.games;
  for (let i = 0; i < games.length; i++) {
    const g = games[i];
    if (g.round < 1 || g.round > asOf) continue;
    const w = indexOf.get(g.white);
    const b = indexOf.get(g.black);
    if (w === undefined || b === undefined) continue; // refused earlier by validateTournament
    rounds[w][g.round - 1] = { round: g.round, outcome: outcomeOf(g, 'white'), opponent: b, colour: 'white', handicap: g.handicap, game: g };
    rounds[b][g.round - 1] = { round: g.round, outcome: outcomeOf(g, 'black'), opponent: w, colour: 'black', handicap: g.handicap, game: g };
  }
  const byes = t.byes;
  for (let i = 0; i < byes.length; i++) {
    const bye = byes[i];
    if (bye.round < 1 || bye.round > asOf) continue;
    const p = indexOf.get(bye.player);
    if (p === undefined || rounds[p][bye.round - 1]) continue;
    rounds[p][bye.round - 1] = { round: bye.round, outcome: 'bye', opponent: -1, handicap: 0 };
  }
  rounds.forEach((row, p) => {
    // (the rounds announced absent looked up only for a player with a round left without a game: issue 28)
    let away: Set<number> | undefined;
    for (let r = 0; r < asOf; r++) {
      if (row[r]) continue;
      away ??= new Set(players[p].absentRounds ?? []);
      row[r] = { round: r + 1, outcome: 'absent', opponent: -1, handicap: 0, ...(!away.has(r + 1) && { notAssigned: true as const }) };
    }
  });
  return { players, indexOf, rounds, asOf };
}

/** The last round with any game or bye recorded — "standings as of now". */
export function lastPlayedRound(t: Tournament): number {
  let last = 0;
  // (indexed loops: a congress's 5,000 games, read a few times a batch mostly before V8 optimises this — some three
  // times faster so than through the array's iterator; issue 28)
  const games = t.games;
  for (let i = 0; i < games.length; i++) {
    const g = games[i];
    if (g.result !== 'unknown' && g.round > last) last = g.round;
  }
  const byes = t.byes;
  for (let i = 0; i < byes.length; i++) if (byes[i].round > last) last = byes[i].round;
  return Math.min(last, t.settings.rounds);
}
