/**
 * What every pairing system checks before pairing a round, and how it says a request is impossible: the round
 * itself (in range, not yet paired, earlier results in), the director's controls (forced and forbidden pairs, a
 * chosen bye), and — when no complete pairing exists — which players make it impossible.
 */
import { playerLabel, type PlayerId, type Round, type Tournament } from '../model/tournament';
import type { CompatibilityGraph } from './feasibility';
import type { PairingHistory } from './history';
import { pairingError, type DirectorControls, type PairingError } from './types';

export interface RoundRequestOptions {
  /** Pair even though earlier rounds have games without a result (they count as no points yet). */
  readonly allowPendingResults?: boolean;
}

/** Why the round cannot be paired at all, or null. */
export function refuseRound(t: Tournament, round: Round, options: RoundRequestOptions = {}): PairingError | null {
  if (!Number.isInteger(round) || round < 1 || round > t.settings.rounds) {
    return pairingError('bad-round', round, `round ${round} is not a round of this ${t.settings.rounds}-round tournament`);
  }
  const already = t.games.filter((g) => g.round === round);
  if (already.length > 0) {
    return pairingError(
      'round-already-paired',
      round,
      `round ${round} already has ${already.length} game${already.length === 1 ? '' : 's'}; remove them to pair the round again`,
      already.flatMap((g) => [g.white, g.black]),
    );
  }
  const pending = t.games.filter((g) => g.round < round && g.result === 'unknown');
  if (pending.length > 0 && !options.allowPendingResults) {
    // Players named, not only numbered (issue 25): "round 1: 27 (Kovács, Péter) – 29 (Lee, Ann)".
    const list = pending.map((g) => `round ${g.round}: ${playerLabel(t, g.white)} – ${playerLabel(t, g.black)}`).join(', ');
    return pairingError(
      'results-pending',
      round,
      `${pending.length} game${pending.length === 1 ? ' of an earlier round has' : 's of earlier rounds have'} no result (${list}): current scores are not known yet`,
      pending.flatMap((g) => [g.white, g.black]),
    );
  }
  return null;
}

export function pairKey(a: PlayerId, b: PlayerId): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

/** The director's controls, checked and ready to use. */
export interface Controls {
  readonly forced: readonly (readonly [PlayerId, PlayerId])[];
  readonly inForced: ReadonlySet<PlayerId>;
  isForbidden(a: PlayerId, b: PlayerId): boolean;
  /** The bye the director chose: his control, else a bye already recorded for the round. */
  readonly bye?: PlayerId;
  /** Present players the system pairs itself (everyone present but the forced pairs). */
  readonly pool: readonly PlayerId[];
}

/**
 * Check the controls against the round: every player named is registered and present, nobody is forced twice or
 * both forced and forbidden, the bye is not forced to play, and at least two players are present.
 */
export function readControls(history: PairingHistory, controls: DirectorControls): Controls | PairingError {
  const h = history;
  const round = h.round;
  const present = new Set(h.present);
  const directorBye = controls.bye ?? h.tournament.byes.find((b) => b.round === round)?.player;
  const forced = controls.forcedPairs ?? [];
  const forbiddenPairs = controls.forbiddenPairs ?? [];
  const forbidden = new Set(forbiddenPairs.map(([a, b]) => pairKey(a, b)));
  const byeList = directorBye !== undefined ? [directorBye] : [];

  const unknown = [...new Set([...forced.flat(), ...forbiddenPairs.flat(), ...byeList].filter((id) => !h.has(id)))];
  if (unknown.length > 0) {
    return pairingError('unknown-player', round, `not registered: ${unknown.join(', ')}`, unknown);
  }
  const away = [...new Set([...forced.flat(), ...byeList].filter((id) => !present.has(id)))];
  if (away.length > 0) {
    return pairingError(
      'unknown-player',
      round,
      `${away.map((id) => h.describe(id)).join(', ')} ${away.length === 1 ? 'is' : 'are'} marked absent in round ${round}, so cannot be paired or given the bye`,
      away,
    );
  }
  const pairOf = new Map<PlayerId, readonly [PlayerId, PlayerId]>();
  for (const pair of forced) {
    const [a, b] = pair;
    if (a === b) return pairingError('contradictory-controls', round, `forced pair ${a}–${b}: a player cannot play himself`, [a]);
    if (forbidden.has(pairKey(a, b))) {
      return pairingError('contradictory-controls', round, `${h.describe(a)} and ${h.describe(b)} are both forced and forbidden to meet`, [a, b]);
    }
    for (const id of pair) {
      const other = pairOf.get(id);
      if (other) {
        return pairingError('contradictory-controls', round, `${h.describe(id)} is in two forced pairs (${other.join('–')} and ${a}–${b})`, [id]);
      }
      pairOf.set(id, pair);
    }
  }
  if (directorBye !== undefined && pairOf.has(directorBye)) {
    return pairingError('contradictory-controls', round, `${h.describe(directorBye)} is given the bye and forced to play`, [directorBye]);
  }
  if (h.present.length < 2) {
    return pairingError(
      'too-few-players',
      round,
      `only ${h.present.length} player${h.present.length === 1 ? ' is' : 's are'} present in round ${round}`,
      h.present,
    );
  }
  const pool = h.present.filter((id) => !pairOf.has(id));
  if (directorBye !== undefined && pool.length % 2 === 0) {
    return pairingError('contradictory-controls', round, `the bye is given to ${h.describe(directorBye)}, but the field is even`, [directorBye]);
  }
  return {
    forced,
    inForced: new Set(pairOf.keys()),
    isForbidden: (a, b) => forbidden.has(pairKey(a, b)),
    bye: directorBye,
    pool,
  };
}

const CARDINAL_RULE_2 = '(Cardinal Rule No. 2: "No two players can be paired together twice")';

/**
 * The clearest reason `pool` (less `bye`) has no complete pairing in `graph` (vertex i = pool[i]): the players with
 * no possible opponent left, else the players a maximum matching leaves over.
 */
export function explainNoPairing(h: PairingHistory, pool: readonly PlayerId[], graph: CompatibilityGraph, bye?: PlayerId): PairingError {
  const lonely = pool.filter((id, i) => id !== bye && graph.neighbours(i).every((j) => pool[j] === bye));
  if (lonely.length > 0) {
    const besides = bye !== undefined ? ` (besides the bye, ${h.describe(bye)})` : '';
    return pairingError(
      'no-pairing',
      h.round,
      `no pairing without a repeat: ${lonely.map((id) => h.describe(id)).join(', ')} ${lonely.length === 1 ? 'has' : 'have'} already met everyone present${besides} ${CARDINAL_RULE_2}`,
      lonely,
    );
  }
  const active = pool.map((id) => id !== bye);
  const best = graph.maximumMatching(active);
  const left = pool.filter((_, i) => active[i] && best[i] === -1);
  const odd = pool.length % 2 === 1 && bye === undefined;
  return pairingError(
    'no-pairing',
    h.round,
    `no pairing without a repeat: everyone has met everyone they could meet — at best ${left.length} player${left.length === 1 ? '' : 's'} (${left
      .map((id) => h.describe(id))
      .join(', ')}) would be left over${odd ? ', whoever gets the bye' : ''} ${CARDINAL_RULE_2}`,
    left,
  );
}
