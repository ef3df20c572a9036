/**
 * The standalone page keeps the tournament (issue 9), in Debian's Chromium (headless, through playwright-core): a
 * tournament made, a round paired, a result entered — then the page reloaded: the browser warned before leaving
 * (work not saved as an .xlsx file), and the tournament is restored from IndexedDB, the same grid cell for cell, the
 * time of the last save shown. "Save .xlsx" suggests a name from the tournament; "Start over" asks first, and once
 * confirmed the browser no longer keeps the tournament.
 *
 * A screenshot of the restored page goes to test-artifacts/standalone-restored.png (git-ignored).
 */
import { type Browser, type Locator, type Page } from 'playwright-core';
import { artifactPath, describeWithBinaries, openAddinPage, type StaticServer } from './support';

/** Every cell of the sheet view, by address. */
async function sheetCells(page: Page): Promise<Record<string, string>> {
  return (await page.evaluate(
    `Object.fromEntries([...document.querySelectorAll('[data-testid="sheet-view"] td[data-cell]')].map((td) => [td.getAttribute('data-cell'), td.textContent ?? '']))`,
  )) as Record<string, string>;
}

describeWithBinaries('standalone page keeps the tournament (headless Chromium)', ['chromium'], (bin) => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  let gridBefore: Record<string, string> = {};
  let savedAt = '';

  const waitForText = (locator: Locator, pattern: RegExp) => locator.filter({ hasText: pattern }).first().waitFor({ timeout: 15_000 });
  const confirmWrite = async () => {
    await page.getByTestId('confirm-write').click();
    await page.getByTestId('confirm-write').waitFor({ state: 'detached' });
  };
  const noErrors = async () => expect((await page.getByTestId('errors').innerText()).trim()).toBe('');
  const openStep = (name: string) => page.locator(`nav button[data-step="${name}"]`).click();
  /** The save time the page shows, once it is there and later than `after`. */
  const savedTime = async (after = '') => {
    const status = page.getByTestId('autosave-status');
    const until = Date.now() + 15_000;
    for (;;) {
      const at = (await status.getAttribute('data-saved-at')) ?? '';
      if (at > after) return at;
      if (Date.now() > until) throw new Error(`no autosave after ${after || 'the start'}: "${await status.innerText()}"`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    // Leaving the page with unsaved work: the browser's "Leave site?" question, answered "Leave" (dialogs accepted).
    ({ server, browser, page } = await openAddinPage(bin.chromium, { downloads: true, errors: pageErrors, dialogs }));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => expect(pageErrors).toEqual([]));

  it('makes a tournament, pairs round 1 and enters a result: each write kept in the browser, the time shown', async () => {
    await page.goto(`${server.url}/index.html`);
    await page.getByLabel('Tournament name').waitFor();
    await waitForText(page.getByTestId('page-status'), /new, empty workbook/);
    expect(await page.getByTestId('autosave-status').innerText()).toBe('');

    await page.getByLabel('Tournament name').fill('Québec Open');
    await page.getByLabel('Number of rounds').fill('3');
    await page.getByLabel('First day (optional)').fill('2026-05-16');
    await page.getByLabel('Pairing system').selectOption('mcmahon');
    await page.getByLabel('Rules for scores and tie-breakers').selectOption('egf');
    await page.getByRole('button', { name: 'Create the sheets…' }).click();
    await confirmWrite();
    await noErrors();
    const created = await savedTime();
    await waitForText(page.getByTestId('autosave-status'), /^Kept in this browser at \d\d:\d\d:\d\d — not yet saved as an \.xlsx file\.$/);

    const lines = ['Tremblay, Ann; 3d; ; Montreal', 'Gagnon, Luc; 1d; ; Quebec', 'Roy, Marie; 2k; ; Ottawa', 'Côté, Paul; 5k; ; Montreal'];
    await page.getByLabel('Players, one a line').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Add the pasted players' }).click();
    await page.getByTestId('register-players').click();
    await confirmWrite();
    await noErrors();
    const registered = await savedTime(created);

    await openStep('pair');
    // The step opens on the next round (round 1): no round to choose.
    await expect(page.getByTestId('pair-next').innerText()).resolves.toBe('Round 1 of 3');
    await page.getByTestId('preview').click();
    const preview = page.getByTestId('pairing-preview');
    await preview.waitFor();
    const firstTable = await preview.locator('tbody tr').first().locator('td').allInnerTexts();
    const white = /^\s*(\d+)/.exec(firstTable[1])![1];
    await page.getByTestId('confirm-pairing').click();
    await page.getByTestId('scratch-pad').waitFor();
    await noErrors();
    const paired = await savedTime(registered);

    // White wins at table 1 (Mays' scratch pad: the winner's ID).
    await page.getByTestId('scratch-pad').fill(white);
    await page.getByTestId('check-results').click();
    await page.getByTestId('record-results').click();
    await confirmWrite();
    await noErrors();
    // Drawn at once from the result (taskpane/readAhead.ts), the workbook read back and checked meanwhile: the next
    // result entered straight away, as a director types them, is prepared only once that check is done.
    const games = page.getByTestId('round-games').locator('tbody tr');
    await expect(games.nth(0).locator('td').nth(3).innerText()).resolves.toBe('W (White) beat B');
    const black = /^\s*(\d+)/.exec(await games.nth(1).locator('td').nth(2).innerText())![1];
    await page.getByTestId('scratch-pad').fill(black);
    await page.getByTestId('check-results').click();
    await page.getByTestId('record-results').click();
    await confirmWrite();
    await noErrors();
    await page.locator('main.wizard[data-read-back="checked"]').waitFor({ timeout: 15_000 });
    await expect(games.nth(1).locator('td').nth(3).innerText()).resolves.toBe('B (Black) beat W');
    // The last autosave (the two results' may be one): its time unchanged for 1.5 s.
    let latest = await savedTime(paired);
    for (;;) {
      await page.waitForTimeout(1500);
      const now = (await page.getByTestId('autosave-status').getAttribute('data-saved-at')) ?? '';
      if (now === latest) break;
      latest = now;
    }
    savedAt = latest;
    // The grid drawn after the last write, and the copy kept, hold the same results.
    await page.waitForFunction(`[...document.querySelectorAll('[data-testid="sheet-view"] td')].filter((td) => td.textContent === '+').length === 2`);
    gridBefore = await sheetCells(page);
    expect(gridBefore.C1).toBe('Québec Open');
    expect(Object.values(gridBefore).filter((v) => v === '+')).toHaveLength(2);
    await noErrors();
  });

  it('reload: the browser warns first (not saved as a file), then the tournament is restored — same grid, the last save time shown', async () => {
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await waitForText(page.getByTestId('page-status'), /^Restored the tournament this browser kept \(not yet saved as an \.xlsx file\)\.$/);
    await page.locator('[data-testid="sheet-view"] td[data-cell="C1"]').filter({ hasText: 'Québec Open' }).waitFor();
    expect(await sheetCells(page)).toEqual(gridBefore);
    const status = page.getByTestId('autosave-status');
    expect(await status.getAttribute('data-saved-at')).toBe(savedAt);
    const d = new Date(savedAt);
    const hhmmss = [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
    expect(await status.innerText()).toBe(`Kept in this browser at ${hhmmss} — not yet saved as an .xlsx file.`);
    // The pane works on the restored workbook: round 1 is paired, so Pair round opens on round 2.
    await openStep('pair');
    await expect(page.getByTestId('pair-next').innerText()).resolves.toBe('Round 2 of 3');
    await page.screenshot({ path: artifactPath('standalone-restored.png'), fullPage: true });
  });

  it('opening another file over work not saved as a file asks first; "Keep working" keeps it', async () => {
    await page.locator('input[name="open-xlsx"]:enabled').setInputFiles({ name: 'other.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
    const dialog = page.getByTestId('replace-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Open other\.xlsx\? The tournament in this page has changes not saved as an \.xlsx file/);
    await page.screenshot({ path: artifactPath('standalone-ask-first.png') });
    await page.getByTestId('cancel-replace').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await sheetCells(page)).toEqual(gridBefore);
    await waitForText(page.getByTestId('page-status'), /^Restored the tournament/);
  });

  it('Save .xlsx suggests a name from the tournament; then leaving needs no warning', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-xlsx').click()]);
    expect(download.suggestedFilename()).toBe('Quebec-Open-2026.xlsx');
    expect((await download.createReadStream()) !== null).toBe(true);
    await waitForText(page.getByTestId('autosave-status'), /^Kept in this browser at \d\d:\d\d:\d\d\.$/);
    dialogs.length = 0;
    await page.reload();
    await waitForText(page.getByTestId('page-status'), /^Restored the tournament this browser kept\.$/);
    expect(dialogs).toEqual([]);
    expect(await sheetCells(page)).toEqual(gridBefore);
  });

  it('Start over asks first: "Keep working" keeps everything; confirmed, the page and the browser start afresh', async () => {
    await page.getByTestId('start-over').click();
    const dialog = page.getByTestId('replace-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Start over with a new, empty workbook\?/);
    await page.getByTestId('cancel-replace').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await sheetCells(page)).toEqual(gridBefore);

    await page.getByTestId('start-over').click();
    await page.getByTestId('confirm-replace').click();
    await waitForText(page.getByTestId('page-status'), /new, empty workbook/);
    await page.getByLabel('Tournament name').waitFor();
    expect(await page.getByTestId('sheet-view').count()).toBe(0);
    dialogs.length = 0;
    await page.reload();
    await waitForText(page.getByTestId('page-status'), /new, empty workbook/);
    expect(await page.getByTestId('sheet-view').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
