/**
 * A page of the site and the two ways it is written: as a file of the folder (its own `<head>`, a link to
 * `style.css`, relative links that work from any folder the director uploads it to), or as one section of the single
 * self-contained HTML file (the style inline, links to sections by `#anchor`, shown by CSS `:target`: no script).
 */
import { text } from './html';
import type { SiteWords } from './i18n';

/** How a page links: to another page (by its site path), and the id of an element inside itself. */
export interface Linker {
  to(path: string, anchor?: string): string;
  id(local: string): string;
}

export interface SitePage {
  /** Its path in the site's folder: `index.html`, `players/12.html`. */
  readonly path: string;
  readonly title: string;
  /** The words of a link to it, when not its title. */
  readonly label?: string;
  /** A printed page (slips, table cards, the wall chart): left out of the single file and its navigation. */
  readonly print?: boolean;
  body(link: Linker): string;
}

/** The path from `from` to `to`, both site paths: `players/12.html` → `standings.html` is `../standings.html`. */
export function relative(from: string, to: string): string {
  // Counted, not split: every link of every page goes through here (bench/publish.js).
  let depth = 0;
  for (let i = from.indexOf('/'); i >= 0; i = from.indexOf('/', i + 1)) depth++;
  return depth === 0 ? to : `${'../'.repeat(depth)}${to}`;
}

export function sectionId(path: string): string {
  return `s-${path.replace(/\.html$/, '').replace(/[^A-Za-z0-9-]/g, '-')}`;
}

function nav(words: SiteWords, link: Linker, hasRound: boolean, roundPaths: { byTable: string; byName: string } | undefined): string {
  const items = [
    [link.to('index.html'), words.home],
    ...(hasRound && roundPaths ? [[link.to(roundPaths.byTable), words.pairings], [link.to(roundPaths.byName), words.pairingsByName]] : []),
    [link.to('standings.html'), words.standings],
    [link.to('grid.html'), words.grid],
    [link.to('players.html'), words.players],
  ];
  return `<nav><ul>${items.map(([href, label]) => `<li><a href="${text(href)}">${text(label)}</a></li>`).join('')}</ul></nav>`;
}

export interface SiteFrame {
  readonly words: SiteWords;
  readonly tournamentName: string;
  readonly roundPaths?: { byTable: string; byName: string };
}

/** The window's title: the page's, then the tournament's, within the 70 characters a tab or a search result shows. */
export function titleOf(title: string, tournament: string): string {
  const full = title === tournament ? title : `${title} — ${tournament}`;
  const chars = [...full];
  return chars.length <= 70 ? full : `${chars.slice(0, 69).join('').trimEnd()}…`;
}

/** A page as a file of the folder. */
export function pageFile(page: SitePage, frame: SiteFrame): string {
  const link: Linker = { to: (to, anchor) => `${relative(page.path, to)}${anchor ? `#${anchor}` : ''}`, id: (local) => local };
  const w = frame.words;
  const head = `<!DOCTYPE html>\n<html lang="${w.lang}">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${text(titleOf(page.title, frame.tournamentName))}</title>\n<link rel="stylesheet" href="${text(relative(page.path, 'style.css'))}">\n</head>\n`;
  const header = page.print ? '' : `<header><a class="skip" href="#main">${text(w.skip)}</a><p class="event"><a href="${text(link.to('index.html'))}">${text(frame.tournamentName)}</a></p>${nav(w, link, frame.roundPaths !== undefined, frame.roundPaths)}</header>\n`;
  const footer = page.print ? '' : `<footer><p>${text(w.madeWith)}</p></footer>\n`;
  return `${head}<body${page.print ? ' class="print"' : ''}>\n${header}<main id="main">\n<h1>${text(page.title)}</h1>\n${page.body(link)}\n</main>\n${footer}</body>\n</html>\n`;
}

/** Every page not printed, as sections of one HTML file with the style inline: a site to e-mail or post. */
export function singleFile(pages: readonly SitePage[], frame: SiteFrame, css: string): string {
  const w = frame.words;
  const shown = pages.filter((p) => !p.print);
  const link = (page: SitePage): Linker => ({ to: (to) => `#${sectionId(to)}`, id: (local) => `${sectionId(page.path)}-${local}` });
  const sections = shown.map((p) => `<section class="page" id="${sectionId(p.path)}">\n<h1>${text(p.title)}</h1>\n${p.body(link(p))}\n</section>`).join('\n');
  // The home section shows when no other is targeted; another, when a link targets it (no script needed).
  const single = `.page{display:none}#${sectionId('index.html')},.page:target{display:block}main:has(.page:target) #${sectionId('index.html')}:not(:target){display:none}`;
  const navLink: Linker = { to: (to) => `#${sectionId(to)}`, id: (local) => local };
  return `<!DOCTYPE html>\n<html lang="${w.lang}">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${text(titleOf(frame.tournamentName, frame.tournamentName))}</title>\n<style>\n${css}\n${single}\n</style>\n</head>\n<body>\n<header><p class="event"><a href="#${sectionId('index.html')}">${text(frame.tournamentName)}</a></p>${nav(w, navLink, frame.roundPaths !== undefined, frame.roundPaths)}</header>\n<main id="main">\n${sections}\n</main>\n<footer><p>${text(w.madeWith)}</p></footer>\n</body>\n</html>\n`;
}
