/** Small tournaments for the pairing tests, written the way a director fills the pairing cards. */
import { parseRank, type Rank } from '../../src/model/rank';
import type { Game, GameResult, Player, PlayerId, Settings, Tournament } from '../../src/model/tournament';

export function rank(text: string): Rank {
  const r = parseRank(text);
  if (!r.ok) throw new Error(r.message);
  return r.rank;
}

export function id(n: number): PlayerId {
  return n as PlayerId;
}

/** Player `n` of rank `r` ("3d", "15k"), named "Player n". */
export function player(n: number, r: string, extra: Partial<Player> = {}): Player {
  return { id: id(n), family: `Player ${n}`, given: '', rank: rank(r), ...extra };
}

export function tournament(players: readonly Player[], settings: Partial<Settings> = {}, games: readonly Game[] = [], byes: Tournament['byes'] = []): Tournament {
  return {
    name: 'test',
    settings: { system: 'mcmahon', rounds: 6, ruleset: 'aqjg', ...settings },
    players,
    games,
    byes,
  };
}

/** A finished game: `winner` White beats `loser`, or a jigo when `result` says so. */
export function game(round: number, white: number, black: number, result: GameResult = 'white-wins', handicap = 0): Game {
  return { round, white: id(white), black: id(black), handicap, result };
}

/** The pairs of a round as "a–b" with the lower ID first, table order. */
export function pairsOf(games: readonly { white: PlayerId; black: PlayerId }[]): string[] {
  return games.map((g) => (g.white < g.black ? `${g.white}–${g.black}` : `${g.black}–${g.white}`));
}

/** The round's games given results: `winner(white, black)` says who won. */
export function withResults(t: Tournament, round: number, winner: (white: PlayerId, black: PlayerId) => 'white' | 'black' | 'jigo'): Tournament {
  const result = (w: PlayerId, b: PlayerId): GameResult => {
    const r = winner(w, b);
    return r === 'white' ? 'white-wins' : r === 'black' ? 'black-wins' : 'jigo';
  };
  return { ...t, games: t.games.map((g) => (g.round === round ? { ...g, result: result(g.white, g.black) } : g)) };
}

/** Drawn games (jigo) of one round, each pair White first: keeps every player's score level. */
export function jigos(round: number, pairs: readonly (readonly [number, number])[]): Game[] {
  return pairs.map(([w, b]) => game(round, w, b, 'jigo'));
}

/**
 * A tournament as OpenGotha would hold it (ruleset opengotha): McMahon unless told, bar 1d, floor 20k, MMS zero 30k,
 * a bye worth one point, an absence half an MMS point (rounded down), and the pairing parameters the OpenGotha tests
 * use, which `pairing` overrides.
 */
export function openGothaTournament(players: readonly Player[], pairing: Record<string, string> = {}, games: readonly Game[] = [], byes: Tournament['byes'] = [], system: 'mcmahon' | 'swiss' = 'mcmahon'): Tournament {
  return {
    name: 'hand-made',
    settings: {
      system,
      rounds: 5,
      ruleset: 'opengotha',
      bar: rank('1d'),
      floor: rank('20k'),
      mmsZero: rank('30k'),
      opengotha: {
        mmsHalvesAbsent: 1,
        mmsHalvesBye: 2,
        nbwHalvesAbsent: 0,
        nbwHalvesBye: 2,
        roundDown: true,
        placementCriteria: system === 'mcmahon' ? ['MMS', 'SOSM', 'SOSOSM'] : ['NBW', 'SOSW', 'SOSOSW'],
        pairingParameters: {
          paiBaBalanceWB: '1000000',
          paiMaSeedSystem1: 'SPLITANDSLIP',
          paiMaSeedSystem2: 'SPLITANDFOLD',
          paiMaLastRoundForSeedSystem1: '2',
          paiSeRankThreshold: '1D',
          paiSeNbWinsThresholdActive: 'false',
          ...pairing,
        },
      },
    },
    players,
    games,
    byes,
  };
}
