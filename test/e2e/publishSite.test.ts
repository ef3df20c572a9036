/**
 * The published site in real headless Chromium, as a player's phone (375 × 812) and a desktop show it: the home
 * page, a player's page and the pairings by name photographed (test-artifacts/publish-*.png, to look at); each page
 * fits the phone's width (wide tables scroll inside their own box); with JavaScript off every page reads the same;
 * the QR code on a slip, as Chromium draws it, decodes to the player's URL; the slips and table cards printed to
 * PDF by Chromium and rendered to PNG (`pdftoppm`), each slip and card whole.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import jsQR from 'jsqr';
import { chromium, type Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { publishSite } from '../../src/publish/site';
import { HAS_CORPUS } from '../support/corpus';
import { EGC_2024, load, QUEBEC } from '../publish/support';
import { artifactPath, CHROMIUM_ARGS, describeWithBinaries, serveDirectory, type StaticServer } from './support';

const BASE = 'https://go.example.org/site/';
const SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

async function writeSite(file: string, into: string): Promise<void> {
  const made = publishSite(await load(file), { baseUrl: BASE });
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  for (const [p, content] of made.site.files) {
    const target = path.join(into, ...p.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

describeWithBinaries('the published site in headless Chromium', ['chromium', 'pdftoppm'], (bin) => {
  let browser: Browser;
  let root: string;
  let server: StaticServer;
  const sites: { name: string; pages: string[] }[] = [{ name: 'quebec', pages: ['index.html', 'players/13.html', 'round-4-names.html', 'standings.html'] }];

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tengen-site-'));
    await writeSite(QUEBEC, path.join(root, 'quebec'));
    if (HAS_CORPUS) {
      await writeSite(EGC_2024, path.join(root, 'egc2024'));
      sites.push({ name: 'egc2024', pages: ['index.html', 'players/2.html', 'round-2-names.html', 'round-1-names-3.html', 'standings-2.html', 'grid.html'] });
    }
    server = await serveDirectory(root);
    browser = await chromium.launch({ executablePath: bin.chromium, args: CHROMIUM_ARGS });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows the home page, a player\'s page and the pairings by name at a phone\'s size and a desktop\'s, within the phone\'s width', async () => {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      for (const site of sites) {
        for (const p of site.pages) {
          const response = await page.goto(`${server.url}/${site.name}/${p}`);
          expect(response?.status()).toBe(200);
          await page.screenshot({ path: artifactPath(`publish-${site.name}-${p.replace(/[/.]/g, '_')}-${size.name}.png`) });
          // Nothing wider than the screen but the tables' own scrolling boxes.
          const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
          expect([site.name, p, size.name, overflow <= 0]).toEqual([site.name, p, size.name, true]);
        }
      }
      await context.close();
    }
  }, 120_000);

  it('reads the same with JavaScript off', async () => {
    const on = await browser.newContext({ javaScriptEnabled: true });
    const off = await browser.newContext({ javaScriptEnabled: false });
    const [a, b] = [await on.newPage(), await off.newPage()];
    for (const site of sites) {
      for (const p of site.pages) {
        await a.goto(`${server.url}/${site.name}/${p}`);
        await b.goto(`${server.url}/${site.name}/${p}`);
        const text = ((await b.evaluate('document.body.innerText')) as string);
        expect(text.length).toBeGreaterThan(100);
        expect(text).toBe(await a.evaluate('document.body.innerText'));
      }
    }
    // The single file's sections too: the home shown first, a player's section shown by its #anchor, without script.
    const made = publishSite(await load(QUEBEC), {});
    if (!made.ok) throw new Error('not published');
    const single = path.join(root, 'single.html');
    writeFileSync(single, made.site.single());
    await b.goto(`${server.url}/single.html`);
    expect(((await b.evaluate('document.body.innerText')) as string)).toContain('Round 4 of 4');
    await b.goto(`${server.url}/single.html#s-players-13`);
    const shown = ((await b.evaluate('document.body.innerText')) as string);
    expect(shown).toContain('3rd in section C: the same 2 wins as 2nd (Côté, Julie), but SOS -6 against -5.5.');
    expect(shown).not.toContain('Round 4 of 4');
    await on.close();
    await off.close();
  }, 120_000);

  it('draws on each slip a QR code a camera decodes to the player\'s page', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 1000 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(`${server.url}/quebec/print/slips-round-4.html`);
    const codes = page.locator('.slip .qr');
    const decoded: string[] = [];
    for (let i = 0; i < 4; i++) {
      const png = PNG.sync.read(await codes.nth(i).screenshot());
      decoded.push(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '(not decoded)');
    }
    const t = await load(QUEBEC);
    const tables = t.games.filter((g) => g.round === 4).sort((x, y) => (x.table ?? 0) - (y.table ?? 0));
    expect(decoded).toEqual([tables[0].white, tables[0].black, tables[1].white, tables[1].black].map((id) => `${BASE}players/${id}.html`));
    await context.close();
  }, 60_000);

  it('prints the slips and the table cards (Chromium to PDF, pdftoppm to PNG), each slip and card whole on its page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const which of ['slips', 'cards']) {
      await page.goto(`${server.url}/quebec/print/${which}-round-4.html`);
      const pdf = path.join(root, `${which}.pdf`);
      await page.pdf({ path: pdf, format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } });
      const stem = artifactPath(`publish-print-${which}`);
      const rendered = spawnSync(bin.pdftoppm, ['-png', '-r', '60', pdf, stem]);
      expect(rendered.status).toBe(0);
      const first = `${stem}-1.png`;
      expect(PNG.sync.read(readFileSync(first)).width).toBeGreaterThan(400);
      // Six tables: every one printed, none cut between two pages (each page holds whole slips or cards).
      const boxes = await page.evaluate(`document.querySelectorAll('.${which === 'slips' ? 'slip' : 'card'}').length`);
      expect(boxes).toBe(6);
    }
    await context.close();
  }, 60_000);
});
