/**
 * Issue 25, item 3: a finished workbook prints on A4 and on US Letter through LibreOffice with no stray page and no
 * slip cut. The tournament is the issue's: 29 players of an EGF McMahon (bar 3d, floor 15k, 5 rounds), every result
 * in, Standings and Finalize done, written through the session's batches and the .xlsx adapter as the page saves it.
 *
 * Each sheet is printed alone (a copy of the workbook with every other sheet hidden and without a print area), all
 * copies converted in ONE LibreOffice run, and each PDF's pages counted (pdfinfo): every sheet's count is what its
 * layout plans (the pairing sheet one page, the slips six a page, the poster sixteen players a page, the Grid ten,
 * the standings and the ceremony one page …), the same on both papers. The workbook's print areas are absolute
 * (`$A$1:$D$18`: LibreOffice ignores `$A1:$D18`) and its paper size set. The counts are written to
 * test-artifacts/paper-pages.json, the poster, standings and a pairings page as PNGs beside them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import JSZip from 'jszip';
import { parseRank } from '../../src/model/rank';
import type { Paper, Tournament } from '../../src/model/tournament';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { finalizeBatch, importBatch, readTournament, standingsBatch } from '../../src/workbook/session';
import { SLIPS_PER_PAGE } from '../../src/workbook/sheets/slipsSheet';
import { generated, value } from '../workbook/fixtures';
import { artifactPath, describeWithBinaries } from './support';

const TIME = '2026-05-16T18:00:00Z';

function rank(text: string): number {
  const r = parseRank(text);
  if (!r.ok) throw new Error(r.message);
  return r.rank;
}

/** The field: 29 players, an EGF McMahon with the bar at 3d and the floor at 15k, five rounds played. */
function lyon(paper: Paper): Tournament {
  const t = generated(29, 5, 25);
  return { ...t, name: 'Lyon Spring McMahon 2026', settings: { ...t.settings, ruleset: 'egf', bar: rank('3d') as never, floor: rank('15k') as never, paper } };
}

async function finishedWorkbook(t: Tournament): Promise<Uint8Array> {
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(t, { time: TIME }));
  await wb.apply(standingsBatch(value(await readTournament(wb))));
  await wb.apply(finalizeBatch(value(await readTournament(wb)), { time: TIME }));
  return new Uint8Array(await wb.save());
}

/**
 * A copy of the workbook with one sheet visible: the others marked hidden in xl/workbook.xml and their print areas
 * dropped (LibreOffice prints a hidden sheet's print range), the XML edited in place so that everything else — the
 * row breaks, the scale, the paper — is byte for byte what Tengen wrote (a round trip through ExcelJS loses the breaks).
 */
async function sheetAlone(bytes: Uint8Array, index: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  let workbook = await zip.file('xl/workbook.xml')!.async('string');
  let k = -1;
  workbook = workbook.replace(/<sheet (?![^>]*state="hidden")([^>]*?)\/>/g, (m, attrs: string) => {
    k += 1;
    return k === index ? m : `<sheet ${attrs.replace(/\s*state="[^"]*"/, '')} state="hidden"/>`;
  });
  let all = -1;
  const visibleIndex = [...(await zip.file('xl/workbook.xml')!.async('string')).matchAll(/<sheet ([^>]*?)\/>/g)].findIndex((m) => {
    if (!/state="hidden"/.test(m[0])) all += 1;
    return all === index && !/state="hidden"/.test(m[0]);
  });
  workbook = workbook.replace(/<definedName name="_xlnm\.Print_Area" localSheetId="(\d+)">[^<]*<\/definedName>/g, (m, id: string) => (Number(id) === visibleIndex ? m : ''));
  workbook = workbook.replace(/activeTab="\d+"/, `activeTab="${visibleIndex}"`).replace(/firstSheet="\d+"/, `firstSheet="${visibleIndex}"`);
  zip.file('xl/workbook.xml', workbook);
  for (const f of Object.keys(zip.files).filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f))) {
    zip.file(f, (await zip.file(f)!.async('string')).replace(/ tabSelected="1"/g, ''));
  }
  return zip.generateAsync({ type: 'nodebuffer' });
}

function pages(pdf: string): number {
  const info = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' });
  if (info.status !== 0) throw new Error(`pdfinfo ${pdf}: ${info.stderr}`);
  return Number(/^Pages:\s+(\d+)/m.exec(info.stdout)![1]);
}

/** Each page's size in points (pdfinfo -f 1 -l N). */
function pageSize(pdf: string): string {
  const info = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' });
  return /^Page size:\s+(.*)$/m.exec(info.stdout)![1];
}

describeWithBinaries('a finished workbook printed on A4 and on Letter (LibreOffice)', ['libreoffice', 'pdftoppm', 'pdftotext'], (bin) => {
  let dir: string;
  const counts: Record<Paper, Record<string, number>> = { A4: {}, Letter: {} };
  const sizes: Record<Paper, string> = { A4: '', Letter: '' };
  const sheetsOf: Record<Paper, string[]> = { A4: [], Letter: [] };
  const printAreas: string[] = [];
  const paperSizes: Record<Paper, string[]> = { A4: [], Letter: [] };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-paper-'));
    const files: string[] = [];
    for (const paper of ['A4', 'Letter'] as const) {
      const bytes = await finishedWorkbook(lyon(paper));
      const whole = path.join(dir, `lyon-${paper}.xlsx`);
      writeFileSync(whole, bytes);
      copyFileSync(whole, artifactPath(`lyon-${paper}.xlsx`));
      const zip = await JSZip.loadAsync(bytes);
      const workbookXml = await zip.file('xl/workbook.xml')!.async('string');
      printAreas.push(...[...workbookXml.matchAll(/<definedName name="_xlnm.Print_Area"[^>]*>([^<]*)</g)].map((m) => m[1].replace(/&apos;/g, "'")));
      for (const f of Object.keys(zip.files).filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f))) {
        const xml = await zip.file(f)!.async('string');
        const m = /<pageSetup[^>]*paperSize="(\d+)"/.exec(xml);
        paperSizes[paper].push(m ? m[1] : 'none');
      }
      // The visible sheets, in tab order (the hidden cache sheets are not printed).
      sheetsOf[paper] = [...workbookXml.matchAll(/<sheet ([^>]*?)\/>/g)].filter((m) => !/state="hidden"/.test(m[0])).map((m) => /name="([^"]*)"/.exec(m[1])![1].replace(/&apos;/g, "'"));
      for (const i of sheetsOf[paper].keys()) {
        const file = path.join(dir, `${paper}-${i}.xlsx`);
        writeFileSync(file, await sheetAlone(bytes, i));
        files.push(file);
      }
      files.push(whole);
    }
    // One LibreOffice start for every file.
    const profile = `file://${path.join(dir, 'profile')}`;
    const convert = spawnSync(bin.libreoffice, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files], { encoding: 'utf8', timeout: 400_000 });
    if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
    for (const paper of ['A4', 'Letter'] as const) {
      sheetsOf[paper].forEach((sheet, i) => (counts[paper][sheet] = pages(path.join(dir, `${paper}-${i}.pdf`))));
      counts[paper]['(whole workbook)'] = pages(path.join(dir, `lyon-${paper}.pdf`));
      sizes[paper] = pageSize(path.join(dir, `lyon-${paper}.pdf`));
      copyFileSync(path.join(dir, `lyon-${paper}.pdf`), artifactPath(`lyon-${paper}.pdf`));
      // The poster, the standings and the last round's pairings and slips, as PNGs to look at.
      for (const sheet of ['Grid poster', 'Standings', 'Pairings R5', 'Slips R5', 'Prize ceremony']) {
        const i = sheetsOf[paper].indexOf(sheet);
        if (i < 0) continue;
        const png = spawnSync(bin.pdftoppm, ['-png', '-r', '50', path.join(dir, `${paper}-${i}.pdf`), path.join(dir, `png-${paper}-${sheet.replace(/\s+/g, '-')}`)], { encoding: 'utf8' });
        if (png.status !== 0) throw new Error(`pdftoppm: ${png.stderr}`);
      }
    }
    for (const f of readdirSync(dir).filter((x) => x.startsWith('png-'))) copyFileSync(path.join(dir, f), artifactPath(`paper-${f.slice(4)}`));
    writeFileSync(artifactPath('paper-pages.json'), `${JSON.stringify({ counts, sizes }, null, 2)}\n`);
  }, 600_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stores every print area with absolute rows and columns, and the paper size (9 A4, 1 Letter) on every printed sheet', () => {
    expect(printAreas.length).toBeGreaterThan(8);
    for (const area of printAreas) expect(area).toMatch(/^(?:'[^']+'|[A-Za-z0-9_.]+)!\$[A-Z]+\$\d+:\$[A-Z]+\$\d+$/);
    expect(paperSizes.A4.filter((s) => s !== 'none').every((s) => s === '9')).toBe(true);
    expect(paperSizes.Letter.filter((s) => s !== 'none').every((s) => s === '1')).toBe(true);
    expect(paperSizes.A4.filter((s) => s === '9').length).toBeGreaterThan(8);
  });

  it.each(['A4', 'Letter'] as const)('on %s: every sheet prints on the pages its layout plans, none stray, no slip cut', (paper) => {
    const c = counts[paper];
    const tables = 14; // 29 players: 14 tables and a bye
    // The first page (the Grid, landscape): the paper named.
    expect(sizes[paper]).toMatch(paper === 'A4' ? /^841\.\d* x 595\.\d* pts \(A4\)/ : /^792 x 612 pts \(letter\)/);
    expect(c['Pairings R5']).toBe(1);
    expect(c['Slips R5']).toBe(Math.ceil(tables / SLIPS_PER_PAGE));
    expect(c['Grid poster']).toBe(Math.ceil(29 / 16));
    expect(c.Grid).toBe(Math.ceil(29 / 10));
    expect(c['Grid (final)']).toBe(Math.ceil(29 / 10));
    expect(c.Standings).toBe(1);
    expect(c['Standings (final)']).toBe(1);
    expect(c['Prize ceremony']).toBe(1);
    expect(c.Players).toBe(1);
    expect(c.Settings).toBe(1);
    for (let r = 1; r <= 4; r++) expect(c[`Pairings R${r}`]).toBe(1);
    // The whole workbook is the sum of its sheets: no page of a sheet spills onto another one.
    const sum = Object.entries(c).filter(([s]) => s !== '(whole workbook)').reduce((n, [, k]) => n + k, 0);
    expect(c['(whole workbook)']).toBe(sum);
  });
});
