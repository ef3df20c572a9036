/**
 * The `Tables R<n>` sheet: every player of a round in alphabetical order, with his ID, table and colour — the list a
 * player of a big event looks for first, beside the pairing sheets in table order (seeds/mays-swiss-mcmahon-manual.txt,
 * "Transcribing the Pairings onto the Pairing Sheets": the posted sheets tell the players "the names of their
 * opponents, the number of the table at which they will be playing, and who will have what color of stones (or
 * handicap)"). The player with the bye is in the list, his table reads BYE.
 *
 * Printed portrait in 16 pt, fit to the page width, the header repeated on every page; the spreadsheet places the
 * page breaks (no break of Tengen's own is needed: a line is one player).
 */
import { displayName, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import type { GridLanguage } from '../cells/notation';
import { gamesByTable } from './pairingsSheet';
import { fontSizeToFit, rowHeight } from '../print/paper';
import { qrPngBase64 } from '../print/qrImage';

export const TABLES_HEADER_ROW = 3;
const FONT_SIZE = 16;
/** Name, ID, Table, Colour: 72 characters, within a portrait page at 100 %. */
const WIDTHS = [40, 6, 8, 18] as const;

export function tablesSheetName(round: Round): string {
  return `Tables R${round}`;
}

const WORDS = {
  en: { title: 'Round', who: 'Tables by name', name: 'Name', id: 'ID', table: 'Table', colour: 'Colour', white: 'White', black: 'Black', bye: 'BYE' },
  fr: { title: 'Ronde', who: 'Tables par nom', name: 'Nom', id: 'No.', table: 'Table', colour: 'Couleur', white: 'Blanc', black: 'Noir', bye: 'BYE' },
} as const;

interface Seat {
  readonly player: PlayerId;
  readonly table: number | string;
  readonly colour: string | null;
}

/** The sheet's cells: title, header, one row per player of the round, by family then given name. */
export function tablesCells(t: Tournament, round: Round, language: GridLanguage = 'en'): CellValue[][] {
  const words = WORDS[language];
  const seats: Seat[] = [];
  gamesByTable(t, round).forEach((g, i) => {
    const table = g.table ?? i + 1;
    // "+2" for Black receiving two stones, as on the grid; the colour word for an even game.
    const mark = (colour: 'white' | 'black') => (g.handicap > 0 ? `${colour === 'white' ? words.white : words.black} (${colour === 'white' ? '−' : '+'}${g.handicap})` : colour === 'white' ? words.white : words.black);
    seats.push({ player: g.white, table, colour: mark('white') });
    seats.push({ player: g.black, table, colour: mark('black') });
  });
  for (const b of t.byes.filter((x) => x.round === round)) seats.push({ player: b.player, table: words.bye, colour: null });
  const byId = new Map(t.players.map((p) => [p.id, p]));
  // Each name made once, not at each of the sort's comparisons (some 13,000 at a congress; issue 28).
  const names = new Map<PlayerId, string>();
  const nameOf = (id: PlayerId) => {
    let name = names.get(id);
    if (name === undefined) {
      const p = byId.get(id);
      name = p ? displayName(p) : String(id);
      names.set(id, name);
    }
    return name;
  };
  // One collator for the whole sort: `localeCompare(b, language)` is defined as this collator's compare (ECMA-402,
  // String.prototype.localeCompare), and building it anew for each comparison cost a congress's list tens of ms.
  const collator = new Intl.Collator(language);
  seats.sort((a, b) => collator.compare(nameOf(a.player), nameOf(b.player)) || a.player - b.player);
  return [
    [`${words.title} ${round} — ${words.who}`, null, null, null],
    [t.name, null, null, null],
    [words.name, words.id, words.table, words.colour],
    ...seats.map((s) => [nameOf(s.player), s.player, s.table, s.colour]),
  ];
}

/** The round's pairings by name on the results site (src/publish/listPages.ts, `roundStems`: its first page). */
export function roundNamesUrl(siteUrl: string, round: Round): string {
  return `${siteUrl}round-${round}-names.html`;
}

/**
 * With a site address (Settings, "Site address"): the QR code of the round's pairings by name on the results site,
 * in column E beside the title rows (1–3, 57 pt; column E 12 characters, 67 pt), for a player who would rather find
 * his table on his phone than in the list.
 */
const QR_COLUMN_WIDTH = 12;
const QR_SIDE = 52;
const QR_OFFSET = { x: 6, y: 2 } as const;

export function tablesOps(t: Tournament, round: Round, language: GridLanguage = 'en'): WorkbookOp[] {
  const sheet = tablesSheetName(round);
  const siteUrl = t.settings.siteUrl;
  const url = siteUrl === undefined ? undefined : roundNamesUrl(siteUrl, round);
  const cells = tablesCells(t, round, language);
  const first = TABLES_HEADER_ROW + 1;
  const last = cells.length;
  const smaller: WorkbookOp[] = [];
  for (let r = first; r <= last; r++) {
    const size = fontSizeToFit(String(cells[r - 1][0] ?? ''), WIDTHS[0], FONT_SIZE, 10);
    if (size < FONT_SIZE) smaller.push({ kind: 'format', sheet, range: `A${r}`, format: { fontSize: size } });
  }
  return [
    ...freshSheetOps(sheet),
    // A round paired again has a new picture, one without a site address none: the old one always goes first.
    { kind: 'delete-images', sheet },
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 18, rowHeight: rowHeight(18) } },
    { kind: 'format', sheet, range: 'A2', format: { italic: true } },
    { kind: 'format', sheet, range: `A${TABLES_HEADER_ROW}:D${TABLES_HEADER_ROW}`, format: { ...HEADER_FORMAT, fontSize: 12, horizontalAlignment: 'center', rowHeight: rowHeight(12) } },
    ...(last >= first
      ? [
          { kind: 'format' as const, sheet, range: `A${first}:D${last}`, format: { border: true, fontSize: FONT_SIZE, rowHeight: rowHeight(FONT_SIZE) } },
          { kind: 'format' as const, sheet, range: `C${first}:C${last}`, format: { bold: true, horizontalAlignment: 'center' as const } },
          { kind: 'format' as const, sheet, range: `B${first}:B${last}`, format: { horizontalAlignment: 'center' as const } },
          ...smaller,
        ]
      : []),
    { kind: 'column-widths', sheet, widths: url === undefined ? [...WIDTHS] : [...WIDTHS, QR_COLUMN_WIDTH] },
    { kind: 'print', sheet, settings: { printArea: `A1:${url === undefined ? 'D' : 'E'}${last}`, repeatRows: `${TABLES_HEADER_ROW}:${TABLES_HEADER_ROW}`, fitToWidth: true, orientation: 'portrait' } },
    ...(url === undefined ? [] : [{ kind: 'image' as const, sheet, at: 'E1', png: qrPngBase64(url), width: QR_SIDE, height: QR_SIDE, offset: QR_OFFSET, name: `QR code: ${url}` }]),
  ];
}
