/**
 * What the director chooses when he publishes: where the folder will be uploaded (the base URL the QR codes point
 * to), the language, the key of a player's URL, and whether ratings and EGD PINs are shown. By default the site shows
 * only what the wall shows — names, clubs, ranks, results (issue 22, "What must not leak").
 */
import type { Parsed } from '../model/errors';
import { parseSiteUrl } from '../model/siteUrl';

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

/** The base URL as the site uses it (model/siteUrl.ts): `setting` names where the director typed it. */
export function parseBaseUrl(text: string, setting: string): Parsed<string> {
  return parseSiteUrl(text, setting);
}
