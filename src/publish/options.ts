/**
 * What the director chooses when he publishes: where the folder will be uploaded (the base URL the QR codes point
 * to), the language, the key of a player's URL, and whether ratings and EGD PINs are shown. By default the site shows
 * only what the wall shows — names, clubs, ranks, results (issue 22, "What must not leak").
 */
import type { InputError, Parsed } from '../model/errors';

export type SiteLanguage = 'en' | 'fr';
export const SITE_LANGUAGES: readonly SiteLanguage[] = ['en', 'fr'];

/** A player's page is named by his ID (`players/12.html`) or his EGD PIN (`players/pin-12345678.html`), never his name. */
export type UrlKey = 'id' | 'pin';
export const URL_KEYS: readonly UrlKey[] = ['id', 'pin'];

export interface PublishOptions {
  /** Where the folder will be uploaded, ending in `/`; no QR code without it. */
  readonly baseUrl?: string;
  readonly language?: SiteLanguage;
  readonly urlKey?: UrlKey;
  /** Show each player's rating (off by default). */
  readonly showRatings?: boolean;
  /** Show each player's EGD PIN (off by default). */
  readonly showPins?: boolean;
}

/**
 * The base URL as the site uses it: an absolute `http://` or `https://` address, ending in `/`. `setting` names where
 * the director typed it (`--base-url`, `Settings!B23`) in the error.
 */
export function parseBaseUrl(text: string, setting: string): Parsed<string> {
  const fail = (message: string): Parsed<string> => ({ ok: false, errors: [{ where: setting, message } satisfies InputError] });
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return fail(`"${text}" is not a web address: expected one starting with http:// or https:// (where the site's folder will be uploaded, such as https://club.example.org/open-2026/)`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return fail(`"${text}" is not a valid web address: expected one such as https://club.example.org/open-2026/`);
  }
  if (url.search || url.hash) return fail(`"${text}": the address of a folder has no ?query or #anchor; expected one such as https://club.example.org/open-2026/`);
  const href = url.href;
  return { ok: true, value: href.endsWith('/') ? href : `${href}/` };
}
