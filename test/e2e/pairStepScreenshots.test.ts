/**
 * The Pair step at 30 and at 700 players (issue 25: "Confirm always in view"), in Debian's Chromium: a McMahon of N
 * players registered from a pasted list, round 1 previewed, and the window as the director sees it — Confirm inside
 * the window without scrolling, the report short (deviations first, each table's line folded). Screenshots go to
 * test-artifacts/pair-step-<N>.png (and to $TENGEN_EVIDENCE_DIR when set).
 *
 * 700 players take a while to register and pair in a browser: run with TENGEN_PAIR_SCREENSHOTS=1 (not in npm test).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ADDIN_DIR, ensureAddinBuilt } from '../support/addinBuild';
import { artifactPath, CHROMIUM_ARGS, describeWithBinaries, serveDirectory, type StaticServer } from './support';

const RUN = Boolean(process.env.TENGEN_PAIR_SCREENSHOTS);
const RANKS = ['5d', '4d', '3d', '2d', '1d', '1k', '2k', '3k', '4k', '5k', '6k', '8k', '10k', '12k', '15k', '18k'];
const CITIES = ['Lyon', 'Paris', 'Grenoble', 'Genève', 'Milano', 'Praha', 'Budapest', 'Wien'];

const describePair = RUN
  ? describeWithBinaries
  : (name: string, ...rest: unknown[]) => describe.skip(`${name} [skipped: set TENGEN_PAIR_SCREENSHOTS=1]`, () => it.skip('needs TENGEN_PAIR_SCREENSHOTS=1', () => expect(rest).toHaveLength(2)));

describePair('the Pair step at 30 and at 700 players (headless Chromium)', ['chromium'], (bin) => {
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureAddinBuilt();
    server = await serveDirectory(ADDIN_DIR);
    browser = await chromium.launch({ executablePath: bin.chromium, args: CHROMIUM_ARGS });
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([30, 700])('%i players: Confirm in view', async (players) => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.url}/index.html`);
    await page.getByLabel('Tournament name').fill(`Pair step ${players}`);
    await page.getByLabel('Number of rounds').fill('5');
    await page.getByLabel('Pairing system').selectOption('mcmahon');
    await page.getByLabel('Rules for scores and tie-breakers').selectOption('egf');
    await page.getByRole('button', { name: 'Create the sheets…' }).click();
    await page.getByTestId('confirm-write').click();
    await page.getByTestId('confirm-write').waitFor({ state: 'detached' });
    await page.locator('nav button[data-step="players"]').click();
    const lines = Array.from({ length: players }, (_, i) => `Player${String(i + 1).padStart(3, '0')}, Given; ${RANKS[i % RANKS.length]}; ; ${CITIES[i % CITIES.length]}`);
    await page.getByLabel('Players, one a line').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Add the pasted players' }).click();
    await page.getByTestId('register-players').click();
    await page.getByTestId('confirm-write').click();
    await page.getByTestId('confirm-write').waitFor({ state: 'detached', timeout: 300_000 });
    await page.locator('nav button[data-step="pair"]').click();
    await page.getByTestId('preview').click();
    await page.getByTestId('pairing-preview').waitFor({ timeout: 600_000 });
    const box = await page.getByTestId('confirm-pairing').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    const file = artifactPath(`pair-step-${players}.png`);
    await page.screenshot({ path: file });
    const evidence = process.env.TENGEN_EVIDENCE_DIR;
    if (evidence) {
      mkdirSync(evidence, { recursive: true });
      copyFileSync(file, path.join(evidence, path.basename(file)));
    }
    await page.close();
  }, 1_200_000);
});
