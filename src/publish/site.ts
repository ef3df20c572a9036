/**
 * Publishing: the tournament as a static site — a map from each file's path in the folder to its content. Nothing
 * here touches a disk: the CLI writes the folder or the zip (src/cli/publish.ts), the page and the pane offer the
 * zip and the single self-contained HTML file as downloads.
 *
 * The site (issue 22): `index.html`; `players.html`; each paired round's pairings by table (`round-N.html`) and by
 * name (`round-N-names.html`); `standings.html`; `grid.html`; one page per player (`players/ID.html`, or
 * `players/pin-PIN.html`); `style.css`; and the printed pages (`print/slips-round-N.html`,
 * `print/cards-round-N.html`, `print/wall.html`). Long lists go on over `NAME-2.html`, `NAME-3.html`…
 */
import type { InputError } from '../model/errors';
import type { Tournament } from '../model/tournament';
import { pageFile, singleFile, type SiteFrame, type SitePage } from './layout';
import { gridPages, homePage, playersPages, roundPages, roundStems, standingsPages } from './listPages';
import type { PublishOptions } from './options';
import { playerPage } from './playerPage';
import { cardsPage, slipsPage, wallPage } from './printPages';
import { siteData } from './siteData';
import { SITE_CSS } from './style';

export interface Site {
  /** Path in the folder → the file's text (UTF-8). */
  readonly files: ReadonlyMap<string, string>;
  /** The player pages' paths, by player ID. */
  readonly playerPaths: ReadonlyMap<number, string>;
  readonly currentRound: number;
  /** The site in one HTML file (no printed pages): to e-mail or post. */
  single(): string;
}

/** The name of the marker file that says a folder is a Tengen site (publishing again may replace it). */
export const SITE_MARKER = '.tengen-site';

export function publishSite(t: Tournament, options: PublishOptions = {}): { ok: true; site: Site } | { ok: false; errors: readonly InputError[] } {
  const made = siteData(t, options);
  if (!made.ok) return made;
  const d = made.data;
  const rounds = Array.from({ length: d.currentRound }, (_, i) => i + 1).filter((r) => t.games.some((g) => g.round === r) || t.byes.some((b) => b.round === r));
  const print = rounds.includes(d.currentRound) && t.games.some((g) => g.round === d.currentRound) ? [slipsPage(d, d.currentRound), cardsPage(d, d.currentRound)] : [];
  print.push(wallPage(d));
  const pages: SitePage[] = [
    homePage(d, rounds, print),
    ...playersPages(d),
    ...rounds.flatMap((r) => roundPages(d, r)),
    ...standingsPages(d),
    ...gridPages(d),
    ...d.byIndex.map((s) => playerPage(d, s)),
    ...print,
  ];
  const current = rounds.includes(d.currentRound) ? roundStems(d.currentRound) : undefined;
  const frame: SiteFrame = { words: d.words, tournamentName: t.name, roundPaths: current && { byTable: `${current.byTable}.html`, byName: `${current.byName}.html` } };
  const files = new Map<string, string>([['style.css', SITE_CSS], [SITE_MARKER, `Published by Tengen: publishing again replaces the files of this folder.\n`]]);
  for (const page of pages) files.set(page.path, pageFile(page, frame));
  return {
    ok: true,
    site: {
      files,
      playerPaths: new Map(d.byIndex.map((s) => [s.player.id as number, s.path])),
      currentRound: d.currentRound,
      single: () => singleFile(pages, frame, SITE_CSS),
    },
  };
}
