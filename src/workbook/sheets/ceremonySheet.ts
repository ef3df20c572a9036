/**
 * The `Prize ceremony` sheet: the standings the director reads from at the distribution of the prizes, one block per
 * McMahon section with its heading, its winner, its leading players and what each wins (`src/scoring/prizes.ts`), in
 * the words of the Grid (ID, Name, City/Club, Rank, Victories, Place).
 *
 * seeds/mays-swiss-mcmahon-manual.txt, "Distribution of the Prizes": "it is traditional for the tournament director
 * to begin with the winner of the last section of the tournament and then to move up the list of winners until he
 * ends the ceremony with the name of the new tournament champion" — so the blocks run from the last section up to
 * the first, and a whole-field block (its prizes, or the tournament without sections) comes last.
 *
 * A block lists the places that carry a prize, and at least the first three (with every player equal to the last
 * of them). Values only: the ceremony is read once, at the end; Tengen rewrites it with the standings.
 */
import { toNumber } from '../../model/fraction';
import { formatRank } from '../../model/rank';
import { displayName, type RulesetName, type Tournament } from '../../model/tournament';
import { prizeGroups, prizesWithoutSection, type Award, type PrizeGroup } from '../../scoring/prizes';
import { cachedStandings, shownCriteria, type Standings } from '../../scoring/standings';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { columnLetter } from '../cells/address';
import { LABELS, type GridLanguage } from '../cells/notation';
import { columnsWidth, PRINTABLE, rowHeight, scaleToFit, wrappedLines } from '../print/paper';
import { formatAmount, formatPrize } from '../cells/prizeNotation';
import { CRITERION_LABEL } from './standingsSheet';

export const CEREMONY_SHEET = 'Prize ceremony';
/** At least this many places of each block are listed, prizes or not. */
const PLACES_SHOWN = 3;

const WORDS = {
  en: {
    title: 'prize ceremony',
    after: (r: number, n: number) => `standings after round ${r} of ${n}`,
    section: 'Section',
    field: 'Whole field',
    initial: 'initial score',
    players: (n: number) => `${n} player${n === 1 ? '' : 's'}`,
    winner: 'Winner',
    winners: 'Winners (equal)',
    prize: 'Prize',
    prizes: 'Prizes',
    none: 'No prizes are set (Settings sheet, Prizes).',
    shared: (total: string, n: number) => `${total} shared by ${n}`,
    itemsShared: 'equal: the director decides',
    rule: 'Equal players share the money prizes of the places they hold together; other prizes go by the tie-breakers (EGF General Tournament Rules).',
    order: 'Read from the last section up to the champion (Mays, Swiss-McMahon manual, Distribution of the Prizes, p. 39).',
    unknownSection: 'Prizes naming no section of this tournament',
  },
  fr: {
    title: 'remise des prix',
    after: (r: number, n: number) => `classement après la ronde ${r} sur ${n}`,
    section: 'Section',
    field: 'Tous les joueurs',
    initial: 'score initial',
    players: (n: number) => `${n} joueur${n === 1 ? '' : 's'}`,
    winner: 'Gagnant',
    winners: 'Gagnants (ex æquo)',
    prize: 'Prix',
    prizes: 'Prix',
    none: 'Aucun prix saisi (feuille Settings, Prizes).',
    shared: (total: string, n: number) => `${total} partagés entre ${n}`,
    itemsShared: 'ex æquo : le directeur décide',
    rule: 'Les ex æquo partagent les prix en argent de leurs places ; les autres prix vont selon les départages (EGF General Tournament Rules).',
    order: 'Lire de la dernière section jusqu’au champion (Mays, manuel Swiss-McMahon, Distribution of the Prizes, p. 39).',
    unknownSection: 'Prix d’une section inconnue',
  },
} as const;

function awardText(a: Award | undefined, language: GridLanguage): string | null {
  if (!a) return null;
  const w = WORDS[language];
  const parts = [
    ...a.items.map((i) => (a.itemsShared ? `${i} (${w.itemsShared})` : i)),
    ...a.shares.map((s) => {
      const share = formatAmount(toNumber(s.share), s.unit || undefined);
      return s.sharedBy > 1 ? `${share} (${w.shared(formatAmount(s.total, s.unit || undefined), s.sharedBy)})` : share;
    }),
  ];
  return parts.length > 0 ? parts.join(' + ') : null;
}

interface Block {
  readonly rows: CellValue[][];
  /** Row offsets (0-based, in the block) of the heading and of the table header. */
  readonly heading: number;
  readonly header: number;
}

function blockOf(s: Standings, g: PrizeGroup, width: number, language: GridLanguage): Block {
  const w = WORDS[language];
  const labels = LABELS[language];
  const pad = (row: CellValue[]) => [...row, ...new Array<CellValue>(width - row.length).fill(null)];
  const shown = shownCriteria(s).filter((c) => c !== 'nbw');
  const byId = new Map(s.tournament.players.map((p) => [p.id, p]));
  const prizes = (s.tournament.settings.prizes ?? []).filter((p) => p.section === g.section);
  const lastPrized = prizes.reduce((m, p) => Math.max(m, p.place), 0);
  const cut = Math.max(PLACES_SHOWN, lastPrized);
  const listed = g.entries.filter((x) => x.place <= cut);
  const heading = g.section === undefined ? w.field : `${w.section} ${g.section}${g.initialMms === undefined ? '' : ` (${w.initial} ${g.initialMms})`}`;
  const winnerNames = g.winners.map((id) => `${id} ${byId.has(id) ? displayName(byId.get(id)!) : ''}`.trim()).join(', ');
  const rows: CellValue[][] = [
    pad([`${heading} — ${w.players(g.entries.length)}`]),
    pad([`${g.winners.length > 1 ? w.winners : w.winner}: ${winnerNames}`]),
    pad([prizes.length > 0 ? `${w.prizes}: ${prizes.map((p) => `${labels.placeColumn} ${formatPrize({ ...p, section: undefined })}`).join('; ')}` : w.none]),
    pad([labels.placeColumn, labels.id, labels.name, labels.club, labels.rank, labels.victories, ...shown.map((c) => CRITERION_LABEL[c]), w.prize]),
    ...listed.map(({ entry, place }) =>
      pad([
        place,
        entry.player.id,
        displayName(entry.player),
        entry.player.club ?? entry.player.city ?? null,
        formatRank(entry.player.rank),
        toNumber(entry.values.nbw),
        ...shown.map((c) => (c === 'lottery' ? -entry.values.lottery.num : toNumber(entry.values[c]))),
        awardText(g.awards.get(entry.player.id), language),
      ]),
    ),
    pad([]),
  ];
  return { rows, heading: 0, header: 3 };
}

/** The sheet's cells and where its blocks' headings and headers are (1-based rows). */
export function ceremonyCells(s: Standings, language: GridLanguage = 'en'): { cells: CellValue[][]; headings: number[]; headers: number[]; width: number } {
  const t: Tournament = s.tournament;
  const w = WORDS[language];
  const width = 6 + shownCriteria(s).filter((c) => c !== 'nbw').length + 1;
  const pad = (row: CellValue[]) => [...row, ...new Array<CellValue>(width - row.length).fill(null)];
  const groups = prizeGroups(s);
  const sections = groups.filter((g) => g.section !== undefined).reverse();
  const ordered = [...sections, ...groups.filter((g) => g.section === undefined)];
  const cells: CellValue[][] = [pad([`${t.name}: ${w.title} — ${w.after(s.asOf, t.settings.rounds)}`]), pad([w.rule]), pad([w.order]), pad([])];
  const headings: number[] = [];
  const headers: number[] = [];
  const unknown = prizesWithoutSection(s);
  if (unknown.length > 0) cells.push(pad([`${w.unknownSection}: ${unknown.map(formatPrize).join('; ')}`]), pad([]));
  for (const g of ordered) {
    const b = blockOf(s, g, width, language);
    headings.push(cells.length + 1 + b.heading);
    headers.push(cells.length + 1 + b.header);
    cells.push(...b.rows);
  }
  return { cells, headings, headers, width };
}

export function ceremonyOps(t: Tournament, language: GridLanguage = 'en', ruleset?: RulesetName): WorkbookOp[] {
  const sheet = CEREMONY_SHEET;
  const { cells, headings, headers, width } = ceremonyCells(cachedStandings(t, { ruleset }), language);
  const last = columnLetter(width);
  const ops: WorkbookOp[] = [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 16, rowHeight: rowHeight(16) } },
    { kind: 'format', sheet, range: 'A2:A3', format: { italic: true } },
  ];
  headings.forEach((row, i) => {
    const end = (headings[i + 1] ?? cells.length + 2) - 2;
    ops.push(
      { kind: 'format', sheet, range: `A${row}:${last}${row}`, format: { bold: true, fontSize: 14, fill: '#D9D9D9', rowHeight: rowHeight(14) } },
      { kind: 'format', sheet, range: `A${row + 1}`, format: { bold: true } },
      { kind: 'format', sheet, range: `A${headers[i]}:${last}${headers[i]}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
      ...(end > headers[i] ? [{ kind: 'format' as const, sheet, range: `A${headers[i] + 1}:${last}${end}`, format: { border: true } }] : []),
    );
  });
  // Name, club and prize columns as wide as their longest entry (headings and notes are all in column A) within
  // bounds; a longer club or prize wraps in a row as many lines high: nothing is cut off.
  const longest = (column: number, least: number, most: number) => Math.min(most, Math.max(least, ...cells.map((r) => String(r[column] ?? '').length + 2)));
  const widths = [6, 5, longest(2, 20, 34), longest(3, 12, 24), 6, 9, ...new Array<number>(width - 7).fill(8), longest(width - 1, 16, 36)];
  const lines = cells.map((r, i) => (i < 3 || headings.includes(i + 1) ? 1 : Math.max(wrappedLines(String(r[3] ?? ''), widths[3]), wrappedLines(String(r[width - 1] ?? ''), widths[width - 1]))));
  lines.forEach((n, i) => {
    if (n > 1) ops.push({ kind: 'format', sheet, range: `A${i + 1}:${last}${i + 1}`, format: { wrap: true, rowHeight: 15 * n } });
  });
  // One scale for the width; then a page break before any block that would run over the end of its page.
  const scale = scaleToFit(columnsWidth(widths), 1, 'portrait');
  const page = (PRINTABLE.portrait.height * 100) / scale;
  const height = (row: number) => (row === 1 ? rowHeight(16) : headings.includes(row) ? rowHeight(14) : 15 * lines[row - 1]);
  const rowBreaks: number[] = [];
  let used = 0;
  for (let row = 1; row <= cells.length; row++) {
    const i = headings.indexOf(row);
    if (i >= 0) {
      const end = headings[i + 1] ?? cells.length + 1;
      let block = 0;
      for (let r = row; r < end; r++) block += height(r);
      if (used > 0 && used + block > page) {
        rowBreaks.push(row);
        used = 0;
      }
    }
    used += height(row);
  }
  ops.push(
    { kind: 'column-widths', sheet, widths },
    { kind: 'print', sheet, settings: { printArea: `A1:${last}${cells.length}`, scale, orientation: 'portrait', rowBreaks } },
  );
  return ops;
}
