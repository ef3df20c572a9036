/**
 * Who the Preliminary Knockout Tournaments qualify for the league, and the emergency rule that completes the league
 * from them (seeds/egc-championship-rules.txt, "The Preliminary Knockout Tournaments (PKO)", General):
 *
 *  - "The winner of each PKO qualifies for the European Go Championship's league." With 32 players (vote (b)): "The 2
 *    winners of the 2 deciding games after the Preliminary Knockout Tournaments qualify for the European Go
 *    Championship's league."
 *  - "If players qualified for the league could not participate because of an emergency, then just after the PKOs the
 *    smallest pairing number players with exactly 2 wins in a PKO are also qualified to make the league complete
 *    again."
 *
 * Readings where the rules leave a point open (also in docs/file-format.md):
 *  - "Wins in a PKO" are the wins of its rounds 1–3 (its own games, "… and pairs its winners in round 3"). With 32
 *    players the deciding games come "after the Preliminary Knockout Tournaments": a PKO winner who lost one has 3
 *    PKO wins, not exactly 2, and is no emergency qualifier. The players with exactly 2 wins are the PKO finals' losers.
 *  - How many places are open is the director's word (who could not come is not in the file): `emergencyPlaces`.
 *  - More places than players with exactly 2 wins: the rules name nobody further, so the rest is left open and said.
 */
import { failed, ok, type Parsed } from '../../model/errors';
import { playerLabel, type PlayerId, type Tournament } from '../../model/tournament';
import { BracketError, knockoutBracket, type Bracket } from './knockoutBracket';

export const PKO_RULE = 'European Go Championship Tournament Rules, "The Preliminary Knockout Tournaments (PKO)", General';

export interface PkoQualification {
  /** The qualifiers: each PKO's winner (24 players), or each deciding game's winner (32 players), with its label. */
  readonly qualified: readonly { readonly label: string; readonly player: PlayerId }[];
  /** The players with exactly 2 wins in a PKO, smallest pairing number first. */
  readonly twoWins: readonly PlayerId[];
  /** The first `emergencyPlaces` of them: qualified "to make the league complete again". */
  readonly emergency: readonly PlayerId[];
  /** Places the rule cannot fill (fewer players with exactly 2 wins than places). */
  readonly unfilled: number;
  /** Each entrant's pairing number. */
  readonly numbers: ReadonlyMap<PlayerId, number>;
}

/** The rounds that are the PKOs themselves: 1–3 (a 32-player field's round 4 is the deciding games after them). */
const PKO_ROUNDS = 3;

function notOver(t: Tournament, bracket: Bracket, upTo: number): string | null {
  const open = bracket.rounds.slice(0, upTo).flatMap((r) => r.matches.filter((m) => m.winner === undefined).map((m) => ({ round: r.round, m })));
  if (open.length === 0) return null;
  const say = ({ round, m }: (typeof open)[number]) =>
    `${m.label} (round ${round}${m.first !== undefined && typeof m.second === 'number' ? `: ${playerLabel(t, m.first)} – ${playerLabel(t, m.second)}` : ''})`;
  return `${open.map(say).join(', ')} ${open.length === 1 ? 'has' : 'have'} no winner yet`;
}

/**
 * The PKOs' qualifiers and, for `emergencyPlaces` (0 or more) league places left open by an emergency, the players
 * the emergency rule qualifies. Refused for a tournament that is no PKO, or while a PKO game has no winner.
 */
export function pkoQualification(t: Tournament, emergencyPlaces: number, file?: string): Parsed<PkoQualification> {
  const kind = t.settings.bracket;
  if (t.settings.system !== 'knockout' || (kind !== 'egc-pko-24' && kind !== 'egc-pko-32')) {
    return failed([{ file, where: 'settings.bracket', message: `the PKO emergency rule (${PKO_RULE}) is for the Preliminary Knockout Tournaments: a knockout with the bracket egc-pko-24 or egc-pko-32; this tournament is ${t.settings.system}${t.settings.bracket ? ` (${t.settings.bracket})` : ''}` }]);
  }
  if (!Number.isInteger(emergencyPlaces) || emergencyPlaces < 0) return failed([{ file, message: `emergency places: expected a whole number from 0, got ${emergencyPlaces}` }]);
  let bracket: Bracket;
  try {
    bracket = knockoutBracket(t);
  } catch (e) {
    if (e instanceof BracketError) return failed([{ file, message: e.message }]);
    throw e;
  }
  // "just after the PKOs": their three rounds decided; with 32 players the deciding games too for the qualifiers.
  const lastRound = bracket.rounds.length;
  const open = notOver(t, bracket, lastRound);
  if (open) return failed([{ file, message: `the PKOs are not over: ${open}; the qualifiers (${PKO_RULE}) are known once every game has a winner` }]);
  const wins = new Map<PlayerId, number>();
  for (const r of bracket.rounds.slice(0, PKO_ROUNDS)) {
    for (const m of r.matches) if (m.winner !== undefined && m.second !== null) wins.set(m.winner, (wins.get(m.winner) ?? 0) + 1);
  }
  const number = (id: PlayerId) => bracket.numbers.get(id)!;
  const twoWins = bracket.entrants.filter((id) => wins.get(id) === 2).sort((a, b) => number(a) - number(b));
  const emergency = twoWins.slice(0, emergencyPlaces);
  const qualified = bracket.rounds[lastRound - 1].matches.map((m) => ({ label: m.label, player: m.winner! }));
  return ok({ qualified, twoWins, emergency, unfilled: emergencyPlaces - emergency.length, numbers: bracket.numbers });
}
