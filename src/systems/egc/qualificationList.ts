/**
 * The combined qualification list for international tournaments (seeds/egc-championship-rules.txt, "Miscellaneous"):
 *
 *   "When the results of the European Go Championship are used to qualify players for international tournaments,
 *   then firstly come the players of the league and league knockout playoff in order of their final places, ties
 *   being dissolved by rating just before the start of the European Go Congress, then lottery, secondly the top
 *   placed Europeans of the McMahon tournament. When players do not accept a qualification; the next players in order
 *   become the substitutes."
 *
 * The league's final places are its playoff's (src/scoring/knockoutPlayoff.ts, as `tengen playoff` and the standings
 * give them); the McMahon's Europeans come in its qualification order ("The McMahon Tournament", "Results": played
 * all rounds, McMahon Score, Direct Comparison, rating, lottery — src/scoring/europeanChampion.ts).
 *
 * Readings where the rules leave a point open (also in docs/file-format.md):
 *  - "rating just before the start of the European Go Congress" is the league player's `rating` in the league file
 *    (a director records it there); a player without one comes after those with one; the lottery draws from the
 *    league's `lotterySeed` (0 when not recorded, as everywhere: src/scoring/lottery.ts).
 *  - The whole McMahon qualification order follows, as the substitutes ("the next players in order"); a player who
 *    is in the league already (the same EGD PIN, or without PINs the same name) is listed once, at his league place
 *    (league players may play McMahon rounds 1–3).
 *  - Before the McMahon's last round its part is its order "so far", and the list says it is provisional. The league
 *    must be over and its playoff decided: the list follows final places, which do not exist before.
 */
import { failed, ok, type InputError, type Parsed } from '../../model/errors';
import { displayName, type Player, type PlayerId, type Tournament } from '../../model/tournament';
import { egcResults } from '../../scoring/europeanChampion';
import { DEFAULT_LOTTERY_SEED, lot } from '../../scoring/lottery';
import { leaguePlayoff } from '../round-robin/playoff';

export const QUALIFICATION_RULE = 'European Go Championship Tournament Rules, "Miscellaneous"';

export interface QualificationEntry {
  /** Position in the list, from 1: the order qualifications are offered in, the next ones the substitutes. */
  readonly position: number;
  readonly from: 'league' | 'mcmahon';
  readonly player: Player;
  /** The league's final place, or the position in the McMahon's qualification order. */
  readonly place: number;
  /** Why he stands there, in words ("league place 9, shared: rating 2400"). */
  readonly why: string;
}

export interface QualificationList {
  readonly league: string;
  readonly congress: string;
  readonly entries: readonly QualificationEntry[];
  /** The McMahon is not over: its part is its order so far. */
  readonly provisional: boolean;
  /** McMahon Europeans left out because they are in the league part already. */
  readonly inLeague: readonly Player[];
  readonly rule: string;
}

const normalName = (p: Player) => displayName(p).normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The same person in the two files: the same EGD PIN when both have one, else the same name. */
function samePerson(a: Player, b: Player): boolean {
  if (a.egdPin && b.egdPin) return a.egdPin === b.egdPin;
  return normalName(a) === normalName(b);
}

export function qualificationList(league: Tournament, congress: Tournament, files: { readonly league?: string; readonly congress?: string } = {}): Parsed<QualificationList> {
  const errors: InputError[] = [];
  if (league.settings.system !== 'round-robin') errors.push({ file: files.league, where: 'settings.system', message: `the first file must be the European Championship's league (a round-robin); this one is ${league.settings.system}` });
  if (!congress.settings.egc) errors.push({ file: files.congress, where: 'settings.egc', message: 'the second file must be the European Go Congress McMahon ("egc": true in its settings): its Europeans follow the league' });
  if (errors.length) return failed(errors);
  const playoff = leaguePlayoff(league, files.league);
  if (!playoff.ok) return playoff;
  const waiting = playoff.value.knockouts.filter((k) => k.next !== null);
  if (waiting.length > 0) {
    return failed([{ file: files.league, where: 'playoffs', message: `the league's knockout playoff is not over (${waiting.map((k) => `the knockout for place ${k.place} waits for round ${k.next}`).join('; ')}): the list follows the final places (${QUALIFICATION_RULE})` }]);
  }
  const places: ReadonlyMap<PlayerId, number> = playoff.value.finalPlaces ?? new Map(playoff.value.league.map((r) => [r.player, r.place]));
  const seed = league.settings.lotterySeed ?? DEFAULT_LOTTERY_SEED;
  const rating = (p: Player) => p.rating ?? -Infinity;
  const placeOf = (p: Player) => places.get(p.id)!;
  const leaguePlayers = [...league.players].sort((a, b) => placeOf(a) - placeOf(b) || rating(b) - rating(a) || lot(seed, a.id) - lot(seed, b.id));
  const entries: QualificationEntry[] = leaguePlayers.map((p, i) => {
    const tied = leaguePlayers.filter((o) => o !== p && placeOf(o) === placeOf(p));
    let why = `league place ${placeOf(p)}`;
    if (tied.length > 0) {
      const sameRating = tied.some((o) => rating(o) === rating(p));
      why += `, shared with ${tied.map(displayName).join(', ')}: ${p.rating === undefined ? 'no rating' : `rating ${p.rating}`}${sameRating ? `, then the lottery (seed ${seed})` : ''}`;
    }
    return { position: i + 1, from: 'league', player: p, place: placeOf(p), why };
  });
  const mcmahon = egcResults(congress);
  const inLeague: Player[] = [];
  for (const e of mcmahon.qualificationOrder) {
    if (league.players.some((p) => samePerson(p, e.player))) {
      inLeague.push(e.player);
      continue;
    }
    const why = `McMahon qualification order ${e.position}${mcmahon.final ? '' : ' so far'}${e.allRounds ? '' : ' (did not play all rounds)'}`;
    entries.push({ position: entries.length + 1, from: 'mcmahon', player: e.player, place: e.position, why });
  }
  return ok({ league: league.name, congress: congress.name, entries, provisional: !mcmahon.final, inLeague, rule: QUALIFICATION_RULE });
}
