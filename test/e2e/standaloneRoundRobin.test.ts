/**
 * End to end in headless Chromium: a round-robin league of 6 players run in the standalone page — created with the
 * New tournament form (Round-robin, Berger, one cycle), players pasted, round 1 paired through the same preview and
 * confirmation as McMahon (the engine's round-robin module: Berger round 1 is 1–6, 2–5, 3–4, the first Black), its
 * results typed on the scratch pad — then the Cross-table sheet in the page: screenshot in test-artifacts/.
 */
import { type Browser, type Locator, type Page } from 'playwright-core';
import { artifactPath, describeWithBinaries, openAddinPage, type StaticServer } from './support';

const RANKS = ['4d', '3d', '2d', '1d', '1k', '2k'];

async function tableRows(tableLocator: Locator): Promise<string[][]> {
  const rows = tableLocator.locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push(await rows.nth(i).locator('td').allInnerTexts());
  return out;
}

const idOf = (text: string) => Number(/^\s*(\d+)/.exec(text)![1]);

describeWithBinaries('a round-robin in the standalone page (headless Chromium)', ['chromium'], (bin) => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const confirmWrite = async () => {
    await page.getByTestId('confirm-write').click();
    await page.getByTestId('confirm-write').waitFor({ state: 'detached' });
  };
  const noErrors = async () => expect((await page.getByTestId('errors').innerText()).trim()).toBe('');
  const openStep = (name: string) => page.locator(`nav button[data-step="${name}"]`).click();

  beforeAll(async () => {
    ({ server, browser, page } = await openAddinPage(bin.chromium, { errors: pageErrors }));
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a round-robin, pairs round 1 by the Berger table, shows the cross-table', async () => {
    await page.goto(`${server.url}/index.html`);
    await page.getByLabel('Tournament name').waitFor();
    await page.getByLabel('Tournament name').fill('Club league');
    await page.getByLabel('Pairing system').selectOption('round-robin');
    await expect(page.getByLabel('Table of rounds').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Bracket').isVisible()).resolves.toBe(false);
    await page.getByLabel('Number of rounds').fill('5');
    await page.getByLabel('Rules for scores and tie-breakers').selectOption('egf');
    await page.locator('.pane').screenshot({ path: artifactPath('new-tournament-round-robin.png') });
    await page.getByRole('button', { name: 'Create the sheets…' }).click();
    await confirmWrite();
    await noErrors();

    const lines = RANKS.map((rank, i) => `Member${i + 1}, Kim; ${rank}; Club`);
    await page.getByLabel('Players, one a line').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Add the pasted players' }).click();
    await page.getByTestId('register-players').click();
    await confirmWrite();
    await noErrors();

    await openStep('pair');
    await page.getByTestId('preview').click();
    const preview = page.getByTestId('pairing-preview');
    await preview.waitFor();
    const games = (await tableRows(preview)).map((cells) => ({ table: Number(cells[0]), white: idOf(cells[1]), black: idOf(cells[2]) }));
    // Berger round 1 (FIDE C.05 Annex 1): 1–6, 2–5, 3–4; the first of each pair Black.
    expect(games).toEqual([
      { table: 1, white: 6, black: 1 },
      { table: 2, white: 5, black: 2 },
      { table: 3, white: 4, black: 3 },
    ]);
    // Each table's line is folded under the deviations (issue 25): opened, it names the Berger table.
    await page.getByTestId('report-tables').locator('summary').click();
    await expect(page.getByTestId('pairing-report').innerText()).resolves.toMatch(/Berger/);
    await page.locator('.pane').screenshot({ path: artifactPath('round-robin-preview-pane.png') });
    await page.getByTestId('confirm-pairing').click();
    await page.getByTestId('scratch-pad').waitFor();
    await noErrors();

    // Black wins table 1, White table 2, a jigo at table 3.
    await page.getByTestId('scratch-pad').fill('1 5 4=');
    await page.getByTestId('check-results').click();
    await page.getByTestId('record-results').click();
    await confirmWrite();
    await noErrors();

    await page.locator('select[name="sheet"]').selectOption('Cross-table');
    const sheet = page.locator('[data-testid="sheet-view"][data-sheet="Cross-table"]');
    await sheet.waitFor();
    const cell = (a: string) => sheet.locator(`td[data-cell="${a}"]`).innerText();
    // Row of number 1 (ID 1): against number 6 (column J) he won with Black; number 6 lost with White.
    await sheet.locator('td[data-cell="J4"]').filter({ hasText: /^1b$/ }).waitFor({ timeout: 10_000 });
    await expect(cell('E9')).resolves.toBe('0w');
    await expect(cell('F8')).resolves.toBe('1w');
    await expect(cell('H6')).resolves.toBe('½b');
    await expect(cell('K4')).resolves.toBe('1');
    await page.screenshot({ path: artifactPath('cross-table-standalone.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
