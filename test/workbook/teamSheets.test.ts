import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { importBatch } from '../../src/workbook/session';
import { TEAM_MATCHES_SHEET, TEAM_STANDINGS_SHEET, teamMatchesCells, teamStandingsCells } from '../../src/workbook/sheets/teamSheets';

function example(name: string): Tournament {
  const parsed = parseTournamentJson(readFileSync(path.join(__dirname, '..', '..', 'examples', name), 'utf8'), name);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.value;
}

describe('team sheets (examples/team-swiss-played.json)', () => {
  const t = example('team-swiss-played.json');

  it('Team matches: per round, each match with its score, then its boards with their results', () => {
    const cells = teamMatchesCells(t);
    const headings = cells.filter((r) => typeof r[0] === 'string' && /^Round \d, match \d/.test(String(r[0])));
    expect(headings).toHaveLength(16);
    // Under each match heading, four board rows: Board | Table | White | Black | Result.
    const first = cells.findIndex((r) => String(r[0]).startsWith('Round 1, match 1'));
    expect(cells.slice(first + 1, first + 5).map((r) => r[0])).toEqual([1, 2, 3, 4]);
    expect(String(cells[first][0])).toMatch(/^Round 1, match 1: 1 Ajisai – 5 Enoki \d(\.5)?:\d(\.5)?$/);
  });

  it('Team standings: the order of `tengen standings`', () => {
    const cells = teamStandingsCells(t);
    expect(cells[2]).toEqual(['Place', 'Team', 'Name', 'Matches', 'Points', 'Board wins', 'SOS']);
    expect(cells).toHaveLength(3 + 8);
  });

  it('a workbook of a team tournament has both sheets; one of an individual tournament has neither', () => {
    const sheets = (x: Tournament) => new Set(importBatch(x).ops.filter((op) => op.kind === 'ensure-sheet').map((op) => (op as { sheet: string }).sheet));
    expect(sheets(t).has(TEAM_MATCHES_SHEET)).toBe(true);
    expect(sheets(t).has(TEAM_STANDINGS_SHEET)).toBe(true);
    expect(sheets(example('quebec-open-mini.json')).has(TEAM_MATCHES_SHEET)).toBe(false);
  });
});

describe('a team workbook keeps its teams: board results entered per board update the team sheets', () => {
  it('read back, the teams and settings.teams are the file’s; round 4 typed board by board, the Team standings follow', async () => {
    const { MemoryWorkbook } = await import('../../src/workbook/adapters/memory');
    const { readTournament, resultsBatch, standingsBatch } = await import('../../src/workbook/session');
    const full = example('team-swiss-played.json');
    const partial: Tournament = { ...full, games: full.games.map((g) => (g.round === 4 ? { ...g, result: 'unknown' } : g)) };
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(partial, { time: '2026-06-07T09:00:00Z' }));
    const read = await readTournament(wb);
    if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
    expect(read.value.settings.teams).toEqual(full.settings.teams);
    expect(read.value.teams).toEqual(full.teams);
    const results = full.games.filter((g) => g.round === 4).map((g) => ({ player: g.white, result: g.result }));
    await wb.apply(resultsBatch(read.value, 4, results, { time: '2026-06-07T15:00:00Z' }));
    const after = await readTournament(wb);
    if (!after.ok) throw new Error(after.errors.map((e) => e.message).join('\n'));
    await wb.apply(standingsBatch(after.value));
    expect(await wb.readSheet(TEAM_STANDINGS_SHEET)).toEqual(teamStandingsCells(full));
  });
});
