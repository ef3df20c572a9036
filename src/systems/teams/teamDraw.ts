/**
 * The team draw: Swiss or McMahon over teams (settings.teams). A team is one "player" of the draw (EGF: "In case of
 * pairgo or rengo, 'player' denotes a pair or team", and a team tournament compares "a team's sum of game results …
 * with the opposing team's"); each pair of teams becomes `boards` games, board k against board k.
 *
 * The priorities, each a cost tier of the general matching (./matching, lexicographic: a lower tier never trades
 * against a higher one):
 *  1. no repeat — a team match already played is not an allowed pair at all (EGF: "Pairing the same players twice
 *     must be avoided by all means");
 *  2. score — the squared difference of the team scores (team points, plus the McMahon start in McMahon);
 *  3. colour — two teams that both had White on board 1 more often than Black (or both less) cost 1 (EGF: "Each
 *     player's colour balance shall approach 50%");
 *  4. seeding — inside a score group, the top half against the bottom half (Swiss "slip"), by the order of the team
 *     standings, then the team's rank (settings.teams.start), then its number.
 *
 * The team bye: with an odd number of teams, one team sits out the round. It goes, as the individual draw gives a
 * player's bye (./byes, seeds/mays-swiss-mcmahon-manual.txt: "the tournament director must always look for a player
 * who meets the following qualifying conditions: (1) he must be the weakest player, (2) who has lost the highest
 * number of games, and (3) who has not received a bye in a previous round"; "Cardinal Rule No. 1: No player gets a
 * bye twice"), to the team that has had the fewest byes and, among those, is placed lowest in the draw's order
 * (team score, Number of Board Wins, SOS, the team's rank, its number: the last team is the lowest) — never by lot.
 * A team whose bye would leave the others unpairable without a repeat is passed over, and the report says so; a team
 * gets a second bye only when every team without one had to be passed over. Each player of the bye team's lineup
 * gets the tournament's bye (`bye` the board-1 player, `freeWins` the other boards), and the team counts a team win
 * (src/scoring/teamStandings.ts, teamByes).
 *
 * Colours: the team listed first of a match has White on the odd boards (1, 3, …), the other on the even boards —
 * with a fixed board order, a player's colours then follow his team's, so balancing the team's "White on board 1"
 * balances each player's. The first team is the one that had White on board 1 fewer times; if equal, the one that had
 * Black there in its latest match; if still equal, the higher-placed team. Games are even (handicap 0): the EGF rules
 * default to "no handicaps", and a team match with handicaps is not implemented.
 */
import type { PlayerId, Team, Tournament } from '../../model/tournament';
import { lexicographicPerfectMatching, type CostTier } from '../../pairing/matching';
import { MAYS_BYE_RULE } from '../byes';
import { pairingError, type ByeLine, type DeviationLine, type PairedGame, type PairingResult } from '../../pairing/types';
import { lineupPlayers, teamByes, teamLineup, teamMatches, teamRank, teamStandings } from '../../scoring/teamStandings';

const teamName = (team: Team) => `team ${team.number} (${team.name})`;
const NO_REPEAT_RULE = 'seeds/egf-general-tournament-rules-excerpt.txt: "Pairing the same players twice must be avoided by all means"';
const NO_SECOND_BYE_RULE = 'seeds/mays-swiss-mcmahon-manual.txt, Cardinal Rule No. 1: "No player gets a bye twice"';

export function pairTeams(t: Tournament, round: number): PairingResult {
  const boards = t.settings.teams?.boards;
  if (boards === undefined) return pairingError('unsupported-parameters', round, 'the tournament has no settings.teams: it is not a team tournament');
  if (round < 1 || round > t.settings.rounds) return pairingError('bad-round', round, `round ${round} is not a round of the tournament (1–${t.settings.rounds})`);
  const before = { ...t, games: t.games.filter((g) => g.round < round), byes: t.byes.filter((b) => b.round < round) };
  const pending = before.games.filter((g) => g.result === 'unknown');
  if (pending.length > 0) {
    return pairingError('results-pending', round, `round ${pending[0].round} has ${pending.length} board${pending.length === 1 ? '' : 's'} without a result; team scores are not known`, [pending[0].white, pending[0].black]);
  }
  const teams = t.teams ?? [];
  // Every team plays with a full lineup of present players (a substitute is a new lineup for the round).
  for (const team of teams) {
    const lineup = teamLineup(team, round);
    for (let k = 1; k <= boards; k++) {
      const seat = lineup.find((b) => b.board === k);
      if (!seat) return pairingError('unsupported-parameters', round, `${teamName(team)} has no player on board ${k} for round ${round}; list its lineup`);
      const p = t.players.find((x) => x.id === seat.player);
      if (!p) return pairingError('unknown-player', round, `${teamName(team)}, board ${k}: player ${seat.player} is not registered`, [seat.player]);
      if ((p.absentRounds ?? []).includes(round)) {
        return pairingError('unknown-player', round, `${teamName(team)}, board ${k}: player ${seat.player} is absent in round ${round}; list a lineup with a substitute for the round`, [seat.player]);
      }
    }
  }
  if (teams.length < 2) return pairingError('too-few-players', round, 'fewer than two teams');

  const standings = teamStandings(before, { asOf: round - 1 });
  const ranked = [...standings.rows].sort(
    (a, b) => b.scoreHalves - a.scoreHalves || b.boardWinsHalves - a.boardWinsHalves || b.sosHalves - a.sosHalves || teamRank(t, b.team) - teamRank(t, a.team) || a.team.number - b.team.number,
  );
  const played = teamMatches(before, round - 1);
  const met = new Set(played.map((m) => `${Math.min(m.first, m.second)}-${Math.max(m.first, m.second)}`));
  const firstCount = new Map<number, number>(teams.map((x) => [x.number, 0]));
  const lastFirst = new Map<number, boolean>();
  for (const m of played) {
    firstCount.set(m.first, firstCount.get(m.first)! + 1);
    firstCount.set(m.second, firstCount.get(m.second)! - 1);
    lastFirst.set(m.first, true);
    lastFirst.set(m.second, false);
  }
  const pastByes = new Map<number, number>();
  for (const b of teamByes(before, round - 1)) pastByes.set(b.team, (pastByes.get(b.team) ?? 0) + 1);

  /** The best draw of `order` (the teams but the bye team, in the draw's order), or null when none avoids a repeat. */
  const matchOf = (order: typeof ranked) => {
    const n = order.length;
    const number = (i: number) => order[i].team.number;
    const score = (i: number) => order[i].scoreHalves;
    // Place of each team inside its score group, and the group's size, for the seeding tier.
    const groupPlace = new Int32Array(n);
    const groupSize = new Int32Array(n);
    for (let i = 0; i < n; ) {
      let j = i;
      while (j < n && score(j) === score(i)) j++;
      for (let k = i; k < j; k++) {
        groupPlace[k] = k - i;
        groupSize[k] = j - i;
      }
      i = j;
    }
    const tiers: CostTier[] = [
      { name: 'score', cost: (i, j) => (score(i) - score(j)) ** 2 },
      { name: 'colour', cost: (i, j) => (Math.sign(firstCount.get(number(i))!) !== 0 && Math.sign(firstCount.get(number(i))!) === Math.sign(firstCount.get(number(j))!) ? 1 : 0) },
      {
        name: 'seeding',
        cost: (i, j) => (score(i) === score(j) ? Math.abs(Math.abs(groupPlace[i] - groupPlace[j]) - Math.floor(groupSize[i] / 2)) : 0),
      },
    ];
    const result = lexicographicPerfectMatching(n, (i, j) => !met.has(`${Math.min(number(i), number(j))}-${Math.max(number(i), number(j))}`), tiers);
    return result.status === 'optimal' ? { order, mate: result.mate } : null;
  };

  const report: DeviationLine[] = [];
  let byeLines: (ByeLine | DeviationLine)[] = [];
  let byeTeam: Team | undefined;
  let draw: ReturnType<typeof matchOf> = null;
  if (ranked.length % 2 === 0) {
    draw = matchOf(ranked);
  } else {
    // Fewest byes first, then the lowest placed: the draw's order read from the bottom.
    const candidates = ranked.map((row, place) => ({ row, place, byes: pastByes.get(row.team.number) ?? 0 })).sort((a, b) => a.byes - b.byes || b.place - a.place);
    const passedOver: DeviationLine[] = [];
    for (const c of candidates) {
      const reason = `${c.byes === 0 ? 'has had no bye' : `already had ${c.byes === 1 ? 'a bye' : `${c.byes} byes`}`}, the lowest-placed team${c.byes === 0 ? ' without one' : ''} (score ${c.row.scoreHalves / 2}, board wins ${c.row.boardWinsHalves / 2}, place ${c.place + 1} of ${ranked.length} in the draw's order)`;
      draw = matchOf(ranked.filter((r) => r !== c.row));
      if (!draw) {
        passedOver.push({
          kind: 'bye-passed-over',
          players: lineupPlayers(t, c.row.team, round),
          rule: NO_REPEAT_RULE,
          message: `${teamName(c.row.team)} qualified for the bye (${reason}), but without it the other teams could not all be paired without a repeated match`,
        });
        continue;
      }
      byeTeam = c.row.team;
      const players = lineupPlayers(t, byeTeam, round);
      byeLines = [
        { kind: 'bye', player: players[0], reason, rule: MAYS_BYE_RULE, message: `Bye: ${teamName(byeTeam)}: ${reason}; each of its ${players.length} boards has the bye (players ${players.join(', ')})` },
        ...passedOver,
        ...(c.byes > 0
          ? [{ kind: 'second-bye' as const, players, rule: NO_SECOND_BYE_RULE, message: `${teamName(byeTeam)} gets a second bye: every team without one had to be passed over` }]
          : []),
      ];
      break;
    }
  }
  if (!draw) {
    return pairingError('no-pairing', round, `no draw without repeating a team match: every team left has met every other${ranked.length % 2 === 1 ? ', whichever team has the bye' : ''}`);
  }
  const { order, mate } = draw;
  const n = order.length;
  const score = (i: number) => order[i].scoreHalves;

  const games: PairedGame[] = [];
  let match = 0;
  for (let i = 0; i < n; i++) {
    const j = mate[i];
    if (j < i) continue;
    match++;
    const [a, b] = [order[i].team, order[j].team];
    // First: fewer Whites on board 1, then Black there last time, then the higher-placed team (i < j).
    const balance = firstCount.get(a.number)! - firstCount.get(b.number)!;
    const lastA = lastFirst.get(a.number) === true ? 1 : 0;
    const lastB = lastFirst.get(b.number) === true ? 1 : 0;
    const aFirst = balance !== 0 ? balance < 0 : lastA !== lastB ? lastA < lastB : true;
    const [first, second] = aFirst ? [a, b] : [b, a];
    const firstLineup = teamLineup(first, round);
    const secondLineup = teamLineup(second, round);
    for (let k = 1; k <= boards; k++) {
      const p = firstLineup.find((x) => x.board === k)!.player;
      const q = secondLineup.find((x) => x.board === k)!.player;
      const [white, black]: [PlayerId, PlayerId] = k % 2 === 1 ? [p, q] : [q, p];
      games.push({ table: (match - 1) * boards + k, white, black, handicap: 0, colourKnown: true });
    }
    if (score(i) !== score(j)) {
      report.push({
        kind: 'cross-group',
        table: (match - 1) * boards + 1,
        players: [firstLineup[0].player, secondLineup[0].player],
        message: `${teamName(first)} (score ${score(aFirst ? i : j) / 2}) meets ${teamName(second)} (score ${score(aFirst ? j : i) / 2}) across score groups`,
      });
    }
  }
  if (!byeTeam) return { round, system: 'team', games, bye: null, report };
  const [first, ...others] = lineupPlayers(t, byeTeam, round);
  return { round, system: 'team', games, bye: first, ...(others.length > 0 ? { freeWins: others } : {}), report: [...byeLines, ...report] };
}
