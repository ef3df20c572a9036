/**
 * The QR codes of the workbook's printouts on paper (issue 22, "Done means" 2): the result slips of 41 players (20
 * tables) and the table list of 101, with a site address, written through the `.xlsx` adapter, printed by LibreOffice
 * Calc to PDF, rendered to PNG at 150 dpi (`pdftoppm`; kept as test-artifacts/qr-print-<printout>-<page>.png to look
 * at) and read back:
 *  - each slip's band of the page — from its "Table N" line to its cut line (word positions from `pdftotext -bbox`) —
 *    holds two codes (jsQR, over a window slid across the band), White's left of Black's, decoding to the two
 *    players' pages: the codes print inside their slip;
 *  - six slips a page, none cut across pages, both codes of every slip found;
 *  - the table list's code decodes to the round's pairings by name.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Tournament } from '../../src/model/tournament';
import { gamesByTable } from '../../src/workbook/sheets/pairingsSheet';
import { slipsOps } from '../../src/workbook/sheets/slipsSheet';
import { tablesOps } from '../../src/workbook/sheets/tablesSheet';
import { printedTournament } from './printFixture';
import { artifactPath, describeWithBinaries, printBatchesToPdf } from './support';

const SITE = 'https://go.example.org/open-2026/';
const DPI = 150;
const withSite = (t: Tournament): Tournament => ({ ...t, settings: { ...t.settings, siteUrl: SITE } });
const fortyOne = withSite(printedTournament(41, 1, 3));
const hundredOne = withSite(printedTournament(101, 1, 5));
const PRINTOUTS = { 'slips-41': slipsOps(fortyOne, 1), 'tables-101': tablesOps(hundredOne, 1) } as const;

interface Found {
  readonly data: string;
  /** The code's box in PDF points from the page's top-left. */
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/** A page's PNG. */
function readPng(file: string): PNG {
  return PNG.sync.read(readFileSync(file));
}

/**
 * The QR code in a window of a page (PDF points: `top` to `bottom`, centred across on `centre`, as wide as high),
 * with its box; undefined when jsQR finds none there.
 */
function codeAt(png: PNG, top: number, bottom: number, centre: number): Found | undefined {
  const px = (pt: number) => Math.round((pt * DPI) / 72);
  const pt = (p: number) => (p * 72) / DPI;
  const y0 = Math.max(0, px(top));
  const height = Math.min(png.height, px(bottom)) - y0;
  const width = height;
  const x0 = Math.max(0, Math.min(png.width - width, px(centre) - Math.round(width / 2)));
  const window = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) window.set(png.data.subarray(((y0 + y) * png.width + x0) * 4, ((y0 + y) * png.width + x0 + width) * 4), y * width * 4);
  const code = jsQR(window, width, height, { inversionAttempts: 'dontInvert' });
  if (!code) return undefined;
  const l = code.location;
  const xs = [l.topLeftCorner.x, l.topRightCorner.x, l.bottomLeftCorner.x, l.bottomRightCorner.x].map((x) => x + x0);
  const ys = [l.topLeftCorner.y, l.topRightCorner.y, l.bottomLeftCorner.y, l.bottomRightCorner.y].map((y) => y + y0);
  return { data: code.data, left: pt(Math.min(...xs)), right: pt(Math.max(...xs)), top: pt(Math.min(...ys)), bottom: pt(Math.max(...ys)) };
}

/** The words of each page, with their top in PDF points (`pdftotext -bbox`). */
function wordsOf(pdftotext: string, pdf: string): Word[][] {
  const run = spawnSync(pdftotext, ['-bbox', pdf, '-'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext -bbox: ${run.stderr}`);
  return run.stdout
    .split(/<page\b/)
    .slice(1)
    .map((page) => [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({ word: m[4], top: Number(m[2]), centre: (Number(m[1]) + Number(m[3])) / 2 })));
}

interface Word {
  readonly word: string;
  readonly top: number;
  /** The middle of the word, across, in PDF points. */
  readonly centre: number;
}

describeWithBinaries('QR codes on printed slips and table lists (LibreOffice Calc, PDF, PNG)', ['libreoffice', 'pdftotext', 'pdftoppm'], (bin) => {
  let dir: string;
  const pngs = new Map<string, string[]>();
  const words = new Map<string, Word[][]>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-qr-print-'));
    await printBatchesToPdf(bin.libreoffice, dir, PRINTOUTS);
    for (const name of Object.keys(PRINTOUTS)) {
      const pdf = path.join(dir, `${name}.pdf`);
      words.set(name, wordsOf(bin.pdftotext, pdf));
      const png = spawnSync(bin.pdftoppm, ['-png', '-r', String(DPI), pdf, path.join(dir, `qr-print-${name}`)], { encoding: 'utf8' });
      if (png.status !== 0) throw new Error(`pdftoppm ${name}: ${png.stderr}`);
      const pages = readdirSync(dir).filter((f) => f.startsWith(`qr-print-${name}-`) && f.endsWith('.png')).sort();
      pngs.set(name, pages.map((f) => path.join(dir, f)));
      for (const f of pages) copyFileSync(path.join(dir, f), artifactPath(f));
      copyFileSync(pdf, artifactPath(`qr-print-${name}.pdf`));
    }
  }, 360_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints six slips a page, each whole, with both players\' codes inside it, decoding to their pages', () => {
    const games = gamesByTable(fortyOne, 1);
    const pages = pngs.get('slips-41')!;
    expect(pages).toHaveLength(Math.ceil(games.length / 6));
    pages.forEach((file, p) => {
      const pageWords = words.get('slips-41')![p];
      // The slips of this page: each "Table N" heading, and the cut lines.
      const heads = pageWords.flatMap((w, i) => (w.word === 'Table' && /^\d+$/.test(pageWords[i + 1]?.word ?? '') ? [{ table: Number(pageWords[i + 1].word), top: w.top }] : [])).sort((a, b) => a.top - b.top);
      const cuts = pageWords.filter((w) => w.word === 'cut').map((w) => w.top).sort((a, b) => a - b);
      const expected = games.slice(6 * p, 6 * p + 6);
      expect({ page: p + 1, tables: heads.map((h) => h.table) }).toEqual({ page: p + 1, tables: expected.map((g) => g.table) });
      expect({ page: p + 1, cuts: cuts.length }).toEqual({ page: p + 1, cuts: expected.length });
      const png = readPng(file);
      expected.forEach((g, i) => {
        // The slip's band: from a little above its heading to its cut line. The codes' captions ("White", "Black",
        // the rightmost such words of the band) say where across each code is printed; the code is looked for in a
        // square of the band's height around there, so a code found lies inside its slip.
        const top = heads[i].top - 12;
        const cut = cuts[i];
        const inBand = pageWords.filter((w) => w.top > top && w.top < cut);
        const caption = (word: string) => inBand.filter((w) => w.word === word).sort((a, b) => b.centre - a.centre)[0];
        const white = codeAt(png, top, cut, caption('White').centre);
        const black = codeAt(png, top, cut, caption('Black').centre);
        expect({ page: p + 1, table: g.table, white: white?.data, black: black?.data }).toEqual({ page: p + 1, table: g.table, white: `${SITE}players/${g.white}.html`, black: `${SITE}players/${g.black}.html` });
        expect(white!.right).toBeLessThan(black!.left);
        for (const c of [white!, black!]) expect({ code: c.data, inside: c.top >= top && c.bottom <= cut }).toEqual({ code: c.data, inside: true });
      });
    });
  });

  it('prints the table list with the code of the round\'s pairings by name', () => {
    const png = readPng(pngs.get('tables-101')![0]);
    const page = words.get('tables-101')![0];
    const title = page.find((w) => w.word === 'Tables')!;
    const colour = page.find((w) => w.word === 'Colour')!;
    // Beside the title rows, right of the Colour column, at the top of the first page.
    const code = codeAt(png, title.top - 20, colour.top + 20, colour.centre + 80);
    expect(code?.data).toBe(`${SITE}round-1-names.html`);
  });
});
