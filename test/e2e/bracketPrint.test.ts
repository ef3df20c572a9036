/**
 * The knockout's Bracket sheet printed as a director prints it: written through the `.xlsx` adapter, converted
 * headless by LibreOffice Calc to PDF, rendered to PNG (test-artifacts/print-bracket-<name>-<page>.png, to look at)
 * and read back (`pdftotext -layout`): one landscape page, every player of round 1, the winners.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { displayName, type Tournament } from '../../src/model/tournament';
import { bracketOps } from '../../src/workbook/sheets/bracketSheet';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { knockoutField, playedKnockout } from '../support/knockouts';
import { artifactPath, describeWithBinaries } from './support';

/** Each bracket printed: a fold knockout of 13 in round 2 (upsets at table 2), the PKOs of 24 and 32 played out. */
const BRACKETS: Record<string, Tournament> = {
  'fold-13': playedKnockout(knockoutField(13), 1, (_, table) => table === 2, true),
  'pko-24': playedKnockout(knockoutField(24, 'egc-pko-24'), 3, (round, table) => round === 1 && table % 3 === 0),
  'pko-32': playedKnockout(knockoutField(32, 'egc-pko-32'), 2, (_, table) => table === 4, true),
};

describeWithBinaries('the bracket printed by LibreOffice Calc', ['libreoffice', 'pdftotext', 'pdftoppm'], (bin) => {
  let dir: string;
  const pages = new Map<string, string[]>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-bracket-print-'));
    for (const f of readdirSync(path.dirname(artifactPath('x'))).filter((x) => /^print-bracket-/.test(x))) rmSync(artifactPath(f));
    const files: string[] = [];
    for (const [name, t] of Object.entries(BRACKETS)) {
      const wb = XlsxWorkbook.create();
      await wb.apply({ label: name, ops: bracketOps(t) });
      const file = path.join(dir, `bracket-${name}.xlsx`);
      writeFileSync(file, await wb.save());
      files.push(file);
    }
    const convert = spawnSync(bin.libreoffice, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files], { encoding: 'utf8', timeout: 300_000 });
    if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
    for (const name of Object.keys(BRACKETS)) {
      const pdf = path.join(dir, `bracket-${name}.pdf`);
      const text = spawnSync(bin.pdftotext, ['-layout', pdf, '-'], { encoding: 'utf8' });
      if (text.status !== 0) throw new Error(`pdftotext ${name}: ${text.stderr}`);
      pages.set(name, text.stdout.split('\f').filter((p) => p.trim() !== ''));
      const png = spawnSync(bin.pdftoppm, ['-png', '-r', '80', pdf, path.join(dir, `print-bracket-${name}`)], { encoding: 'utf8' });
      if (png.status !== 0) throw new Error(`pdftoppm ${name}: ${png.stderr}`);
      copyFileSync(pdf, artifactPath(`print-bracket-${name}.pdf`));
    }
    for (const f of readdirSync(dir).filter((x) => /^print-bracket-.*\.png$/.test(x))) copyFileSync(path.join(dir, f), artifactPath(f));
  }, 360_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(Object.keys(BRACKETS))('prints the %s bracket on one page, with every player of round 1', (name) => {
    const printed = pages.get(name)!;
    expect(printed).toHaveLength(1);
    const text = printed[0];
    for (const p of BRACKETS[name].players) expect({ name, player: displayName(p), found: text.includes(displayName(p)) }).toEqual({ name, player: displayName(p), found: true });
    expect(text).toMatch(/Round 1/);
  });

  it('prints the winners of the PKOs of 24 at the right', () => {
    const text = pages.get('pko-24')![0];
    expect(text).toMatch(/Winner/);
    expect(text).toMatch(/PKO III/);
  });
});
