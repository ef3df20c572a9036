/**
 * A knockout in the standalone page (headless Chromium): a workbook of a fold knockout of 6 opened in the page, round
 * 1 previewed and confirmed through the Pair round step — the same preview and confirm as McMahon — then its Bracket
 * sheet shown. Screenshots in test-artifacts/: standalone-knockout-preview-pane.png, standalone-bracket.png.
 */
import { writeFileSync } from 'node:fs';
import { type Browser, type Page } from 'playwright-core';
import { importBatch } from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { knockoutField } from '../support/knockouts';
import { artifactPath, describeWithBinaries, openAddinPage, type StaticServer } from './support';

describeWithBinaries('a knockout in the standalone page', ['chromium'], (bin) => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ({ server, browser, page } = await openAddinPage(bin.chromium, { errors: pageErrors }));
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(knockoutField(6), { existingSheets: [] }));
    writeFileSync(artifactPath('knockout-6.xlsx'), await wb.save());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('pairs round 1 by the bracket through preview and confirm, and shows the Bracket sheet', async () => {
    await page.goto(`${server.url}/index.html`);
    await page.locator('input[name="open-xlsx"]:enabled').setInputFiles(artifactPath('knockout-6.xlsx'));
    await page.getByTestId('page-status').filter({ hasText: /^Opened knockout-6\.xlsx\.$/ }).waitFor({ timeout: 10_000 });
    await page.locator('nav button[data-step="pair"]').click();
    await page.getByTestId('preview').click();
    const preview = page.getByTestId('pairing-preview');
    await preview.waitFor();
    const rows = await preview.locator('tbody tr').allInnerTexts();
    // 6 exceeds 4 by 2: 3–6 and 4–5 play, colours by nigiri; 1 and 2 win free.
    expect(rows.map((r) => r.split('\t').slice(0, 4).map((c) => c.trim()))).toEqual([
      ['1', '3 (Czerny, Anna)', '6 (Fischer, Anna)', 'nigiri'],
      ['2', '4 (Dubois, Anna)', '5 (Eriksen, Anna)', 'nigiri'],
    ]);
    await expect(page.getByTestId('preview-free-wins').innerText()).resolves.toBe('Free wins: 1 (Ashford, Anna); 2 (Bianchi, Anna)');
    await page.locator('.pane').screenshot({ path: artifactPath('standalone-knockout-preview-pane.png') });
    await page.getByTestId('confirm-pairing').click();
    const confirm = page.getByTestId('confirm-write');
    if (await confirm.count()) await confirm.click();
    // The round written (the page moves on to the results): the Bracket drawn after it is the one the write left, not
    // one the write's own redraw replaces while it is being looked at.
    await page.getByTestId('scratch-pad').waitFor({ timeout: 10_000 });
    await page.locator('select[name="sheet"]').selectOption('Bracket');
    // The view once settled (no draw waiting): the table looked at is the one left on the page.
    const view = page.locator('section.grid-view[aria-busy="false"] [data-testid="sheet-view"][data-sheet="Bracket"]');
    await view.filter({ hasText: /Czerny, Anna/ }).waitFor({ timeout: 10_000 });
    await expect(view.innerText()).resolves.toMatch(/free win/);
    await view.screenshot({ path: artifactPath('standalone-bracket.png') });
    expect(pageErrors).toEqual([]);
  });
});
