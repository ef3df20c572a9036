/**
 * Issue 25, item 3: a finished workbook prints on A4 and on US Letter through LibreOffice with no stray page and no
 * slip cut. The tournament is the issue's: 29 players of an EGF McMahon (bar 3d, floor 15k, 5 rounds), every result
 * in, Standings and Finalize done, written through the session's batches and the .xlsx adapter as the page saves it.
 *
 * Both workbooks are converted in ONE LibreOffice run and each PDF page's text read back (pdftotext): the page count
 * is what the layouts plan, sheet by sheet (the Grid ten players a page, the poster sixteen, each pairing sheet one
 * page without its Result/How columns, the slips six a page with every slip whole, Standings and ceremony one page),
 * the same on both papers; the first page's size names the paper. The workbook's print areas are absolute
 * (`$A$1:$D$18`: LibreOffice ignores `$A1:$D18`) and its paper size set. Counts, sheets and every page as a PNG in
 * test-artifacts/ (paper-pages.json, paper-A4-NN.png, paper-Letter-NN.png).
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
  const pageTexts: Record<Paper, string[]> = { A4: [], Letter: [] };
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
      files.push(whole);
    }
    // One LibreOffice start for every file.
    const profile = `file://${path.join(dir, 'profile')}`;
    const convert = spawnSync(bin.libreoffice, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files], { encoding: 'utf8', timeout: 400_000 });
    if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
    for (const paper of ['A4', 'Letter'] as const) {
      // Each page's text, to tell which sheet it belongs to by the words it starts with.
      const pdf = path.join(dir, `lyon-${paper}.pdf`);
      for (let p = 1; p <= pages(pdf); p++) {
        const text = spawnSync(bin.pdftotext, ['-f', String(p), '-l', String(p), '-layout', pdf, '-'], { encoding: 'utf8' }).stdout;
        pageTexts[paper].push(text);
      }
      counts[paper]['(whole workbook)'] = pageTexts[paper].length;
      sizes[paper] = pageSize(path.join(dir, `lyon-${paper}.pdf`));
      copyFileSync(path.join(dir, `lyon-${paper}.pdf`), artifactPath(`lyon-${paper}.pdf`));
      // Every page as a PNG to look at (the poster, the standings, the pairings and the slips among them).
      const png = spawnSync(bin.pdftoppm, ['-png', '-r', '40', pdf, path.join(dir, `png-${paper}`)], { encoding: 'utf8' });
      if (png.status !== 0) throw new Error(`pdftoppm: ${png.stderr}`);
    }
    for (const f of readdirSync(dir).filter((x) => x.startsWith('png-'))) copyFileSync(path.join(dir, f), artifactPath(`paper-${f.slice(4)}`));
    writeFileSync(artifactPath('paper-pages.json'), `${JSON.stringify({ counts, sizes, sheets: sheetsOf, firstLines: pageTexts.A4.map((t) => t.split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 50)) }, null, 2)}\n`);
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
    const texts = pageTexts[paper];
    const tables = 14; // 29 players: 14 tables and a bye
    // The first page (the Grid, landscape): the paper named.
    expect(sizes[paper]).toMatch(paper === 'A4' ? /^841\.\d* x 595\.\d* pts \(A4\)/ : /^792 x 612 pts \(letter\)/);
    // The pages the layouts plan: Grid 3 (ten players a page), Players 1, Settings 1, poster 2 (sixteen a page),
    // Pairings R1–R5 one each, slips 3 (six a page), Standings 1, ceremony 1, Log 1, Grid (final) 3, Standings (final) 1.
    const planned = 3 + 1 + 1 + Math.ceil(29 / 16) + 5 + Math.ceil(tables / SLIPS_PER_PAGE) + 1 + 1 + 1 + 3 + 1;
    expect(c['(whole workbook)']).toBe(planned);
    // Each pairing sheet on one page, without its Result and How columns (outside the print area).
    const pairings = texts.filter((t) => /^\s*Round \d\s*$/m.test(t.split('\n').find((l) => l.trim() !== '') ?? ''));
    expect(pairings).toHaveLength(5);
    for (const t of pairings) expect(t).not.toMatch(/\bHow\b/);
    // No slip cut: every page of slips holds whole slips (a header, its two players and its signatures).
    const slips = texts.filter((t) => /Table \d+\s+Round 5 —/.test(t));
    expect(slips).toHaveLength(Math.ceil(tables / SLIPS_PER_PAGE));
    let seen = 0;
    for (const t of slips) {
      const heads = (t.match(/Table \d+\s+Round 5 —/g) ?? []).length;
      expect({ heads, signatures: (t.match(/Signatures/g) ?? []).length, whites: (t.match(/^\s*White\s/gm) ?? []).length }).toEqual({ heads, signatures: heads, whites: heads });
      seen += heads;
    }
    expect(seen).toBe(tables);
  });
});
