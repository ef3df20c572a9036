/**
 * Publish in the standalone page (headless Chromium): the Quebec example's workbook opened in the page, the Finalize
 * step's "Publish (zip)" downloads the site's zip — its player pages and QR codes at the site address typed — and
 * "Site in one file" the single HTML file. Screenshot: test-artifacts/standalone-publish.png.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import JSZip from 'jszip';
import { type Browser, type Page } from 'playwright-core';
import { importBatch } from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { load, QUEBEC } from '../publish/support';
import { artifactPath, describeWithBinaries, openAddinPage, type StaticServer } from './support';

describeWithBinaries('Publish in the standalone page', ['chromium'], (bin) => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ({ server, browser, page } = await openAddinPage(bin.chromium, { downloads: true, errors: pageErrors }));
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(await load(QUEBEC), { existingSheets: [] }));
    writeFileSync(artifactPath('publish-quebec.xlsx'), await wb.save());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('downloads the site as a zip and as one HTML file', async () => {
    await page.goto(`${server.url}/index.html`);
    await page.locator('input[name="open-xlsx"]:enabled').setInputFiles(artifactPath('publish-quebec.xlsx'));
    await page.getByTestId('page-status').filter({ hasText: /^Opened publish-quebec\.xlsx\.$/ }).waitFor({ timeout: 20_000 });
    await page.locator('nav button[data-step="finalize"]').click();
    await page.getByTestId('publish-base-url').fill('https://go.example.org/quebec/');
    const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('publish-zip').click()]);
    expect(zipDownload.suggestedFilename()).toMatch(/-site\.zip$/);
    const zip = await JSZip.loadAsync(readFileSync(await zipDownload.path()));
    const names = Object.keys(zip.files);
    const folder = names[0].split('/')[0];
    for (const id of [1, 7, 13]) expect(names).toContain(`${folder}/players/${id}.html`);
    expect(await zip.file(`${folder}/print/wall.html`)!.async('string')).toContain('https://go.example.org/quebec/index.html');
    const [single] = await Promise.all([page.waitForEvent('download'), page.getByTestId('publish-single').click()]);
    expect(single.suggestedFilename()).toMatch(/\.html$/);
    expect(readFileSync(await single.path(), 'utf8')).toContain('id="s-players-13"');
    await page.locator('.pane').screenshot({ path: artifactPath('standalone-publish.png') });
    expect(pageErrors).toEqual([]);
  });
});
