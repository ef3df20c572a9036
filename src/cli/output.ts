/**
 * What the CLI writes with `--out`, and what it refuses to write. "Nothing a director enters is ever lost" and
 * "destructive actions need an explicit confirmation/flag" (the project's rules), so:
 *  - the format is the one the extension names (`.json` Tengen JSON, `.xlsx` a Tengen workbook); any other is refused
 *    before any work, rather than writing JSON under a name that promises something else;
 *  - a workbook given as both FILE and `--out` is updated in place through the `.xlsx` adapter and the session's
 *    batches, so the director's own sheets, columns and the Log are kept;
 *  - writing over results or announced pairings (`--repair`) or over an existing workbook (`--overwrite`) is refused
 *    unless the flag the message names is given;
 *  - every file goes through `writeFileAtomically` (a temporary file renamed over the target).
 */
import { isCacheSheet } from '../workbook/formulas/liveCache';
import { realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { TengenInputError } from '../model/errors';
import type { Round, Tournament } from '../model/tournament';
import type { RoundPairing } from '../pairing/types';
import type { XlsxWorkbook } from '../workbook/adapters/xlsx';
import { writeFileAtomically, type WriterFs } from './files';
import { UsageError } from './usage';
import { largestOf } from '../model/extremes';

/** A command the CLI will not carry out as given, with what to add to carry it out: exit status 1, nothing written. */
export class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Refusal';
  }
}

export type OutFormat = 'json' | 'xlsx';

const FORMAT_NAMES: Record<string, string> = {
  '.json': 'Tengen JSON',
  '.xlsx': 'a Tengen workbook',
  '.xml': 'OpenGotha XML',
  '.h9': 'EGF results (h9)',
  '.h': 'EGF results (h9)',
  '.tou': 'AGA results',
  '.xls': 'an Excel 97–2003 workbook',
  '.xlsm': 'a macro-enabled workbook',
  '.ods': 'an OpenDocument spreadsheet',
  '.csv': 'CSV',
  '.txt': 'text',
};

/** The format `--out FILE` names by its extension, among those the command writes; anything else is a usage error. */
export function outFormat(out: string, accepted: readonly OutFormat[]): OutFormat {
  const ext = path.extname(out).toLowerCase();
  const format = ext === '.json' ? 'json' : ext === '.xlsx' ? 'xlsx' : undefined;
  if (format && accepted.includes(format)) return format;
  const what = ext === '' ? 'a name without an extension' : FORMAT_NAMES[ext] ? `${FORMAT_NAMES[ext]} (${ext})` : `"${ext}" files`;
  const can = accepted.map((f) => (f === 'json' ? 'Tengen JSON (.json)' : 'a Tengen workbook (.xlsx)')).join(' or ');
  throw new UsageError(`--out ${out}: Tengen does not write ${what} here; it writes ${can}, chosen by the extension. Nothing was done`);
}

/** `a` and `b` name the same file (both resolved through links when they exist). */
export function sameFile(a: string, b: string): boolean {
  const real = (f: string) => {
    try {
      return realpathSync(f);
    } catch {
      return path.resolve(f);
    }
  };
  return real(a) === real(b);
}

function exists(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // a file in the path (ENOTDIR): nothing there; the write says why it cannot be made
  }
}

/** Refuses, before any work, to replace an existing workbook unless `--overwrite` was given. */
export function refuseExistingWorkbook(out: string, overwrite: boolean): void {
  if (overwrite || !exists(out)) return;
  throw new Refusal(
    `${out} already exists: writing the workbook replaces its tournament sheets (Grid, Players, Settings, Pairings, Standings and the Log); sheets of your own in it are kept. Add --overwrite to do so, or give another --out. Nothing was written`,
  );
}

/**
 * `--out` naming an existing file other than the input (issue 27: `pair … --out other.json` and `lots … --out
 * other.json` replaced an unrelated file): refused without `--overwrite`. The input itself, written back with its
 * new round, is guarded by `refuseRepair` instead (what the write would delete from it).
 */
export function refuseExistingOut(out: string, overwrite: boolean, input: string, what: string): void {
  if (overwrite || !exists(out) || sameFile(input, out)) return;
  throw new Refusal(`${out} already exists and is not ${input}: writing ${what} would replace it. Add --overwrite to do so, or give another --out. Nothing was written`);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What writing a pairing of `round` would delete from the file's tournament: results and pairings of round `round`
 * and of every later round (the pairing is made from the rounds before it, and the file written with it). With
 * `--rest` nothing is deleted (the announced tables are kept, and no later round exists).
 */
export function deletedByPairing(t: Tournament, round: Round, rest: boolean): string[] {
  if (rest) return [];
  const lost: string[] = [];
  const last = largestOf([...t.games.map((g) => g.round), ...t.byes.map((b) => b.round)], 0);
  for (let r = round; r <= last; r++) {
    const games = t.games.filter((g) => g.round === r);
    const results = games.filter((g) => g.result !== 'unknown').length;
    const byes = t.byes.filter((b) => b.round === r).length;
    if (games.length === 0 && byes === 0) continue;
    const parts = [
      ...(results > 0 ? [plural(results, 'result')] : []),
      ...(games.length > 0 ? [plural(games.length, 'table')] : []),
      ...(byes > 0 ? [plural(byes, 'bye')] : []),
    ];
    lost.push(`round ${r} has ${parts.join(', ')}`);
  }
  return lost;
}

/** Refuses to write a pairing that deletes results or announced pairings, unless `--repair` was given. */
export function refuseRepair(t: Tournament, round: Round, file: string, out: string, options: { repair: boolean; rest: boolean }): void {
  if (options.repair) return;
  const lost = deletedByPairing(t, round, options.rest);
  // Only results, or a later round, are lost work: a partly or wholly paired round N without results is paired
  // afresh as before (the output says which tables were set aside).
  const hasResults = t.games.some((g) => g.round >= round && g.result !== 'unknown');
  const later = t.games.some((g) => g.round > round) || t.byes.some((b) => b.round > round);
  if (options.rest || (!hasResults && !later)) return;
  throw new Refusal(
    `${file}: ${lost.join('; ')}. Pairing round ${round} again writes ${out} without ${lost.length === 1 ? 'it' : 'them'} (a round is paired from the rounds before it), so re-pairing deletes ${hasResults ? 'these results' : 'these pairings'}; add --repair to do so. Nothing was written`,
  );
}

/**
 * Refuses what the in-place update of a workbook cannot do: the session's pairing batch writes one round, so a
 * workbook holding later rounds keeps them (round N paired again under rounds N+1…), and with `--rest` results at
 * the announced tables would be written over.
 */
export function refuseInPlace(t: Tournament, round: Round, file: string, rest: boolean): void {
  const later = [...new Set([...t.games.filter((g) => g.round > round).map((g) => g.round), ...t.byes.filter((b) => b.round > round).map((b) => b.round)])].sort((a, b) => a - b);
  if (later.length > 0) {
    throw new Refusal(
      `${file} already holds round${later.length === 1 ? '' : 's'} ${later.join(', ')} after round ${round}: a workbook is updated in place round by round, and round ${round} cannot be paired again under ${later.length === 1 ? 'it' : 'them'}. Give --out a .json file to write the tournament re-paired from round ${round} (with --repair). Nothing was written`,
    );
  }
  if (rest && t.games.some((g) => g.round === round && g.result !== 'unknown')) {
    throw new Refusal(
      `${file}: round ${round} has results at its announced tables; pairing the rest into the workbook would write them over. Enter the rest of the pairing with --out to a .json file. Nothing was written`,
    );
  }
}

/** The pairing `pairRoundBatch` writes for round N with `--rest`: the announced tables, then the tables paired now. */
function wholeRound(t: Tournament, pairing: RoundPairing): RoundPairing {
  const announced = t.games
    .filter((g) => g.round === pairing.round)
    .map((g) => ({ table: g.table ?? 0, white: g.white, black: g.black, handicap: g.handicap, colourKnown: g.colourKnown !== false }));
  const announcedBye = t.byes.find((b) => b.round === pairing.round && b.player !== pairing.withdrawnBye)?.player ?? null;
  return { ...pairing, games: [...announced, ...pairing.games], bye: pairing.bye ?? announcedBye, withdrawnBye: undefined };
}

/** The fingerprint of a reading compared with itself (`pairIntoWorkbook`). */
const SAME_READING = 'the reading paired from';

/**
 * Round `pairing.round` written into the workbook `file` in place: the workbook is read again now, checked against
 * the tournament the pairing was made from (the same fingerprint, else refused: it changed meanwhile), the
 * session's pairing batch applied (its Grid cells, its `Pairings R<n>` sheet, its Log lines), and the file saved.
 * A file whose bytes are still exactly those `t` was read from is that very workbook (`readXlsxFile`), unchanged: its
 * reading is reused rather than done again (issue 28); a file changed in any byte is read again and compared.
 */
export async function pairIntoWorkbook(file: string, t: Tournament, pairing: RoundPairing, options: { repair: boolean; rest: boolean }, fs?: WriterFs): Promise<void> {
  const { readXlsxFile } = await import('../workbook/adapters/xlsxFile');
  // The reading and the pairing batch alone, papered as the session's entry papers it (session/papered.ts), not the
  // entry itself: it loads every wizard action, the import and the file formats it reads (issue 28).
  const { readSession, sessionReadBefore } = await import('../workbook/session/read');
  const { fingerprint, SessionRefusal } = await import('../workbook/session/context');
  const { pairRoundBatch: pairBatch } = await import('../workbook/session/pair');
  const { paperOf, withPaper } = await import('../workbook/print/paper');
  const pairRoundBatch: typeof pairBatch = (t, ...rest) => withPaper(pairBatch(t, ...rest), paperOf(t));
  const wb = await readXlsxFile(file);
  const before = wb.changed ? undefined : sessionReadBefore(wb, t);
  const session = before ? { ok: true as const, value: before } : await readSession(wb);
  if (!session.ok) throw new TengenInputError(session.errors.map((e) => ({ ...e, file })));
  const now = session.value.tournament;
  let batch;
  try {
    // Paired from this very reading (the file's bytes unchanged since, the workbook unchanged in memory): the check that
    // the workbook did not change since is passed as such, without fingerprinting the tournament twice to compare it
    // with itself (issue 28). Read again, the tournament paired from must be the one read now.
    batch = pairRoundBatch(now, options.rest ? wholeRound(now, pairing) : pairing, {
      expectedFingerprint: before ? SAME_READING : fingerprint(t),
      currentFingerprint: before ? SAME_READING : session.value.fingerprint,
      confirmRepair: options.repair || options.rest,
    });
  } catch (e) {
    if (e instanceof SessionRefusal) throw new Refusal(`${file}: ${e.message}${e.cells.length ? ` (${e.cells.slice(0, 12).join(', ')}${e.cells.length > 12 ? ', …' : ''})` : ''}. Nothing was written`);
    throw e;
  }
  await wb.apply(batch);
  await writeFileAtomically(file, await wb.save(), fs);
}

/**
 * `tengen playoff WB.xlsx --out WB.xlsx`: the workbook's next playoff round paired in place by the session's Pair
 * playoff (the Bracket sheet, the Log; the director's own sheets kept); a refusal writes nothing.
 */
export async function playoffIntoWorkbook(file: string, fs?: WriterFs): Promise<void> {
  const { readXlsxFile } = await import('../workbook/adapters/xlsxFile');
  const { readSession, pairPlayoffBatch, SessionRefusal } = await import('../workbook/session');
  const wb = await readXlsxFile(file);
  const session = await readSession(wb);
  if (!session.ok) throw new TengenInputError(session.errors.map((e) => ({ ...e, file })));
  let batch;
  try {
    batch = pairPlayoffBatch(session.value.tournament);
  } catch (e) {
    if (e instanceof SessionRefusal) throw new Refusal(`${file}: ${e.message}. Nothing was written`);
    throw e;
  }
  await wb.apply(batch);
  await writeFileAtomically(file, await wb.save(), fs);
}

/** What `writeNewWorkbook` did: the sheets written, the director's own sheets kept, and whether a file was replaced. */
export interface WorkbookWritten {
  readonly sheets: readonly string[];
  readonly kept: readonly string[];
  readonly replaced: 'nothing' | 'tournament-sheets' | 'file';
}

/**
 * The tournament as a whole workbook (every sheet, through the session's import batch). Over an existing workbook
 * (`--overwrite`), the tournament's sheets are replaced and the others kept; a file that is not a workbook Tengen
 * can open is replaced whole, and the caller says so.
 */
export async function writeNewWorkbook(t: Tournament, out: string, language: 'en' | 'fr', fs?: WriterFs): Promise<WorkbookWritten> {
  // Refused before any work when the workbook would be more than Tengen reads back (issue 27).
  const tooBig = (await import('../workbook/adapters/xlsxLimits')).workbookSizeProblem(t.players.length);
  if (tooBig) throw new TengenInputError([{ file: out, message: tooBig }]);
  const xlsx = await import('../workbook/adapters/xlsx');
  const { readXlsxFile } = await import('../workbook/adapters/xlsxFile');
  // The import batch alone (session/papered.ts), not the session's entry: every wizard action and the pairing systems
  // they bring are not needed to write a tournament whole (issue 28).
  const { importBatch } = await import('../workbook/session/papered');
  let wb: XlsxWorkbook | undefined;
  let replaced: WorkbookWritten['replaced'] = 'nothing';
  if (exists(out)) {
    try {
      wb = await readXlsxFile(out);
      replaced = 'tournament-sheets';
    } catch {
      wb = undefined;
      replaced = 'file';
    }
  }
  wb ??= xlsx.XlsxWorkbook.create();
  const before = await wb.sheetNames();
  const batch = importBatch(t, { language, existingSheets: before, replace: true });
  await wb.apply(batch);
  await writeFileAtomically(out, await wb.save(), fs);
  const sheets = await wb.sheetNames();
  const written = new Set(batch.ops.map((op) => op.sheet));
  return { sheets, kept: sheets.filter((s) => !written.has(s)), replaced };
}

/** The line the CLI prints after writing a whole workbook. */
export function describeWorkbook(out: string, w: WorkbookWritten): string {
  const kept = w.kept.length > 0 ? `; kept your sheet${w.kept.length === 1 ? '' : 's'} ${w.kept.join(', ')}` : '';
  const replaced =
    w.replaced === 'tournament-sheets' ? ` (the tournament sheets already there, the Log included, were replaced${kept})` : w.replaced === 'file' ? ' (the file there was not a workbook Tengen could open: it was replaced)' : '';
  // The hidden cache sheets (src/workbook/formulas/formulas/liveCache.ts) are Tengen's own, not a sheet the director sees.
  return `${out}: ${w.sheets.filter((s) => !w.kept.includes(s) && !isCacheSheet(s)).join(', ')}${replaced}\n`;
}
