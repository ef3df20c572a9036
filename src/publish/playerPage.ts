/**
 * A player's own page: who he is (as the wall shows him), his next table and opponent as soon as the round is
 * paired, his place and score, why he stands there in plain words (the text of `tengen explain FILE PLAYER place`,
 * with the table of the criterion that decided, as `tengen explain FILE PLAYER CRITERION` gives it), and his games
 * round by round.
 */
import type { PlayerRound } from '../scoring/record';
import { chunkOf } from './chunks';
import { link, table, text } from './html';
import type { Linker, SitePage } from './layout';
import { GRID_ROWS, playerLink, roundStems, STANDINGS_ROWS, TABLES_PER_PAGE } from './listPages';
import type { SiteData, SitePlayer } from './siteData';

function tableOf(d: SiteData, r: PlayerRound): { number: number; index: number } | undefined {
  return r.game ? d.tables.get(r.game) : undefined;
}

function colourText(d: SiteData, r: PlayerRound): string {
  if (!r.game) return '';
  if (r.game.colourKnown === false) return d.words.nigiri;
  return r.colour === 'white' ? d.words.white : d.words.black;
}

function handicapText(d: SiteData, h: number): string {
  return h === 0 ? '' : h === 1 ? `1 (${d.words.noKomi})` : String(h);
}

/** The next game: the round paired last, while its result is not in. */
function nextGame(d: SiteData, s: SitePlayer, l: Linker): string {
  const w = d.words;
  const round = d.currentRound;
  if (round === 0 || !d.roundOpen) return '';
  const r = s.rounds[round - 1];
  let what: string;
  if (r.outcome === 'pending') {
    const opp = d.byIndex[r.opponent];
    const table = tableOf(d, r);
    const tableLink = table === undefined ? '?' : link(l.to(chunkOf(roundStems(round).byTable, table.index, TABLES_PER_PAGE), `t${table.number}`), String(table.number));
    // The sentence's own words hold no character HTML gives a meaning to; its pieces are HTML already.
    what = w.nextGame(round, tableLink, text(colourText(d, r)), `${playerLink(d, l, opp)} (${text(opp.rank)})`);
    if (r.handicap > 0) what += `, ${text(w.handicap.toLowerCase())} ${text(handicapText(d, r.handicap))}`;
  } else if (r.outcome === 'bye') what = text(w.nextBye(round));
  else if (r.outcome === 'absent') what = text(w.notPlaying(round));
  else return '';
  return `<h2>${text(w.next)}</h2><p class="next">${what}</p>`;
}

function gamesTable(d: SiteData, s: SitePlayer, l: Linker): string {
  const w = d.words;
  const rows = s.rounds.map((r) => {
    const opp = r.opponent >= 0 ? d.byIndex[r.opponent] : undefined;
    const table = tableOf(d, r);
    // Colour and handicap in one column: the table fits a phone's width.
    const colour = [colourText(d, r), r.handicap > 0 ? `${w.handicap.toLowerCase()} ${handicapText(d, r.handicap)}` : ''].filter(Boolean).join(', ');
    return [String(r.round), table === undefined ? '' : String(table.number), opp ? `${playerLink(d, l, opp)} <span class="muted">${text(opp.rank)}</span>` : '', text(colour), text(w.outcome[r.outcome])];
  });
  return `<div class="scroll">${table([w.roundHeader, w.table, w.opponent, w.colour, w.result].map(text), rows, new Set([0, 1]))}</div>`;
}

function detailTable(d: SiteData, s: SitePlayer, l: Linker): string {
  const e = s.detail;
  if (!e) return '';
  const w = d.words;
  const label = { mms: 'MMS', nbw: 'NBW', sos: 'SOS', sos1: 'SOS-1', sos2: 'SOS-2', sodos: 'SODOS', sosos: 'SOSOS', cuss: 'CUSS', cusp: 'CUSP' }[e.criterion as string] ?? e.criterion;
  const number = (v: number) => String(Math.round(v * 100) / 100).replace('.', w.decimal);
  const rows = e.rows.map((r) => {
    const opp = r.opponent ? d.byId.get(r.opponent.id) : undefined;
    return [r.round ? String(r.round) : '', opp ? playerLink(d, l, opp) : text(r.note ?? ''), text(w.outcome[r.outcome]), r.value === null ? '—' : `${number(r.value)}${r.dropped ? ' (−)' : ''}`];
  });
  const total = `<p>${text(label)}: ${text(number(e.total.num / e.total.den))}</p>`;
  return `<details><summary>${text(w.detailOf(label))}</summary><p class="muted" lang="en">${text(e.formula)}</p><div class="scroll">${table([w.roundHeader, w.opponent, w.result, label].map(text), rows, new Set([0, 3]))}</div>${total}</details>`;
}

export function playerPage(d: SiteData, s: SitePlayer): SitePage {
  const w = d.words;
  const p = s.player;
  return {
    path: s.path,
    title: s.name,
    body: (l) => {
      const who = [s.rank, p.club, d.options.showRatings && p.rating !== undefined ? `${w.rating} ${p.rating}` : undefined, d.options.showPins && p.egdPin ? `${w.pin} ${p.egdPin}` : undefined].filter((x): x is string => Boolean(x));
      const place =
        s.place === undefined
          ? `<p>${text(w.notInStandings)}</p>`
          : `<p class="lead" data-place="${s.place}">${link(l.to(chunkOf('standings', s.row!, STANDINGS_ROWS), `p${p.id}`), text(w.ordinal(s.place)))} — ${text(s.score ?? '')}${d.asOf > 0 ? ` <span class="muted">(${text(w.afterRound(d.asOf))})</span>` : ''}</p>`;
      const why = s.explanation && d.asOf > 0 ? `<h2>${text(w.whyPlace)}</h2><div class="why"${s.explanationLang !== w.lang ? ` lang="${s.explanationLang}"` : ''}>${s.explanation.map((line) => `<p>${text(line)}</p>`).join('')}</div>${detailTable(d, s, l)}` : '';
      const grid = s.row === undefined ? '' : `<p class="muted">${link(l.to(chunkOf('grid', s.row, GRID_ROWS)), text(w.grid))}</p>`;
      const games = d.currentRound > 0 ? `<h2>${text(w.games)}</h2>${gamesTable(d, s, l)}` : '';
      return `<p>${who.map(text).join(' · ')}</p>\n${nextGame(d, s, l)}\n${place}\n${why}\n${games}\n${grid}`;
    },
  };
}
