/**
 * The site's lists: the home page, the players, each round's pairings by table and by name, the standings and the
 * grid. Each row names a player as the wall does (name, rank, club) and links to his page.
 */
import { formatFraction } from '../model/fraction';
import type { Game, Round } from '../model/tournament';
import { gamesByTable, tableNumber } from './tables';
import { chunked, chunkOf, pageLinks } from './chunks';
import { link, table, text } from './html';
import type { Linker, SitePage } from './layout';
import type { SiteData, SitePlayer } from './siteData';

export const STANDINGS_ROWS = 100;
export const GRID_ROWS = 40;
export const TABLES_PER_PAGE = 80;
export const NAMES_PER_PAGE = 120;
export const PLAYERS_PER_PAGE = 150;

const LABEL: Readonly<Record<string, string>> = { mms: 'MMS', nbw: 'NBW', sos: 'SOS', sos1: 'SOS-1', sos2: 'SOS-2', sodos: 'SODOS', sosos: 'SOSOS', cuss: 'CUSS', cusp: 'CUSP', dc: 'DC', oneonone: '1-on-1', rating: 'Rating', previousorder: 'Prev', lottery: 'Lot' };

export function playerLink(_d: SiteData, l: Linker, s: SitePlayer): string {
  return link(l.to(s.path), text(s.name));
}

/** The columns beside a name: rank, club, and the rating and PIN only when the director ticked them. */
function whoHeader(d: SiteData): string[] {
  const w = d.words;
  return [w.rank, w.club, ...(d.options.showRatings ? [w.rating] : []), ...(d.options.showPins ? [w.pin] : [])].map(text);
}

function whoCells(d: SiteData, s: SitePlayer): string[] {
  const p = s.player;
  return [text(s.rank), text(p.club ?? ''), ...(d.options.showRatings ? [text(p.rating ?? '')] : []), ...(d.options.showPins ? [text(p.egdPin ?? '')] : [])];
}

/** Alphabetical order of the names as a player looks for them (accents and case ignored, then ID). */
export function byName(players: readonly SitePlayer[]): SitePlayer[] {
  const collator = new Intl.Collator(['en', 'fr'], { sensitivity: 'base' });
  return [...players].sort((a, b) => collator.compare(a.name, b.name) || a.player.id - b.player.id);
}


export function roundStems(round: Round): { byTable: string; byName: string } {
  return { byTable: `round-${round}`, byName: `round-${round}-names` };
}

function handicapText(d: SiteData, h: number): string {
  const w = d.words;
  return h === 0 ? w.even : h === 1 ? `1 (${w.noKomi})` : String(h);
}

function resultText(d: SiteData, g: Game): string {
  const w = d.words;
  const r: Readonly<Record<string, string>> = {
    unknown: '',
    'white-wins': `${w.white} ${w.won}`,
    'black-wins': `${w.black} ${w.won}`,
    jigo: w.outcome.jigo,
    'white-wins-by-default': `${w.white} ${w.won} (${w.outcome['default-win'].split(' ').slice(1).join(' ')})`,
    'black-wins-by-default': `${w.black} ${w.won} (${w.outcome['default-win'].split(' ').slice(1).join(' ')})`,
    'jigo-by-default': w.outcome['default-jigo'],
    'both-lose-by-default': w.outcome['default-loss'],
    'both-win-by-default': w.outcome['default-win'],
  };
  return r[g.result];
}

export function homePage(d: SiteData, roundPages: readonly number[], print: readonly SitePage[]): SitePage {
  const t = d.tournament;
  const w = d.words;
  return {
    path: 'index.html',
    title: t.name,
    body: (l) => {
      const facts = [
        t.beginDate ? `<li>${text(w.dates)}: ${text(t.beginDate)}${t.endDate && t.endDate !== t.beginDate ? ` – ${text(t.endDate)}` : ''}</li>` : '',
        t.location ? `<li>${text(w.location)}: ${text(t.location)}</li>` : '',
        `<li>${text(w.registered(t.players.length))}</li>`,
      ].join('');
      const current =
        d.currentRound === 0
          ? `<p class="lead">${text(w.noRoundYet)}</p>`
          : `<p class="lead">${text(w.roundOf(d.currentRound, t.settings.rounds))}</p><ul class="links"><li>${link(l.to(`${roundStems(d.currentRound).byTable}.html`), text(w.pairings))}</li><li>${link(l.to(`${roundStems(d.currentRound).byName}.html`), text(w.pairingsByName))}</li></ul>`;
      const main = `<ul class="links"><li>${link(l.to('standings.html'), text(w.standings))}${d.asOf > 0 ? ` (${text(w.afterRound(d.asOf))})` : ''}</li><li>${link(l.to('grid.html'), text(w.grid))}</li><li>${link(l.to('players.html'), text(w.players))}</li></ul>`;
      const earlier = roundPages.filter((r) => r !== d.currentRound);
      const rounds = earlier.length ? `<h2>${text(w.pairings)}</h2><ul class="links">${earlier.map((r) => `<li>${link(l.to(`${roundStems(r).byTable}.html`), text(w.round(r)))} · ${link(l.to(`${roundStems(r).byName}.html`), text(w.pairingsByName))}</li>`).join('')}</ul>` : '';
      const printed = print.length ? `<h2 class="noprint">${text(w.print)}</h2><ul class="links noprint">${print.map((p) => `<li>${link(l.to(p.path), text(p.label ?? p.title))}</li>`).join('')}</ul>` : '';
      return `<ul>${facts}</ul>\n${current}\n${main}\n${rounds}\n${printed}`;
    },
  };
}

export function playersPages(d: SiteData): SitePage[] {
  const w = d.words;
  const chunks = chunked('players', byName(d.byIndex), PLAYERS_PER_PAGE);
  return chunks.map((c) => ({
    path: c.path,
    title: c.of > 1 ? `${w.players} (${w.page(c.number, c.of)})` : w.players,
    body: (l) =>
      pageLinks(chunks, c.number, (p) => l.to(p), w.page) +
      `<div class="scroll">${table([text(w.name), ...whoHeader(d)], c.items.map((s) => [playerLink(d, l, s), ...whoCells(d, s)]))}</div>`,
  }));
}

/** A round's pairings by table (one row a table, the bye last) and by name (one row a player). */
export function roundPages(d: SiteData, round: Round): SitePage[] {
  const t = d.tournament;
  const w = d.words;
  const stems = roundStems(round);
  const games = gamesByTable(t, round);
  const byes = t.byes.filter((b) => b.round === round).map((b) => d.byId.get(b.player)).filter((s): s is SitePlayer => s !== undefined);
  const who = (l: Linker, id: number) => {
    const s = d.byId.get(id as never);
    return s ? `${playerLink(d, l, s)} <span class="muted">${text(s.rank)}</span>` : text(id);
  };
  const tables = chunked(stems.byTable, games.map((g, i) => ({ g, i })), TABLES_PER_PAGE);
  const pages: SitePage[] = tables.map((c) => ({
    path: c.path,
    title: `${w.round(round)} — ${w.pairings}${c.of > 1 ? ` (${w.page(c.number, c.of)})` : ''}`,
    body: (l) => {
      const rows = c.items.map(({ g, i }) => [`<span id="${l.id(`t${tableNumber(g, i)}`)}">${tableNumber(g, i)}</span>`, who(l, g.white), who(l, g.black), text(handicapText(d, g.handicap)), text(resultText(d, g))]);
      const bye = c.number === c.of && byes.length ? `<p>${text(w.bye)}: ${byes.map((s) => playerLink(d, l, s)).join(', ')}</p>` : '';
      return pageLinks(tables, c.number, (p) => l.to(p), w.page) + `<div class="scroll">${table([w.table, w.white, w.black, w.handicap, w.result].map(text), rows, new Set([0]))}</div>${bye}`;
    },
  }));
  const entries: { s: SitePlayer; table: string; index: number; colour: string; opponent?: SitePlayer }[] = [];
  games.forEach((g, i) => {
    const white = d.byId.get(g.white);
    const black = d.byId.get(g.black);
    const colourKnown = g.colourKnown !== false;
    if (white) entries.push({ s: white, table: String(tableNumber(g, i)), index: i, colour: colourKnown ? w.white : w.nigiri, opponent: black });
    if (black) entries.push({ s: black, table: String(tableNumber(g, i)), index: i, colour: colourKnown ? w.black : w.nigiri, opponent: white });
  });
  for (const s of byes) entries.push({ s, table: w.bye, index: -1, colour: '' });
  const order = new Map(byName(entries.map((e) => e.s)).map((s, i) => [s.player.id, i]));
  entries.sort((a, b) => order.get(a.s.player.id)! - order.get(b.s.player.id)!);
  const names = chunked(stems.byName, entries, NAMES_PER_PAGE);
  pages.push(
    ...names.map((c) => ({
      path: c.path,
      title: `${w.round(round)} — ${w.pairingsByName}${c.of > 1 ? ` (${w.page(c.number, c.of)})` : ''}`,
      body: (l: Linker) =>
        pageLinks(names, c.number, (p) => l.to(p), w.page) +
        `<div class="scroll">${table(
          [w.name, w.table, w.colour, w.opponent].map(text),
          c.items.map((e) => [playerLink(d, l, e.s), e.index >= 0 ? link(l.to(chunkOf(stems.byTable, e.index, TABLES_PER_PAGE), `t${e.table}`), e.table) : text(e.table), text(e.colour), e.opponent ? playerLink(d, l, e.opponent) : '']),
          new Set([1]),
        )}</div>`,
    })),
  );
  return pages;
}

export function standingsPages(d: SiteData): SitePage[] {
  const w = d.words;
  const listed = d.ordered.filter((s) => s.place !== undefined);
  const chunks = chunked('standings', listed, STANDINGS_ROWS);
  const criteria = d.shown;
  const header = [w.place, w.name, w.rank, w.club, ...(d.options.showRatings ? [w.rating] : []), ...(d.options.showPins ? [w.pin] : [])].map(text);
  const title = (c: { number: number; of: number }) => `${w.standings}${d.asOf > 0 ? ` ${w.afterRound(d.asOf)}` : ''}${c.of > 1 ? ` (${w.page(c.number, c.of)})` : ''}`;
  return chunks.map((c) => ({
    path: c.path,
    title: title(c),
    body: (l) => {
      const rows = c.items.map((s) => {
        const entry = d.standings?.entries[s.row!];
        const czech = d.czech?.entries[s.row!];
        const values = entry ? criteria.map((k) => (k === 'lottery' ? String(-entry.values.lottery.num) : formatFraction(entry.values[k]).replace('.', w.decimal))) : czech ? [String(czech.points).replace('.', w.decimal), String(czech.sonneborn).replace('.', w.decimal)] : [];
        return [`<span id="${l.id(`p${s.player.id}`)}">${s.place}</span>`, playerLink(d, l, s), ...whoCells(d, s), ...values.map(text)];
      });
      const extra = d.czech ? [w.points, 'Sonneborn'] : criteria.map((k) => LABEL[k]);
      const first = header.length;
      const before = d.asOf === 0 ? `<p>${text(w.standingsBeforeAnyResult)}</p>` : '';
      return before + pageLinks(chunks, c.number, (p) => l.to(p), w.page) + `<div class="scroll">${table([...header, ...extra.map(text)], rows, new Set([0, ...extra.map((_, i) => first + i)]))}</div>`;
    },
  }));
}

/** The grid: one line a player in standings order, each round "opponent's line, result, colour, handicap" as on paper. */
export function gridPages(d: SiteData): SitePage[] {
  const w = d.words;
  const listed = d.ordered.filter((s) => s.place !== undefined);
  const line = new Map(listed.map((s, i) => [s.player.id, i + 1]));
  const chunks = chunked('grid', listed, GRID_ROWS);
  const rounds = Array.from({ length: d.currentRound }, (_, i) => i + 1);
  return chunks.map((c) => ({
    path: c.path,
    title: `${w.grid}${c.of > 1 ? ` (${w.page(c.number, c.of)})` : ''}`,
    body: (l) => {
      const rows = c.items.map((s) => {
        const cells = s.rounds.map((r) => {
          if (r.outcome === 'bye') return w.bye;
          if (r.outcome === 'absent') return '—';
          const opp = d.byIndex[r.opponent];
          const mark = { win: '+', 'default-win': '+!', jigo: '=', 'default-jigo': '=!', loss: '−', 'default-loss': '−!', pending: '?' }[r.outcome] ?? '';
          const colour = r.game?.colourKnown === false ? '' : r.colour === 'white' ? 'w' : 'b';
          return `${line.get(opp.player.id) ?? opp.player.id}${mark}${colour}${r.handicap || ''}`;
        });
        return [String(line.get(s.player.id)), String(s.place), playerLink(d, l, s), text(s.rank), ...cells.map(text), text(s.score ?? '')];
      });
      return pageLinks(chunks, c.number, (p) => l.to(p), w.page) + `<div class="scroll grid">${table(['#', w.place, w.name, w.rank, ...rounds.map((r) => `R${r}`), w.score].map(text), rows, new Set([0, 1]))}</div>`;
    },
  }));
}

