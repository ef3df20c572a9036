/**
 * The tournament a confirmed result leaves, known before the workbook is read back (issue 28: "a confirmed result
 * leaves the page ready for the next within 100 ms"). Reading the EGC workbook back after a result takes the page's
 * worker 60 ms and more; the page knows what a result changes (the games' results, nothing else of the tournament), so
 * it draws the next step from that at once — and the read back still happens, in the worker, where it is compared with
 * this tournament, value for value, before the next write is prepared (`remoteSession.ts`): a read back that differs
 * is said, and whatever was prepared on the page's view is refused. Nothing is ever written against a view that was
 * not checked.
 *
 * Only where a result is known to change nothing but the games' results in the tournament read (the tests compare it
 * with the workbook read back, `test/taskpane/readAhead.test.ts`): a McMahon or a Swiss of players — not a round-robin
 * (its Cross-table), a knockout (its bracket moves the winners on), the other systems, a team tournament or a league's
 * playoffs (sheets made from the board results) — and a game whose result carries no method nor a default's reason
 * (the notation written again may drop them). Elsewhere the page reads the workbook back before it goes on, as before.
 *
 * No DOM and no worker API: the worker (`workerSession.ts`) and the page (`remoteSession.ts`) both use it, on the same
 * tournament (the page's copy of the worker's read), so they find the same tournament.
 */
import type { Game, GameResult, Round, Tournament } from '../src/model/tournament';
import type { ResultEntry } from './services';

/**
 * `t` with these results entered in round `round`, as `resultsBatch` enters them (each result names its game by its
 * White player, `sessionServices.ts`; the game is the round's game of that player); null when the tournament read back
 * may differ by more than the results (above), or the results do not name one game each (the batch refuses them).
 */
export function tournamentAfterResults(t: Tournament, round: Round, results: readonly ResultEntry[]): Tournament | null {
  if ((t.settings.system !== 'mcmahon' && t.settings.system !== 'swiss') || (t.teams?.length ?? 0) > 0 || (t.playoffs?.length ?? 0) > 0) return null;
  const games = t.games.filter((g) => g.round === round);
  const set = new Map<Game, GameResult>();
  for (const r of results) {
    const game = games.find((g) => g.white === r.white || g.black === r.white);
    if (!game || game.method !== undefined || game.reason !== undefined) return null;
    const before = set.get(game);
    if (before !== undefined && before !== r.result) return null;
    set.set(game, r.result);
  }
  return { ...t, games: t.games.map((g) => (set.has(g) ? { ...g, result: set.get(g)! } : g)) };
}

/**
 * Whether two tournaments hold the same values: plain data compared value for value (a property holding `undefined`
 * is one not there, as a structured clone and the readers treat it); anything else than plain objects, arrays and
 * primitives is never the same (the check then says the read back differs, never that it matches).
 */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValues(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const keys = (o: object) => Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
  const ka = keys(a);
  if (ka.length !== keys(b).length) return false;
  for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !sameValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** An object literal's kind, of whichever realm made it (a structured clone's comes from the realm that received it). */
function isPlain(o: object): boolean {
  const proto = Object.getPrototypeOf(o) as object | null;
  return proto === null || (Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(o) === '[object Object]');
}
