/**
 * Issue 25, item 10 and the Standings title: the Players sheet, the Log and the Standings printed through LibreOffice
 * in type a director can read — at 29 players (the Lyon McMahon) and at 700 — every page with its header row,
 * the Standings title whole on the page.
 *
 * Each workbook is written through the session's batches and the `.xlsx` adapter as the page saves it (with a Log of
 * a whole day's length: one line a table and a few long deviation lines a round), the other sheets hidden so that the
 * PDF holds these three only; both converted in ONE LibreOffice run. Each page's words are read back with their boxes
 * (`pdftotext -bbox`): the height of a body word's box is the printed size of the type (about 1.2 × the font size in
 * points: 11 pt printed at 100 % gives boxes 13–14 pt high). Pages counted per sheet; every page as a PNG in
 * test-artifacts/ (register-<n>-NN.png) and the counts in register-pages.json.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseRank } from '../../src/model/rank';
import type { Tournament } from '../../src/model/tournament';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { finalizeBatch, importBatch, readTournament, standingsBatch } from '../../src/workbook/session';
import { LOG_SHEET, logOps, nextLogRow } from '../../src/workbook/sheets/logSheet';
import { generated, value } from '../workbook/fixtures';
import { artifactPath, describeWithBinaries } from './support';

const TIME = '2026-05-16 18:00';
const SIZES = [29, 700] as const;
type Size = (typeof SIZES)[number];
const PRINTED = ['Players', 'Standings (final)', LOG_SHEET];

function rank(text: string): number {
  const r = parseRank(text);
  if (!r.ok) throw new Error(r.message);
  return r.rank;
}

function field(n: number): Tournament {
  const t = generated(n, 5, 25);
  // Real clubs and cities are longer than the generator's: a club name of 30 letters on every fifth player.
  const players = t.players.map((p, i) => (i % 5 === 0 ? { ...p, club: 'Club de go de l’Université de Lyon', city: 'Villeurbanne' } : { ...p, city: 'Lyon' }));
  return { ...t, players, name: 'Lyon Spring McMahon 2026', settings: { ...t.settings, ruleset: 'egf', bar: rank('3d') as never, floor: rank('15k') as never, paper: 'A4' } };
}

/** A day's Log: for each of five rounds a line a table and three deviation lines of a realistic length. */
function dayLog(t: Tournament): { round: number; what: string }[] {
  const lines: { round: number; what: string }[] = [];
  const name = (k: number) => `${t.players[k % t.players.length].id} (${t.players[k % t.players.length].family}, ${t.players[k % t.players.length].given})`;
  for (let round = 1; round <= 5; round++) {
    for (let table = 1; table <= Math.floor(t.players.length / 2); table++) {
      lines.push({ round, what: `Table ${table}: ${name(2 * table)} – ${name(2 * table + 1)}, handicap 0, komi 6.5; same MMS 3` });
    }
    for (let d = 0; d < 3; d++) {
      lines.push({
        round,
        what: `Table ${d + 1}: ${name(d)} – ${name(d + 7)} differ by 1 in MMS (Appendix D, Cardinal Rule No. 3, Condition No. 2: "the player that needs to be paired has already been paired with all the other players with the same current McMahon score"); could not be avoided (checked by a re-draw)`,
      });
    }
  }
  return lines;
}

async function workbook(n: Size): Promise<Uint8Array> {
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(field(n), { time: TIME }));
  const t = value(await readTournament(wb));
  await wb.apply(standingsBatch(t, undefined, { time: TIME }));
  await wb.apply(finalizeBatch(value(await readTournament(wb)), { time: TIME }));
  await wb.apply({ label: 'Log', ops: logOps(dayLog(t), nextLogRow(await wb.readSheet(LOG_SHEET)), TIME) });
  // Every other sheet deleted, so that the PDF holds only these three (LibreOffice prints hidden sheets too); the
  // final standings (the live table's layout, as values) stand for the Standings, whose formula has no grid left.
  const others = (await wb.sheetNames()).filter((name) => !PRINTED.includes(name));
  await wb.apply({ label: 'print these only', ops: others.map((sheet) => ({ kind: 'delete-sheet' as const, sheet })) });
  return new Uint8Array(await wb.save());
}

interface PrintedPage {
  readonly text: string;
  readonly sheet: string;
  /** Median height in points of the page's word boxes. */
  readonly wordHeight: number;
  /** Every word's box (points from the page's top left). */
  readonly words: readonly { readonly xMin: number; readonly yMin: number; readonly xMax: number; readonly text: string }[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)];
}

describeWithBinaries('the Players sheet, the Log and the Standings printed through LibreOffice, at 29 and 700 players', ['libreoffice', 'pdftoppm', 'pdftotext'], (bin) => {
  let dir: string;
  const printed = new Map<Size, PrintedPage[]>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-register-'));
    const files: string[] = [];
    for (const n of SIZES) {
      const file = path.join(dir, `register-${n}.xlsx`);
      writeFileSync(file, await workbook(n));
      copyFileSync(file, artifactPath(`register-${n}.xlsx`));
      files.push(file);
    }
    const profile = `file://${path.join(dir, 'profile')}`;
    const convert = spawnSync(bin.libreoffice, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files], { encoding: 'utf8', timeout: 500_000 });
    if (convert.status !== 0) throw new Error(`libreoffice exited with ${convert.status}: ${convert.stderr}`);
    const summary: Record<string, Record<string, number | string>> = {};
    for (const n of SIZES) {
      const pdf = path.join(dir, `register-${n}.pdf`);
      copyFileSync(pdf, artifactPath(`register-${n}.pdf`));
      const info = spawnSync(bin.pdftotext.replace(/pdftotext$/, 'pdfinfo'), [pdf], { encoding: 'utf8' }).stdout;
      const count = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
      const bbox = spawnSync(bin.pdftotext, ['-bbox', pdf, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).stdout;
      const pageBoxes = bbox.split('<page ').slice(1);
      const pages: PrintedPage[] = [];
      let sheet = '';
      for (let p = 1; p <= count; p++) {
        const text = spawnSync(bin.pdftotext, ['-f', String(p), '-l', String(p), '-layout', pdf, '-'], { encoding: 'utf8' }).stdout;
        const first = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
        const head = text.split('\n').filter((l) => l.trim() !== '').slice(0, 3).join(' ');
        // A page is told by its first lines: the header row repeated on every page (the Players' wraps), or the title
        // of the Standings.
        if (/\bID\s+Family\b/.test(head) && /\bRank\b/.test(head)) sheet = 'Players';
        else if (/^Time\s+Round\s+What/.test(first)) sheet = LOG_SHEET;
        else if (/standings|^Place\s/.test(first)) sheet = 'Standings (final)';
        else if (p === 1) sheet = '?';
        const heights = [...(pageBoxes[p - 1] ?? '').matchAll(/yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</g)]
          .filter((m) => /^[A-Za-z]{3,}/.test(m[3]))
          .map((m) => Number(m[2]) - Number(m[1]));
        const words = [...(pageBoxes[p - 1] ?? '').matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g)].map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), text: m[4] }));
        pages.push({ text, sheet, wordHeight: median(heights), words });
      }
      printed.set(n, pages);
      summary[String(n)] = Object.fromEntries(
        PRINTED.map((s) => [s, pages.filter((x) => x.sheet === s).length]).concat([['word height (pt), Players', median(pages.filter((x) => x.sheet === 'Players').map((x) => x.wordHeight)).toFixed(1)], ['word height (pt), Log', median(pages.filter((x) => x.sheet === LOG_SHEET).map((x) => x.wordHeight)).toFixed(1)], ['word height (pt), Standings (final)', median(pages.filter((x) => x.sheet === 'Standings (final)').map((x) => x.wordHeight)).toFixed(1)]]),
      );
      const png = spawnSync(bin.pdftoppm, ['-png', '-r', '60', '-l', '6', pdf, path.join(dir, `png-${n}`)], { encoding: 'utf8' });
      if (png.status !== 0) throw new Error(`pdftoppm: ${png.stderr}`);
    }
    for (const f of readdirSync(dir).filter((x) => x.startsWith('png-'))) copyFileSync(path.join(dir, f), artifactPath(`register-${f.slice(4)}`));
    writeFileSync(artifactPath('register-pages.json'), `${JSON.stringify(summary, null, 2)}\n`);
  }, 900_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(SIZES)('%i players: the Players sheet in readable type, the header on every page, every player printed', (n) => {
    const pages = printed.get(n)!.filter((p) => p.sheet === 'Players');
    expect(pages.length).toBeGreaterThan(0);
    // Readable: printed at 75 % of 11 pt or more (word boxes 10 pt high or more).
    for (const p of pages) expect(p.wordHeight).toBeGreaterThanOrEqual(10);
    for (const p of pages) expect(p.text.split('\n').slice(0, 3).join(' ')).toMatch(/\bID\s+Family\b.*\bRank\b/);
    const ids = new Set(pages.flatMap((p) => [...p.text.matchAll(/^\s*(\d+)\s+Player/gm)].map((m) => Number(m[1]))));
    expect(ids.size).toBe(n);
  });

  it.each(SIZES)('%i players: the Log in readable type, the header on every page, no line cut at the page edge', (n) => {
    const pages = printed.get(n)!.filter((p) => p.sheet === LOG_SHEET);
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) expect(p.wordHeight).toBeGreaterThanOrEqual(10);
    for (const p of pages) expect(p.text).toMatch(/^\s*Time\s+Round\s+What/);
    // The long deviation lines end on the page ("… (checked by a re-draw)"), 15 of them in five rounds.
    expect(pages.map((p) => (p.text.match(/checked by a re-draw\)/g) ?? []).length).reduce((a, b) => a + b, 0)).toBe(15);
  });

  it.each(SIZES)('%i players: the Standings title whole on its page, in readable type', (n) => {
    const pages = printed.get(n)!.filter((p) => p.sheet === 'Standings (final)');
    expect(pages.length).toBeGreaterThan(0);
    const text = pages[0].text.replace(/\s+/g, ' ');
    expect(text).toMatch(/Lyon Spring McMahon 2026: standings after round 5 of 5/);
    expect(text).toMatch(/EGF General Tournament Rules.*order MMS › SOS › SOSOS/);
    // Whole on the page: no word of the title lines ends right of the table (the print area's edge, where Calc cuts
    // text that runs on — pdftotext still reads the cut glyphs, so the text alone cannot tell).
    const place = pages[0].words.find((w) => w.text === 'Place')!;
    const title = pages[0].words.filter((w) => w.yMin < place.yMin - 2);
    const table = pages[0].words.filter((w) => w.yMin >= place.yMin - 2);
    expect(title.length).toBeGreaterThan(5);
    expect(Math.max(...title.map((w) => w.xMax))).toBeLessThanOrEqual(Math.max(...table.map((w) => w.xMax)) + 2);
    for (const p of pages) expect(p.wordHeight).toBeGreaterThanOrEqual(10);
  });
});
