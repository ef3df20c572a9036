/**
 * A workbook Tengen saves opens in LibreOffice Calc and prints: the bundled example tournament (4 rounds, 13
 * players, byes, a default result, a latecomer) written through the `.xlsx` adapter, converted headless to PDF
 * (`libreoffice --headless --convert-to pdf`), rendered to PNG (`pdftoppm -png -r 60`, test-artifacts/) and read back
 * as text (`pdftotext -layout`): every player's line shows his victories and his place as the engine computes them.
 *
 * The live Grid's Place column is one spilled `=GO.PLACE(…)`, stored as Excel stores a dynamic array (`t="array"`).
 * LibreOffice (7.4) recalculates every array formula when it opens a file, whatever the cached values (a spilled
 * `SUM(1)` put in its place comes out computed), and it has no `GO.PLACE`: there the live Place column shows an
 * error, the rest of the grid its numbers. The values-only copy (`Grid (final)`, the official record) shows all.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { displayName } from '../../src/model/tournament';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { computeStandings } from '../../src/scoring/standings';
import { gridBatch, gridOps } from '../../src/workbook/grid';
import { XlsxWorkbook } from '../../src/workbook/xlsx';
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

  it("shows each player's victories (live grid and final copy) and place (final copy) as the engine computes them", () => {
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
      // The live grid: the victories (plain formulas, cached values kept); Place recalculated without the add-in
      const liveTail = live.trim().split(/\s+/).slice(-2);
      expect({ player: e.player.id, victories: liveTail[0] }).toEqual({ player: e.player.id, victories });
      // (its cached place, should a LibreOffice keep it; never another number).
      expect(['#NAME?', '###', String(e.place)]).toContain(liveTail[1]);
    }
  });
});
