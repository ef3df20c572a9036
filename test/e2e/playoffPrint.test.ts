/**
 * The league's playoff (the Bracket sheet) and the combined qualification list (the Qualification sheet) printed as a
 * director prints them: written through the `.xlsx` adapter, converted headless by LibreOffice Calc to PDF, rendered
 * to PNG (test-artifacts/print-playoff-*.png, to look at) and read back (`pdftotext -layout`): one landscape page
 * each, every game's players, the final places, the rule cited by title and section.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { PlayoffGame, Tournament } from '../../src/model/tournament';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { playoffOps } from '../../src/workbook/sheets/playoffSheet';
import { id } from '../pairing/fixtures';
import { league, threeWayBeats } from '../support/leagues';
import { artifactPath, describeWithBinaries } from './support';

const win = (round: number, table: number, winner: number, loser: number): PlayoffGame => ({ place: 1, round, table, white: id(winner), black: id(loser), handicap: 0, colourKnown: false, result: 'white-wins' });
/** The three-way tie for 1st played out: 3 beats 2, then 3 beats 1 in the final. */
const PLAYED: Tournament = { ...league(10, threeWayBeats), playoffs: [win(1, 1, 3, 2), win(2, 1, 3, 1)] };

describeWithBinaries('the playoff printed by LibreOffice Calc', ['libreoffice', 'pdftotext', 'pdftoppm'], (bin) => {
  let dir: string;
  let pages: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-playoff-print-'));
    for (const f of readdirSync(path.dirname(artifactPath('x'))).filter((x) => /^print-playoff-/.test(x))) rmSync(artifactPath(f));
    const wb = XlsxWorkbook.create();
    await wb.apply({ label: 'playoff', ops: playoffOps(PLAYED) });
    const file = path.join(dir, 'print-playoff.xlsx');
    writeFileSync(file, await wb.save());
    const convert = spawnSync(bin.libreoffice, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, file], { encoding: 'utf8', timeout: 300_000 });
    if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
    const pdf = path.join(dir, 'print-playoff.pdf');
    const text = spawnSync(bin.pdftotext, ['-layout', pdf, '-'], { encoding: 'utf8' });
    if (text.status !== 0) throw new Error(`pdftotext: ${text.stderr}`);
    pages = text.stdout.split('\f').filter((p) => p.trim() !== '');
    const png = spawnSync(bin.pdftoppm, ['-png', '-r', '80', pdf, path.join(dir, 'print-playoff')], { encoding: 'utf8' });
    if (png.status !== 0) throw new Error(`pdftoppm: ${png.stderr}`);
    copyFileSync(pdf, artifactPath('print-playoff.pdf'));
    for (const f of readdirSync(dir).filter((x) => /^print-playoff.*\.png$/.test(x))) copyFileSync(path.join(dir, f), artifactPath(f));
  }, 360_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints on one page: the games, the free win, the final places and the rule', () => {
    expect(pages).toHaveLength(1);
    const text = pages[0];
    expect(text).toContain('European Go Championship Tournament Rules, "The League\'s Knockout Playoffs"');
    for (const name of ['Player1, Anna', 'Player2, Anna', 'Player3, Anna']) expect(text).toContain(name);
    expect(text).toMatch(/free win/);
    expect(text).toMatch(/final/);
    expect(text).toMatch(/Final places/);
  });
});
