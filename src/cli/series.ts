/**
 * `tengen series FILE1 FILE2 … [--as-of N|FILE] [--json]`: the Czech series table over tournament files given in
 * the order they were held (src/scoring/series.ts).
 */
import * as path from 'node:path';
import { TengenInputError, type InputError } from '../model/errors';
import { formatFraction, toNumber } from '../model/fraction';
import { displayName, type Tournament } from '../model/tournament';
import { loadTournament } from '../formats/load';
import { computeSeries, seriesTournament, type SeriesTable } from '../scoring/series';
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

const STEP_WORDS: Readonly<Record<string, string>> = {
  points: 'points',
  'counted-tournaments': 'fewer counted',
  'first-places': 'first places',
  'first-place-quality': 'bigger field won',
  equal: 'equal',
};

export function renderSeries(s: SeriesTable): string {
  const last = s.tournaments[s.held - 1];
  const head = `Series after tournament ${s.held} of ${s.of} (${last.label}): the best ${s.counted} result${s.counted === 1 ? '' : 's'} count (75 % of ${s.held} tournament${s.held === 1 ? '' : 's'}, rounded down, at least 1)\n`;
  const list = table(
    ['#', 'File', 'Tournament', 'Field'],
    s.tournaments.map((t, i) => [String(i + 1), t.label, t.name, `${t.players.length} players${t.twoCycle ? ', two cycles (winner +1)' : ''}`]),
    new Set([0]),
  );
  const header = ['Pl', 'Name', 'Club', 'EGD PIN', ...s.tournaments.map((_, i) => `T${i + 1}`), 'Points', 'Counted', 'Played', '1st', '1st of', 'Ahead by'];
  const rows = s.rows.map((r) => [
    String(r.place),
    displayName(r.player),
    r.player.club ?? '',
    r.player.egdPin ?? '',
    ...r.results.map((x) => (x === undefined ? '-' : x.counted ? formatFraction(x.points) : `(${formatFraction(x.points)})`)),
    formatFraction(r.points),
    String(r.countedTournaments),
    String(r.played),
    String(r.firstPlaces),
    r.firstPlaceFields.join(', '),
    r.aheadOfNextBy ? STEP_WORDS[r.aheadOfNextBy] : '',
  ]);
  const right = new Set([0, ...s.tournaments.map((_, i) => 4 + i), 4 + s.held, 5 + s.held, 6 + s.held, 7 + s.held]);
  const note = 'Results in brackets do not count. Order: points › fewer counted tournaments › first places › first places won in bigger fields.\n';
  const duplicates = s.duplicates.length ? `\n${s.duplicates.map((d) => `Note: ${d.message}\n`).join('')}` : '';
  return `${head}\n${list}\n${table(header, rows, right)}\n${note}${duplicates}`;
}
