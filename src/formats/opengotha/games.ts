/** <Game> and <ByePlayer> elements. */
import type { Bye, Game, GameResult, PlayerId } from '../../model/tournament';
import type { Location } from '../../model/validate';
import { childrenNamed, descendantsNamed, startTag, type XmlElement } from '../xml';
import type { ParsedPlayer } from './players';
import { DTD, parseWhole, type Reader } from './reader';
import { referencedId, type Resolve } from './references';

/** Game.RESULT_* as ExternalDocument writes them. OpenGotha has no "both win by play": BOTHWIN counts as default. */
export const RESULTS: Readonly<Record<string, GameResult>> = {
  RESULT_UNKNOWN: 'unknown',
  RESULT_WHITEWINS: 'white-wins',
  RESULT_BLACKWINS: 'black-wins',
  RESULT_EQUAL: 'jigo',
  RESULT_BOTHLOSE: 'both-lose-by-default',
  RESULT_BOTHWIN: 'both-win-by-default',
  RESULT_WHITEWINS_BYDEF: 'white-wins-by-default',
  RESULT_BLACKWINS_BYDEF: 'black-wins-by-default',
  RESULT_EQUAL_BYDEF: 'jigo-by-default',
  RESULT_BOTHLOSE_BYDEF: 'both-lose-by-default',
  RESULT_BOTHWIN_BYDEF: 'both-win-by-default',
};

export function readGames(
  root: XmlElement,
  reader: Reader,
  resolve: Resolve,
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>,
): { items: Game[]; locations: Location[] } {
  const items: Game[] = [];
  const locations: Location[] = [];
  for (const element of descendantsNamed(root, 'Game')) {
    const a = element.attributes;
    const where = startTag(element, ['roundNumber', 'tableNumber']);
    let complete = true;
    const round = parseWhole(a.roundNumber);
    if (round === undefined) {
      reader.error(element, where, `roundNumber="${a.roundNumber ?? ''}" is not a round number`);
      complete = false;
    }
    const table = parseWhole(a.tableNumber);
    if (a.tableNumber !== undefined && table === undefined) {
      reader.error(element, where, `tableNumber="${a.tableNumber}" is not a table number`);
      complete = false;
    }
    const white = referencedId(reader, resolve, idOf, element, where, 'whitePlayer');
    const black = referencedId(reader, resolve, idOf, element, where, 'blackPlayer');
    const handicapText = a.handicap ?? DTD.handicap;
    const stones = parseWhole(handicapText);
    if (stones === undefined) {
      reader.error(element, where, `handicap="${handicapText}" is not a number of stones`);
      complete = false;
    }
    const code = (a.result ?? DTD.result).trim();
    const result = RESULTS[code];
    if (!result) {
      reader.error(element, where, `unknown result code "${code}": expected one of ${Object.keys(RESULTS).join(', ')}`);
      complete = false;
    }
    if (!complete || round === undefined || white === undefined || black === undefined || stones === undefined || !result) continue;
    items.push({
      round,
      ...(table !== undefined && { table }),
      white,
      black,
      handicap: stones,
      // OpenGotha itself reads an attribute named "strKnownColor" here (so every imported colour is "known"); Tengen
      // reads the attribute OpenGotha writes, knownColor.
      colourKnown: (a.knownColor ?? DTD.knownColor).trim().toLowerCase() !== 'false',
      result,
    });
    locations.push({ line: element.line, where });
  }
  return { items, locations };
}

/**
 * The player's `extra` field naming the rounds ("1" or "1,3") whose bye OpenGotha holds for him where the file gives
 * a round several byes: OpenGotha keeps the last <ByePlayer> of a round read. Kept as a player's field, not as the
 * order of the byes, which neither the Tengen JSON file nor the workbook keeps (issue 27: the EGC 2024 file's round-2
 * draw differed between the XML and its workbook, whose byes of round 1 came back in another order).
 */
export const OPENGOTHA_HELD_BYE = 'openGothaHeldBye';

/** Each round's bye OpenGotha holds, where the file gives the round several (the last of the round in the file). */
export function heldByesOfRounds(byes: readonly Bye[]): Map<PlayerId, number[]> {
  const perRound = new Map<number, Bye[]>();
  for (const b of byes) perRound.set(b.round, [...(perRound.get(b.round) ?? []), b]);
  const held = new Map<PlayerId, number[]>();
  for (const [round, list] of perRound) {
    if (list.length < 2) continue;
    const last = list[list.length - 1].player;
    held.set(last, [...(held.get(last) ?? []), round].sort((a, b) => a - b));
  }
  return held;
}

/**
 * OpenGotha holds one bye player per round (Tournament.getByePlayers; a later <ByePlayer> of the same round replaces
 * an earlier one). Pairgoth gives several byes in a round (malavasi: two in round 1), and so does the Tengen model:
 * every <ByePlayer> is kept.
 */
export function readByes(
  root: XmlElement,
  reader: Reader,
  resolve: Resolve,
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>,
): { items: Bye[]; locations: Location[] } {
  const items: Bye[] = [];
  const locations: Location[] = [];
  for (const element of descendantsNamed(root, 'ByePlayer')) {
    const a = element.attributes;
    // Pairgoth writes the <ByePlayers> container as <ByePlayer> without attributes; it holds the real ones.
    if (a.player === undefined && a.roundNumber === undefined && childrenNamed(element, 'ByePlayer').length > 0) continue;
    const where = startTag(element, ['roundNumber', 'player']);
    const round = parseWhole(a.roundNumber);
    if (round === undefined) {
      reader.error(element, where, `roundNumber="${a.roundNumber ?? ''}" is not a round number`);
      continue;
    }
    const player = referencedId(reader, resolve, idOf, element, where, 'player');
    if (player === undefined) continue;
    items.push({ round, player });
    locations.push({ line: element.line, where });
  }
  return { items, locations };
}
