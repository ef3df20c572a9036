/** A round-robin league played out for the tests: every round paired by the engine, results by a strength order. */
import { pairRound } from '../../src/cli/pair';
import { applyPairing } from '../../src/pairing/apply';
import { roundRobinRounds } from '../../src/systems/round-robin/roundRobin';
import { isPairingError } from '../../src/pairing/types';
import type { GameResult, PlayerId, Tournament } from '../../src/model/tournament';

/**
 * The league with `rounds` rounds (default: all) paired and played: the player with the greater `strength` wins,
 * equal strengths draw (jigo). Throws if the engine refuses a round (a test's own mistake).
 */
export function playLeague(t: Tournament, strength: (id: PlayerId) => number, rounds = roundRobinRounds(t.players.length, t.settings.schedule, t.settings.cycles)): Tournament {
  let league = t;
  for (let round = 1; round <= rounds; round++) {
    const pairing = pairRound(league, round, 'optimal');
    if (isPairingError(pairing)) throw new Error(pairing.message);
    league = applyPairing(league, pairing);
    league = {
      ...league,
      games: league.games.map((g): typeof g => {
        if (g.round !== round) return g;
        const w = strength(g.white);
        const b = strength(g.black);
        const result: GameResult = w > b ? 'white-wins' : w < b ? 'black-wins' : 'jigo';
        return { ...g, result };
      }),
    };
  }
  return league;
}
