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
 * Colours: the team listed first of a match has White on the odd boards (1, 3, …), the other on the even boards —
 * with a fixed board order, a player's colours then follow his team's, so balancing the team's "White on board 1"
 * balances each player's. The first team is the one that had White on board 1 fewer times; if equal, the one that had
 * Black there in its latest match; if still equal, the higher-placed team. Games are even (handicap 0): the EGF rules
 * default to "no handicaps", and a team match with handicaps is not implemented.
 */
import type { PlayerId, Team, Tournament } from '../model/tournament';
import { lexicographicPerfectMatching, type CostTier } from './matching';
import { pairingError, type DeviationLine, type PairedGame, type PairingResult } from './types';
import { teamLineup, teamMatches, teamRank, teamStandings } from '../scoring/teamStandings';

const teamName = (team: Team) => `team ${team.number} (${team.name})`;

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
  if (teams.length % 2 === 1) {
    return pairingError('unsupported-parameters', round, `${teams.length} teams: an odd number of teams needs a team bye, which Tengen does not give yet; add a bye team or withdraw one`);
  }

  const standings = teamStandings(before, { asOf: round - 1 });
  const order = [...standings.rows].sort(
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
  if (result.status !== 'optimal') {
    return pairingError('no-pairing', round, 'no draw without repeating a team match: every team left has met every other');
  }

  const games: PairedGame[] = [];
  const report: DeviationLine[] = [];
  let match = 0;
  for (let i = 0; i < n; i++) {
    const j = result.mate[i];
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
  return { round, system: 'team', games, bye: null, report };
}
