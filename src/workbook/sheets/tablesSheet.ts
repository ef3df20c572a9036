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
  // The collator's order (`nameOrder`), each seat's name and key found once: one collator for the whole sort, made
  // only when a name needs it.
  const collator = lazyCollator(language);
  const keyed = seats.map((seat) => {
    const name = nameOf(seat.player);
    return { seat, name, key: asciiPrimaryKey(name, language) };
  });
  keyed.sort((a, b) => compareNames(a.name, a.key, b.name, b.key, collator) || a.seat.player - b.seat.player);
  return [
    [`${words.title} ${round} — ${words.who}`, null, null, null],
    [t.name, null, null, null],
    [words.name, words.id, words.table, words.colour],
    ...keyed.map(({ seat, name }) => [name, seat.player, seat.table, seat.colour]),
  ];
}

/**
 * The printable ASCII characters (U+0020–U+007E) in the order of their primary weights in the Unicode collation of
 * `Intl.Collator('en')` and `Intl.Collator('fr')` (CLDR's root order, which neither tailors for these characters;
 * punctuation not ignored, Intl's default): each character its own weight, but a capital letter that of its small one.
 */
const ASCII_PRIMARY_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * The languages whose collation `ASCII_PRIMARY_ORDER` was checked against (test/workbook/tablesOrder.test.ts): a
 * language added to the grid's later goes through its collator until it is checked too — Czech, for one, sorts "ch"
 * after "h", which no key of single characters can say.
 */
const UNTAILORED: ReadonlySet<GridLanguage> = new Set<GridLanguage>(['en', 'fr']);

/** Each printable ASCII character's primary weight (its place in `ASCII_PRIMARY_ORDER`, from 1), 0 for others. */
const ASCII_PRIMARY: Uint8Array = (() => {
  const weights = new Uint8Array(128);
  for (let i = 0; i < ASCII_PRIMARY_ORDER.length; i++) weights[ASCII_PRIMARY_ORDER.charCodeAt(i)] = i + 1;
  for (let c = 65; c <= 90; c++) weights[c] = weights[c + 32];
  return weights;
})();

/**
 * A name's primary collation key when it is all printable ASCII (and of a name's length): its characters' primary
 * weights as a text, one character each, so that two keys compare as the collator's primary level does (a name before
 * any it begins); null otherwise, and for a language not checked (`UNTAILORED`).
 */
export function asciiPrimaryKey(name: string, language: GridLanguage): string | null {
  if (name.length > 200 || !UNTAILORED.has(language)) return null;
  const weights: number[] = [];
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const weight = c < 128 ? ASCII_PRIMARY[c] : 0;
    if (weight === 0) return null;
    weights.push(32 + weight);
  }
  // (one flat text, not one grown a character at a time: compared at once, not first copied into one)
  return String.fromCharCode.apply(null, weights);
}

/**
 * The collator's order of two names (its sign), given their `asciiPrimaryKey`s: by the keys when both have one, as
 * the collator's levels compare names of printable ASCII — the primary weights first; then, the same letters, the
 * case: at the first character that differs (a letter in its two cases, nothing else differing), the small one
 * first; no accents, so the secondary level is the same; no two different such names equal. Through the collator
 * (`collator()`, made when first asked for) otherwise.
 */
function compareNames(a: string, ka: string | null, b: string, kb: string | null, collator: () => Intl.Collator): number {
  if (ka === null || kb === null) return collator().compare(a, b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  if (a === b) return 0;
  let i = 0;
  while (a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return a.charCodeAt(i) > b.charCodeAt(i) ? -1 : 1;
}

/** A collator for `language`, made only when first asked for (issue 28: making one is some 20 ms). */
function lazyCollator(language: GridLanguage): () => Intl.Collator {
  let collator: Intl.Collator | undefined;
  return () => (collator ??= new Intl.Collator(language));
}

/**
 * `new Intl.Collator(language).compare`'s order of names (its sign: all a sort reads), the collator made only when a
 * name is not all printable ASCII (issue 28: making a collator is some 20 ms, and a congress round's Tables list is
 * sorted by some 10,000 comparisons through it): `compareNames`. test/workbook/tablesOrder.test.ts compares the two on
 * names of every kind, and the Tables list with the collator's.
 */
export function nameOrder(language: GridLanguage): (a: string, b: string) => number {
  const collator = lazyCollator(language);
  const keys = new Map<string, string | null>();
  const keyOf = (name: string) => {
    let k = keys.get(name);
    if (k === undefined) keys.set(name, (k = asciiPrimaryKey(name, language)));
    return k;
  };
  return (a, b) => compareNames(a, keyOf(a), b, keyOf(b), collator);
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
