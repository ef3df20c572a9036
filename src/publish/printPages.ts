/**
 * What the director prints, as pages of the site with print rules (the workbook's `Slips R<n>` and `Tables R<n>`
 * sheets carry QR codes of their own, src/workbook/print/qrImage.ts, when Settings has the site address): the round's result slips, each
 * with the QR code of both players' pages; the table cards, each with the QR code of the round's pairings; the wall
 * chart with the QR code of the site. Without a base URL the pages print without QR codes and say why.
 *
 * The slip follows the workbook's (src/workbook/sheets/slipsSheet.ts, after seeds/mays-swiss-mcmahon-manual.txt,
 * "Doing the Paperwork": the table, White, Black, the handicap, a box to tick beside the winner and jigo).
 */
import { chunkOf } from './chunks';
import { text } from './html';
import type { SitePage } from './layout';
import { roundStems, TABLES_PER_PAGE } from './listPages';
import { qrSvg } from './qr';
import type { SiteData } from './siteData';
import { gamesByTable, tableNumber } from './tables';

/** The absolute URL of a site path, or undefined without a base URL. */
export function siteUrl(d: SiteData, path: string): string | undefined {
  return d.options.baseUrl === undefined ? undefined : `${d.options.baseUrl}${path}`;
}

function qrFigure(d: SiteData, path: string, caption: string, size: number): string {
  const url = siteUrl(d, path);
  if (url === undefined) return '';
  return `<figure>${qrSvg(url, size, `${caption}: ${url}`)}<figcaption>${text(caption)}</figcaption></figure>`;
}

function noQrNote(d: SiteData): string {
  return d.options.baseUrl === undefined ? `<p class="noprint">${text(d.words.noQr)}</p>` : '';
}

export function slipsPage(d: SiteData, round: number): SitePage {
  const w = d.words;
  return {
    path: `print/slips-round-${round}.html`,
    title: `${w.slips} — ${w.round(round)}`,
    print: true,
    body: () => {
      const slips = gamesByTable(d.tournament, round).map((g, i) => {
        const white = d.byId.get(g.white)!;
        const black = d.byId.get(g.black)!;
        const handicap = g.handicap === 0 ? w.even : g.handicap === 1 ? `${w.handicap} 1 (${w.noKomi})` : `${w.handicap} ${g.handicap}`;
        return (
          `<div class="slip"><p><strong>${text(w.table)} ${tableNumber(g, i)}</strong> — ${text(w.round(round))} — ${text(d.tournament.name)} — ${text(handicap)}</p>` +
          `<table><tbody><tr><td>${text(w.white)}</td><td>${text(`${white.player.id} ${white.name}`)}</td><td><span class="box"></span> ${text(w.won)}</td></tr>` +
          `<tr><td>${text(w.black)}</td><td>${text(`${black.player.id} ${black.name}`)}</td><td><span class="box"></span> ${text(w.won)}</td></tr>` +
          `<tr><td></td><td>${text(w.tick)}:</td><td><span class="box"></span> ${text(w.outcome.jigo)}</td></tr>` +
          `<tr><td>${text(w.signatures)}</td><td>${text(w.white)}: ____________</td><td>${text(w.black)}: ____________</td></tr></tbody></table>` +
          `<div class="qrs">${qrFigure(d, white.path, `${w.scanForPage}: ${white.name}`, 96)}${qrFigure(d, black.path, `${w.scanForPage}: ${black.name}`, 96)}</div></div>`
        );
      });
      return `${noQrNote(d)}${slips.join('\n')}`;
    },
  };
}

export function cardsPage(d: SiteData, round: number): SitePage {
  const w = d.words;
  return {
    path: `print/cards-round-${round}.html`,
    title: `${w.cards} — ${w.round(round)}`,
    print: true,
    body: () => {
      const cards = gamesByTable(d.tournament, round).map((g, i) => {
        const white = d.byId.get(g.white)!;
        const black = d.byId.get(g.black)!;
        const number = tableNumber(g, i);
        const pairings = `${chunkOf(roundStems(round).byTable, i, TABLES_PER_PAGE)}#t${number}`;
        return (
          `<div class="card"><div><p class="no">${text(w.table)} ${number}</p><p>${text(w.round(round))} — ${text(d.tournament.name)}</p>` +
          `<p class="vs">${text(w.white)}: ${text(white.name)} (${text(white.rank)})<br>${text(w.black)}: ${text(black.name)} (${text(black.rank)})</p></div>` +
          `${qrFigure(d, pairings, w.scanForPairings, 150)}</div>`
        );
      });
      return `${noQrNote(d)}${cards.join('\n')}`;
    },
  };
}

export function wallPage(d: SiteData): SitePage {
  const w = d.words;
  const url = siteUrl(d, 'index.html');
  return {
    path: 'print/wall.html',
    title: d.tournament.name,
    label: w.wall,
    print: true,
    body: () => `<div class="wall">${noQrNote(d)}<p class="lead">${text(w.scanForSite)}</p>${url ? `${qrSvg(url, 320, url)}<p>${text(url)}</p>` : ''}</div>`,
  };
}
