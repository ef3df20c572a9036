/**
 * The `Grid` sheet: the paper tournament grid of seeds/mays-swiss-mcmahon-manual.txt, Appendix B ("Tournament Grid
 * Sheet": No. (ID) | NOM | VILLE | COTE | SCORE INITIAL | RONDE 1 … RONDE 6 | RANG, two lines per player) and
 * "Doing the Paperwork" (the pairing card's lines: opponent's ID and colour, then the new score), as pure data.
 *
 * Layout (1-based rows and columns):
 *   rows 1–12   the title block: a label in column A, its value in column C (Tournament, Dates, Place, Director,
 *               Ruleset, System, Rounds, Language, Sections, Bar, Floor, MMS zero — French labels on a French grid);
 *   row 14      the header: ID | Name | City/Club | Rank | Section | Round 1 (over three columns) … | Victories | Place;
 *   row 15      under each round: Opp. | Col. | Res.;
 *   from row 16 two lines per player, in ID order:
 *     line 1    ID, "Family, Given", city or club, rank, initial McMahon score (Swiss: blank), and per round the
 *               opponent's ID, the colour or handicap as written on paper, the result (see `notation.ts`); then
 *               Victories and Place;
 *     line 2    the section's name under the initial score, and under each round's opponent the score after that
 *               round (Mays' "New Score").
 *
 * Formulas (no circular references: each reads only input cells of its own row pair):
 *  - the score after round r is `=<score before> + points(<result cell of r>) + <free points of r>`, where
 *    points(+ or +!) = 1, points(= or =!) = ½, anything else 0, and the free points (a bye, a round missed — each
 *    ruleset's own values, EGF's rounding down included) are a constant the engine computed from the scoreboard;
 *    so a result typed in Excel or LibreOffice updates the scores at once, and the constant is refreshed whenever
 *    Tengen rewrites the grid;
 *  - Victories (number of wins: byes and default wins included, ½ per jigo — Mays, "Determining the Winners") is
 *    the same sum over the rounds plus the free wins;
 *  - Place is ONE formula for the whole column, `=GO.PLACE(TengenGrid, $A$16:$A$95, , TengenSettings)` on the
 *    first player's line 1, spilling down the column (a place on each line 1, blank on each line 2: the function
 *    answers a range of IDs in the shape of the range, blank for a blank ID). `TengenGrid` names the grid's INPUT
 *    columns only — A to the last round's result column (`names.ts`) — so the formula never reads Victories or
 *    its own column: no circular reference. One spilled formula, not one per player: Excel hands the grid to the
 *    function once, not once per row (issue 10).
 * Every formula is written with the value it has, so readers without recalculation see the numbers; the Place
 * spill's cells each hold their place (`computeStandings`, what `tengen standings` prints).
 */
import { spillsKnown } from './spills';
import { formatRank } from '../../model/rank';
import { displayName, type Tournament } from '../../model/tournament';
import { cachedScoreboard, initialMms, type Scoreboard } from '../../scoring/scoreboard';
import { cachedStandings } from '../../scoring/standings';
import { lastPlayedRound, type Outcome, type PlayerRound } from '../../scoring/record';
import { freshSheetOps, HEADER_FORMAT, type CellInput, type CellValue, type PrintSettings, type WorkbookBatch, type WorkbookOp } from '../adapters/adapter';
import { cellAddress, columnLetter, rangeAddress } from '../cells/address';
import { defineNameOp, GRID_NAME, PLACE_CACHE_NAME, SETTINGS_NAME, withCachedFallback } from '../formulas/names';
import { breaksEvery, columnsWidth, rowHeight, scaleToFit, wrappedLines } from '../print/paper';
import { colourText, FIRST_ROUND_COLUMN, LABELS, outcomeMark, resultText, TITLE_KEYS, type GridLanguage, type TitleKey } from '../cells/notation';

export const GRID_SHEET = 'Grid';

export { readGrid, readGridDetailed, type GridRead, type ReadGridOptions } from './gridReader';

export interface GridOptions {
  /** Sheet name (default `Grid`). */
  readonly sheet?: string;
  /** Labels and colour letters (default English). */
  readonly language?: GridLanguage;
  /** Values only, no formulas (the `Grid (final)` copy readable without recalculation or the add-in). */
  readonly valuesOnly?: boolean;
}

/** Where everything is on a grid of `rounds` rounds and `players` players. */
export interface GridLayout {
  readonly sheet: string;
  readonly language: GridLanguage;
  readonly rounds: number;
  readonly players: number;
  /** Row of each title entry. */
  readonly titleRow: Readonly<Record<TitleKey, number>>;
  readonly titleLabelColumn: number;
  readonly titleValueColumn: number;
  readonly headerRow: number;
  readonly subHeaderRow: number;
  readonly firstPlayerRow: number;
  readonly lastRow: number;
  readonly lastColumn: number;
  readonly columns: { readonly id: 1; readonly name: 2; readonly club: 3; readonly rank: 4; readonly initial: 5; readonly victories: number; readonly place: number };
  /** Line 1 of the player at this position (0-based, in ID order). */
  playerRow(index: number): number;
  opponentColumn(round: number): number;
  colourColumn(round: number): number;
  resultColumn(round: number): number;
  /** On line 2. */
  scoreColumn(round: number): number;
}

export { FIRST_ROUND_COLUMN };

export function gridLayout(rounds: number, players: number, options: GridOptions = {}): GridLayout {
  const titleRow = Object.fromEntries(TITLE_KEYS.map((k, i) => [k, i + 1])) as Record<TitleKey, number>;
  const headerRow = TITLE_KEYS.length + 2;
  const firstPlayerRow = headerRow + 2;
  const victories = FIRST_ROUND_COLUMN + 3 * rounds;
  const opponentColumn = (r: number) => FIRST_ROUND_COLUMN + 3 * (r - 1);
  return {
    sheet: options.sheet ?? GRID_SHEET,
    language: options.language ?? 'en',
    rounds,
    players,
    titleRow,
    titleLabelColumn: 1,
    titleValueColumn: 3,
    headerRow,
    subHeaderRow: headerRow + 1,
    firstPlayerRow,
    lastRow: Math.max(firstPlayerRow - 1, firstPlayerRow + 2 * players - 1),
    lastColumn: victories + 1,
    columns: { id: 1, name: 2, club: 3, rank: 4, initial: 5, victories, place: victories + 1 },
    playerRow: (index) => firstPlayerRow + 2 * index,
    opponentColumn,
    colourColumn: (r) => opponentColumn(r) + 1,
    resultColumn: (r) => opponentColumn(r) + 2,
    scoreColumn: opponentColumn,
  };
}

/** The last round with any game (reported or not) or bye: the rounds the grid shows. */
export function pairedRounds(t: Tournament): number {
  let last = 0;
  // (indexed loops: some three times faster than the arrays' iterators in code not optimised yet, as a batch runs it;
  // issue 28)
  const games = t.games;
  for (let i = 0; i < games.length; i++) if (games[i].round > last) last = games[i].round;
  const byes = t.byes;
  for (let i = 0; i < byes.length; i++) if (byes[i].round > last) last = byes[i].round;
  return Math.min(last, t.settings.rounds);
}

/** The three cells of a player's round as written on the grid: opponent's ID (or BYE), colour, result. */
export function roundCells(sb: Scoreboard, r: PlayerRound, language: GridLanguage): [CellValue, CellValue, CellValue] {
  if (r.outcome === 'bye') return [null, 'BYE', null];
  if (r.opponent < 0 || !r.colour) return [null, null, null];
  const colour = colourText({ colour: r.colour, handicap: r.handicap, colourKnown: r.game?.colourKnown !== false }, language);
  return [sb.players[r.opponent].id, colour, resultText(outcomeMark(r.outcome))];
}

/** `pointsFormula`'s text around each of the 13 mentions of the result cell. */
const POINTS_PIECES = ['IF(OR(', '="+",', '="+!",', '=1,', '="1"),1,IF(OR(', '="=",', '="=!",', '=0.5,', '="0.5",', '="0,5",', '="½"),0.5,0))'];

/**
 * Points a result cell gives, as a formula: + and +! (or 1) one, = and =! (or 0.5, ½) one half, anything else
 * (−, 0, blank) nothing. A text never equals a number in Excel or LibreOffice, so each test is exact.
 */
export function pointsFormula(resultCell: string): string {
  // `IF(OR(x="+",x="+!",x=1,x="1"),1,IF(OR(x="=",x="=!",x=0.5,x="0.5",x="0,5",x="½"),0.5,0))` for x the result cell:
  // the points also as text, a result column being formatted as text (a typed 1 is the text "1" there). Spelled by one
  // `join` (one flat string) rather than a template's chain of pieces, which each comparison of the text would first
  // copy into one (issue 28: a congress grid's diff compares some 20,000 formulas made of these).
  return POINTS_PIECES.join(resultCell);
}

function plusConstant(points: number): string {
  if (points === 0) return '';
  return points > 0 ? `+${points}` : `-${-points}`;
}

export function datesText(t: Pick<Tournament, 'beginDate' | 'endDate'>): string {
  if (t.beginDate && t.endDate) return `${t.beginDate} – ${t.endDate}`;
  if (t.endDate) return `– ${t.endDate}`;
  return t.beginDate ?? '';
}

export function sectionsText(t: Tournament): string {
  return (t.settings.sections ?? []).map((s) => `${s.name}=${s.initialMms}`).join('; ');
}

function titleValues(t: Tournament, language: GridLanguage): Record<TitleKey, CellValue> {
  const s = t.settings;
  return {
    tournament: t.name,
    dates: datesText(t) || null,
    place: t.location ?? null,
    director: t.director ?? null,
    ruleset: s.ruleset,
    system: LABELS[language].systems[s.system],
    rounds: s.rounds,
    language: language.toUpperCase(),
    sections: sectionsText(t) || null,
    bar: s.bar === undefined ? null : formatRank(s.bar),
    floor: s.floor === undefined ? null : formatRank(s.floor),
    mmsZero: s.mmsZero === undefined ? null : formatRank(s.mmsZero),
  };
}

/** Every cell of the grid, a rectangle from A1 (`null` = empty). */
export function gridCells(t: Tournament, options: GridOptions = {}): CellInput[][] {
  if (!shared) return gridRows(t, options, true);
  const key = `${options.sheet ?? ''}|${options.language ?? ''}|${options.valuesOnly === true}`;
  let byOptions = shared.get(t);
  if (!byOptions) shared.set(t, (byOptions = new Map()));
  let cells = byOptions.get(key);
  if (!cells) byOptions.set(key, (cells = gridRows(t, options, true)));
  return cells;
}

/**
 * The grid's values alone (each formula's value in its place), as `valuesOf(gridCells(t, { ...options, valuesOnly: true }))`
 * (the copy the `Grid (cache)` sheet holds). While renders are shared, taken from the live grid's rendering instead of
 * rendering the grid a third time (issue 28). The two renderings differ only in the Place column (`gridRows`): the
 * live one holds the places (the spill's anchor its value) whenever there are players, the values-only one only once
 * a round has a result (`lastPlayedRound(t) > 0`); every other cell is the same, a formula in the one being its value
 * in the other (`valuesOf`). So the live rendering's values are the values-only ones when there are no players or a
 * result is in; otherwise the grid is rendered values-only, as before. (`options.sheet` changes no cell: only the
 * layout's sheet name.)
 */
export function gridValueCells(t: Tournament, options: GridOptions = {}): CellValue[][] {
  // (`lastPlayedRound(t) > 0` read as the default scoreboard's round, which the live grid's places were computed from
  // — `cachedStandings` — so found again, not counted over every game anew: the same round, clamped to the rounds
  // and at least 0, so above 0 exactly when it is)
  if (shared && (t.players.length === 0 || cachedScoreboard(t).asOf > 0)) return valuesOf(gridCells(t, { language: options.language }));
  return valuesOf(gridCells(t, { ...options, valuesOnly: true }));
}

/**
 * The grid renderings made while `sharingGridRenders` runs, by tournament and options: a batch renders the same
 * tournament's grid for its overwrite check and again for its diff (issue 28: a 1,000-player grid of 10 rounds takes a
 * quarter of a second to render). Only while the batch is prepared: its renderings are read, never changed, then.
 */
let shared: WeakMap<Tournament, Map<string, CellInput[][]>> | undefined;
/**
 * The formulas' texts made while `sharingGridRenders` runs, by what they follow from: the grid as read and as it will
 * be hold the very same text wherever a player's formula did not change, so the diff finds them equal at once instead
 * of comparing some 40,000 texts of 100–1,500 characters character by character.
 */
let sharedTexts: Map<string, string> | undefined;
/**
 * The score formulas' texts (`sharedScoreText`), found by a number made of the line and the round rather than by a key
 * spelled for each of a congress grid's 10,000 score cells: each entry holds what its text follows from, compared in
 * full before it is used (two lines and rounds that make the same number are told apart; those go to `sharedTexts`).
 */
let sharedScoreTexts: Map<number, { readonly line: number; readonly round: number; readonly mcmahon: boolean; readonly free: number; readonly text: string }> | undefined;
/**
 * Whether the grid being rendered is one no other rendering of the batch will be compared with text by text: the grid
 * as it will be, rendered by `shareGridRenderFrom`, which makes the grid as read from it (its very cells, not texts made
 * again). Its score formulas' texts are then made without being kept in `sharedScoreTexts` for a second rendering that
 * does not come (issue 28: a congress round's 10,000 entries, each a record, kept for nothing). A text is the same
 * whoever makes it: kept or not, the cells are the same.
 */
let scoreTextsForOne = false;
/**
 * A round's points formula (`pointsFormula` of the player's result cell), by the player's line 1 and the round, while
 * renders are shared: the grid as read and as it will be, a score formula and the Victories formula all hold the same
 * text for the same line and round, so it is spelled once rather than some three times (issue 28: a congress round's
 * batch spelled some 29,000 of these 150-character texts for 10,000 distinct ones).
 */
let sharedPoints: Map<number, string[]> | undefined;
/** `playerColumns` by the players they were measured for, while renders are shared (read, never changed). */
let sharedColumns: WeakMap<Tournament['players'], { readonly rounds: number; readonly widths: number[]; readonly tall: number[] }> | undefined;

export function sharingGridRenders<T>(work: () => T): T {
  if (shared) return work();
  shared = new WeakMap();
  sharedTexts = new Map();
  sharedScoreTexts = new Map();
  sharedPoints = new Map();
  sharedColumns = new WeakMap();
  try {
    return work();
  } finally {
    shared = undefined;
    sharedTexts = undefined;
    sharedScoreTexts = undefined;
    sharedPoints = undefined;
    sharedColumns = undefined;
  }
}

/** `make()`, or the text made before for the same `key` while renders are shared. */
function sharedText(key: string, make: () => string): string {
  if (!sharedTexts) return make();
  let text = sharedTexts.get(key);
  if (text === undefined) sharedTexts.set(key, (text = make()));
  return text;
}

/**
 * The points formula of the player on line 1 `line` in `round` (`pointsFormula` of his result cell), or the text made
 * before for the same line 1 and round while renders are shared (`sharedPoints`). (Spelled here from the line and the
 * round, not by a function made for each cell: a congress grid asks for 10,000 of these a rendering; issue 28.)
 */
function sharedPointsText(layout: GridLayout, line: number, round: number): string {
  if (!sharedPoints) return pointsText(layout, line, round);
  let byRound = sharedPoints.get(line);
  if (!byRound) sharedPoints.set(line, (byRound = []));
  let text = byRound[round];
  if (text === undefined) byRound[round] = text = pointsText(layout, line, round);
  return text;
}

/** The points formula of the player on line 1 `line` in `round`: `pointsFormula` of his result cell. */
function pointsText(layout: GridLayout, line: number, round: number): string {
  return pointsFormula(cellAddress(line, layout.resultColumn(round)));
}

/**
 * The score formula of the player on line 1 `line1` after `round`: `=<score before> + <points of the round><free>`,
 * the score before being his initial score (McMahon) or 0 in round 1, else the score cell of the round before on his
 * line 2 — in one `join`, a flat string, as `pointsFormula`.
 */
function scoreFormulaText(layout: GridLayout, line1: number, round: number, mcmahon: boolean, free: number): string {
  const before = round === 1 ? (mcmahon ? cellAddress(line1, layout.columns.initial) : '0') : cellAddress(line1 + 1, layout.scoreColumn(round - 1));
  return ['=', before, '+', sharedPointsText(layout, line1, round), plusConstant(free)].join('');
}

/**
 * The text of the score formula of the player on `line` after `round` (it follows from these, the system and the free
 * points alone): `sharedText` of the key `s<line>|<round>|<mcmahon>|<free>`, the same text made once.
 */
function sharedScoreText(layout: GridLayout, line: number, round: number, mcmahon: boolean, free: number): string {
  if (!sharedScoreTexts || scoreTextsForOne) return scoreFormulaText(layout, line, round, mcmahon, free);
  const key = line * 1024 + round;
  const hit = sharedScoreTexts.get(key);
  if (hit) {
    if (hit.line === line && hit.round === round && hit.mcmahon === mcmahon && hit.free === free) return hit.text;
    return sharedText(`s${line}|${round}|${mcmahon}|${free}`, () => scoreFormulaText(layout, line, round, mcmahon, free));
  }
  // (made here, not through `sharedText`: a text is the same whoever makes it; shared, it is compared at once)
  const text = scoreFormulaText(layout, line, round, mcmahon, free);
  sharedScoreTexts.set(key, { line, round, mcmahon, free, text });
  return text;
}

/**
 * What a director typed on the grid, for comparing: `gridInputCells`, or the whole grid's rendering when the batch
 * shares it (`sharingGridRenders`): the two hold the same at every input cell (the title block, the headers, each
 * player's line 1 and section, each round's opponent, colour and result); the whole grid adds only the computed
 * cells (scores, Victories, Place), which no comparison of input cells reads.
 */
export function gridInputView(t: Tournament, options: GridOptions = {}): CellInput[][] {
  return shared ? gridCells(t, options) : gridInputCells(t, options);
}

/**
 * The grid's input cells alone, at the places `gridCells` puts them: the title block, the headers, each player's
 * line 1 and section name, each round's opponent, colour and result — without the scores, Victories and Place the
 * engine computes (no standings, no formulas), for comparing what a director typed.
 */
export function gridInputCells(t: Tournament, options: GridOptions = {}): CellInput[][] {
  return gridRows(t, options, false);
}

function gridRows(t: Tournament, options: GridOptions, computed: boolean): CellInput[][] {
  const layout = gridLayout(t.settings.rounds, t.players.length, options);
  const labels = LABELS[layout.language];
  const width = layout.lastColumn;
  const rows: CellInput[][] = Array.from({ length: layout.lastRow }, () => new Array<CellInput>(width).fill(null));
  const put = (row: number, column: number, value: CellInput) => {
    rows[row - 1][column - 1] = value;
  };

  const title = titleValues(t, layout.language);
  for (const key of TITLE_KEYS) {
    put(layout.titleRow[key], layout.titleLabelColumn, labels[key]);
    put(layout.titleRow[key], layout.titleValueColumn, title[key]);
  }

  const c = layout.columns;
  put(layout.headerRow, c.id, labels.id);
  put(layout.headerRow, c.name, labels.name);
  put(layout.headerRow, c.club, labels.club);
  put(layout.headerRow, c.rank, labels.rank);
  put(layout.headerRow, c.initial, labels.initial);
  for (let r = 1; r <= layout.rounds; r++) {
    put(layout.headerRow, layout.opponentColumn(r), `${labels.round} ${r}`);
    put(layout.subHeaderRow, layout.opponentColumn(r), labels.opponent);
    put(layout.subHeaderRow, layout.colourColumn(r), labels.colour);
    put(layout.subHeaderRow, layout.resultColumn(r), labels.result);
  }
  put(layout.headerRow, c.victories, labels.victories);
  put(layout.headerRow, c.place, labels.placeColumn);

  const shown = pairedRounds(t);
  const sb = cachedScoreboard(t, { asOf: shown });
  const kind = sb.primary;
  const { live, placeOf } = gridPlaces(t, options, computed);

  const mcmahon = t.settings.system === 'mcmahon';
  // Each round's columns (0-based), found once rather than through the layout for each of a congress grid's 10,000
  // rounds of players (issue 28: the grid is rendered cold, once a batch, so each call per cell counts).
  const opponentAt: number[] = [];
  const colourAt: number[] = [];
  const resultAt: number[] = [];
  for (let r = 1; r <= shown; r++) {
    opponentAt[r] = layout.opponentColumn(r) - 1;
    colourAt[r] = layout.colourColumn(r) - 1;
    resultAt[r] = layout.resultColumn(r) - 1;
  }
  const results = resultTexts();
  sb.players.forEach((p, index) => {
    const line1 = layout.playerRow(index);
    const line2 = line1 + 1;
    put(line1, c.id, p.id);
    put(line1, c.name, displayName(p));
    put(line1, c.club, p.club ?? p.city ?? null);
    put(line1, c.rank, formatRank(p.rank));
    put(line1, c.initial, mcmahon ? initialMms(t, p) : null);
    put(line2, c.initial, p.section ?? null);

    const after = kind === 'mms' ? sb.mmsAfter[index] : sb.nbwAfter[index];
    const freeAfter = kind === 'mms' ? sb.freeMmsAfter[index] : sb.freeNbwAfter[index];
    // A round's points formula (`pointsFormula`), spelled only when a formula's text is made, not found made already
    // (issue 28: the grid as read and as it will be share most texts; each of these is some 150 characters).
    // (the result cell's column follows from the round alone, so the text from the line and the round)
    const points = pointsOf(layout, line1);
    const one = rows[line1 - 1];
    const two = rows[line2 - 1];
    const played = sb.rounds[index];
    for (let r = 1; r <= shown; r++) {
      // `roundCells`, in place: the opponent's ID, the colour or handicap, the result (each result's text made once)
      const round = played[r - 1];
      if (round.outcome === 'bye') {
        one[opponentAt[r]] = null;
        one[colourAt[r]] = 'BYE';
        one[resultAt[r]] = null;
      } else if (round.opponent < 0 || !round.colour) {
        one[opponentAt[r]] = null;
        one[colourAt[r]] = null;
        one[resultAt[r]] = null;
      } else {
        one[opponentAt[r]] = sb.players[round.opponent].id;
        one[colourAt[r]] = colourText({ colour: round.colour, handicap: round.handicap, colourKnown: round.game?.colourKnown !== false }, layout.language);
        one[resultAt[r]] = results(round.outcome);
      }
      if (!computed) continue;
      const free = (freeAfter[r] - freeAfter[r - 1]) / 2;
      // (the formula's text follows from the player's line, the round, the system and the free points alone; made by
      // one `join`, a flat string, as `pointsFormula`)
      two[opponentAt[r]] = { formula: sharedScoreText(layout, line1, r, mcmahon, free), value: after[r] / 2 };
    }
    if (computed && shown > 0) put(line1, c.victories, victoriesCell(sb, index, line1, shown, points));
    put(line1, c.place, placeOf.get(p.id) ?? null);
  });
  if (live) put(layout.firstPlayerRow, c.place, placeSpill(layout, placeOf.get(sb.players[0].id) ?? null));
  // (its one spilling formula, the live Place column's, where it is: no other cell here spills)
  spillsKnown(rows, live ? [[layout.firstPlayerRow - 1, c.place - 1]] : []);
  return rows;
}

/**
 * `resultText(outcomeMark(outcome))`, each outcome's text made once (a grid writes one per player and round): the same
 * text, `outcomeMark` and `resultText` being functions of the outcome alone.
 */
function resultTexts(): (outcome: Outcome) => string {
  const made = new Map<Outcome, string>();
  return (outcome) => {
    let text = made.get(outcome);
    if (text === undefined) made.set(outcome, (text = resultText(outcomeMark(outcome))));
    return text;
  };
}

/**
 * The places `gridRows` writes in the Place column, by player ID, and whether the column is the live spill. The live
 * Place column is written with the places `computeStandings` gives even before a result is in: its cached values are
 * what the formula answers. The values-only copy leaves them blank until a round is played.
 */
function gridPlaces(t: Tournament, options: GridOptions, computed: boolean): { readonly live: boolean; readonly placeOf: ReadonlyMap<number, number> } {
  const placeOf = new Map<number, number>();
  const live = computed && !options.valuesOnly && t.players.length > 0;
  if (computed && (live || lastPlayedRound(t) > 0)) {
    for (const e of cachedStandings(t).entries) placeOf.set(e.player.id, e.place);
  }
  return { live, placeOf };
}

/**
 * The Victories cell of the player at `index` (line 1 `line1`) on a grid showing `shown` rounds (> 0):
 * `=<points 1>+…+<points shown><free wins>`, in one `join` (one flat string, no copy of the terms' sum first), with its
 * value. `points(r)`: the round's points formula (`pointsFormula` of the player's result cell).
 */
function victoriesCell(sb: Scoreboard, index: number, line1: number, shown: number, points: (r: number) => string): CellInput {
  const freeWins = sb.freeNbwAfter[index][shown] / 2;
  const victoriesText = () => {
    const terms = Array.from({ length: shown }, (_, i) => points(i + 1));
    terms[0] = `=${terms[0]}`;
    terms[shown - 1] += plusConstant(freeWins);
    return terms.join('+');
  };
  return { formula: sharedText(`v${line1}|${shown}|${freeWins}`, victoriesText), value: sb.nbwAfter[index][shown] / 2 };
}

/** A round's points formula on the player's line 1 (`pointsFormula` of his result cell), shared while renders are. */
function pointsOf(layout: GridLayout, line1: number): (r: number) => string {
  return (r) => sharedPointsText(layout, line1, r);
}

/**
 * Whether `after` is `before` with games and byes added, and nothing else: every other field the very same value, the
 * games and byes of `before` the first of `after`'s, the very same objects in the same order, and every one added in
 * a round after the last `before`'s grid shows (`pairedRounds`). What `applyPairing` makes of a tournament for a
 * round after every round paired (not a round paired again, nor the rest of a partly paired round).
 */
function onlyLaterRoundsAdded(before: Tournament, after: Tournament): boolean {
  const keys = Object.keys(before);
  if (keys.length !== Object.keys(after).length) return false;
  for (const k of keys) {
    if (k === 'games' || k === 'byes') continue;
    if (!Object.prototype.hasOwnProperty.call(after, k) || (before as unknown as Record<string, unknown>)[k] !== (after as unknown as Record<string, unknown>)[k]) return false;
  }
  const shown = pairedRounds(before);
  const extends_ = <T extends { readonly round: number }>(was: readonly T[], is: readonly T[]) => {
    if (is.length < was.length) return false;
    for (let i = 0; i < was.length; i++) if (was[i] !== is[i]) return false;
    for (let i = was.length; i < is.length; i++) if (!(is[i].round > shown)) return false;
    return true;
  };
  return extends_(before.games, after.games) && extends_(before.byes, after.byes);
}

/**
 * While renders are shared (`sharingGridRenders`), the grid of `before` made from `after`'s when `after` only adds
 * later rounds (`onlyLaterRoundsAdded`: a round paired after the last), rather than rendered anew (issue 28: a
 * 1,000-player grid's rendering is some 100 ms cold, and a round's batch renders the grid as read and as it will be).
 * The two renderings are the same at every cell but these, which are made here as `gridRows` makes them for `before`:
 *  - the columns of the rounds `after` shows and `before` does not (both lines): empty, `before` showing no such round;
 *  - Victories: the sum over the rounds `before` shows (`victoriesCell`, from `before`'s own scoreboard);
 *  - Place: `before`'s places (`gridPlaces`), the live spill's anchor with them.
 * Every other cell follows, in `gridRows`, from what both share: the title block from the tournament's other fields
 * (the same values), the header from the layout (the same rounds and players), each player's line-1 cells and section
 * from the same players, and the rounds up to `before`'s last shown, each from that round's games and byes (the same
 * objects: `buildRecords` builds a round's cells from its own games and byes alone, an absence from the player's
 * absent rounds) and the score after it from those rounds alone (`buildScoreboard` sums round by round; the ruleset's
 * free points and the initial scores follow from the settings and the players), the formula texts from the line, the
 * round, the system and the free points.
 */
export function shareGridRenderFrom(before: Tournament, after: Tournament, options: GridOptions = {}): void {
  if (!shared || options.valuesOnly) return;
  // (the key `gridCells` files it under: not values-only)
  const key = `${options.sheet ?? ''}|${options.language ?? ''}|false`;
  if (shared.get(before)?.has(key) || !onlyLaterRoundsAdded(before, after)) return;
  // (`before`'s scoreboard and places first, as its own rendering came first: a tournament whose standings cannot be
  // made refuses with the same words)
  const shown = pairedRounds(before);
  const sb = cachedScoreboard(before, { asOf: shown });
  const { live, placeOf } = gridPlaces(before, options, true);
  let made: CellInput[][];
  scoreTextsForOne = !shared.get(after)?.has(key);
  try {
    made = gridCells(after, options);
  } finally {
    scoreTextsForOne = false;
  }
  const rows = made.map((row) => row.slice());
  const layout = gridLayout(before.settings.rounds, before.players.length, options);
  const shownAfter = pairedRounds(after);
  const c = layout.columns;
  sb.players.forEach((p, index) => {
    const line1 = layout.playerRow(index);
    const one = rows[line1 - 1];
    const two = rows[line1];
    for (let r = shown + 1; r <= shownAfter; r++) {
      one[layout.opponentColumn(r) - 1] = null;
      one[layout.colourColumn(r) - 1] = null;
      one[layout.resultColumn(r) - 1] = null;
      two[layout.scoreColumn(r) - 1] = null;
    }
    one[c.victories - 1] = shown > 0 ? victoriesCell(sb, index, line1, shown, pointsOf(layout, line1)) : null;
    one[c.place - 1] = placeOf.get(p.id) ?? null;
  });
  if (live) rows[layout.firstPlayerRow - 1][c.place - 1] = placeSpill(layout, placeOf.get(sb.players[0].id) ?? null);
  let byOptions = shared.get(before);
  if (!byOptions) shared.set(before, (byOptions = new Map()));
  byOptions.set(key, rows);
}

/** The last column `TengenGrid` covers: the last round's result column (the grid's input cells end there). */
export function lastInputColumn(layout: GridLayout): number {
  return layout.resultColumn(layout.rounds);
}

/** The range `TengenGrid` names: the title block, the headers and every player's two lines, input columns only. */
export function gridNameRange(layout: GridLayout): string {
  return rangeAddress(1, 1, layout.lastRow, lastInputColumn(layout));
}

/**
 * The Place column's one formula, on the first player's line 1, spilling over both lines of every player:
 * `=GO.PLACE(TengenGrid,$A$16:$A$95,,TengenSettings)` (the round left blank: every round played).
 */
export function placeSpill(layout: GridLayout, firstPlace: CellValue): CellInput {
  const ids = `$A$${layout.firstPlayerRow}:$A$${layout.lastRow}`;
  return { formula: withCachedFallback(`=GO.PLACE(${GRID_NAME},${ids},,${SETTINGS_NAME})`, PLACE_CACHE_NAME), value: firstPlace, spill: { rows: 2 * layout.players, columns: 1 } };
}

/**
 * The batch writing the whole Grid sheet: created if missing, cleared, written, formatted, printable (landscape,
 * the two header rows repeated on every page, ten players a page: `gridPrintSettings`).
 */
export function gridBatch(t: Tournament, options: GridOptions = {}): WorkbookBatch {
  return { label: `Write the grid of ${t.name}`, ops: gridOps(t, options) };
}

export function gridOps(t: Tournament, options: GridOptions = {}): WorkbookOp[] {
  const layout = gridLayout(t.settings.rounds, t.players.length, options);
  const sheet = layout.sheet;
  const cells = options.valuesOnly ? valuesOf(gridCells(t, options)) : gridCells(t, options);
  const last = columnLetter(layout.lastColumn);
  // Colour and result cells hold text that Excel would otherwise take for a number (+2) or a formula (=, +, −):
  // formatted as text before they are written (Office.js parses written values as if typed) and so that a director
  // can type + or = there without an apostrophe.
  const textColumns: WorkbookOp[] =
    t.players.length === 0
      ? []
      : Array.from({ length: layout.rounds }, (_, i) => i + 1).map((r) => ({
          kind: 'format' as const,
          sheet,
          range: rangeAddress(layout.firstPlayerRow, layout.colourColumn(r), layout.lastRow, layout.resultColumn(r)),
          format: { numberFormat: '@' },
        }));
  const ops: WorkbookOp[] = [
    ...freshSheetOps(sheet),
    // The name the formulas read, the size of the grid now (players or rounds added resize it).
    ...(options.valuesOnly ? [] : [defineNameOp(GRID_NAME, sheet, gridNameRange(layout))]),
    ...textColumns,
    // Dates as written, not turned into Excel's date numbers.
    { kind: 'format', sheet, range: cellAddress(layout.titleRow.dates, layout.titleValueColumn), format: { numberFormat: '@' } },
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: rangeAddress(1, 1, TITLE_KEYS.length, 1), format: { bold: true } },
    { kind: 'format', sheet, range: rangeAddress(1, layout.titleValueColumn, TITLE_KEYS.length, layout.titleValueColumn), format: { horizontalAlignment: 'left' } },
    { kind: 'format', sheet, range: cellAddress(layout.titleRow.tournament, layout.titleValueColumn), format: { bold: true, fontSize: 14, rowHeight: rowHeight(14) } },
    { kind: 'format', sheet, range: `A${layout.headerRow}:${last}${layout.subHeaderRow}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
  ];
  for (let r = 1; r <= layout.rounds; r++) {
    ops.push({ kind: 'merge', sheet, range: rangeAddress(layout.headerRow, layout.opponentColumn(r), layout.headerRow, layout.resultColumn(r)) });
  }
  if (t.players.length > 0) {
    const first = layout.firstPlayerRow;
    ops.push({ kind: 'format', sheet, range: `A${first}:${last}${layout.lastRow}`, format: { border: true } });
    ops.push({ kind: 'format', sheet, range: `${columnLetter(layout.columns.rank)}${first}:${last}${layout.lastRow}`, format: { horizontalAlignment: 'center' } });
  }
  const { widths, tall } = playerColumns(t, layout);
  tall.forEach((lines, index) => {
    if (lines > 1) {
      const row = layout.playerRow(index);
      ops.push({ kind: 'format', sheet, range: `C${row}`, format: { wrap: true } }, { kind: 'format', sheet, range: `A${row}:${last}${row}`, format: { rowHeight: 15 * lines } });
    }
  });
  ops.push(
    { kind: 'column-widths', sheet, widths },
    { kind: 'freeze', sheet, rows: layout.subHeaderRow, columns: 2 },
    { kind: 'print', sheet, settings: gridPrintSettings(layout, widths, tall.map((lines) => 15 * (lines - 1))) },
  );
  return ops;
}

/**
 * The grid's column widths and the lines each player's club takes (line 1 two lines high where it wraps: Calc keeps a
 * row at 15 pt unless told). Both follow from the players and the rounds alone, so while renders are shared they are
 * found once for the players of the grid as read and as it will be — the same players, the same array, when a round
 * is paired or a result entered (issue 28: some 2,000 names and clubs measured twice a batch).
 */
function playerColumns(t: Tournament, layout: GridLayout): { readonly widths: number[]; readonly tall: number[] } {
  const known = sharedColumns?.get(t.players);
  if (known && known.rounds === layout.rounds) return known;
  const widths = gridColumnWidths(t, layout.rounds);
  const made = { rounds: layout.rounds, widths, tall: clubLines(t, widths[layout.columns.club - 1]) };
  sharedColumns?.set(t.players, made);
  return made;
}

/** Mays prints the grid on sheets of a few players each (Appendix B, "Tournament Grid Sheet"): 10 players a page. */
export const GRID_PLAYERS_PER_PAGE = 10;
const NAME_WIDTH = { least: 20, most: 34 } as const;
const CLUB_WIDTH = { least: 10, most: 30 } as const;

const clamp = (x: number, range: { least: number; most: number }) => Math.min(range.most, Math.max(range.least, x));
const longest = (texts: readonly string[]) => texts.reduce((m, x) => Math.max(m, x.length), 0);

/**
 * How many lines each player's club or city takes in a column `width` characters wide (in ID order): one, or more
 * for a club longer than the column can grow to (it wraps: nothing is cut off).
 */
export function clubLines(t: Tournament, width: number): number[] {
  return [...t.players].sort((a, b) => a.id - b.id).map((p) => wrappedLines(p.club ?? p.city ?? '', width));
}

/** Column widths (characters) of a grid: name and club columns as wide as their longest entry, within bounds. */
export function gridColumnWidths(t: Tournament, rounds: number): number[] {
  const name = clamp(longest(t.players.map(displayName)) + 2, NAME_WIDTH);
  const club = clamp(longest(t.players.map((p) => p.club ?? p.city ?? '')) + 2, CLUB_WIDTH);
  return [5, name, club, 6, 8, ...new Array<number>(3 * rounds).fill(5), 9, 7];
}

/**
 * The grid's page setup: landscape, the header rows repeated, a page break every `perPage` players (between two
 * players, never between a player's two lines), at the scale where the first page — title block included — fits.
 * A percentage scale, not fit-to-width: with fit-to-page the spreadsheet would place the breaks itself.
 */
export function gridPrintSettings(layout: GridLayout, widths: readonly number[], extraHeight: readonly number[] = [], perPage = GRID_PLAYERS_PER_PAGE): PrintSettings {
  const row = 15;
  // The tallest page: the first (title block, blank row, headers) or a later one (headers), with its players' rows.
  let tallest = 0;
  for (let first = 0; first === 0 || first < layout.players; first += perPage) {
    const players = Math.min(perPage, layout.players - first);
    const above = first === 0 ? (layout.firstPlayerRow - 2) * row + rowHeight(14) : 2 * row;
    const extra = extraHeight.slice(first, first + perPage).reduce((a, b) => a + b, 0);
    tallest = Math.max(tallest, above + 2 * Math.max(players, 1) * row + extra);
  }
  return {
    printArea: `A1:${columnLetter(layout.lastColumn)}${layout.lastRow}`,
    repeatRows: `${layout.headerRow}:${layout.subHeaderRow}`,
    scale: scaleToFit(columnsWidth(widths), tallest, 'landscape'),
    orientation: 'landscape',
    rowBreaks: breaksEvery(perPage, layout.players, layout.firstPlayerRow, 2),
  };
}

/** What a reader without recalculation sees: each formula replaced by the value written with it. */
export function valuesOf(cells: readonly (readonly CellInput[])[]): CellValue[][] {
  return cells.map((row) => row.map((c) => (c !== null && typeof c === 'object' ? (c.value ?? null) : c)));
}
