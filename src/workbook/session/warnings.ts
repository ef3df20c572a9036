/**
 * Warnings, not silence (issue 25): what a write does that the director should read before he confirms it — it is
 * allowed, and it may be what he wants, but it changes something he did not touch:
 *  - a result corrected (or first entered) for a round after which a later round is already paired: that round was
 *    drawn from the old result (Mays, "Doing the Pairings": a round is paired from the scores after the one before);
 *  - a latecomer registered after rounds are paired: he is absent from them and scored for them as the rules score an
 *    absent player (EGF: half a point each, rounded down at the end) — after the last round is paired he plays no game
 *    at all and is ranked on those points alone (Mays, "Can Latecomers and Partial Players Register?").
 * Each names the round and the players. The wizard shows them beside "Write to the workbook"; the CLI on stderr.
 */
import { displayName, playerLabel, type Game, type GameResult, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import { pairedRounds } from '../sheets/grid';

/** A result to check, by the game's White player (how the pane names a game) and round. */
export interface ResultChange {
  readonly white: PlayerId;
  readonly result: GameResult;
}

const RESULT_WORDS: Readonly<Record<GameResult, string>> = {
  unknown: 'no result',
  'white-wins': 'White won',
  'black-wins': 'Black won',
  jigo: 'jigo',
  'white-wins-by-default': 'White won by default',
  'black-wins-by-default': 'Black won by default',
  'jigo-by-default': 'jigo by default',
  'both-lose-by-default': 'both lost by default',
  'both-win-by-default': 'both won by default',
};

/** "round 4" / "rounds 4 and 5" / "rounds 4–6". */
function roundsText(rounds: readonly Round[]): string {
  if (rounds.length === 1) return `round ${rounds[0]}`;
  const contiguous = rounds.every((r, i) => i === 0 || r === rounds[i - 1] + 1);
  return contiguous && rounds.length > 2 ? `rounds ${rounds[0]}–${rounds[rounds.length - 1]}` : `rounds ${rounds.slice(0, -1).join(', ')} and ${rounds[rounds.length - 1]}`;
}

/**
 * A result of `round` that changes while a later round is paired: one warning per game, naming both players, the
 * result before and after, and the later rounds drawn from the old one (those where either player is at a table or
 * has the bye). Nothing when no later round holds either player, or the result stays as it was.
 */
export function resultChangeWarnings(t: Tournament, round: Round, changes: readonly ResultChange[]): string[] {
  const later = [...new Set([...t.games.filter((g) => g.round > round).map((g) => g.round), ...t.byes.filter((b) => b.round > round).map((b) => b.round)])].sort((a, b) => a - b);
  if (later.length === 0) return [];
  const out: string[] = [];
  for (const change of changes) {
    const game: Game | undefined = t.games.find((g) => g.round === round && (g.white === change.white || g.black === change.white));
    if (!game || game.result === change.result) continue;
    const players = [game.white, game.black];
    // The rounds drawn from the old score of either player: those where he is at a table or has the bye. A player
    // left for later in a round paired in part (his game was still running) is not in it: nothing to warn of.
    const drawn = later.filter((r) => t.games.some((g) => g.round === r && (players.includes(g.white) || players.includes(g.black))) || t.byes.some((b) => b.round === r && players.includes(b.player)));
    if (drawn.length === 0) continue;
    const was = game.result === 'unknown' ? 'had no result' : `was "${RESULT_WORDS[game.result]}"`;
    out.push(
      `Round ${round}, ${playerLabel(t, game.white)} – ${playerLabel(t, game.black)}: the result ${was}, now "${RESULT_WORDS[change.result]}" — ` +
        `${roundsText(drawn)} ${drawn.length === 1 ? 'was' : 'were'} paired from the old result, so ${drawn.length === 1 ? 'its' : 'their'} McMahon scores and pairings ` +
        `no longer follow from this one; the pairing stays as it is unless you pair ${drawn.length === 1 ? 'it' : 'them'} again (Pair round → "Pair a round again…").`,
    );
  }
  return out;
}

/**
 * Players registered once rounds are paired: absent from those rounds, scored for them as absent. After the last round
 * is paired the warning says he plays no game and is ranked on those points alone — the director chooses.
 */
export function latecomerWarnings(t: Tournament, players: readonly { readonly family: string; readonly given: string }[]): string[] {
  const paired = pairedRounds(t);
  if (paired === 0 || players.length === 0) return [];
  const names = players.map((p) => displayName(p)).join(', ');
  const missed = roundsText(Array.from({ length: paired }, (_, i) => i + 1));
  const many = players.length > 1;
  if (paired >= t.settings.rounds) {
    return [
      `Every round (1–${t.settings.rounds}) is paired: ${names} would play no game and be ranked on the points the rules give for absent rounds alone (${missed}), ` +
        `possibly above players who played every round. Register ${many ? 'them' : 'him'} only if that is what you want.`,
    ];
  }
  return [
    `${names} ${many ? 'join' : 'joins'} from round ${paired + 1}: absent from ${missed}, already paired, and scored for ${paired === 1 ? 'it' : 'them'} as the rules score an absent player.`,
  ];
}
