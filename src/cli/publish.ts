/**
 * `tengen publish FILE --out DIR|SITE.zip|SITE.html`: the tournament as a static site (src/publish) — a folder to
 * upload, the same folder as a zip, or the site in one self-contained HTML file to e-mail or post.
 *
 * Nothing a director has is lost: each file is written to a temporary name beside it and renamed (./files); a
 * folder that is not a Tengen site (it has no `.tengen-site` marker) and is not empty is refused unless --overwrite;
 * publishing again into a site's folder replaces its files, and removes those pages the new site no longer has (the
 * marker lists the files the last publishing wrote), nothing else.
 */
import * as nodeFs from 'node:fs/promises';
import * as path from 'node:path';
import { TengenInputError } from '../model/errors';
import type { Tournament } from '../model/tournament';
import { parseBaseUrl, SITE_LANGUAGES, URL_KEYS, type PublishOptions, type SiteLanguage, type UrlKey } from '../publish/options';
import { publishSite, SITE_MARKER, type Site } from '../publish/site';
import { siteFolderName, siteZip } from '../publish/zip';
import { FileWriteError, reasonOf, writeFileAtomically, type WriterFs } from './files';
import { Refusal } from './output';
import { UsageError } from './usage';

export type PublishTarget = { kind: 'folder' | 'zip' | 'single'; path: string };

export function publishTarget(out: string | true | undefined): PublishTarget {
  if (typeof out !== 'string' || out.trim() === '') throw new UsageError('publish needs --out DIR (a folder), --out SITE.zip or --out SITE.html (the site in one file)');
  const ext = path.extname(out).toLowerCase();
  if (ext === '.zip') return { kind: 'zip', path: out };
  if (ext === '.html' || ext === '.htm') return { kind: 'single', path: out };
  return { kind: 'folder', path: out };
}

export function publishOptions(flags: ReadonlyMap<string, string | true>): PublishOptions {
  const baseText = flags.get('base-url');
  let baseUrl: string | undefined;
  if (typeof baseText === 'string') {
    const parsed = parseBaseUrl(baseText, '--base-url');
    if (!parsed.ok) throw new TengenInputError(parsed.errors);
    baseUrl = parsed.value;
  }
  const language = flags.get('language') ?? 'en';
  if (!(SITE_LANGUAGES as readonly unknown[]).includes(language)) throw new UsageError(`--language ${String(language)}: expected ${SITE_LANGUAGES.join(' or ')}`);
  const urlKey = flags.get('url-key') ?? 'id';
  if (!(URL_KEYS as readonly unknown[]).includes(urlKey)) throw new UsageError(`--url-key ${String(urlKey)}: expected id (players/12.html) or pin (players/pin-12345678.html)`);
  return { baseUrl, language: language as SiteLanguage, urlKey: urlKey as UrlKey, showRatings: flags.has('show-ratings'), showPins: flags.has('show-pins') };
}

/**
 * The options with the file's own site address (the Settings row "Site address", `settings.siteUrl`) when no
 * --base-url was given, and the line stderr says about the QR codes.
 */
export function withSiteAddress(options: PublishOptions, t: Tournament): { options: PublishOptions; note: string } {
  if (options.baseUrl !== undefined) return { options, note: '' };
  if (t.settings.siteUrl !== undefined) {
    return { options: { ...options, baseUrl: t.settings.siteUrl }, note: `tengen: note: the QR codes point to the site address ${t.settings.siteUrl} from the file's settings (Settings row "Site address"; --base-url to point elsewhere)\n` };
  }
  return { options, note: 'tengen: note: no --base-url and no site address in the file\'s settings: the slips, table cards and wall chart have no QR code\n' };
}

export function buildSite(t: Tournament, options: PublishOptions, file: string): Site {
  const made = publishSite(t, options);
  if (!made.ok) throw new TengenInputError(made.errors.map((e) => ({ file, ...e })));
  return made.site;
}

/** The files the folder's marker says the last publishing wrote; undefined when the folder is not a Tengen site. */
async function previousSite(dir: string): Promise<string[] | undefined> {
  try {
    const marker = await nodeFs.readFile(path.join(dir, SITE_MARKER), 'utf8');
    return marker.split('\n').filter((line) => line.startsWith('file: ')).map((line) => line.slice(6));
  } catch {
    return undefined;
  }
}

/** Refuses a folder holding anything but a Tengen site, unless --overwrite; a file where the folder should be, always. */
async function refuseForeignFolder(dir: string, overwrite: boolean): Promise<string[]> {
  let entries: string[];
  try {
    const stat = await nodeFs.stat(dir);
    if (!stat.isDirectory()) throw new Refusal(`--out ${dir} is a file, not a folder: give a new folder, or SITE.zip / SITE.html`);
    entries = await nodeFs.readdir(dir);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new FileWriteError(dir, reasonOf(error), true);
  }
  const previous = await previousSite(dir);
  if (previous) return previous;
  if (entries.length > 0 && !overwrite) {
    throw new Refusal(`--out ${dir} is a folder with other files in it (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}) and no Tengen site: give an empty or new folder, or --overwrite to write the site among them (files of the same names are replaced)`);
  }
  return [];
}

/** Writes the site; returns the line the CLI prints. */
export async function writeSite(site: Site, target: PublishTarget, t: Tournament, overwrite: boolean, fs?: WriterFs): Promise<string> {
  const sizes = [...site.files].filter(([p]) => !p.startsWith('print/') && p.endsWith('.html')).map(([, v]) => Buffer.byteLength(v));
  const largest = Math.max(...sizes);
  const summary = `${site.files.size} files, ${site.playerPaths.size} player pages, the largest page ${(largest / 1024).toFixed(1)} KB`;
  if (target.kind === 'zip') {
    await writeFileAtomically(target.path, await siteZip(site.files, siteFolderName(t.name)), fs);
    return `${target.path}: the site as a zip (${summary})\n`;
  }
  if (target.kind === 'single') {
    const html = site.single();
    await writeFileAtomically(target.path, html, fs);
    return `${target.path}: the site in one file (${(Buffer.byteLength(html) / 1024).toFixed(0)} KB, ${site.playerPaths.size} players)\n`;
  }
  const dir = target.path;
  const previous = await refuseForeignFolder(dir, overwrite);
  const paths = [...site.files.keys()].filter((p) => p !== SITE_MARKER).sort();
  for (const p of paths) {
    const file = path.join(dir, ...p.split('/'));
    try {
      await nodeFs.mkdir(path.dirname(file), { recursive: true });
    } catch (error) {
      throw new FileWriteError(path.dirname(file), reasonOf(error), false);
    }
    await writeFileAtomically(file, site.files.get(p)!, fs);
  }
  // Pages the last publishing wrote and this one has not (a player removed): gone, so no stale page stays online.
  const now = new Set(paths);
  const stale = previous.filter((p) => !now.has(p) && !p.includes('..') && !path.isAbsolute(p));
  for (const p of stale) await nodeFs.rm(path.join(dir, ...p.split('/')), { force: true });
  await writeFileAtomically(path.join(dir, SITE_MARKER), `${site.files.get(SITE_MARKER)}${paths.map((p) => `file: ${p}\n`).join('')}`, fs);
  return `${dir}: ${summary}${stale.length ? `; ${stale.length} page${stale.length === 1 ? '' : 's'} of the last publishing removed` : ''}\n`;
}
