/**
 * The Players step's rating list in Debian's Chromium (headless, through playwright-core), on the standalone page:
 * a list loaded from a file (the EGF sample, then the FFG échelle of the corpus — Latin-1 — replacing it), the
 * type-ahead on the family-name field (accents and order ignored), a pick by keyboard and one by mouse filling rank,
 * club, country, rating and PIN, the player registered with them; then the page reloaded: the list is still loaded
 * (the browser keeps it, IndexedDB) and still answers.
 *
 * Screenshots of the open type-ahead and of the filled form go to test-artifacts/ (git-ignored).
 */
import * as path from 'node:path';
import { existsSync } from 'node:fs';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { corpusPath, HAS_CORPUS } from '../support/corpus';
import { artifactPath, describeWithBinaries, openAddinPage, type StaticServer } from './support';

const EGF_SAMPLE = path.join(__dirname, '..', 'formats', 'fixtures', 'egf-allworld-sample.txt');
const FFG_LIST = corpusPath('ratinglists', 'ffg-echelle-ech_ffg_V3.txt');

describeWithBinaries('rating list type-ahead in the Players step (headless Chromium)', ['chromium'], (bin) => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const waitForText = (locator: Locator, pattern: RegExp) => locator.filter({ hasText: pattern }).first().waitFor({ timeout: 15_000 });
  const confirmWrite = async () => {
    await page.getByTestId('confirm-write').click();
    await page.getByTestId('confirm-write').waitFor({ state: 'detached' });
  };
  const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
  const options = () => page.getByTestId('rating-list-matches').locator('li[role="option"]');

  beforeAll(async () => {
    ({ server, browser, page } = await openAddinPage(bin.chromium, { viewport: { width: 1100, height: 900 }, errors: pageErrors, dialogs: [] }));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => expect(pageErrors).toEqual([]));

  it('creates a tournament and opens the Players step', async () => {
    await page.goto(`${server.url}/index.html`);
    await page.getByLabel('Tournament name').fill('Rating list cup');
    await page.getByLabel('Number of rounds').fill('3');
    await page.getByRole('button', { name: 'Create the sheets…' }).click();
    await confirmWrite();
    await page.getByLabel('Family name').waitFor();
    await waitForText(page.getByTestId('rating-list-status'), /No rating list loaded/);
  });

  it('loads the EGF sample; typing a name offers its players; ↓ and Enter fill the form', async () => {
    await page.locator('input[name="rating-list"]').setInputFiles(EGF_SAMPLE);
    await waitForText(page.getByTestId('rating-list-status'), /egf-allworld-sample\.txt — EGF rating list \(EGD allworld\), 11 players; 1 odd line skipped; kept in this browser/);
    await page.getByLabel('Family name').pressSequentially('laszlo kov');
    await expect(options().allInnerTexts()).resolves.toEqual(['Kovács László — 4d · Bud · HU · rating 2405 · EGD PIN 10952273']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('rating-list-matches').isHidden()).toBe(true);
    expect([await value('Family name'), await value('Given name'), await value('Rank'), await value('Club (optional)'), await value('Country (optional)'), await value('Rating (optional)'), await value('EGD PIN / licence / ID (optional)')]).toEqual(['Kovács', 'László', '4d', 'Bud', 'HU', '2405', '10952273']);
    // Enter picked; it did not submit the form.
    await expect(page.getByTestId('pending-players').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await expect(page.getByTestId('pending-players').locator('tbody tr').count()).resolves.toBe(1);
  });

  (HAS_CORPUS && existsSync(FFG_LIST) ? it : it.skip)('replaces it with the FFG échelle (Latin-1): accents ignored, a click fills the form', async () => {
    await page.locator('input[name="rating-list"]').setInputFiles(FFG_LIST);
    await waitForText(page.getByTestId('rating-list-status'), /ffg-echelle-ech_ffg_V3\.txt — FFG échelle, 12,511 players; kept in this browser/);
    await page.getByLabel('Family name').pressSequentially('bienvenue');
    await expect(options().count()).resolves.toBe(3);
    await page.getByLabel('Given name').pressSequentially('gwen');
    await expect(options().allInnerTexts()).resolves.toEqual(['BIENVENÜE Gwénaëlle — 20k · 69Ly · FR · rating -2000 · FFG licence 1100073']);
    await page.locator('.pane').screenshot({ path: artifactPath('rating-list-typeahead.png') });
    // The list closes when its field loses the focus (as any combobox's); on a loaded machine the element screenshot
    // above was once followed by a closed list (CI, session 11). Typing the last letter again shows it as the
    // director sees it, then the click picks.
    if (await page.getByTestId('rating-list-matches').isHidden()) {
      await page.getByLabel('Given name').press('Backspace');
      await page.getByLabel('Given name').pressSequentially('n');
    }
    await page.getByTestId('rating-list-matches').waitFor({ state: 'visible' });
    await options().first().click();
    expect([await value('Family name'), await value('Given name'), await value('Rank'), await value('Club (optional)'), await value('Country (optional)'), await value('Rating (optional)'), await value('EGD PIN / licence / ID (optional)')]).toEqual(['BIENVENÜE', 'Gwénaëlle', '20k', '69Ly', 'FR', '-2000', '1100073']);
    await page.locator('.pane').screenshot({ path: artifactPath('rating-list-filled.png') });
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await page.getByTestId('register-players').click();
    await confirmWrite();
    await page.locator('select[name="sheet"]').selectOption('Players');
    const players = page.locator('[data-testid="sheet-view"][data-sheet="Players"]');
    await waitForText(players.locator('tr').filter({ hasText: 'Kovács' }), /HU.*2405.*10952273/s);
    await waitForText(players.locator('tr').filter({ hasText: 'BIENVENÜE' }), /FR.*-2000/s);
  });

  it('keeps the list when the page is opened again', async () => {
    await page.reload();
    await page.locator('nav button[data-step="players"]').click();
    const file = HAS_CORPUS && existsSync(FFG_LIST) ? /ffg-echelle-ech_ffg_V3\.txt — FFG échelle/ : /egf-allworld-sample\.txt/;
    await waitForText(page.getByTestId('rating-list-status'), file);
    await page.getByLabel('Family name').pressSequentially(HAS_CORPUS ? 'alain jean-f' : 'bütow');
    await expect(options().count()).resolves.toBe(1);
  });
});
