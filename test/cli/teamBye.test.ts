/**
 * An odd number of teams through the command line: a 4-board team Swiss of 7 teams over 4 rounds, paired by
 * `tengen pair --out` round after round with the board results entered between, then `tengen standings`; and the
 * workbook of the finished event read back as the same tournament.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { loadTournament } from '../../src/workbook/load';
import type { Rank } from '../../src/model/rank';
import type { GameResult, Player, PlayerId, Team, Tournament } from '../../src/model/tournament';
import { teamByes, teamMatches } from '../../src/scoring/teamStandings';
import { cli } from '../support/cli';

const TEAMS = 7;
const BOARDS = 4;
const ROUNDS = 4;
const NAMES = ['Ajisai', 'Bokeh', 'Chidori', 'Daikon', 'Enoki', 'Fuji', 'Genkan'];

/** Team k: players 4k-3 … 4k on boards 1 … 4, ranks from 5d down by board and by team. */
function sevenTeams(): Tournament {
  const players: Player[] = [];
  const teams: Team[] = [];
  for (let k = 1; k <= TEAMS; k++) {
    const boards = [];
    for (let b = 1; b <= BOARDS; b++) {
      const id = ((k - 1) * BOARDS + b) as PlayerId;
      players.push({ id, family: `${NAMES[k - 1]}${b}`, given: 'Player', rank: (5 - b - Math.floor(k / 2)) as Rank, club: NAMES[k - 1] });
      boards.push({ round: 1, board: b, player: id });
    }
    teams.push({ number: k, name: NAMES[k - 1], boards });
  }
  return { name: 'Seven teams', settings: { system: 'swiss', rounds: ROUNDS, ruleset: 'egf', teams: { boards: BOARDS } }, players, games: [], byes: [], teams };
}

function read(file: string): Tournament {
  const parsed = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.value;
}

/** Board results of `round` typed in: a fixed, uneven pattern (White wins, Black wins, now and then a jigo). */
function enterResults(file: string, round: number): void {
  const t = read(file);
  const result = (table: number): GameResult => (['white-wins', 'black-wins', 'white-wins', 'jigo', 'black-wins'] as const)[(table * 3 + round) % 5];
  writeFileSync(file, writeTournamentJson({ ...t, games: t.games.map((g) => (g.round === round ? { ...g, result: result(g.table ?? 0) } : g)) }));
}

describe('tengen pair / standings: 7 teams of 4 boards over 4 rounds (a team bye every round)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-team-bye-'));
  const files = Array.from({ length: ROUNDS + 1 }, (_, r) => path.join(dir, `after-${r}.json`));
  const outputs: string[] = [];
  let final: Tournament;

  beforeAll(async () => {
    writeFileSync(files[0], writeTournamentJson(sevenTeams()));
    for (let r = 1; r <= ROUNDS; r++) {
      const { code, out, err } = await cli(['pair', files[r - 1], '--round', String(r), '--out', files[r]]);
      if (code !== 0) throw new Error(`round ${r}: ${err}`);
      outputs.push(out);
      enterResults(files[r], r);
    }
    final = read(files[ROUNDS]);
  });

  it('pair shows three matches and the bye team with its boards each round', () => {
    for (const out of outputs) {
      expect(out.match(/^Match \d: /gm)).toHaveLength(3);
      expect(out).toMatch(/^Bye: \d [A-Za-z]+ — boards 1–4: /m);
    }
  });

  it('every team plays or has the bye each round; no match repeated; no team has two byes', () => {
    const matches = teamMatches(final);
    const byes = teamByes(final);
    for (let r = 1; r <= ROUNDS; r++) {
      const inRound = matches.filter((m) => m.round === r);
      expect(inRound).toHaveLength(3);
      const busy = [...inRound.flatMap((m) => [m.first, m.second]), ...byes.filter((b) => b.round === r).map((b) => b.team)];
      expect(busy.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
    const pairs = matches.map((m) => [m.first, m.second].sort().join('-'));
    expect(new Set(pairs).size).toBe(pairs.length);
    const byeTeams = byes.map((b) => b.team);
    expect(byeTeams).toHaveLength(ROUNDS);
    expect(new Set(byeTeams).size).toBe(ROUNDS);
    // Each board of the bye team has the tournament's bye.
    expect(final.byes).toHaveLength(ROUNDS * BOARDS);
  });

  it('standings list each team with its matches and byes: 4 rounds each, the bye a team win of 4 board wins', async () => {
    const text = await cli(['standings', files[ROUNDS]]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/Place\s+Team\s+Name\s+Rank\s+Matches\s+Byes\s+Points\s+Board wins\s+SOS/);
    const { out } = await cli(['standings', files[ROUNDS], '--json']);
    const rows = JSON.parse(out) as { team: number; matches: number; byes: number; points: number; boardWins: number }[];
    expect(rows).toHaveLength(TEAMS);
    for (const r of rows) expect(r.matches + r.byes).toBe(ROUNDS);
    // Per round: 3 matches of 4 boards (12 board points, 3 team points) and a bye (4 board wins, 1 team point).
    expect(rows.reduce((s, r) => s + r.boardWins, 0)).toBe(ROUNDS * (3 * BOARDS + BOARDS));
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(ROUNDS * (3 + 1));
  });

  it('pair --json names the bye team and its players', async () => {
    const { code, out } = await cli(['pair', files[ROUNDS - 1], '--round', String(ROUNDS), '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(out) as { matches: unknown[]; bye: { team: number; players: number[] } };
    expect(json.matches).toHaveLength(3);
    const lastBye = teamByes(final).find((b) => b.round === ROUNDS)!;
    expect(json.bye).toEqual({ team: lastBye.team, players: lastBye.players });
  });

  it('the workbook of the finished event reads back as the same tournament', async () => {
    const xlsx = path.join(dir, 'seven-teams.xlsx');
    const { code, err } = await cli(['workbook', files[ROUNDS], '--out', xlsx]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const back = await loadTournament(xlsx);
    if (!back.ok) throw new Error(back.errors.map((e) => e.message).join('\n'));
    expect(writeTournamentJson(back.value)).toBe(writeTournamentJson(final));
  });

  it('a bye given to part of a lineup is refused by standings and pair, naming the file, the team, the round and the players', async () => {
    const broken = path.join(dir, 'partial-bye.json');
    const t = read(files[ROUNDS]);
    const dropped = t.byes[0];
    writeFileSync(broken, writeTournamentJson({ ...t, byes: t.byes.slice(1) }));
    for (const args of [['standings', broken], ['pair', broken, '--round', String(ROUNDS)]]) {
      const { code, err } = await cli(args);
      expect(code).toBe(2);
      expect(err).toContain(broken);
      expect(err).toMatch(new RegExp(`team \\d+ \\([A-Za-z]+\\), round ${dropped.round}: players .* have the bye but ${dropped.player} has not`));
      expect(err).not.toMatch(/internal error|\n\s+at /);
    }
  });
});
