/**
 * What a round's draw measures, the same for any draw (the one recorded in a file, or Tengen's from the same state):
 * score gaps, handicap stones, colour balance after the round, and pairs of the same club, city or family name. The
 * checker (./checker) compares the recorded draw with the best one by these figures; `npm run quality` counts them.
 */
import type { Player, PlayerId, Tournament } from '../model/tournament';
import { LARGE_GAP_HALVES } from '../systems/mcmahon/optimalWeights';
import type { PairingHistory } from '../pairing/history';

/** A game of the round as the measures read it. */
export interface DrawnGame {
  readonly white: PlayerId;
  readonly black: PlayerId;
  readonly handicap: number;
  readonly colourKnown?: boolean;
}

export interface DrawMeasures {
  readonly games: number;
  /** Games whose players' current scores differ by two points (two wins in Swiss) or more. */
  readonly largeGaps: number;
  /** The largest score difference of a game, in half points. */
  readonly largestGapHalves: number;
  /** The sum of the score differences, in half points (Cardinal Rule No. 3's total). */
  readonly totalGapHalves: number;
  /** The sum of the squared score differences, in half points (the `optimal` draw's `large gaps`). */
  readonly squaredGapHalves: number;
  readonly handicapStones: number;
  /** After the round's colours: players whose whites − blacks is ±2, and ±3 or more (even games with known colours). */
  readonly colourTwoOut: number;
  readonly colourThreeOrMoreOut: number;
  readonly sameClub: number;
  readonly sameCity: number;
  readonly sameFamilyName: number;
}

function same(a: string | undefined, b: string | undefined): boolean {
  const x = a?.trim().toLowerCase();
  return x !== undefined && x !== '' && x === b?.trim().toLowerCase();
}

/** Whether two players share a club, a city, a family name (the checker's "same club/city/family" pairs). */
export function sharedBackground(a: Player, b: Player): { club: boolean; city: boolean; family: boolean } {
  return { club: same(a.club, b.club), city: same(a.city, b.city), family: same(a.family, b.family) };
}

/** The measures of `games` drawn in the round `h` was built for (scores before it). */
export function measureDraw(h: PairingHistory, games: readonly DrawnGame[]): DrawMeasures {
  let largeGaps = 0;
  let largest = 0;
  let total = 0;
  let squared = 0;
  let stones = 0;
  let sameClub = 0;
  let sameCity = 0;
  let sameFamilyName = 0;
  const balance = new Map<PlayerId, number>();
  const known = (id: PlayerId) => h.has(id);
  for (const g of games) {
    stones += g.handicap;
    if (known(g.white) && known(g.black)) {
      const gap = Math.abs(h.scoreHalves(g.white) - h.scoreHalves(g.black));
      if (gap >= LARGE_GAP_HALVES) largeGaps++;
      largest = Math.max(largest, gap);
      total += gap;
      squared += gap * gap;
      const shared = sharedBackground(h.player(g.white), h.player(g.black));
      if (shared.club) sameClub++;
      if (shared.city) sameCity++;
      if (shared.family) sameFamilyName++;
      if (g.handicap === 0 && g.colourKnown !== false) {
        balance.set(g.white, h.colourBalance(g.white) + 1);
        balance.set(g.black, h.colourBalance(g.black) - 1);
      }
    }
  }
  let two = 0;
  let three = 0;
  for (const p of h.players) {
    const b = Math.abs(balance.get(p.id) ?? h.colourBalance(p.id));
    if (b === 2) two++;
    if (b >= 3) three++;
  }
  return {
    games: games.length,
    largeGaps,
    largestGapHalves: largest,
    totalGapHalves: total,
    squaredGapHalves: squared,
    handicapStones: stones,
    colourTwoOut: two,
    colourThreeOrMoreOut: three,
    sameClub,
    sameCity,
    sameFamilyName,
  };
}

/** The tournament as it stood before round `round` was paired (games and byes of earlier rounds only). */
export function stateBefore(t: Tournament, round: number): Tournament {
  return { ...t, games: t.games.filter((g) => g.round < round), byes: t.byes.filter((b) => b.round < round) };
}
