/**
 * A workbook Tengen saves opens in LibreOffice Calc and prints: the bundled example tournament (4 rounds, 13
 * players, byes, a default result, a latecomer) written through the `.xlsx` adapter, converted headless to PDF
 * (`libreoffice --headless --convert-to pdf`), rendered to PNG (`pdftoppm -png -r 60`, test-artifacts/) and read back
 * as text (`pdftotext -layout`): every player's line shows his victories and his place as the engine computes them.
 *
 * The live Grid's Place column is one spilled `=GO.PLACE(…)`, stored as Excel stores a dynamic array (`t="array"`).
 * LibreOffice (7.4) recalculates every array formula when it opens a file, whatever the cached values (a spilled
 * `SUM(1)` put in its place comes out computed), and it has no `GO.PLACE`. So the formula asks `GO.VERSION()` first
 * and, where it does not answer, shows the values Tengen wrote on the hidden cache sheet — while the grid and the
 * settings are what they were computed from (src/workbook/formulas/names.ts, `withCachedFallback`). Here: every live place
 * shown as the engine computes it; and once a result is changed in the file behind Tengen's back, `#N/A` in every
 * place of the live grid and the live Standings, never a stale number. The values-only copy (`Grid (final)`, the
 * official record) shows all.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { displayName } from '../../src/model/tournament';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { computeStandings } from '../../src/scoring/standings';
import { cellAddress } from '../../src/workbook/cells/address';
import { gridBatch, gridLayout, gridOps } from '../../src/workbook/sheets/grid';
import { gridCacheOps, settingsCacheOps } from '../../src/workbook/formulas/liveCache';
import { settingsOps } from '../../src/workbook/sheets/settingsSheet';
import { importBatch, liveValuesBatch, readTournament, resultsBatch } from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { example } from '../workbook/fixtures';
import { artifactPath, describeWithBinaries } from './support';

describeWithBinaries('a saved workbook in LibreOffice Calc (PDF)', ['libreoffice', 'pdftotext', 'pdftoppm'], (bin) => {
  let dir: string;
  let pdfText = '';
  const t = example();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-lo-'));
    const wb = XlsxWorkbook.create();
    await wb.apply(gridBatch(t));
    // The settings and the hidden cache sheets the live Place column falls back on (hidden sheets are not printed).
    await wb.apply({ label: 'settings and cache', ops: [...settingsOps(t.settings, t.shortName), ...gridCacheOps(t), ...settingsCacheOps(t.settings, t.shortName)] });
    await wb.apply({ label: 'final', ops: gridOps(t, { sheet: 'Grid (final)', valuesOnly: true }) });
    const xlsx = path.join(dir, 'quebec-open-mini.xlsx');
    writeFileSync(xlsx, await wb.save());
    // A profile of its own: never touches the user's, and two runs never share one.
    const profile = `file://${path.join(dir, 'profile')}`;
    const convert = spawnSync(bin.libreoffice, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, xlsx], {
      encoding: 'utf8',
      timeout: 180_000,
    });
    if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
    const pdf = path.join(dir, 'quebec-open-mini.pdf');
    if (!existsSync(pdf)) throw new Error(`libreoffice wrote no PDF (stdout: ${convert.stdout}; stderr: ${convert.stderr})`);
    expect(convert.stderr).not.toMatch(/error/i);
    copyFileSync(pdf, artifactPath('quebec-open-mini.pdf'));

    const png = spawnSync(bin.pdftoppm, ['-png', '-r', '60', pdf, path.join(dir, 'page')], { encoding: 'utf8' });
    if (png.status !== 0) throw new Error(`pdftoppm exited with ${png.status}: ${png.stderr}`);
    for (const f of readdirSync(dir).filter((x) => /^page.*\.png$/.test(x))) copyFileSync(path.join(dir, f), artifactPath(`libreoffice-${f}`));

    const text = spawnSync(bin.pdftotext, ['-layout', pdf, '-'], { encoding: 'utf8' });
    if (text.status !== 0) throw new Error(`pdftotext exited with ${text.status}: ${text.stderr}`);
    pdfText = text.stdout;
  }, 240_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('converts to a PDF of at least one page, rendered to PNG', () => {
    expect(pdfText.length).toBeGreaterThan(0);
    expect(readdirSync(path.dirname(artifactPath('x'))).some((f) => /^libreoffice-page.*\.png$/.test(f))).toBe(true);
  });

  it('shows the title block and every player', () => {
    expect(pdfText).toContain(t.name);
    for (const p of t.players) expect(pdfText).toContain(displayName(p));
  });

  it("shows each player's victories and place, in the live grid and the final copy, as the engine computes them", () => {
    const standings = computeStandings(t);
    const sb = buildScoreboard(t);
    const lines = pdfText.split('\n');
    for (const e of standings.entries) {
      const [live, final] = lines.filter((l) => l.includes(displayName(e.player)));
      expect(final).toBeDefined();
      const index = sb.indexOf.get(e.player.id)!;
      const victories = String(sb.nbwAfter[index][t.settings.rounds] / 2);
      // The line ends with Victories then Place.
      const tail = final.trim().split(/\s+/).slice(-2);
      expect({ player: e.player.id, tail }).toEqual({ player: e.player.id, tail: [victories, String(e.place)] });
      // The live grid: the victories (plain formulas, cached values kept) and the place (the spill's fallback).
      const liveTail = live.trim().split(/\s+/).slice(-2);
      expect({ player: e.player.id, liveTail }).toEqual({ player: e.player.id, liveTail: [victories, String(e.place)] });
    }
  });
});

/** One CSV line's fields: quoted fields may hold commas ("Tremblay, Gabriel") and doubled quotes. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  const field = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = field.exec(line); m !== null && m.index < line.length + 1; m = field.exec(line)) {
    fields.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (m[2] === '') break;
  }
  return fields;
}

/** Every sheet of an .xlsx as LibreOffice computes it on opening, as CSV (one file per sheet, LibreOffice 7.2+). */
function sheetsAsCsv(bin: Record<string, string>, dir: string, xlsx: string): Map<string, string[][]> {
  const profile = `file://${path.join(dir, 'profile')}`;
  const out = path.join(dir, 'csv');
  // Filter options: comma, double quote, UTF-8, from line 1, …, token 12 = -1: every sheet, each to <name>-<Sheet>.csv.
  const convert = spawnSync(bin.libreoffice, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1', '--outdir', out, xlsx], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
  const base = path.basename(xlsx, '.xlsx');
  const sheets = new Map<string, string[][]>();
  for (const f of readdirSync(out)) {
    if (!f.startsWith(`${base}-`) || !f.endsWith('.csv')) continue;
    const rows = readFileSync(path.join(out, f), 'utf8').split('\n').map(csvFields);
    sheets.set(f.slice(base.length + 1, -4), rows);
  }
  rmSync(out, { recursive: true, force: true });
  return sheets;
}

describeWithBinaries('the live spills in LibreOffice: the values Tengen wrote, or #N/A once the grid changed behind its back', ['libreoffice'], (bin) => {
  let dir: string;
  const t = example();
  const layout = gridLayout(t.settings.rounds, t.players.length);
  const placeColumn = layout.columns.place - 1;
  const standings = computeStandings(t);

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-lo-live-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function written(): Promise<XlsxWorkbook> {
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(t, { time: '2026-11-24T12:00:00Z' }));
    return wb;
  }

  it('as written by Tengen: every place of the live grid and the live Standings table as the engine computes them', async () => {
    const xlsx = path.join(dir, 'as-written.xlsx');
    writeFileSync(xlsx, await (await written()).save());
    const sheets = sheetsAsCsv(bin, dir, xlsx);
    const grid = sheets.get('Grid')!;
    for (const e of standings.entries) {
      const row = grid.findIndex((r, i) => i >= layout.firstPlayerRow - 1 && r[0] === String(e.player.id));
      expect({ id: e.player.id, place: grid[row][placeColumn] }).toEqual({ id: e.player.id, place: String(e.place) });
    }
    const table = sheets.get('Standings')!;
    // Row 3 is the header; then one row per player: place and ID as the engine orders them.
    expect(table.slice(3, 3 + standings.entries.length).map((r) => [r[0], r[1]])).toEqual(standings.entries.map((e) => [String(e.place), String(e.player.id)]));
  }, 240_000);

  it('a result changed in the file without Tengen: #N/A in the live places and table, never a stale place', async () => {
    const wb = await written();
    // The first player's round-1 result flipped, as a director might type it in a spreadsheet without the add-in:
    // that one cell written, nothing else (not the cache).
    const [row, column] = [layout.firstPlayerRow, layout.resultColumn(1)];
    const was = (await wb.readSheet('Grid'))![row - 1][column - 1];
    expect(['+', '-']).toContain(was);
    await wb.apply({ label: 'typed by hand', ops: [{ kind: 'write', sheet: 'Grid', at: cellAddress(row, column), cells: [[was === '+' ? '-' : '+']] }] });
    const xlsx = path.join(dir, 'edited.xlsx');
    writeFileSync(xlsx, await wb.save());
    const sheets = sheetsAsCsv(bin, dir, xlsx);
    const grid = sheets.get('Grid')!;
    for (let row = layout.firstPlayerRow - 1; row < layout.lastRow; row += 2) expect({ row: row + 1, place: grid[row][placeColumn] }).toEqual({ row: row + 1, place: '#N/A' });
    expect(sheets.get('Standings')![3][0]).toBe('#N/A');
  }, 240_000);

  it('a result Tengen writes into a workbook opened from its file (cells changed in the sheet XML, issue 28): shown, with the live places and table as the engine computes them once the page refreshes them before saving', async () => {
    const wb = await XlsxWorkbook.open(await (await written()).save());
    const read = await readTournament(wb);
    if (!read.ok) throw new Error('the workbook did not read back');
    const game = read.value.games.find((g) => g.round === t.settings.rounds && g.result === 'white-wins')!;
    await wb.apply(resultsBatch(read.value, game.round, [{ table: game.table!, result: 'black-wins' }], { confirmOverwrite: true, time: '2026-11-24T13:00:00Z' }));
    // As the page saves a file: the live formulas' cached values brought to the engine's first (a result alone leaves
    // them to Excel's recalculation, and LibreOffice shows #N/A rather than a stale place).
    const reread = await readTournament(wb);
    if (!reread.ok) throw new Error('the workbook did not read back after the result');
    await wb.apply(liveValuesBatch(reread.value));
    const xlsx = path.join(dir, 'result-written.xlsx');
    const saved = await wb.save();
    writeFileSync(xlsx, saved);
    const after = await readTournament(await XlsxWorkbook.open(saved));
    if (!after.ok) throw new Error('the saved workbook did not read back');
    expect(after.value.games.find((g) => g.round === game.round && g.table === game.table)!.result).toBe('black-wins');
    const sheets = sheetsAsCsv(bin, dir, xlsx);
    const grid = sheets.get('Grid')!;
    const now = computeStandings(after.value);
    for (const e of now.entries) {
      const row = grid.findIndex((r, i) => i >= layout.firstPlayerRow - 1 && r[0] === String(e.player.id));
      expect({ id: e.player.id, place: grid[row][placeColumn] }).toEqual({ id: e.player.id, place: String(e.place) });
    }
    expect(sheets.get('Standings')!.slice(3, 3 + now.entries.length).map((r) => [r[0], r[1]])).toEqual(now.entries.map((e) => [String(e.place), String(e.player.id)]));
  }, 240_000);
});
