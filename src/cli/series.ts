/**
 * `tengen series FILE1 FILE2 … [--as-of N|FILE] [--json]`: the Czech series table over tournament files given in
 * the order they were held (src/scoring/series.ts).
 */
import * as path from 'node:path';
import { TengenInputError, type InputError } from '../model/errors';
import { formatFraction, toNumber } from '../model/fraction';
import { displayName, type Tournament } from '../model/tournament';
import { loadTournament } from '../workbook/load';
import { computeSeries, seriesTournament, type SeriesTable } from '../scoring/series';
import { statSync } from 'node:fs';
import { readSeriesFiles, SERIES_SHEET, seriesSheetOps, seriesTableCells, seriesTitle } from '../workbook/sheets/seriesSheet';
import type { XlsxWorkbook } from '../workbook/adapters/xlsx';
import { writeFileAtomically, type WriterFs } from './files';
import { Refusal } from './output';
import { table } from './render';
import { UsageError } from './usage';

/** `--as-of`: a tournament's number (1 = the first given) or one of the files, as given or by its name. */
export function seriesAsOf(text: string, files: readonly string[]): number {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n >= 1 && n <= files.length) return n;
  } else {
    const byPath = files.findIndex((f) => path.resolve(f) === path.resolve(text));
    if (byPath >= 0) return byPath + 1;
    const byName = files.map((f, i) => (path.basename(f) === path.basename(text) ? i : -1)).filter((i) => i >= 0);
    if (byName.length === 1) return byName[0] + 1;
  }
  throw new UsageError(`--as-of ${text}: expected a tournament from 1 to ${files.length} or one of the files given`);
}

/**
 * The files of the series: those given, or — one workbook with a Series sheet — the files its list names, relative
 * to the workbook's folder.
 */
export async function seriesFiles(given: readonly string[]): Promise<string[]> {
  if (given.length !== 1 || path.extname(given[0]).toLowerCase() !== '.xlsx') return [...given];
  // ExcelJS is loaded only when a workbook is read or written (as workbook/load.ts does)
  const { readXlsxFile } = await import('../workbook/adapters/xlsxFile');
  let wb: XlsxWorkbook;
  try {
    wb = await readXlsxFile(given[0]);
  } catch {
    return [...given]; // not readable: loading it as a tournament says why, naming the file
  }
  const cells = await wb.readSheet(SERIES_SHEET);
  if (cells === null) return [...given];
  const listed = readSeriesFiles(cells, given[0]);
  if (!listed.ok) throw new TengenInputError(listed.errors);
  return listed.value.map((f) => path.resolve(path.dirname(given[0]), f));
}

/** Loads every file (all errors together, each naming its file) and computes the table. */
export async function seriesOf(files: readonly string[], asOf: number | undefined): Promise<SeriesTable> {
  const loaded = await Promise.all(files.map((f) => loadTournament(f)));
  const errors: InputError[] = loaded.flatMap((l) => (l.ok ? [] : l.errors));
  if (errors.length) throw new TengenInputError(errors);
  const tournaments = loaded.map((l, i) => seriesTournament((l as { value: Tournament }).value, path.basename(files[i])));
  const series = computeSeries(tournaments, { asOf });
  if (!series.ok) throw new TengenInputError(series.errors);
  return series.value;
}

/**
 * Writes the Series sheet (the list of files, relative to the workbook, and the table) into `out`: a new workbook,
 * or — with `--overwrite` — the one there, its other sheets kept.
 */
export async function writeSeriesWorkbook(s: SeriesTable, files: readonly string[], out: string, overwrite: boolean, fs?: WriterFs): Promise<string> {
  const exists = statSync(out, { throwIfNoEntry: false }) !== undefined;
  if (exists && !overwrite) {
    throw new Refusal(`${out} already exists: writing replaces its ${SERIES_SHEET} sheet (other sheets are kept). Add --overwrite to do so, or give another --out. Nothing was written`);
  }
  const { XlsxWorkbook } = await import('../workbook/adapters/xlsx');
  const { readXlsxFile } = await import('../workbook/adapters/xlsxFile');
  const wb = exists ? await readXlsxFile(out).catch(() => XlsxWorkbook.create()) : XlsxWorkbook.create();
  const listed = files.map((f) => path.relative(path.dirname(path.resolve(out)), path.resolve(f)).split(path.sep).join('/'));
  await wb.apply({ label: 'Series table', ops: seriesSheetOps(s, listed) });
  await writeFileAtomically(out, await wb.save(), fs);
  return `${out}: ${SERIES_SHEET} (${s.of} tournament${s.of === 1 ? '' : 's'} listed, the table after tournament ${s.held}, ${s.rows.length} players)\n`;
}

export function seriesJson(s: SeriesTable): unknown {
  return {
    held: s.held,
    of: s.of,
    counted: s.counted,
    tournaments: s.tournaments.map((t, i) => ({ index: i + 1, file: t.label, name: t.name, participants: t.players.length, twoCycle: t.twoCycle })),
    rows: s.rows.map((r) => ({
      place: r.place,
      name: displayName(r.player),
      family: r.player.family,
      given: r.player.given,
      club: r.player.club ?? null,
      egdPin: r.player.egdPin ?? null,
      points: toNumber(r.points),
      countedTournaments: r.countedTournaments,
      played: r.played,
      firstPlaces: r.firstPlaces,
      firstPlaceFields: r.firstPlaceFields,
      aheadOfNextBy: r.aheadOfNextBy ?? null,
      results: r.results.map((x) => (x ? { tournament: x.tournament + 1, place: x.place, points: toNumber(x.points), counted: x.counted } : null)),
    })),
    duplicates: s.duplicates.map((d) => d.message),
  };
}

export function renderSeries(s: SeriesTable): string {
  const list = table(
    ['#', 'File', 'Tournament', 'Field'],
    s.tournaments.map((t, i) => [String(i + 1), t.label, t.name, `${t.players.length} players${t.twoCycle ? ', two cycles (winner +1)' : ''}`]),
    new Set([0]),
  );
  const [header, ...rows] = seriesTableCells(s, (f) => formatFraction(f)).map((r) => r.map((c) => String(c)));
  const right = new Set([0, ...s.tournaments.map((_, i) => 4 + i), 4 + s.held, 5 + s.held, 6 + s.held, 7 + s.held]);
  const note = 'Results in brackets do not count. Order: points › fewer counted tournaments › first places › first places won in bigger fields.\n';
  const duplicates = s.duplicates.length ? `\n${s.duplicates.map((d) => `Note: ${d.message}\n`).join('')}` : '';
  return `${seriesTitle(s)}\n\n${list}\n${table(header, rows, right)}\n${note}${duplicates}`;
}
