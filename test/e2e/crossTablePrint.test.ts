/**
 * The round-robin's cross-table printed as a director prints it: written through the `.xlsx` adapter, converted
 * headless by LibreOffice Calc to PDF, rendered to PNG (test-artifacts/print-cross-table-*.png, to look at) and read
 * back as text: one landscape page with every player, every result and the Points and Place columns.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import { displayName, type PlayerId, type Tournament } from '../../src/model/tournament';
import { assignLots } from '../../src/pairing/lots';
import { crossTableOps } from '../../src/workbook/sheets/crossTableSheet';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { playLeague } from '../support/league';
import { player, tournament } from '../pairing/fixtures';
import { artifactPath, describeWithBinaries, ROOT } from './support';

function egcLeague(): Tournament {
  const file = path.join(ROOT, 'examples', 'egc-league-10.json');
  const p = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!p.ok) throw new Error('example');
  return playLeague(assignLots(p.value, 'lottery', 2026), (id: PlayerId) => (id * 37) % 11);
}

function bergerTwelveTwoCycles(): Tournament {
  const names = ['Kowalski', 'Novák', 'Müller', 'Rossi', 'García', 'Smith', 'Dupont', 'Jansen', 'Horváth', 'Popescu', 'Ivanov', 'Andersson'];
  const players = names.map((family, i) => player(i + 1, `${(i % 5) + 1}k`, { family, given: 'Alexandra-Maria' }));
  return playLeague({ ...tournament(players, { system: 'round-robin', cycles: 2, rounds: 22, ruleset: 'egf' }), name: 'Club league 2026 (two cycles)' }, (id) => (id * 5) % 7);
}

const PRINTED: Record<string, Tournament> = { 'cross-table-egc-10': egcLeague(), 'cross-table-berger-12x2': bergerTwelveTwoCycles() };

describeWithBinaries('the cross-table in LibreOffice Calc (PDF pages)', ['libreoffice', 'pdftotext', 'pdftoppm'], (bin) => {
  let dir: string;
  const pages = new Map<string, string[]>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-cross-'));
    const files: string[] = [];
    for (const [name, t] of Object.entries(PRINTED)) {
      const wb = XlsxWorkbook.create();
      await wb.apply({ label: name, ops: crossTableOps(t) });
      const file = path.join(dir, `${name}.xlsx`);
      writeFileSync(file, await wb.save());
      copyFileSync(file, artifactPath(`${name}.xlsx`));
      files.push(file);
    }
    const convert = spawnSync(bin.libreoffice, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files], { encoding: 'utf8', timeout: 300_000 });
    if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
    for (const name of Object.keys(PRINTED)) {
      const pdf = path.join(dir, `${name}.pdf`);
      const text = spawnSync(bin.pdftotext, ['-layout', pdf, '-'], { encoding: 'utf8' });
      if (text.status !== 0) throw new Error(`pdftotext ${name}: ${text.stderr}`);
      pages.set(name, text.stdout.split('\f').filter((p) => p.trim() !== ''));
      const png = spawnSync(bin.pdftoppm, ['-png', '-r', '80', pdf, path.join(dir, `print-${name}`)], { encoding: 'utf8' });
      if (png.status !== 0) throw new Error(`pdftoppm ${name}: ${png.stderr}`);
      copyFileSync(pdf, artifactPath(`print-${name}.pdf`));
    }
    for (const f of readdirSync(dir).filter((x) => /^print-cross-table.*\.png$/.test(x))) copyFileSync(path.join(dir, f), artifactPath(f));
  }, 360_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(Object.keys(PRINTED))('%s: one page, every player, every result, points and place', (name) => {
    const t = PRINTED[name];
    const printed = pages.get(name)!;
    expect(printed).toHaveLength(1);
    const page = printed[0];
    for (const p of t.players) expect(page).toContain(displayName(p));
    expect(page).toMatch(/Points\s+Place/);
    // Each player's row ends with his points and place (the cached values: no #NAME? from the live formulas).
    expect(page).not.toMatch(/#NAME|Err:/);
    const cells = page.match(/(?<![\w½])[01½][bw](?!\w)/g) ?? [];
    expect(cells.length).toBeGreaterThanOrEqual(t.games.filter((g) => g.result === 'white-wins' || g.result === 'black-wins' || g.result === 'jigo').length * 2);
  });
});
