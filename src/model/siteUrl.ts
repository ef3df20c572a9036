/**
 * The address of the results site (issue 22): where the director will upload the published folder, which the QR
 * codes of the slips, table cards and wall chart point to. Set once — the Settings row "Site address",
 * `settings.siteUrl` in the file, or `tengen publish --base-url` — and read here, the same way for all three.
 */
import type { InputError, Parsed } from './errors';

/**
 * The address as the site uses it: an absolute `http://` or `https://` address, ending in `/`. `where` names where
 * the director typed it (`--base-url`, `Settings!B23`) in the error.
 */
export function parseSiteUrl(text: string, where: string): Parsed<string> {
  const fail = (message: string): Parsed<string> => ({ ok: false, errors: [{ where, message } satisfies InputError] });
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
