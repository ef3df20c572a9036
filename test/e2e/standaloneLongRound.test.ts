/**
 * A congress round in the standalone page's Results step (issue 28: "a confirmed result leaves the page ready for the
 * next within 100 ms"): the round's games are drawn a screenful at a time (`taskpane/lazyTable.ts`) — the first 30 at
 * once, the next as the director scrolls to them, every one of them in the end — so drawing the step again after each
 * result does not lay out hundreds of rows. The European Go Congress example after round 8 (160 players, 80 games a
 * round), opened as an .xlsx in headless Chromium.
 *
 * Artifact (git-ignored test-artifacts/): long-round-results.png (the Results step, the sheet view beside it).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { parseTournamentJson } from '../../src/formats/json';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { importBatch } from '../../src/workbook/session';
import { PANE_ROWS_AT_ONCE } from '../../taskpane/lazyTable';
import { artifactPath, describeWithBinaries, openAddinPage, type StaticServer } from './support';

const FILE = path.join(__dirname, '..', '..', 'examples', 'egc-congress-r8.json');

describeWithBinaries('a congress round in the standalone page’s Results step (headless Chromium)', ['chromium'], (bin) => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  let dir: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ({ server, browser, page } = await openAddinPage(bin.chromium, { errors: pageErrors }));
    dir = mkdtempSync(path.join(os.tmpdir(), 'tengen-long-round-'));
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('draws the round’s games a screenful at a time, and all of them as the director scrolls', async () => {
    const parsed = parseTournamentJson(readFileSync(FILE, 'utf8'), FILE);
    if (!parsed.ok) throw new Error('the example does not read');
    const t = parsed.value;
    const games = t.games.filter((g) => g.round === 8).sort((x, y) => (x.table ?? 0) - (y.table ?? 0));
    expect(games.length).toBeGreaterThan(PANE_ROWS_AT_ONCE);
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(t));
    const xlsx = path.join(dir, 'egc-r8.xlsx');
    writeFileSync(xlsx, await wb.save());

    await page.goto(`${server.url}/index.html`);
    await page.locator('input[name="open-xlsx"]:enabled').setInputFiles(xlsx);
    await page.getByTestId('page-status').filter({ hasText: /^Opened / }).waitFor({ timeout: 60_000 });
    await page.locator('nav button[data-step="results"]').click();
    const table = page.getByTestId('round-games');
    await table.waitFor();
    await expect(table.getAttribute('data-rows')).resolves.toBe(String(games.length));
    await expect(table.getAttribute('data-drawn')).resolves.toBe(String(PANE_ROWS_AT_ONCE));
    await expect(table.locator('tbody tr').count()).resolves.toBe(PANE_ROWS_AT_ONCE);
    await page.screenshot({ path: artifactPath('long-round-results.png') });
    // Scrolled to the last row drawn, the next are drawn, until the round's last game.
    for (let i = 0; i < 5 && (await table.getAttribute('data-drawn')) !== null; i++) {
      await table.locator('tbody tr').last().scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
    }
    await expect(table.getAttribute('data-drawn')).resolves.toBeNull();
    const rows = table.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(games.length);
    // The last row is the round's last table, its players and result as the first rows are drawn.
    const last = await rows.last().locator('td').allInnerTexts();
    expect(last[0]).toBe(String(games.at(-1)!.table));
    expect(last[1]).toMatch(new RegExp(`^${games.at(-1)!.white}\\b`));
    expect(last[2]).toMatch(new RegExp(`^${games.at(-1)!.black}\\b`));
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
