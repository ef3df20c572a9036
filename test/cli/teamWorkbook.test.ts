/**
 * A team tournament paired through its workbook exactly as through its JSON file: `tengen workbook T.json --out
 * W.xlsx`, then each round `tengen pair W.xlsx --round r --out W.xlsx` (the team draw, written by the session's
 * pairing batch), the board results typed into the Grid's result cells as a director would, and `tengen standings
 * W.xlsx` gives the team standings the JSON path gives for the same results. Every team plays one match a round, no
 * match is repeated, board k meets board k, colours alternate by board; with 7 teams the team bye (a bye for each of
 * the bye team's boards) goes through the workbook.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import { gridLayout } from '../../src/workbook/sheets/grid';
import { cli } from '../support/cli';
import { sheetValues } from '../support/xlsxSheet';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Doc {
  settings: { rounds: number; teams: { boards: number } };
  players: { id: number }[];
  teams: { number: number; boards: { round: number; board: number; player: number }[] }[];
  games: { round: number; table: number; white: number; black: number; result: string }[];
  byes: { round: number; player: number }[];
}

interface TeamPairingJson {
  round: number;
  system: string;
  matches: { match: number; first: number; second: number; boards: { board: number; table: number; white: number; black: number; handicap: number }[] }[];
  bye: { team: number; players: number[] } | null;
}

/** The example's players and teams, no round played, as T.json in a new folder. */
function teamSet(example: string): { dir: string; json: string; doc: Doc } {
  const doc = JSON.parse(readFileSync(path.join(EXAMPLES, example), 'utf8')) as Doc;
  doc.games = [];
  doc.byes = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-team-workbook-'));
  dirs.push(dir);
  const json = path.join(dir, 'T.json');
  writeFileSync(json, JSON.stringify(doc, null, 2));
  return { dir, json, doc };
}

/** The result of a board, the same on both paths: mostly decisive, now and then a jigo. */
function resultOf(round: number, white: number, black: number): 'white-wins' | 'black-wins' | 'jigo' {
  if ((white * black + round) % 13 === 0) return 'jigo';
  return (white + 2 * black + round) % 3 === 0 ? 'black-wins' : 'white-wins';
}

const MARK = { 'white-wins': ['+', '-'], 'black-wins': ['-', '+'], jigo: ['=', '='] } as const;

/** Types the round's board results into the Grid's result cells (White's row and Black's), as a director would. */
async function typeResults(file: string, doc: Doc, pairing: TeamPairingJson): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const grid = wb.getWorksheet('Grid')!;
  const layout = gridLayout(doc.settings.rounds, doc.players.length);
  const ids = doc.players.map((p) => p.id).sort((a, b) => a - b);
  const rowOf = (id: number) => layout.playerRow(ids.indexOf(id));
  for (const m of pairing.matches) {
    for (const b of m.boards) {
      const [w, k] = MARK[resultOf(pairing.round, b.white, b.black)];
      // The Grid's own line: the player's ID in column A, his opponent in the round's first column.
      expect(grid.getCell(rowOf(b.white), layout.columns.id).value).toBe(b.white);
      expect(grid.getCell(rowOf(b.white), layout.opponentColumn(pairing.round)).value).toBe(b.black);
      grid.getCell(rowOf(b.white), layout.resultColumn(pairing.round)).value = w;
      grid.getCell(rowOf(b.black), layout.resultColumn(pairing.round)).value = k;
    }
  }
  await wb.xlsx.writeFile(file);
}

/** The same results written into the JSON file's games of the round. */
function enterResults(json: string, round: number): void {
  const doc = JSON.parse(readFileSync(json, 'utf8')) as Doc;
  doc.games = doc.games.map((g) => (g.round === round ? { ...g, result: resultOf(round, g.white, g.black) } : g));
  writeFileSync(json, JSON.stringify(doc, null, 2));
}

async function ok(args: string[]): Promise<string> {
  const r = await cli(args);
  if (r.code !== 0) throw new Error(`tengen ${args.join(' ')}: exit ${r.code}\n${r.err}`);
  return r.out;
}

/** Pairs every round in the workbook and in the JSON file, entering the same results in both; checks each draw. */
async function playThrough(example: string, teams: number): Promise<{ dir: string; workbook: string; json: string; doc: Doc }> {
  const { dir, json, doc } = teamSet(example);
  const workbook = path.join(dir, 'W.xlsx');
  await ok(['workbook', json, '--out', workbook]);
  const boards = doc.settings.teams.boards;
  const teamOf = new Map(doc.teams.flatMap((t) => t.boards.map((b) => [b.player, { team: t.number, board: b.board }] as const)));
  const met = new Set<string>();
  const byeTeams: number[] = [];
  for (let round = 1; round <= doc.settings.rounds; round++) {
    // The workbook path: paired in place; the pairing printed is the team draw.
    const inWorkbook = JSON.parse(await ok(['pair', workbook, '--round', String(round), '--out', workbook, '--json'])) as TeamPairingJson;
    const inJson = JSON.parse(await ok(['pair', json, '--round', String(round), '--out', json, '--json'])) as TeamPairingJson;
    expect(inWorkbook.system).toBe('team');
    expect(inWorkbook.matches).toEqual(inJson.matches);
    expect(inWorkbook.bye).toEqual(inJson.bye);
    // Every team in one match (or the bye), no match repeated, board k against board k, colours alternating by board.
    expect(inWorkbook.matches).toHaveLength(Math.floor(teams / 2));
    const seen = new Set<number>();
    for (const m of inWorkbook.matches) {
      const key = `${Math.min(m.first, m.second)}-${Math.max(m.first, m.second)}`;
      expect(met.has(key)).toBe(false);
      met.add(key);
      for (const team of [m.first, m.second]) {
        expect(seen.has(team)).toBe(false);
        seen.add(team);
      }
      expect(m.boards.map((b) => b.board)).toEqual(Array.from({ length: boards }, (_, k) => k + 1));
      for (const b of m.boards) {
        expect(teamOf.get(b.white)!.board).toBe(b.board);
        expect(teamOf.get(b.black)!.board).toBe(b.board);
        expect(teamOf.get(b.white)!.team).toBe(b.board % 2 === 1 ? m.first : m.second);
        expect(teamOf.get(b.black)!.team).toBe(b.board % 2 === 1 ? m.second : m.first);
      }
    }
    if (teams % 2 === 1) {
      expect(inWorkbook.bye).not.toBeNull();
      expect(seen.has(inWorkbook.bye!.team)).toBe(false);
      expect(inWorkbook.bye!.players).toHaveLength(boards);
      byeTeams.push(inWorkbook.bye!.team);
      // Each player of the bye team has BYE in the round's colour column of the Grid.
      const grid = await sheetValues(workbook, 'Grid');
      const layout = gridLayout(doc.settings.rounds, doc.players.length);
      const ids = doc.players.map((p) => p.id).sort((a, b) => a - b);
      for (const id of inWorkbook.bye!.players) expect(grid[layout.playerRow(ids.indexOf(id)) - 1][layout.colourColumn(round) - 1]).toBe('BYE');
    } else {
      expect(inWorkbook.bye).toBeNull();
    }
    // The team sheets follow the round: its matches on Team matches, the standings as the JSON path has them now.
    const matches = await sheetValues(workbook, 'Team matches');
    expect(matches.filter((r) => new RegExp(`^Round ${round}, match \\d+:`).test(String(r[0])))).toHaveLength(inWorkbook.matches.length);
    expect(matches.filter((r) => new RegExp(`^Round ${round}, bye: ${inWorkbook.bye?.team ?? ''}`).test(String(r[0])))).toHaveLength(teams % 2);
    const standingsNow = JSON.parse(await ok(['standings', json, '--json'])) as { team: number; points: number; boardWins: number }[];
    const sheet = await sheetValues(workbook, 'Team standings');
    const header = sheet[2] as string[];
    const rows = sheet.slice(3).map((r) => ({ team: r[header.indexOf('Team')], points: r[header.indexOf('Points')], boardWins: r[header.indexOf('Board wins')] }));
    expect(rows).toEqual(standingsNow.map((s) => ({ team: s.team, points: s.points, boardWins: s.boardWins })));

    await typeResults(workbook, doc, inWorkbook);
    enterResults(json, round);
  }
  if (teams % 2 === 1) expect(new Set(byeTeams).size).toBe(byeTeams.length);
  return { dir, workbook, json, doc };
}

describe('a team tournament paired through its workbook (tengen pair W.xlsx --out W.xlsx)', () => {
  it('8 teams of 4 boards (examples/team-swiss.json), 4 rounds: the team standings of the workbook are the JSON path’s', async () => {
    const { workbook, json } = await playThrough('team-swiss.json', 8);
    const fromWorkbook = JSON.parse(await ok(['standings', workbook, '--json'])) as { team: number; matches: number; points: number; boardWins: number }[];
    const fromJson = JSON.parse(await ok(['standings', json, '--json']));
    expect(fromWorkbook).toEqual(fromJson);
    expect(fromWorkbook).toHaveLength(8);
    expect(fromWorkbook.every((r) => r.matches === 4)).toBe(true);
    // 16 board points and 4 team points shared each round.
    expect(fromWorkbook.reduce((s, r) => s + r.boardWins, 0)).toBe(4 * 16);
    expect(fromWorkbook.reduce((s, r) => s + r.points, 0)).toBe(4 * 4);
    const text = await ok(['standings', workbook]);
    expect(text).toMatch(/Place\s+Team\s+Name\s+Rank\s+Matches\s+Points\s+Board wins\s+SOS/);
  }, 120_000);

  it('7 teams (examples/team-swiss-odd-played.json’s teams): the team bye goes through the workbook, a different team each round', async () => {
    const { workbook, json } = await playThrough('team-swiss-odd-played.json', 7);
    const fromWorkbook = JSON.parse(await ok(['standings', workbook, '--json'])) as { matches: number; byes: number }[];
    expect(fromWorkbook).toEqual(JSON.parse(await ok(['standings', json, '--json'])));
    expect(fromWorkbook.reduce((s, r) => s + r.byes, 0)).toBe(4);
    expect(await ok(['standings', workbook])).toMatch(/Matches\s+Byes\s+Points/);
  }, 120_000);

  it('pairing a round of the workbook again with its results entered needs --repair; the workbook is left as it was', async () => {
    const { dir, json, doc } = teamSet('team-swiss.json');
    const workbook = path.join(dir, 'W.xlsx');
    await ok(['workbook', json, '--out', workbook]);
    const pairing = JSON.parse(await ok(['pair', workbook, '--round', '1', '--out', workbook, '--json'])) as TeamPairingJson;
    await typeResults(workbook, doc, pairing);
    const before = readFileSync(workbook);
    const refused = await cli(['pair', workbook, '--round', '1', '--out', workbook]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/round 1 has 16 results.*add --repair/s);
    expect(readFileSync(workbook).equals(before)).toBe(true);
    const repaired = await cli(['pair', workbook, '--round', '1', '--out', workbook, '--repair']);
    expect(repaired).toMatchObject({ code: 0, err: '' });
    expect(repaired.out).toMatch(/^Match 1: /m);
  }, 60_000);

  it('a lineup the team draw cannot seat is named by the workbook, the round, the team and the board; nothing is written', async () => {
    const { dir, doc } = teamSet('team-swiss.json');
    const json = path.join(dir, 'absent.json');
    writeFileSync(json, JSON.stringify({ ...doc, players: doc.players.map((p) => (p.id === 2 ? { ...p, absentRounds: [1] } : p)) }, null, 2));
    const workbook = path.join(dir, 'W.xlsx');
    await ok(['workbook', json, '--out', workbook]);
    const before = readFileSync(workbook);
    const r = await cli(['pair', workbook, '--round', '1', '--out', workbook]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^tengen: ${workbook.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: round 1: .*no team draw: team 1 \\(Ajisai\\), board 2: player 2 is absent in round 1`));
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(readFileSync(workbook).equals(before)).toBe(true);
  }, 60_000);

  it('refuses the individual systems’ options on a team workbook, naming them and the file', async () => {
    const { dir, json } = teamSet('team-swiss.json');
    const workbook = path.join(dir, 'W.xlsx');
    await ok(['workbook', json, '--out', workbook]);
    const r = await cli(['pair', workbook, '--round', '1', '--out', workbook, '--force', '1-17']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`--force: ${workbook} is a team tournament`);
    const system = await cli(['pair', workbook, '--round', '1', '--system', 'mays']);
    expect(system.code).toBe(1);
    expect(system.err).toContain(`--system mays: ${workbook} is a team tournament, paired by the team draw`);
  }, 60_000);
});
