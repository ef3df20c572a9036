/**
 * Issue 25, item 2: every derived sheet — the Grid poster, the Prize ceremony, the European results, the team sheets
 * and the Standings — shows, in a workbook SAVED by the page (session batches through the .xlsx adapter, then the
 * file's bytes read back as LibreOffice or a viewer would: cached values, no recalculation) or written by the CLI,
 * what `tengen standings` gives after the last result. The pane's half (Excel recalculates; the fake does not) is
 * test/addin/derivedSheets.test.ts.
 *
 * The director's day of the issue: the last round's results typed (the quick path, a handful of cells), Standings,
 * Finalize, Save — and the same without Standings and Finalize (a file saved right after the last result).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { CellInput, CellValue, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { parseTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { CEREMONY_SHEET, ceremonyOps, POSTER_SHEET } from '../../src/workbook/print/printouts';
import { EUROPEAN_SHEET, europeanOps } from '../../src/workbook/sheets/europeanSheet';
import { gridLayout } from '../../src/workbook/sheets/grid';
import { TEAM_MATCHES_SHEET, TEAM_STANDINGS_SHEET, teamSheetsOps } from '../../src/workbook/sheets/teamSheets';
import { finalizeBatch, importBatch, liveValuesBatch, readTournament, resultsBatch, standingsBatch } from '../../src/workbook/session';
import { value } from './fixtures';

const ROOT = path.resolve(__dirname, '..', '..');
const TIME = '2026-05-16T09:00:00Z';

function load(file: string): Tournament {
  const full = path.join(ROOT, 'examples', file);
  return value(parseTournamentJson(readFileSync(full, 'utf8'), full));
}

/** `tengen standings FILE --json`, run as the director runs it (bin/tengen.js over dist/: `npm run build:engine`). */
function cliStandings(file: string): { id?: number; team?: number; place: number; nbw?: number; mms?: number; points?: number }[] {
  const json = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'bin', 'tengen.js'), 'standings', file, '--json'], { encoding: 'utf8' }));
  // A congress answers { standings, europeanChampion, … } (usage.ts).
  return (Array.isArray(json) ? json : json.standings) as never;
}

/** The tournament without its last round's results, written into a fresh .xlsx workbook (the page's adapter). */
async function withoutLastResults(full: Tournament): Promise<XlsxWorkbook> {
  const last = Math.max(...full.games.map((g) => g.round));
  const partial: Tournament = { ...full, games: full.games.map((g) => (g.round === last ? { ...g, result: 'unknown' } : g)) };
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(partial, { time: TIME }));
  return wb;
}

/** The page's day: the last round's results typed, then (optionally) Standings and Finalize, then Save; the saved bytes read back. */
async function pageDay(full: Tournament, withStandings: boolean): Promise<XlsxWorkbook> {
  const wb = await withoutLastResults(full);
  const last = Math.max(...full.games.map((g) => g.round));
  const results = full.games.filter((g) => g.round === last).map((g) => ({ player: g.white, result: g.result }));
  await wb.apply(resultsBatch(value(await readTournament(wb)), last, results, { time: TIME }));
  if (withStandings) {
    await wb.apply(standingsBatch(value(await readTournament(wb))));
    await wb.apply(finalizeBatch(value(await readTournament(wb)), { time: TIME }));
  }
  // What the page's Save does before taking the bytes (taskpane/standalone.ts, refreshLiveValues).
  await wb.apply(liveValuesBatch(value(await readTournament(wb))));
  return XlsxWorkbook.load(await wb.save());
}

/** The values a whole-sheet rendering writes (a formula's value), from A1. */
function rendered(ops: readonly WorkbookOp[], sheet: string): CellValue[][] {
  const write = ops.find((op): op is WorkbookOp & { kind: 'write' } => op.kind === 'write' && op.sheet === sheet)!;
  return write.cells.map((row) => row.map((c: CellInput) => (c !== null && typeof c === 'object' ? (c.value ?? null) : c)));
}

/** Rows as text without trailing empty cells and rows (a sheet read back ends where its last value does). */
function trimmed(rows: readonly (readonly CellValue[])[] | null): string[] {
  const out = (rows ?? []).map((row) => JSON.stringify(row.map((v) => (v === '' ? null : v))).replace(/(,?null)+\]$/, ']'));
  while (out.length > 0 && out[out.length - 1] === '[]') out.pop();
  return out;
}

/** Each player's Place, Victories and score after the last round as the poster shows them, by ID. */
async function posterByPlayer(wb: XlsxWorkbook, t: Tournament): Promise<Map<number, { place: CellValue; wins: CellValue; score: CellValue }>> {
  const layout = gridLayout(t.settings.rounds, t.players.length);
  const rows = (await wb.readSheet(POSTER_SHEET))!;
  const out = new Map<number, { place: CellValue; wins: CellValue; score: CellValue }>();
  const last = Math.max(...t.games.map((g) => g.round));
  for (let r = 4; r < rows.length; r += 2) {
    const id = rows[r][layout.columns.id - 1];
    if (typeof id !== 'number') continue;
    out.set(id, { place: rows[r][layout.columns.place - 1], wins: rows[r][layout.columns.victories - 1], score: rows[r + 1][layout.scoreColumn(last) - 1] });
  }
  return out;
}

async function expectPosterAsCli(wb: XlsxWorkbook, t: Tournament, file: string): Promise<void> {
  const poster = await posterByPlayer(wb, t);
  const cli = cliStandings(file);
  expect(poster.size).toBe(cli.length);
  for (const s of cli) expect({ id: s.id, ...poster.get(s.id!) }).toEqual({ id: s.id, place: s.place, wins: s.nbw, score: s.mms });
}

async function expectStandingsAsCli(wb: XlsxWorkbook, file: string): Promise<void> {
  const rows = (await wb.readSheet('Standings'))!;
  const header = rows[2];
  const [place, id, wins, mms] = ['Place', 'ID', 'Wins', 'MMS'].map((h) => header.indexOf(h));
  const sheet = rows.slice(3).map((r) => ({ id: r[id], place: r[place], nbw: r[wins], mms: r[mms] }));
  expect(sheet).toEqual(cliStandings(file).map((s) => ({ id: s.id, place: s.place, nbw: s.nbw, mms: s.mms })));
}

describe('derived sheets in a workbook saved by the page', () => {
  const file = path.join(ROOT, 'examples', 'quebec-open-mini.json');
  const full = load('quebec-open-mini.json');

  it.each([
    ['after the last result, Standings and Finalize', true],
    ['right after the last result', false],
  ])('%s: the poster, the Standings and the ceremony equal `tengen standings`', async (_, withStandings) => {
    const saved = await pageDay(full, withStandings);
    await expectPosterAsCli(saved, full, file);
    await expectStandingsAsCli(saved, file);
    expect(trimmed(await saved.readSheet(CEREMONY_SHEET))).toEqual(trimmed(rendered(ceremonyOps(full), CEREMONY_SHEET)));
  });

  it('the European results of a congress follow its last result', async () => {
    const egc = load('egc-congress-final.json');
    const saved = await pageDay(egc, false);
    expect(trimmed(await saved.readSheet(EUROPEAN_SHEET))).toEqual(trimmed(rendered(europeanOps(egc), EUROPEAN_SHEET)));
    await expectPosterAsCli(saved, egc, path.join(ROOT, 'examples', 'egc-congress-final.json'));
  });

  it('the team sheets of a team tournament follow its last result', async () => {
    const teamFile = path.join(ROOT, 'examples', 'team-swiss-played.json');
    const teams = load('team-swiss-played.json');
    const saved = await pageDay(teams, false);
    const ops = teamSheetsOps(teams);
    expect(trimmed(await saved.readSheet(TEAM_MATCHES_SHEET))).toEqual(trimmed(rendered(ops, TEAM_MATCHES_SHEET)));
    const table = (await saved.readSheet(TEAM_STANDINGS_SHEET))!.slice(3).map((r) => ({ place: r[0], team: r[1] }));
    expect(table).toEqual(cliStandings(teamFile).map((s) => ({ place: s.place, team: s.team })));
  });
});

describe('derived sheets in a workbook written by the CLI', () => {
  it('`tengen workbook` of a finished tournament: the poster and the Standings equal `tengen standings`', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tengen-derived-'));
    try {
      const file = path.join(ROOT, 'examples', 'quebec-open-mini.json');
      const out = path.join(dir, 'quebec.xlsx');
      execFileSync(process.execPath, [path.join(ROOT, 'bin', 'tengen.js'), 'workbook', file, '--out', out], { encoding: 'utf8' });
      const wb = await XlsxWorkbook.load(readFileSync(out));
      await expectPosterAsCli(wb, load('quebec-open-mini.json'), file);
      await expectStandingsAsCli(wb, file);
      // And the CLI reads its own workbook back to the same standings.
      expect(cliStandings(out)).toEqual(cliStandings(file));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
