/**
 * The pairing sheet: pairs made by any system become tables — numbered from the top score down — with their
 * handicap and colours, one report line per table, and the deviations a director must see (a colour repeated, a
 * pair of the same city, club or family).
 *
 * Mays ("Transcribing the Pairings onto the Pairing Sheets"): the sheet tells the players "the names of their
 * opponents, the number of the table at which they will be playing, and who will have what color of stones (or
 * handicap)"; "it is best to hold off on entering the handicaps until the very end".
 */
import { formatRank } from '../model/rank';
import type { HandicapSettings, PlayerId } from '../model/tournament';
import { allocateColours, repeatedColourWords, type ColourOptions } from './colours';
import { pairKey } from './controls';
import { describeNeighbourhood, type Neighbourhood } from './geography';
import { decideHandicap, DEFAULT_HANDICAP_CEILING } from './handicap';
import { formatHalves, type PairingHistory } from './history';
import type { DeviationLine, PairedGame, PairLine } from './types';

export interface SheetPair {
  readonly a: PlayerId;
  readonly b: PlayerId;
  /** Imposed by the director. */
  readonly forced?: boolean;
}

export interface SheetOptions {
  readonly handicap: HandicapSettings | undefined;
  readonly colours?: ColourOptions;
  /** Pairs to report as unavoidable neighbours (same city, club, relatives). */
  readonly neighbourhood?: (a: PlayerId, b: PlayerId) => Neighbourhood | undefined;
  /**
   * Why such a pair was kept, in words ending its report line (default: kept, claiming nothing more): a system that can
   * check the claim (./avoidability) says what avoiding the pair would cost instead.
   */
  readonly neighbourhoodWhy?: (a: PlayerId, b: PlayerId, kind: Neighbourhood) => string;
}

export interface Sheet {
  readonly games: readonly PairedGame[];
  readonly lines: readonly PairLine[];
  readonly deviations: readonly DeviationLine[];
}

const COLOUR_RULE =
  'seeds/mays-swiss-mcmahon-manual.txt, Consideration No. 3: "the tournament director tries to make sure that all the players get to play with white and black the same number of times"; seeds/egf-general-tournament-rules-excerpt.txt: "Each player\'s colour balance shall approach 50%"';
const GEOGRAPHY_RULE =
  'seeds/mays-swiss-mcmahon-manual.txt, Consideration No. 2: "Are the players from the same city, or are they related (siblings, parent and child)?"';

/** "MMS 2½" in McMahon, "wins 2" in Swiss. */
export function scoreLabel(h: PairingHistory, id: PlayerId): string {
  return `${h.scoreboard.primary === 'mms' ? 'MMS' : 'wins'} ${formatHalves(h.scoreHalves(id))}`;
}

/**
 * Tables for `pairs` (given in the order the system made them): sorted by the higher score of the pair, then the
 * lower, then that order; the handicap by the policy (the stronger takes White), colours of even games by ./colours.
 */
export function writeSheet(h: PairingHistory, pairs: readonly SheetPair[], options: SheetOptions): Sheet {
  // Each pair's two scores read once, not at every comparison of the sort.
  const ordered = pairs
    .map((p, order) => {
      const sa = h.scoreHalves(p.a);
      const sb = h.scoreHalves(p.b);
      return { p, order, top: Math.max(sa, sb), bottom: Math.min(sa, sb) };
    })
    .sort((x, y) => y.top - x.top || y.bottom - x.bottom || x.order - y.order);

  const uncappedPolicy = options.handicap ? { ...options.handicap, ceiling: Number.POSITIVE_INFINITY } : undefined;
  const ceiling = options.handicap?.ceiling ?? DEFAULT_HANDICAP_CEILING;
  const games: PairedGame[] = [];
  const lines: PairLine[] = [];
  const deviations: DeviationLine[] = [];
  ordered.forEach(({ p }, i) => {
    const table = i + 1;
    const [left, right] = p.a < p.b ? [h.player(p.a), h.player(p.b)] : [h.player(p.b), h.player(p.a)];
    const leftScore = h.scoreHalves(left.id);
    const rightScore = h.scoreHalves(right.id);
    const hd = decideHandicap({ id: left.id, rank: left.rank, scoreHalves: leftScore }, { id: right.id, rank: right.rank, scoreHalves: rightScore }, options.handicap);
    let white = hd.stronger;
    let black = hd.weaker;
    let colourKnown = true;
    let colours = `${hd.reason}; the stronger takes White`;
    if (hd.handicap === 0) {
      const c = allocateColours(left, right, h, options.colours);
      white = c.white;
      black = c.black;
      colourKnown = c.colourKnown;
      colours = `${hd.reason}; ${c.reason}`;
      for (const r of c.repeated) {
        deviations.push({
          kind: 'colour-repeated',
          table,
          players: [r.player],
          rule: COLOUR_RULE,
          // The true reason (issue 20: "his opponent leans the same way" was said of an opponent leaning the other way).
          message: `table ${table}: ${h.describe(r.player)} plays ${r.colour === 'white' ? 'White' : 'Black'} again (whites − blacks ${r.balance > 0 ? '+' : '−'}${Math.abs(r.balance)}): ${repeatedColourWords(r, options.colours?.balanceWithinRanks)}`,
        });
      }
    }
    // A ceiling that cut the stones the policy gives is a deviation the director sees (the uncapped rule, compared).
    // Below the ceiling the stones are the rule's own (./handicap `decideHandicap`: the least of the rule's stones and
    // the ceiling), so only a game at the ceiling is decided again without it.
    const uncapped =
      hd.handicap < ceiling
        ? hd.handicap
        : decideHandicap({ id: left.id, rank: left.rank, scoreHalves: leftScore }, { id: right.id, rank: right.rank, scoreHalves: rightScore }, uncappedPolicy).handicap;
    if (uncapped > hd.handicap) {
      deviations.push({
        kind: 'handicap-capped',
        table,
        players: [hd.stronger, hd.weaker],
        rule: "the tournament's handicap ceiling",
        message: `table ${table}: ${h.describe(hd.weaker)} receives ${hd.handicap} stones, not the ${uncapped} the handicap rule gives: capped at the ceiling of ${hd.handicap}`,
      });
    }
    games.push({ table, white, black, handicap: hd.handicap, colourKnown });
    // White and Black are the pair's two players (the handicap's or the colours' choice).
    const ws = white === left.id ? leftScore : rightScore;
    const bs = black === left.id ? leftScore : rightScore;
    const stones = hd.handicap === 1 ? '1 stone (no komi)' : `${hd.handicap} stones`;
    lines.push({
      kind: 'pair',
      table,
      white,
      black,
      whiteScoreHalves: ws,
      blackScoreHalves: bs,
      scoreDifferenceHalves: Math.abs(ws - bs),
      handicap: hd.handicap,
      colourKnown,
      colours,
      message:
        `Table ${table}: ${h.describe(white)} (${formatRank(h.player(white).rank)}, ${scoreLabel(h, white)}) ${colourKnown ? 'White' : '—'} vs ` +
        `${h.describe(black)} (${formatRank(h.player(black).rank)}, ${scoreLabel(h, black)}) ${hd.handicap > 0 ? stones : colourKnown ? 'Black' : 'nigiri'}`,
    });
    const near = options.neighbourhood?.(left.id, right.id);
    if (near) {
      deviations.push({
        kind: near,
        table,
        players: [left.id, right.id],
        rule: GEOGRAPHY_RULE,
        message: `table ${table}: ${h.describe(left.id)} and ${h.describe(right.id)} are ${describeNeighbourhood(near, left, right)}${p.forced ? ' (forced by the director)' : `: ${options.neighbourhoodWhy?.(left.id, right.id, near) ?? 'kept by the pairing system (not checked)'}`}`,
      });
    }
  });
  return { games, lines, deviations };
}

/** Deviations about a pair get the pair's table number. */
export function withTables(deviations: readonly DeviationLine[], games: readonly PairedGame[]): DeviationLine[] {
  const tableOf = new Map<string, number>();
  for (const g of games) tableOf.set(pairKey(g.white, g.black), g.table);
  return deviations.map((d) => {
    if (d.table !== undefined || d.players.length !== 2) return d;
    const table = tableOf.get(pairKey(d.players[0], d.players[1]));
    return table === undefined ? d : { ...d, table };
  });
}
