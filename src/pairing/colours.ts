/**
 * Colours in even games (handicap games: the stronger player takes White, see ./handicap).
 *
 * In order:
 * 1. Nigiri, when the director leaves colours to the players (seeds/mays-swiss-mcmahon-manual.txt, "What about
 *    Nigiri?": "allow the players themselves, except for those who will need a handicap, to select the color through
 *    nigiri"): the colour is unknown until the director records it.
 * 2. A repeat meeting reverses the colours of the last one (seeds/egf-general-tournament-rules-excerpt.txt: "If two
 *    players meet again, then they get inverse colours").
 * 3. Colour balance (Mays, "Doing the Pairings", Consideration No. 3: "if … Player A, who is placed on the left side
 *    of the pairing … has had white twice but his opponent … has had white only once, then the pairing cards of these
 *    two players should be switched (left to right). This should be done even if Player A is one rank stronger than
 *    Player B … players with one rank difference … are considered to be players of the same rank on the issue of
 *    color"; EGF: "Each player's colour balance shall approach 50%"). The balance is whites minus blacks in earlier
 *    even games with known colours; the player with the higher balance takes Black. Mays balances only players at
 *    most one rank apart (`balanceWithinRanks`, default 1); EGF balances everyone (`Infinity`).
 * 4. Otherwise the stronger player — the lower ID, the paper sheet's left column — takes White (Mays: "Because the
 *    players in the column on the left are stronger … they are given white in this initial pairing").
 */
import type { Rank } from '../model/rank';
import type { PlayerId } from '../model/tournament';
import type { Meeting } from './history';

export interface ColourPlayer {
  readonly id: PlayerId;
  readonly rank: Rank;
}

/** What colour allocation reads from the history (a `PairingHistory` is one). */
export interface ColourHistory {
  colourBalance(id: PlayerId): number;
  meetings(a: PlayerId, b: PlayerId): readonly Meeting[];
}

export interface ColourOptions {
  /** Balance colours only between players at most this many ranks apart (Mays: 1, the default; EGF: Infinity). */
  readonly balanceWithinRanks?: number;
  /** Leave colours of even games to nigiri (`colourKnown` false). */
  readonly nigiri?: boolean;
}

export interface ColourDecision {
  readonly white: PlayerId;
  readonly black: PlayerId;
  readonly colourKnown: boolean;
  readonly reason: string;
  /** Players who get the colour they have already had more often (for the report). */
  readonly repeated: readonly { readonly player: PlayerId; readonly colour: 'white' | 'black'; readonly balance: number }[];
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** Colours of an even game between `left` (the lower ID) and `right`. */
export function allocateColours(left: ColourPlayer, right: ColourPlayer, history: ColourHistory, options: ColourOptions = {}): ColourDecision {
  const [a, b] = left.id < right.id ? [left, right] : [right, left];
  const balanceA = history.colourBalance(a.id);
  const balanceB = history.colourBalance(b.id);
  const decide = (white: ColourPlayer, reason: string, colourKnown = true): ColourDecision => {
    const black = white === a ? b : a;
    const repeated: { player: PlayerId; colour: 'white' | 'black'; balance: number }[] = [];
    if (colourKnown) {
      const bw = history.colourBalance(white.id);
      const bb = history.colourBalance(black.id);
      if (bw > 0) repeated.push({ player: white.id, colour: 'white', balance: bw });
      if (bb < 0) repeated.push({ player: black.id, colour: 'black', balance: bb });
    }
    return { white: white.id, black: black.id, colourKnown, reason, repeated };
  };

  if (options.nigiri) return decide(a, 'colours by nigiri', false);

  const known = history.meetings(a.id, b.id).filter((m) => m.game.colourKnown !== false);
  const last = known[known.length - 1];
  if (last) {
    const white = last.game.white === a.id ? b : a;
    return decide(white, `they met in round ${last.round} (${last.game.white} White): colours reversed`);
  }

  const within = options.balanceWithinRanks ?? 1;
  if (Math.abs(a.rank - b.rank) <= within && balanceA !== balanceB) {
    const white = balanceA < balanceB ? a : b;
    const other = white === a ? b : a;
    return decide(
      white,
      `colour balance (whites − blacks): ${white.id} ${signed(history.colourBalance(white.id))}, ${other.id} ${signed(history.colourBalance(other.id))}` +
        (white === b ? ': switched, the lower ID has had White more often' : ''),
    );
  }
  return decide(a, `${a.id}, the lower ID (stronger), takes White`);
}
