/**
 * Issue 27's fuzz sweep: for every reader, every class of bad input (./classes.ts) from its own files; and "what
 * Tengen wrote, Tengen reads" — random valid tournaments through every writer, then every reader that reads them.
 *
 * Each run is classified:
 * - `refused`: Tengen's own errors, each naming where (a line, a sheet!cell or element, a player, or the file as a
 *   whole for a whole-file refusal: too large, wrong encoding);
 * - `accepted`: read, and then the standings, the next round's pairing (fields of up to 40), Tengen's JSON written
 *   and read again, and the four exports ran without an internal error; an .h9 or OpenGotha export that Tengen's
 *   reader then refuses is counted `written-but-unreadable`;
 * - `internal-error`: anything else — a JavaScript exception (TypeError, RangeError, "Cannot read properties …"),
 *   a refusal naming no place.
 *
 * Deterministic: run k of a reader and class has seed `seed + k` (printed with each finding). `test/fuzz/sweep.test.ts`
 * runs a small sample in npm test; `node bench/fuzz.js` the full sweep with its table of counts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { generateMcMahon } from '../../bench/generate';
import { formatInputError, TengenInputError, type InputError, type Parsed } from '../../src/model/errors';
import { toNumber } from '../../src/model/fraction';
import { displayName, type Tournament } from '../../src/model/tournament';
import { exportTournament } from '../../src/formats/exportAll';
import { EXPORT_FORMATS } from '../../src/formats/export';
import { parseH9 } from '../../src/formats/h9';
import { h9Name } from '../../src/formats/h9Export';
import { h9ToTournament } from '../../src/formats/h9Tournament';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { readRatingList } from '../../src/formats/ratingLists';
import { computeStandings, type Standings } from '../../src/scoring/standings';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { loadTournament } from '../../src/workbook/load';
import { importBatch, readTournament } from '../../src/workbook/session';
import { CORPUS_DIR, HAS_CORPUS } from '../support/corpus';
import { CLASSES, makeInput, random, WORDS, type FormatWords, type InputClass } from './classes';
import { afterRead } from './harness';

const ROOT = path.resolve(__dirname, '..', '..');

export type Outcome = 'refused' | 'accepted' | 'internal-error' | 'written-but-unreadable';

export interface Tally {
  runs: number;
  refused: number;
  accepted: number;
  'internal-error': number;
  'written-but-unreadable': number;
  findings: string[];
}

export function emptyTally(): Tally {
  return { runs: 0, refused: 0, accepted: 0, 'internal-error': 0, 'written-but-unreadable': 0, findings: [] };
}

/** An error names where: a line, a place (sheet!cell, element, JSON path), a player, or the file as a whole. */
function namesWhere(e: InputError): boolean {
  if (typeof e.message !== 'string' || e.message.trim() === '') return false;
  if (/Cannot read properties|Cannot set properties|is not a function|undefined \(reading|Maximum call stack/.test(e.message)) return false;
  return e.line !== undefined || (e.where !== undefined && e.where !== '') || e.player !== undefined || e.file !== undefined;
}

function refusal(errors: readonly InputError[]): Outcome {
  return errors.length > 0 && errors.every(namesWhere) ? 'refused' : 'internal-error';
}

/** What an accepted tournament must allow beyond afterRead: every export, and the .h9 and XML read back. */
function afterExports(t: Tournament): { outcome: Outcome; symptom?: string } {
  for (const format of EXPORT_FORMATS) {
    const e = exportTournament(t, format, undefined, { unspellableNames: true });
    if (!e.ok) {
      if (refusal(e.errors) === 'refused') continue;
      return { outcome: 'internal-error', symptom: `export ${format} refused naming no place: ${e.errors.map(formatInputError).join(' | ')}` };
    }
    if (format === 'h9') {
      const h9 = parseH9(e.text, 'export.h9');
      const back = h9.ok ? h9ToTournament(h9.value, 'export.h9') : h9;
      if (!back.ok) return { outcome: 'written-but-unreadable', symptom: `.h9 written, then refused: ${back.errors.slice(0, 3).map(formatInputError).join(' | ')}` };
    }
    if (format === 'opengotha') {
      const back = parseOpenGotha(e.text, 'export.xml');
      if (!back.ok) return { outcome: 'written-but-unreadable', symptom: `OpenGotha XML written, then refused: ${back.errors.slice(0, 3).map(formatInputError).join(' | ')}` };
    }
  }
  return { outcome: 'accepted' };
}

/** Runs `read` and classifies what follows. */
export async function classify(read: () => Promise<Parsed<unknown>> | Parsed<unknown>, isTournament: boolean): Promise<{ outcome: Outcome; symptom?: string }> {
  try {
    const parsed = await read();
    if (!parsed.ok) {
      const outcome = refusal(parsed.errors);
      return outcome === 'refused' ? { outcome } : { outcome, symptom: `refusal naming no place: ${parsed.errors.slice(0, 3).map(formatInputError).join(' | ')}` };
    }
    if (!isTournament) {
      // A rating list loads with its odd lines skipped and reported (ratingList.ts): each report names its line.
      const skipped = (parsed.value as { skipped?: readonly InputError[] }).skipped ?? [];
      const unnamed = skipped.filter((e) => e.line === undefined || !namesWhere(e));
      return unnamed.length === 0 ? { outcome: 'accepted' } : { outcome: 'internal-error', symptom: `a skipped line reported without its line: ${formatInputError(unnamed[0])}` };
    }
    const t = parsed.value as Tournament;
    const problem = afterRead(t);
    if (problem) return { outcome: /refuses what its writer wrote/.test(problem) ? 'written-but-unreadable' : 'internal-error', symptom: problem };
    return afterExports(t);
  } catch (e) {
    if (e instanceof TengenInputError && e.errors.every(namesWhere)) return { outcome: 'refused' };
    return { outcome: 'internal-error', symptom: e instanceof Error ? `${e.name}: ${e.message} ${(e.stack ?? '').split('\n')[1]?.trim() ?? ''}` : String(e) };
  }
}

interface Base {
  readonly name: string;
  readonly text: string;
}

export interface ReaderSpec {
  readonly reader: string;
  readonly extension: string;
  readonly words: FormatWords;
  readonly bases: readonly Base[];
  /** Reads the bytes (written to a file of the reader's extension when it reads files). */
  readonly read: (bytes: Uint8Array, file: string) => Promise<Parsed<unknown>> | Parsed<unknown>;
  readonly tournament: boolean;
}

function corpus(relative: string, maxLines?: number): Base[] {
  if (!HAS_CORPUS) return [];
  const full = path.join(CORPUS_DIR, relative);
  const text = readFileSync(full, 'utf8');
  return [{ name: relative, text: maxLines ? text.split('\n').slice(0, maxLines).join('\n') : text }];
}

function example(): Tournament {
  const t = parseTournamentJson(readFileSync(path.join(ROOT, 'examples', 'quebec-open-mini.json'), 'utf8'), 'quebec-open-mini.json');
  if (!t.ok) throw new Error('the example does not read');
  return t.value;
}

function exportText(t: Tournament, format: 'h9' | 'opengotha'): string {
  const e = exportTournament(t, format);
  if (!e.ok) throw new Error(`the example does not export to ${format}`);
  return e.text;
}

/** The readers of tournament files and rating lists, each with its bases (in-repo ones always; the corpus's when present). */
export function readerSpecs(dir: string): ReaderSpec[] {
  const t = example();
  const fromFile = (extension: string) => async (bytes: Uint8Array, file: string) => {
    const at = path.join(dir, file.endsWith(extension) ? file : `${file}${extension}`);
    writeFileSync(at, bytes);
    return loadTournament(at);
  };
  const list = (format: 'egf' | 'ffg' | 'aga') => (bytes: Uint8Array, file: string) => readRatingList(bytes, file, format);
  const xmlCorpus = HAS_CORPUS ? ['opengotha-pairings/pairings/simplemm.xml', 'opengotha-pairings/pairings/simpleswiss.xml'].flatMap((f) => corpus(f)) : [];
  return [
    { reader: 'tengen-json', extension: '.json', words: WORDS.json, bases: [{ name: 'examples/quebec-open-mini.json', text: writeTournamentJson(t) }], read: fromFile('.json'), tournament: true },
    { reader: 'opengotha-xml', extension: '.xml', words: WORDS.xml, bases: [{ name: 'the example as OpenGotha XML', text: exportText(t, 'opengotha') }, ...xmlCorpus], read: fromFile('.xml'), tournament: true },
    { reader: 'h9', extension: '.h9', words: WORDS.h9, bases: [{ name: 'the example as .h9', text: exportText(t, 'h9') }, ...corpus('opengotha-standings/TournoiChinois.h9')], read: fromFile('.h9'), tournament: true },
    { reader: 'pairgoth', extension: '.tour', words: WORDS.json, bases: corpus('other-formats/pairgoth-20180907-marseille.tour'), read: fromFile('.tour'), tournament: true },
    { reader: 'macmahon', extension: '.xml', words: WORDS.xml, bases: corpus('other-formats/macmahon39-sample-tournament.xml'), read: fromFile('.xml'), tournament: true },
    { reader: 'rating-list-egf', extension: '.txt', words: WORDS.text, bases: [{ name: 'test/formats/fixtures/egf-allworld-sample.txt', text: readFileSync(path.join(ROOT, 'test', 'formats', 'fixtures', 'egf-allworld-sample.txt'), 'utf8') }], read: list('egf'), tournament: false },
    { reader: 'rating-list-ffg', extension: '.txt', words: WORDS.text, bases: corpus('ratinglists/ffg-echelle-ech_ffg_V3.txt', 60), read: list('ffg'), tournament: false },
    { reader: 'rating-list-aga', extension: '.txt', words: WORDS.text, bases: corpus('ratinglists/aga-tdlista.txt', 60), read: list('aga'), tournament: false },
  ];
}

/** Runs `runs` inputs of each class through one reader. */
export async function sweepReader(spec: ReaderSpec, runs: number, seed: number, tally: Tally, byClass: Map<string, Tally>, classes: readonly InputClass[] = CLASSES): Promise<void> {
  if (spec.bases.length === 0) return;
  for (const cls of classes) {
    const own = byClass.get(`${spec.reader} ${cls}`) ?? emptyTally();
    byClass.set(`${spec.reader} ${cls}`, own);
    for (let k = 0; k < runs; k++) {
      const runSeed = seed + CLASSES.indexOf(cls) * 100_003 + k;
      const base = spec.bases[random(runSeed).int(spec.bases.length)];
      const input = makeInput(cls, base.text, spec.words, runSeed);
      const file = `fuzz-${spec.reader}-${cls}-${runSeed}${spec.extension}`;
      const r = await classify(() => spec.read(input.bytes, file), spec.tournament);
      for (const t of [tally, own]) {
        t.runs++;
        t[r.outcome]++;
      }
      if (r.outcome === 'internal-error' || r.outcome === 'written-but-unreadable') {
        tally.findings.push(`${spec.reader} ${cls} seed ${runSeed} (${base.name}: ${input.what.slice(0, 160)}): ${r.outcome}: ${r.symptom ?? ''}`.slice(0, 900));
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The workbook reader: the same classes, as cell edits on a workbook Tengen wrote.

const SHEETS = ['Grid', 'Players', 'Settings', 'Pairings R1', 'Pairings R2'] as const;

/** One cell edit of class `cls` on the imported workbook; says what it did. */
async function editWorkbook(wb: MemoryWorkbook, cls: InputClass, seed: number): Promise<string> {
  const r = random(seed);
  const sheet = r.pick(SHEETS);
  const values = (await wb.readSheet(sheet)) ?? [];
  const rows = Math.max(1, values.length);
  const row = 1 + r.int(rows);
  const columns = Math.max(1, values[row - 1]?.length ?? 1);
  const column = 1 + r.int(columns);
  const address = `${String.fromCharCode(64 + Math.min(column, 26))}${row}`;
  const old = values[row - 1]?.[column - 1];
  let value: string | number;
  switch (cls) {
    case 'syntax':
      value = typeof old === 'string' && old.length > 0 ? old.slice(0, r.int(old.length)) + r.pick([',', '/', '!', '?', '(', '+', '-']) : r.pick(['+!', '1//', 'w?', '12 13', ',']);
      break;
    case 'types':
      value = typeof old === 'number' ? r.pick(['three', 'x', '1.5.2', 'TRUE']) : r.pick([3, -1, 0.5, 1e9]);
      break;
    case 'range':
      value = r.pick([-1, 0, 1e308, -9.1e12, 2.5, 524281, 1e-300]);
      break;
    case 'contradictions': {
      // Another cell's value of the same sheet: a player's ID, an opponent, a result, copied where it does not belong.
      const other = values[r.int(rows)]?.[r.int(columns)];
      value = typeof other === 'number' || typeof other === 'string' ? other : 1;
      break;
    }
    case 'unknown-criteria': {
      const settings = (await wb.readSheet('Settings')) ?? [];
      const at = settings.findIndex((x) => /tie|criteri|system|ruleset/i.test(String(x[0] ?? '')));
      const target = at >= 0 ? at + 1 : 1 + r.int(Math.max(1, settings.length));
      const word = r.pick(['SDC, STS', 'sos, xyz', 'EXT', 'nbw,,sos', 'mcmahon-plus']);
      wb.type('Settings', `B${target}`, word);
      return `Settings!B${target} = ${JSON.stringify(word)}`;
    }
    case 'encodings':
      value = `${typeof old === 'string' ? old : 'Name'}${r.pick(['\uD800', '\uFFFF', '\u0000', 'Ã©', '\u202E', '王'])}`;
      break;
    case 'sizes':
      value = 'W'.repeat(r.pick([32_768, 40_000, 100_000]));
      break;
  }
  wb.type(sheet, address, value);
  return `'${sheet}'!${address} = ${JSON.stringify(String(value).slice(0, 40))}${String(value).length > 40 ? `… (${String(value).length} characters)` : ''}`;
}

export async function sweepWorkbook(runs: number, seed: number, tally: Tally, byClass: Map<string, Tally>, classes: readonly InputClass[] = CLASSES): Promise<void> {
  const base = new MemoryWorkbook();
  await base.apply(importBatch(example(), { time: '2026-05-16T09:00:00.000Z' }));
  for (const cls of classes) {
    const own = byClass.get(`workbook ${cls}`) ?? emptyTally();
    byClass.set(`workbook ${cls}`, own);
    for (let k = 0; k < runs; k++) {
      const runSeed = seed + CLASSES.indexOf(cls) * 100_003 + k;
      const wb = new MemoryWorkbook();
      for (const [name, sheet] of base.sheets) wb.sheets.set(name, structuredClone(sheet));
      const what = await editWorkbook(wb, cls, runSeed);
      const r = await classify(() => readTournament(wb), true);
      for (const t of [tally, own]) {
        t.runs++;
        t[r.outcome]++;
      }
      if (r.outcome === 'internal-error' || r.outcome === 'written-but-unreadable') tally.findings.push(`workbook ${cls} seed ${runSeed} (${what}): ${r.outcome}: ${r.symptom ?? ''}`.slice(0, 900));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What Tengen wrote, Tengen reads.

const NAMES = ['Tremblay', 'Müller', "O'Brien", 'van der Berg', 'Łukasz', 'Smith, Jr.', 'Nguyễn', 'Ōta', 'Zoë', 'D’Alembert', 'Jean-Luc', 'Ann Marie', 'Æsir', 'X'];
const LONG = 'Vandenberghe-Lefebvre-Saint-Exupéry-de-la-Tour';

/** A random valid tournament: a generated McMahon field with names, clubs, countries and ratings drawn from the seed. */
export function randomTournament(seed: number): Tournament {
  const r = random(seed);
  const t = generateMcMahon({ players: 6 + r.int(30), rounds: 1 + r.int(5), seed }) as unknown as Tournament;
  const tiebreaks = r.pick([undefined, ['mms', 'sos', 'sosos'], ['sos', 'nbw'], ['nbw', 'sos', 'sodos'], ['mms', 'sodos', 'cuss']] as const);
  return {
    ...t,
    name: r.pick(['Open', 'Coupe d’été', 'Ćevapi Cup', 'Tournoi "de" Paris & co']),
    settings: { ...t.settings, ...(tiebreaks ? { tiebreaks: [...tiebreaks] } : {}), ...(r.int(3) === 0 ? { system: 'swiss' as const } : {}) },
    players: t.players.map((p) => ({
      ...p,
      // A letter per digit of the ID keeps two players apart (OpenGotha refuses two it cannot tell apart).
      family: (r.int(10) === 0 ? LONG : r.pick(NAMES)) + String(p.id).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]),
      given: r.int(8) === 0 ? '' : r.pick(NAMES),
      ...(r.int(2) === 0 ? { club: r.pick(['Paris', 'Montréal', 'Brno', 'A B C']) } : {}),
      ...(r.int(2) === 0 ? { country: r.pick(['FR', 'CA', 'CZ', 'DE']) } : {}),
      ...(r.int(3) === 0 ? { rating: r.int(2800) - 900 } : {}),
    })),
  };
}

/** Per place: the name as the format spells it, the place, every criterion of the order. */
function standingsRows(s: Standings, name: (family: string, given: string) => string): (string | number)[][] {
  return s.entries.map((e) => [name(e.player.family, e.player.given), e.place, ...s.order.map((c) => toNumber(e.values[c]))]);
}

export const WRITERS = ['tengen-json', 'opengotha-xml', 'h9', 'workbook', 'aga', 'ffg'] as const;

/** One tournament through one writer and back: equal, refused at write, written but unreadable, or changed. */
export async function roundTrip(t: Tournament, writer: (typeof WRITERS)[number]): Promise<{ outcome: Outcome | 'changed'; symptom?: string }> {
  try {
    const before = computeStandings(t);
    const same = (after: Standings, name: (f: string, g: string) => string) => JSON.stringify(standingsRows(after, name)) === JSON.stringify(standingsRows(before, name));
    const plain = (f: string, g: string) => displayName({ family: f, given: g });
    switch (writer) {
      case 'tengen-json': {
        const text = writeTournamentJson(t);
        const back = parseTournamentJson(text, 'rt.json');
        if (!back.ok) return { outcome: 'written-but-unreadable', symptom: back.errors.slice(0, 3).map(formatInputError).join(' | ') };
        return writeTournamentJson(back.value) === text ? { outcome: 'accepted' } : { outcome: 'changed', symptom: 'JSON read back differs' };
      }
      case 'opengotha-xml':
      case 'h9':
      case 'aga':
      case 'ffg': {
        const format = writer === 'opengotha-xml' ? 'opengotha' : writer;
        const e = exportTournament(t, format, undefined, { unspellableNames: true });
        if (!e.ok) return refusal(e.errors) === 'refused' ? { outcome: 'refused' } : { outcome: 'internal-error', symptom: e.errors.map(formatInputError).join(' | ') };
        if (writer === 'aga' || writer === 'ffg') return { outcome: 'accepted' }; // Tengen writes these, and reads neither.
        const back = writer === 'h9' ? ((h) => (h.ok ? h9ToTournament(h.value, 'rt.h9') : h))(parseH9(e.text, 'rt.h9')) : parseOpenGotha(e.text, 'rt.xml');
        if (!back.ok) return { outcome: 'written-but-unreadable', symptom: back.errors.slice(0, 3).map(formatInputError).join(' | ') };
        return same(computeStandings(back.value), writer === 'h9' ? h9Name : plain) ? { outcome: 'accepted' } : { outcome: 'changed', symptom: `${writer}: the standings read back differ` };
      }
      case 'workbook': {
        const wb = new MemoryWorkbook();
        await wb.apply(importBatch(t, { time: '2026-05-16T09:00:00.000Z' }));
        const back = await readTournament(wb);
        if (!back.ok) return { outcome: 'written-but-unreadable', symptom: back.errors.slice(0, 3).map(formatInputError).join(' | ') };
        return same(computeStandings(back.value), plain) ? { outcome: 'accepted' } : { outcome: 'changed', symptom: 'workbook: the standings read back differ' };
      }
    }
  } catch (e) {
    return { outcome: 'internal-error', symptom: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

export async function sweepRoundTrips(runs: number, seed: number, tallies: Map<string, Tally & { changed?: number }>): Promise<void> {
  for (let k = 0; k < runs; k++) {
    const t = randomTournament(seed + k);
    for (const writer of WRITERS) {
      const tally = tallies.get(writer) ?? { ...emptyTally(), changed: 0 };
      tallies.set(writer, tally);
      const r = await roundTrip(t, writer);
      tally.runs++;
      if (r.outcome === 'changed') tally.changed = (tally.changed ?? 0) + 1;
      else tally[r.outcome]++;
      if (r.outcome !== 'accepted' && r.outcome !== 'refused') tally.findings.push(`round trip ${writer} seed ${seed + k}: ${r.outcome}: ${r.symptom ?? ''}`.slice(0, 900));
    }
  }
}

/** A temporary folder for the readers that read files; removed by `done`. */
export function scratch(): { dir: string; done: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-sweep-'));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

export const IN_REPO_ONLY = !HAS_CORPUS;
