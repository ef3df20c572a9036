/**
 * The paper a director posts, printed as a person would print it: each printout written through the `.xlsx` adapter
 * into a workbook of its own, converted headless by LibreOffice Calc to PDF, rendered to PNG (`pdftoppm`, kept in
 * test-artifacts/ as `print-<printout>-<page>.png` to look at) and read back page by page (`pdftotext -layout`, pages
 * split at form feeds): what each page holds.
 *
 *  - the Grid of 40 players: 10 players a page, both lines of every player on the same page, the long club whole;
 *  - the Grid poster of 40 players: 16 players a page, both lines together;
 *  - pairing sheets of 101 players (50 tables and a bye) and of 41 (20 tables and a bye): 20 tables a page, the bye
 *    after the last table;
 *  - the alphabetical table list of the 101: every player, in order;
 *  - the result slips of the 41: 6 a page, each whole;
 *  - the prize ceremony of the 40: a block per section from the last to the first, the prizes and who wins them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { displayName, type Tournament } from '../../src/model/tournament';
import type { WorkbookOp } from '../../src/workbook/adapters/adapter';
import { ceremonyOps } from '../../src/workbook/sheets/ceremonySheet';
import { gridOps } from '../../src/workbook/sheets/grid';
import { pairingsOps } from '../../src/workbook/sheets/pairingsSheet';
import { posterOps } from '../../src/workbook/sheets/posterSheet';
import { slipsOps } from '../../src/workbook/sheets/slipsSheet';
import { tablesOps } from '../../src/workbook/sheets/tablesSheet';
import { printedTournament } from './printFixture';
import { artifactPath, describeWithBinaries, printBatchesToPdf } from './support';

const forty = printedTournament(40, 6);
const fortyOne = printedTournament(41, 1, 3);
const hundredOne = printedTournament(101, 1, 5);

/** Each printout: its file name and the ops of its workbook. */
const PRINTOUTS: Record<string, { ops: WorkbookOp[] }> = {
  'grid-40': { ops: gridOps(forty) },
  'poster-40': { ops: [...gridOps(forty), ...posterOps(forty)] },
  'pairings-101': { ops: pairingsOps(hundredOne, 1) },
  'pairings-41': { ops: pairingsOps(fortyOne, 1) },
  'tables-101': { ops: tablesOps(hundredOne, 1) },
  'slips-41': { ops: slipsOps(fortyOne, 1) },
  'ceremony-40': { ops: ceremonyOps(forty) },
  // Places by victories alone: equal players, who share the sums of their places.
  'ceremony-ties-40': { ops: ceremonyOps({ ...forty, settings: { ...forty.settings, tiebreaks: ['nbw'] } }) },
};

/** Line 1 of a grid player: his ID, then "Family, Given". */
const LINE_ONE = /^\s*(\d+)\s+[^\d\s][^,]*,/;
/**
 * Line 2: the section's name alone in the Section column, then the scores after each round — and, at the end, what
 * LibreOffice shows in the Place column's spill: it recalculates array formulas on load and has no GO.PLACE, so an
 * error there (`#NAME?`, `###`, `Err:…`) is expected; the values-only `Grid (final)` holds the places (libreoffice.test.ts).
 */
const LINE_TWO = /^\s+[A-D](\s+[−-]?\d+(\.5)?)+(\s+(#NAME\?|#+|Err:\d+))?\s*$/;

function idsOnPage(page: string, t: Tournament): number[] {
  const names = new Map(t.players.map((p) => [displayName(p), p.id]));
  const ids: number[] = [];
  for (const line of page.split('\n')) {
    const m = LINE_ONE.exec(line);
    if (m && [...names.keys()].some((n) => line.includes(n))) ids.push(Number(m[1]));
  }
  return ids;
}

function lineTwos(page: string): number {
  return page.split('\n').filter((l) => LINE_TWO.test(l)).length;
}

/** Table numbers of a pairing sheet page: rows starting with a number, then a player "ID Family, Given". */
function tablesOnPage(page: string): number[] {
  return page
    .split('\n')
    .map((l) => /^\s*(\d+)\s+\d+\s+\S/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]));
}

describeWithBinaries('printouts in LibreOffice Calc (PDF pages)', ['libreoffice', 'pdftotext', 'pdftoppm'], (bin) => {
  let dir: string;
  const pages = new Map<string, string[]>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-print-'));
    // Pictures of an earlier run would mix with this one's.
    for (const f of readdirSync(path.dirname(artifactPath('x'))).filter((x) => /^print-(grid|pairings|slips|tables|poster|ceremony)-/.test(x))) rmSync(artifactPath(f));
    // One LibreOffice for every file, with a profile of its own.
    await printBatchesToPdf(bin.libreoffice, dir, Object.fromEntries(Object.entries(PRINTOUTS).map(([name, { ops }]) => [name, ops])));
    for (const name of Object.keys(PRINTOUTS)) {
      const pdf = path.join(dir, `${name}.pdf`);
      const text = spawnSync(bin.pdftotext, ['-layout', pdf, '-'], { encoding: 'utf8' });
      if (text.status !== 0) throw new Error(`pdftotext ${name}: ${text.stderr}`);
      pages.set(name, text.stdout.split('\f').filter((p) => p.trim() !== ''));
      const png = spawnSync(bin.pdftoppm, ['-png', '-r', '50', pdf, path.join(dir, `print-${name}`)], { encoding: 'utf8' });
      if (png.status !== 0) throw new Error(`pdftoppm ${name}: ${png.stderr}`);
      copyFileSync(pdf, artifactPath(`print-${name}.pdf`));
    }
    for (const f of readdirSync(dir).filter((x) => /^print-.*\.png$/.test(x))) copyFileSync(path.join(dir, f), artifactPath(f));
  }, 360_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the grid of 40 players ten a page, each player with his two lines on one page', () => {
    const grid = pages.get('grid-40')!;
    expect(grid).toHaveLength(4);
    grid.forEach((page, k) => {
      expect({ page: k + 1, ids: idsOnPage(page, forty) }).toEqual({ page: k + 1, ids: Array.from({ length: 10 }, (_, i) => 10 * k + i + 1) });
      expect({ page: k + 1, lineTwos: lineTwos(page) }).toEqual({ page: k + 1, lineTwos: 10 });
      // The header rows on every page.
      expect(page).toMatch(/Round 6/);
    });
  });

  it("prints every club whole (the grid's club column wraps the one too long for it)", () => {
    const text = pages.get('grid-40')!.join('\n').replace(/\s+/g, ' ');
    for (const club of new Set(forty.players.map((p) => p.club!))) {
      for (const word of club.split(' ')) expect({ club, word, found: text.includes(word) }).toEqual({ club, word, found: true });
    }
    expect(text).toContain('Club de go de');
    expect(text).toContain('(CGUM)');
  });

  it('prints the poster sixteen players a page, both lines together', () => {
    // The workbook holds the Grid too (the poster's formulas read it), printed first: its pages are the grid's.
    const poster = pages.get('poster-40')!.slice(pages.get('grid-40')!.length);
    expect(poster).toHaveLength(3);
    const expected = [16, 16, 8];
    poster.forEach((page, k) => {
      expect({ page: k + 1, ids: idsOnPage(page, forty) }).toEqual({ page: k + 1, ids: Array.from({ length: expected[k] }, (_, i) => 16 * k + i + 1) });
      expect({ page: k + 1, lineTwos: lineTwos(page) }).toEqual({ page: k + 1, lineTwos: expected[k] });
    });
  });

  it('prints the pairing sheet twenty tables a page, the bye after the last table', () => {
    const sheet = pages.get('pairings-101')!;
    expect(sheet.map(tablesOnPage)).toEqual([
      Array.from({ length: 20 }, (_, i) => i + 1),
      Array.from({ length: 20 }, (_, i) => i + 21),
      Array.from({ length: 10 }, (_, i) => i + 41),
    ]);
    const bye = hundredOne.byes[0].player;
    const byeLine = sheet[2].split('\n').findIndex((l) => /BYE/.test(l));
    expect(sheet[2].split('\n')[byeLine]).toContain(`${bye} `);
    expect(byeLine).toBeGreaterThan(sheet[2].split('\n').findIndex((l) => /^\s*50\s/.test(l)));
    for (const page of sheet.slice(0, 2)) expect(page).not.toMatch(/BYE/);
    // The header on every page; the director's Result and How columns not posted.
    for (const page of sheet) {
      expect(page).toMatch(/Table\s+White\s+Black\s+Handicap/);
      expect(page).not.toMatch(/Result|How/);
    }
  });

  it('keeps twenty tables and the bye on one page', () => {
    const sheet = pages.get('pairings-41')!;
    expect(sheet).toHaveLength(1);
    expect(tablesOnPage(sheet[0])).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(sheet[0]).toMatch(/BYE\s+\d+ /);
  });

  it('lists every player alphabetically with his table', () => {
    // Each line: the name, the ID, the table (or BYE), the colour.
    const rows = pages
      .get('tables-101')!
      .flatMap((page) => page.split('\n'))
      .map((l) => /^\s*(\S.*?)\s+(\d+)\s+(\d+|BYE)\b/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null);
    const byId = new Map(hundredOne.players.map((p) => [p.id, displayName(p)]));
    expect(rows.map((m) => m[1])).toEqual(rows.map((m) => byId.get(Number(m[2]) as never)));
    const names = hundredOne.players.map(displayName).sort((a, b) => a.localeCompare(b, 'en'));
    expect(rows.map((m) => m[1])).toEqual(names);
    const bye = hundredOne.byes[0].player;
    expect(rows.find((m) => Number(m[2]) === bye)![3]).toBe('BYE');
    for (const g of hundredOne.games) expect(rows.filter((m) => m[3] === String(g.table)).map((m) => Number(m[2])).sort((a, b) => a - b)).toEqual([g.white, g.black].sort((a, b) => a - b));
  });

  it('prints the result slips six a page, each whole with its table, both players and the boxes', () => {
    const slips = pages.get('slips-41')!;
    expect(slips).toHaveLength(4);
    const counts = [6, 6, 6, 2];
    slips.forEach((page, k) => {
      const tables = [...page.matchAll(/Table (\d+)/g)].map((m) => Number(m[1]));
      expect({ page: k + 1, tables }).toEqual({ page: k + 1, tables: Array.from({ length: counts[k] }, (_, i) => 6 * k + i + 1) });
      expect(page.match(/^\s*White\s+\d+ /gm)).toHaveLength(counts[k]);
      expect(page.match(/^\s*Black\s+\d+ /gm)).toHaveLength(counts[k]);
      expect(page.match(/Tick the winner/g)).toHaveLength(counts[k]);
      expect(page.match(/Signatures/g)).toHaveLength(counts[k]);
      expect(page.match(/cut/g)).toHaveLength(counts[k]);
    });
  });

  it('prints the ceremony section by section, from the last up to the champion, with the prizes', () => {
    const text = pages.get('ceremony-40')!.join('\n');
    const at = (s: string) => text.indexOf(s);
    for (const s of ['Section D', 'Section C', 'Section B', 'Section A', 'Whole field']) expect({ s, found: at(s) >= 0 }).toEqual({ s, found: true });
    expect(at('Section D')).toBeLessThan(at('Section C'));
    expect(at('Section B')).toBeLessThan(at('Section A'));
    expect(at('Section A')).toBeLessThan(at('Whole field'));
    expect(text).toMatch(/Winner/);
    expect(text).toMatch(/Trophy \+ 100 €/);
    expect(text).toMatch(/Go board/);
    expect(text).toMatch(/EGF General Tournament Rules/);
  });

  it('shows the equal shares of the sums equal players hold together', () => {
    const text = pages.get('ceremony-ties-40')!.join('\n');
    expect(text).toMatch(/shared by \d/);
    expect(text).toMatch(/the director decides/);
    // The long club wraps onto a second line of its row, the long prizes too: every word printed.
    const words = text.replace(/\s+/g, ' ');
    for (const word of 'Club de go de l’Université de Montréal (CGUM)'.split(' ')) expect({ word, found: words.includes(word) }).toEqual({ word, found: true });
    expect(words).toContain('Trophy (equal: the director decides) + 37.50');
    expect(words).toContain('€ (150 € shared by 4)');
  });
});
