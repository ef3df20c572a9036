/**
 * Groups of Eight (`settings.system` "groups-of-eight"), seeds/mays-swiss-mcmahon-manual.txt, "Types of Tournaments":
 * "the players are listed in order of rank before they are divided into groups of 8 players (given the uncertainty of
 * the number of players who may show up at the tournament, the very last group may have more or less than 8
 * players). The pairings are done by matching winner against winner; and at the end of the three rounds, if the
 * format is followed correctly, the tournament will produce 1 player who will have won all 3 games, 3 players who
 * will have won 2 games, 3 players who will have won 1 game, and 1 player who will have lost all 3 games."
 *
 * Readings where the manual is silent (each also in the closing note of issue 13):
 *  - Rank order is Mays' strength order (rank, then rating, then the ID: ./numbering `orderByStrength`) of every
 *    registered player, fixed for the three rounds; a player absent in a round is simply not paired in it.
 *  - The last group: 1–3 players left over join the group above (9–11 players: one group of 8 with 1–3 more, closer
 *    to the format than a group of 1–3 that cannot play three rounds); 4–7 left over are a group of their own. A field
 *    of fewer than 8 is one group.
 *  - Inside a group, each wins group is paired top half against bottom half (Mays' first pairing; in round 1 that is
 *    1–5, 2–6, 3–7, 4–8), no game repeated; a player left over in a wins group meets the best placed of the next group.
 *    In a group of 8 with a winner at every table, the wins groups are 8, then 4 and 4, then 2, 4 and 2 — each pairs
 *    inside itself without a repeat, which is what gives the 1 / 3 / 3 / 1 outcome.
 *  - A group of an odd number of players gives a bye each round, inside the group, to the player with the fewest wins
 *    and the lowest in rank order who has had none (Mays, "Who Should Get a Bye?").
 *  - Handicaps and colours as the tournament's settings say, by the same sheet as McMahon (./sheet).
 */
import { playerLabel, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import { handicapSettingsOf } from '../../pairing/handicap';
import { buildHistory } from '../../pairing/history';
import { orderByStrength } from '../../pairing/numbering';
import { writeSheet } from '../../pairing/sheet';
import { pairingError, type DeviationLine, type PairedGame, type PairingResult, type ReportLine } from '../../pairing/types';
import { pairByWins, pendingGames, winsBefore } from '../../pairing/winGroups';

export const GROUPS_OF_EIGHT_ROUNDS = 3;
const GROUPS_RULE = 'seeds/mays-swiss-mcmahon-manual.txt, "Types of Tournaments" (Groups of Eight)';

/** The sizes of the groups for `players` players, top group first (see the reading of "the very last group" above). */
export function groupSizes(players: number): number[] {
  if (players <= 8) return players > 0 ? [players] : [];
  const full = Math.floor(players / 8);
  const left = players % 8;
  const sizes = Array<number>(full).fill(8);
  if (left >= 4) sizes.push(left);
  else sizes[sizes.length - 1] += left;
  return sizes;
}

/** The groups: every registered player in rank order, cut into `groupSizes`. */
export function groupsOfEight(t: Tournament): PlayerId[][] {
  const order = orderByStrength([...t.players].sort((a, b) => a.id - b.id)).map((p) => p.id);
  const groups: PlayerId[][] = [];
  let start = 0;
  for (const size of groupSizes(order.length)) {
    groups.push(order.slice(start, start + size));
    start += size;
  }
  return groups;
}

export function pairGroupsOfEight(t: Tournament, round: Round): PairingResult {
  if (round > GROUPS_OF_EIGHT_ROUNDS) return pairingError('bad-round', round, `Groups of Eight has ${GROUPS_OF_EIGHT_ROUNDS} rounds (${GROUPS_RULE}: "at the end of the three rounds")`);
  const pending = pendingGames(t, round);
  if (pending.length > 0) {
    return pairingError('results-pending', round, `earlier rounds still have games without a result (${pending.map((g) => `round ${g.round}: ${playerLabel(t, g.white)} – ${playerLabel(t, g.black)}`).join('; ')}): winner meets winner, so the results come first`, pending.flatMap((g) => [g.white, g.black]));
  }
  const h = buildHistory(t, round);
  const wins = winsBefore(t, round);
  const present = new Set(h.present);
  if (present.size < 2) return pairingError('too-few-players', round, `${present.size} player${present.size === 1 ? '' : 's'} present in round ${round}; a round needs at least 2`);
  const games: PairedGame[] = [];
  const report: ReportLine[] = [];
  const byes: PlayerId[] = [];
  const groups = groupsOfEight(t);
  for (const [g, group] of groups.entries()) {
    const field = group.filter((id) => present.has(id));
    if (field.length === 1) {
      byes.push(field[0]);
      report.push({ kind: 'bye', player: field[0], reason: `alone in group ${g + 1} this round`, rule: GROUPS_RULE, message: `Bye: ${playerLabel(t, field[0])}, alone in group ${g + 1} this round` });
      continue;
    }
    if (field.length % 2 === 1) {
      const rankOrder = (id: PlayerId) => group.indexOf(id);
      const bye = [...field].sort((a, b) => h.byes(a) - h.byes(b) || (wins.get(a) ?? 0) - (wins.get(b) ?? 0) || rankOrder(b) - rankOrder(a))[0];
      byes.push(bye);
      report.push({ kind: 'bye', player: bye, reason: `group ${g + 1} has an odd number of players: the fewest wins, the lowest in rank order without a bye`, rule: 'seeds/mays-swiss-mcmahon-manual.txt, "Who Should Get a Bye?"', message: `Bye: ${playerLabel(t, bye)} (group ${g + 1})` });
    }
    const pairs = pairByWins(field.filter((id) => !byes.includes(id)), wins, (a, b) => h.meetings(a, b).length > 0, 'slide');
    if (pairs === null) return pairingError('no-pairing', round, `group ${g + 1}: no pairing of round ${round} without repeating a game`, field);
    const sheet = writeSheet(h, pairs.map(([a, b]) => ({ a, b })), { handicap: handicapSettingsOf(t.settings) });
    // Tables run on from the group above: group 1 at the top tables.
    const offset = games.length;
    const shift = (table: number | undefined) => (table === undefined ? undefined : table + offset);
    games.push(...sheet.games.map((x) => ({ ...x, table: x.table + offset })));
    report.push(
      ...sheet.lines.map((l) => ({ ...l, table: l.table + offset, message: `Group ${g + 1}, ${l.message.replace(/^Table \d+/, `table ${l.table + offset}`)}` })),
      ...sheet.deviations.map((d): DeviationLine => ({ ...d, table: shift(d.table), message: `group ${g + 1}, ${d.message.replace(/^table \d+/, `table ${shift(d.table)}`)}` })),
    );
  }
  return { round, system: 'groups-of-eight', games, bye: byes[0] ?? null, ...(byes.length > 1 ? { freeWins: byes.slice(1) } : {}), report };
}
