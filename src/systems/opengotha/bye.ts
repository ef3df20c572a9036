/**
 * OpenGotha's bye: the one implementation of OpenGotha 3.51's rule, used by the `opengotha` pairing system
 * (./pair) and by `--bye-method opengotha` of the other systems (../byes).
 *
 * Tournament.chooseAByePlayer (OpenGotha 3.51.02, read in its Java source), in its own comment: "The weight allocated
 * to each player is 1000 * number of previous byes + rank. The chosen player will be the player with the minimum
 * weight"; the code adds `mms2(p, roundNumber)`, twice the McMahon score before the round — the McMahon score in
 * Swiss too (Tournament.mms2 reads ScoredPlayer.getMMSX2 whatever the main criterion: not the number of wins). It
 * scans the players of the pairing window's list and keeps a weight lower than OR EQUAL to the best so far (`<=`), so
 * among equal weights the LAST of that list gets the bye.
 *
 * That list is OpenGotha's list of players to pair, in the order its weight dumps show (placement criteria before the
 * round, best first, then name and first name: see pairingListOrder). Its order depends on the players' scores and
 * names only, never on the order of a file, so the choice is deterministic; two players equal in weight, placement,
 * name and first name (which OpenGotha's key "NAMEFIRSTNAME" forbids) fall back to the higher ID.
 *
 * OpenGotha chooses one player; the players after him are ordered by the same rule (the next lightest, among equal
 * weights the later in the list), so a system that cannot set the first aside can say who comes next and why.
 */
import { formatRank } from '../../model/rank';
import type { PlayerId, Round, Tournament } from '../../model/tournament';
import { formatHalves } from '../../pairing/history';
import { readOpenGothaParameters } from './parameters';
import { buildRoundState, pairingListOrder, type OpenGothaRules, type RoundState, type ScoredPlayer } from './scoredPlayers';

export const OPENGOTHA_BYE_RULE = 'OpenGotha 3.51, Tournament.chooseAByePlayer: the lightest 1000 × earlier byes + rank + 2 × MMS; equal weights: the last in its list of players to pair';
const CORRECTED_SWISS_BYE_RULE = 'corrected OpenGotha 3.51, Tournament.chooseAByePlayer in Swiss: the lightest 1000 × earlier byes + rank + 40 × wins; equal weights: the last in its list of players to pair';

/** The rule the bye of this round follows, for the report. */
export function openGothaByeRule(state: RoundState): string {
  return state.rules === 'corrected' && state.parameters.mainCriterion === 'NBW' ? CORRECTED_SWISS_BYE_RULE : OPENGOTHA_BYE_RULE;
}

export interface OpenGothaByeCandidate {
  readonly player: ScoredPlayer;
  /** 1000 × earlier byes + rank + 2 × MMS before the round. */
  readonly weight: number;
  readonly reason: string;
}

/**
 * chooseAByePlayer's weight of one player: 1000 × earlier byes + rank + 2 × MMS. The corrected engine weighs a Swiss
 * player by his wins instead, 1000 × earlier byes + rank + 40 × wins (McMahon: the same MMS weight as released).
 */
export function openGothaByeWeight(state: RoundState, s: ScoredPlayer): number {
  if (state.rules === 'corrected' && state.parameters.mainCriterion === 'NBW') return 1000 * s.byes + s.player.rank + 20 * state.nbwX2(s.id);
  return 1000 * s.byes + s.player.rank + state.mmsX2(s.id);
}

function describeWeight(state: RoundState, s: ScoredPlayer, weight: number): string {
  const byes = `1000 × ${s.byes} earlier bye${s.byes === 1 ? '' : 's'} + rank ${formatRank(s.player.rank)} (${s.player.rank})`;
  if (state.rules === 'corrected' && state.parameters.mainCriterion === 'NBW') return `weight ${byes} + 40 × wins ${formatHalves(state.nbwX2(s.id))} = ${weight}`;
  return `weight ${byes} + 2 × MMS ${formatHalves(state.mmsX2(s.id))} = ${weight}`;
}

/**
 * The players (any order) from the most to the least deserving of OpenGotha's bye: the first is the player
 * chooseAByePlayer picks; the others follow by the same rule.
 */
export function openGothaByeOrder(state: RoundState, players: readonly ScoredPlayer[]): OpenGothaByeCandidate[] {
  const list = [...players].sort(pairingListOrder(state));
  const position = new Map(list.map((s, i) => [s.id, i]));
  const weighed = list.map((s) => ({ s, weight: openGothaByeWeight(state, s) }));
  // Lightest first; equal weights: the later in the list first (the `<=` scan keeps the last of them).
  weighed.sort((a, b) => a.weight - b.weight || position.get(b.s.id)! - position.get(a.s.id)!);
  const count = new Map<number, number>();
  for (const { weight } of weighed) count.set(weight, (count.get(weight) ?? 0) + 1);
  return weighed.map(({ s, weight }, i) => {
    const equals = count.get(weight)!;
    const tie = equals > 1 ? `; ${equals} players weigh ${weight}: the last of them in OpenGotha's list (placement before the round, then name) takes it` : '';
    return { player: s, weight, reason: `${describeWeight(state, s, weight)}, the ${i === 0 ? 'lightest' : 'next lightest'}${tie}` };
  });
}

/**
 * OpenGotha's bye order for the players `field` of round `round` of any tournament (the OpenGotha parameters of the
 * file, OpenGotha's defaults where it has none): what `--bye-method opengotha` of the other systems uses. Games of
 * round `round` and later are ignored. An error names the parameters OpenGotha could not read.
 */
export function openGothaByeCandidates(
  t: Tournament,
  round: Round,
  field: readonly PlayerId[],
  rules: OpenGothaRules = 'released',
): OpenGothaByeCandidate[] | { readonly error: string } {
  const read = readOpenGothaParameters(t);
  if (!read.ok) return { error: `OpenGotha pairing parameters: ${read.problems.join('; ')}` };
  const state = buildRoundState(t, round, read.parameters, rules);
  const players: ScoredPlayer[] = [];
  for (const id of field) {
    const s = state.byId.get(id);
    if (!s) return { error: `player ${id} is not registered in the tournament` };
    players.push(s);
  }
  return openGothaByeOrder(state, players);
}
