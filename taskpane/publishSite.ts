/**
 * Publish, in the Finalize step of the pane and the page: the results site players follow on their phones
 * (src/publish) — the zip of its folder to upload, and the same site as one self-contained HTML file to e-mail or
 * post — offered as downloads. The director sets where he will upload the folder (the base URL the QR codes of the
 * slips, table cards and wall chart point to) once: the workbook's Settings row "Site address" gives it; without
 * one, the pane remembers what he typed in this browser.
 */
import type { Tournament } from '../src/model/tournament';
import { formatInputError } from '../src/model/errors';
import { parseBaseUrl, type PublishOptions } from '../src/publish/options';
import { publishSite } from '../src/publish/site';
import { siteFolderName, siteZip } from '../src/publish/zip';
import { append, button, checkbox, field, h } from './dom';

const BASE_URL_KEY = 'tengen.publish.baseUrl';

export interface PublishContext {
  say(text: string): void;
  showErrors(lines: readonly string[]): void;
}

function remembered(): string {
  try {
    return localStorage.getItem(BASE_URL_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(url: string): void {
  try {
    localStorage.setItem(BASE_URL_KEY, url);
  } catch {
    // A host without storage: the director types it again next time.
  }
}

function offerDownload(bytes: Uint8Array | string, name: string, type: string): void {
  try {
    const part = typeof bytes === 'string' ? bytes : (bytes.slice().buffer as ArrayBuffer);
    const url = URL.createObjectURL(new Blob([part], { type }));
    const a = h('a', { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    // No downloads in this host (some Office web views).
  }
}

/** The Publish controls: the base URL, the two ticks that show more than the wall, and the button. */
export function publishControls(ctx: PublishContext, t: Tournament): HTMLElement {
  // The workbook's own address (the Settings row "Site address") first: the director set it once, for every pane and
  // the CLI; else the one this browser remembers.
  const fromWorkbook = t.settings.siteUrl;
  const baseUrl = h('input', { type: 'url', value: fromWorkbook ?? remembered(), placeholder: 'https://club.example.org/open-2026/', 'data-testid': 'publish-base-url' });
  const ratings = checkbox('Show ratings');
  const pins = checkbox('Show EGD PINs');
  const language = h('select', { 'data-testid': 'publish-language' }, h('option', { value: 'en' }, 'English'), h('option', { value: 'fr' }, 'Français'));
  const status = h('p', { class: 'hint', role: 'status', 'data-testid': 'publish-status' });
  const publish = async (single: boolean) => {
    const options: { -readonly [K in keyof PublishOptions]: PublishOptions[K] } = { language: language.value === 'fr' ? 'fr' : 'en', showRatings: ratings.input.checked, showPins: pins.input.checked };
    if (baseUrl.value.trim() !== '') {
      const parsed = parseBaseUrl(baseUrl.value, 'Site address');
      if (!parsed.ok) return ctx.showErrors(parsed.errors.map(formatInputError));
      options.baseUrl = parsed.value;
      remember(baseUrl.value.trim());
    }
    // Hundreds of pages take a moment: say so, and let the page draw it before the work starts.
    status.textContent = `Publishing ${t.players.length} players…`;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const made = publishSite(t, options);
    if (!made.ok) {
      status.textContent = '';
      return ctx.showErrors(made.errors.map(formatInputError));
    }
    const stem = siteFolderName(t.name);
    if (single) offerDownload(made.site.single(), `${stem}.html`, 'text/html;charset=utf-8');
    else offerDownload(await siteZip(made.site.files, stem), `${stem}-site.zip`, 'application/zip');
    status.textContent = '';
    ctx.say(`${single ? `${stem}.html: the site in one file` : `${stem}-site.zip: upload its folder`} (${made.site.playerPaths.size} player pages${options.baseUrl ? '' : '; no QR codes without the site address'}).`);
  };
  const box = h('div', { class: 'publish', 'data-testid': 'publish' });
  append(
    box,
    h('h3', {}, 'Publish'),
    h('p', {}, 'The results site players follow on their phones: pairings, standings, a page per player with why he is where he is, and printable slips and table cards with QR codes. Only names, clubs, ranks and results, unless ticked.'),
    field('Site address (where you will upload the folder)', baseUrl, fromWorkbook ? 'For the QR codes; from the Settings row "Site address"' : 'For the QR codes; http:// or https://. Set it once for the workbook in the Settings row "Site address"'),
    field('Language', language),
    ratings.row,
    pins.row,
    h(
      'div',
      { class: 'export-buttons' },
      button('Publish (zip)', () => void publish(false), { class: 'primary', 'data-testid': 'publish-zip' }),
      button('Site in one file (.html)', () => void publish(true), { 'data-testid': 'publish-single' }),
    ),
    status,
  );
  return box;
}
