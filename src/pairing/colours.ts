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
 *
 * Each ruleset's colour rule, and what `coloursOfRuleset` sets from it (issue 20: nothing set it, so an EGF
 * tournament balanced colours only within one rank, Mays' rule, and Kovács 5d got his fourth White against a 3d who
 * had had one more Black):
 *  - EGF (seeds/egf-general-tournament-rules-excerpt.txt, "Pairing", the colour rule): "Each player's colour balance
 *    shall approach 50%. If two players meet again, then they get inverse colours." — everyone balanced.
 *  - BGA (seeds/bga-mcmahon-system.txt, "Handicaps and colours"): "If there is no handicap, colours are selected
 *    (more or less) at random … It is normal to try to organise the draw so that, as far as possible, players play an
 *    equal number of games as each colour." — everyone balanced.
 *  - OpenGotha (Tournament.gameBetween, src/systems/opengotha/weights.ts `gameBetween`): in an even game the player
 *    with the larger colour balance (more Whites) takes Black, whatever the ranks; its pair weight adds
 *    `balanceWhiteBlack` when the two balances are "strictly of different signs" (`colourBalanceTerm`) —
 *    everyone balanced.
 *  - AQJG, Mays (seeds/mays-swiss-mcmahon-manual.txt, "Doing the Pairings", Consideration No. 3, quoted above):
 *    players at most one rank apart are "considered to be players of the same rank on the issue of color" — the
 *    balance decides between them only; otherwise the stronger takes White.
 *  - Czech (seeds/czech-round-robin-and-series-rules.en.md): says nothing of colours in a McMahon draw; the EGF's rule,
 *    under which Czech tournaments are rated, applies.
 */
import type { Rank } from '../model/rank';
import type { PlayerId, RulesetName } from '../model/tournament';
import type { Meeting } from './history';

export interface ColourPlayer {
  readonly id: PlayerId;
  readonly rank: Rank;
}

/** How far apart in rank each ruleset balances colours (see the module comment for each rule, quoted). */
export const BALANCE_WITHIN_RANKS: Readonly<Record<RulesetName, number>> = {
  egf: Number.POSITIVE_INFINITY,
  bga: Number.POSITIVE_INFINITY,
  opengotha: Number.POSITIVE_INFINITY,
  czech: Number.POSITIVE_INFINITY,
  aqjg: 1,
};

/** The colour options a ruleset asks for, under any the director gave (his win). */
export function coloursOfRuleset(ruleset: RulesetName, given: ColourOptions = {}): ColourOptions {
  return { ...given, balanceWithinRanks: given.balanceWithinRanks ?? BALANCE_WITHIN_RANKS[ruleset] };
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
  /** Players who get the colour they have already had more often (for the report), each with the true reason. */
  readonly repeated: readonly RepeatedColour[];
}

/**
 * Why a player gets again the colour he has had more often:
 *  - `same-lean`: his opponent has had that colour as often or more (balances of the same sign): one of them must;
 *  - `reversed`: they met before, and a repeat meeting reverses the colours;
 *  - `ranks-apart`: the ruleset balances only players this close in rank, and they are further apart (Mays).
 */
export type RepeatedColourWhy = 'same-lean' | 'reversed' | 'ranks-apart';

export interface RepeatedColour {
  readonly player: PlayerId;
  readonly colour: 'white' | 'black';
  readonly balance: number;
  readonly why: RepeatedColourWhy;
  /** The opponent's balance (whites − blacks). */
  readonly opponentBalance: number;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** Colours of an even game between `left` (the lower ID) and `right`. */
export function allocateColours(left: ColourPlayer, right: ColourPlayer, history: ColourHistory, options: ColourOptions = {}): ColourDecision {
  const [a, b] = left.id < right.id ? [left, right] : [right, left];
  const balanceA = history.colourBalance(a.id);
  const balanceB = history.colourBalance(b.id);
  const decide = (white: ColourPlayer, reason: string, colourKnown = true, why: RepeatedColourWhy = 'same-lean'): ColourDecision => {
    const black = white === a ? b : a;
    const repeated: RepeatedColour[] = [];
    if (colourKnown) {
      const bw = history.colourBalance(white.id);
      const bb = history.colourBalance(black.id);
      if (bw > 0) repeated.push({ player: white.id, colour: 'white', balance: bw, why, opponentBalance: bb });
      if (bb < 0) repeated.push({ player: black.id, colour: 'black', balance: bb, why, opponentBalance: bw });
    }
    return { white: white.id, black: black.id, colourKnown, reason, repeated };
  };

  if (options.nigiri) return decide(a, 'colours by nigiri', false);

  const known = history.meetings(a.id, b.id).filter((m) => m.game.colourKnown !== false);
  const last = known[known.length - 1];
  if (last) {
    const white = last.game.white === a.id ? b : a;
    return decide(white, `they met in round ${last.round} (${last.game.white} White): colours reversed`, true, 'reversed');
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
  // The stronger takes White although balancing would give it to the other: the ranks are too far apart (Mays).
  const apart = Math.abs(a.rank - b.rank) > within && balanceA > balanceB;
  return decide(a, `${a.id}, the lower ID (stronger), takes White`, true, apart ? 'ranks-apart' : 'same-lean');
}

/** The true reason a player gets again the colour he has had more often, in words (the report's line). */
export function repeatedColourWords(r: RepeatedColour, within: number | undefined): string {
  const signedBalance = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
  switch (r.why) {
    case 'reversed':
      return 'they met before, and a repeat meeting reverses the colours';
    case 'ranks-apart':
      return `colours are balanced only between players at most ${within ?? 1} rank${(within ?? 1) === 1 ? '' : 's'} apart (Mays, Consideration No. 3), and the stronger takes White`;
    case 'same-lean':
      return `his opponent has had ${r.colour === 'white' ? 'White' : 'Black'} as often or more (${signedBalance(r.opponentBalance)})`;
  }
}
