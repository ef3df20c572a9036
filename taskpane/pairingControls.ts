/**
 * The director's hand on a previewed pairing: swap two players, force a pair, forbid a pair, give the bye. Every
 * change becomes a `DirectorControls` the pairing system honours, and the round is previewed again — so a swap is
 * checked like any pairing (no repeat, nobody twice, the report says what deviates) instead of being written blindly.
 *
 * Mays' switching of cards (seeds/mays-swiss-mcmahon-manual.txt, "Doing the Pairings": "try switching the cards in
 * the column on the right (up and down)") is what a swap does by hand: player A takes B's opponent and B takes A's.
 */
import type { PlayerId } from '../src/model/tournament';
import type { DirectorControls, RoundPairing } from '../src/pairing/types';

export type Pair = readonly [PlayerId, PlayerId];

export interface EditableControls {
  readonly forcedPairs: readonly Pair[];
  readonly forbiddenPairs: readonly Pair[];
  readonly bye?: PlayerId;
}

export const NO_CONTROLS: EditableControls = { forcedPairs: [], forbiddenPairs: [] };

export function toDirectorControls(c: EditableControls): DirectorControls {
  return {
    ...(c.forcedPairs.length > 0 ? { forcedPairs: c.forcedPairs } : {}),
    ...(c.forbiddenPairs.length > 0 ? { forbiddenPairs: c.forbiddenPairs } : {}),
    ...(c.bye !== undefined ? { bye: c.bye } : {}),
  };
}

const same = (x: Pair, y: Pair) => (x[0] === y[0] && x[1] === y[1]) || (x[0] === y[1] && x[1] === y[0]);
const involves = (p: Pair, ids: readonly PlayerId[]) => ids.includes(p[0]) || ids.includes(p[1]);

/** Parse one pair typed as "3-7", "3 7", "3/7" or "3 vs 7". */
export function parsePair(text: string): Pair | string {
  const m = /^\s*(\d+)\s*(?:-|–|\/|,|\s|vs\.?|v)\s*(\d+)\s*$/i.exec(text);
  if (!m) return `"${text.trim()}" is not a pair: type two ID numbers, e.g. "3-7"`;
  const a = Number(m[1]) as PlayerId;
  const b = Number(m[2]) as PlayerId;
  if (a === b) return `"${text.trim()}": a player cannot be paired with himself`;
  return [a, b];
}

export function forcePair(c: EditableControls, pair: Pair): EditableControls {
  return {
    ...c,
    // A player is in one forced pair at most: a new pair replaces the ones naming either player.
    forcedPairs: [...c.forcedPairs.filter((p) => !involves(p, pair)), pair],
    forbiddenPairs: c.forbiddenPairs.filter((p) => !same(p, pair)),
    ...(c.bye !== undefined && pair.includes(c.bye) ? { bye: undefined } : {}),
  };
}

export function forbidPair(c: EditableControls, pair: Pair): EditableControls {
  return {
    ...c,
    forcedPairs: c.forcedPairs.filter((p) => !same(p, pair)),
    forbiddenPairs: [...c.forbiddenPairs.filter((p) => !same(p, pair)), pair],
  };
}

export function giveBye(c: EditableControls, id: PlayerId | undefined): EditableControls {
  return { ...c, bye: id, forcedPairs: id === undefined ? c.forcedPairs : c.forcedPairs.filter((p) => !p.includes(id)) };
}

/**
 * Swap `a` and `b` in the previewed pairing: each takes the other's opponent (or the bye). Every other table of the
 * preview is left to the system, except pairs the director already forced.
 */
export function swapPlayers(c: EditableControls, pairing: RoundPairing, a: PlayerId, b: PlayerId): EditableControls | string {
  if (a === b) return `swap ${a} with ${b}: choose two different players`;
  const opponentOf = (id: PlayerId): PlayerId | 'bye' | undefined => {
    if (pairing.bye === id) return 'bye';
    const g = pairing.games.find((x) => x.white === id || x.black === id);
    return g ? (g.white === id ? g.black : g.white) : undefined;
  };
  const oa = opponentOf(a);
  const ob = opponentOf(b);
  if (oa === undefined) return `player ${a} is not in the previewed pairing (absent or not registered)`;
  if (ob === undefined) return `player ${b} is not in the previewed pairing (absent or not registered)`;
  if (oa === b) return `players ${a} and ${b} already play each other: swap one of them with a player of another table`;
  let next: EditableControls = { ...c, forcedPairs: c.forcedPairs.filter((p) => !involves(p, [a, b, ...(oa === 'bye' ? [] : [oa]), ...(ob === 'bye' ? [] : [ob])])) };
  if (oa === 'bye') {
    next = giveBye(forcePair(next, [a, ob as PlayerId]), b);
  } else if (ob === 'bye') {
    next = giveBye(forcePair(next, [b, oa]), a);
  } else {
    next = forcePair(forcePair(next, [a, ob]), [b, oa]);
  }
  return next;
}

/** The controls in words, for the pane: "forced 3–7; forbidden 2–5; bye to 13". */
export function describeControls(c: EditableControls): string {
  const parts: string[] = [];
  if (c.forcedPairs.length > 0) parts.push(`forced ${c.forcedPairs.map((p) => `${p[0]}–${p[1]}`).join(', ')}`);
  if (c.forbiddenPairs.length > 0) parts.push(`forbidden ${c.forbiddenPairs.map((p) => `${p[0]}–${p[1]}`).join(', ')}`);
  if (c.bye !== undefined) parts.push(`bye to ${c.bye}`);
  return parts.length > 0 ? parts.join('; ') : 'none';
}
