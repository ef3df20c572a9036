/**
 * Issue 12, "done means" 2: a fast-check fuzz suite over the JSON reader, the OpenGotha reader and the workbook
 * reader. Every generated input is read and either succeeds (and survives standings and Tengen's own writer and
 * reader) or is refused with Tengen's own errors naming the file and the place — never an internal error, never a
 * hang (`harness.ts`). Deterministic (a fixed seed); `TENGEN_FUZZ_SCALE=10 npx jest test/fuzz` runs ten times as
 * many. Counts: `test-artifacts/fuzz-summary.json`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { loadTournament } from '../../src/workbook/load';
import { parseOpenGotha } from '../../src/formats/opengotha';
import type { Tournament } from '../../src/model/tournament';
import { formatRank } from '../../src/model/rank';
import { importBatch, readTournament } from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { CORPUS_DIR, HAS_CORPUS } from '../support/corpus';
import { FUZZ_SEED, FuzzTally } from './harness';
import { applyJsonEdit, applyTextEdit, applyXmlEdit, cellEdit, jsonEdit, textEdit, xmlEdit, type CellEdit } from './mutations';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLES = readdirSync(path.join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ name: `examples/${f}`, text: readFileSync(path.join(ROOT, 'examples', f), 'utf8') }));

/** Corpus files of a kind, or none (with a message) when ../shared/corpus is absent. */
function corpusFiles(extension: string, limitBytes = 60_000): { name: string; text: string }[] {
  if (!HAS_CORPUS) return [];
  const out: { name: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(extension)) {
        const text = readFileSync(full, 'utf8');
        if (text.length <= limitBytes) out.push({ name: path.relative(CORPUS_DIR, full), text });
      }
    }
  };
  walk(CORPUS_DIR);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

if (!HAS_CORPUS) console.warn(`fuzz: ${CORPUS_DIR} is absent — mutating the in-repo examples and generated files only (clone with ../shared beside the project for the corpus)`);

const CORPUS_XML = corpusFiles('.xml');
/** Tengen JSON of each corpus tournament Tengen reads: more JSON to mutate than the one example. */
const CORPUS_AS_JSON = CORPUS_XML.flatMap((f) => {
  const t = parseOpenGotha(f.text, f.name);
  return t.ok ? [{ name: `${f.name} as Tengen JSON`, text: writeTournamentJson(t.value) }] : [];
});
const PAIRGOTH_TOURS = corpusFiles('.tour', 200_000);

/** A small OpenGotha-like file made from the example, so the OpenGotha reader is fuzzed without the corpus too. */
function openGothaOf(t: Tournament): string {
  const key = (id: number) => {
    const p = t.players.find((x) => x.id === id)!;
    return `${p.family}${p.given}`.toUpperCase().replace(/\s/g, '');
  };
  const rank = (r: number) => formatRank(r as Tournament['players'][number]['rank']).toUpperCase();
  const players = t.players.map((p) => `    <Player name="${p.family}" firstName="${p.given}" rank="${rank(p.rank)}" grade="${rank(p.rank)}" club="${p.club ?? ''}" country="${p.country ?? ''}" rating="${p.rating ?? 0}" registeringStatus="FIN" participating="${'1'.repeat(t.settings.rounds)}" smmsCorrection="0"/>`);
  const result = (r: string) => ({ 'white-wins': 'RESULT_WHITEWINS', 'black-wins': 'RESULT_BLACKWINS', jigo: 'RESULT_EQUAL' })[r] ?? 'RESULT_UNKNOWN';
  const games = t.games.map((g) => `    <Game roundNumber="${g.round}" tableNumber="${g.table ?? 0}" whitePlayer="${key(g.white)}" blackPlayer="${key(g.black)}" handicap="${g.handicap}" knownColor="true" result="${result(g.result)}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<Tournament dataVersion="201" gothaVersion="351">',
    '  <Players>',
    ...players,
    '  </Players>',
    '  <Games>',
    ...games,
    '  </Games>',
    '  <TournamentParameterSet>',
    `    <GeneralParameterSet name="${t.name.replace(/"/g, '')}" shortName="fuzz" numberOfRounds="${t.settings.rounds}" komi="6.5" genMMBar="4D" genMMFloor="20K" genMMZero="30K"/>`,
    '  </TournamentParameterSet>',
    '</Tournament>',
  ].join('\n');
}

const EXAMPLE = parseTournamentJson(EXAMPLES[0].text, EXAMPLES[0].name);
if (!EXAMPLE.ok) throw new Error('the example does not read');
const GENERATED_XML = { name: 'generated-from-example.xml', text: openGothaOf(EXAMPLE.value) };

/** Deterministic inputs: fast-check's generators run with the suite's seed (plus a per-reader offset). */
function inputs<T>(arbitrary: fc.Arbitrary<T>, runs: number, offset: number): T[] {
  return fc.sample(arbitrary, { seed: FUZZ_SEED + offset, numRuns: runs });
}

describe('fuzz: the JSON reader', () => {
  const tally = new FuzzTally('json');
  const bases = [...EXAMPLES, ...CORPUS_AS_JSON, ...PAIRGOTH_TOURS];
  afterAll(() => tally.record({ bases: bases.map((b) => b.name) }));

  test('field edits (random values in every field, keys deleted, added, duplicated) and text edits', async () => {
    const plan = fc.record({
      base: fc.nat(),
      fields: fc.array(jsonEdit, { minLength: 1, maxLength: 3 }),
      text: fc.array(textEdit, { maxLength: 2 }),
      textOnly: fc.boolean(),
    });
    for (const p of inputs(plan, tally.runs(400), 1)) {
      const base = bases[p.base % bases.length];
      let text: string;
      if (p.textOnly && p.text.length > 0) text = p.text.reduce(applyTextEdit, base.text);
      else {
        const doc = p.fields.reduce<unknown>((d, e) => applyJsonEdit(d, e), JSON.parse(base.text));
        text = JSON.stringify(doc, null, 2) ?? '';
        if (p.text.length > 0 && p.text[0].kind === 'number') text = applyTextEdit(text, p.text[0]);
      }
      const file = `fuzz-${tally.total}.json`;
      await tally.run(`${base.name} → ${text}`, file, () => parseTournamentJson(text, file));
    }
    expect(tally.report()).toBe('');
  });
});

describe('fuzz: the OpenGotha reader', () => {
  const tally = new FuzzTally('opengotha');
  const bases = [GENERATED_XML, ...CORPUS_XML];
  afterAll(() => tally.record({ bases: bases.map((b) => b.name) }));

  test('attribute values replaced (escaped or raw), elements dropped or doubled, text edits', async () => {
    const plan = fc.record({ base: fc.nat(), xml: fc.array(xmlEdit, { minLength: 1, maxLength: 3 }), text: fc.array(textEdit, { maxLength: 1 }) });
    for (const p of inputs(plan, tally.runs(200), 2)) {
      const base = bases[p.base % bases.length];
      const text = p.text.reduce(applyTextEdit, p.xml.reduce(applyXmlEdit, base.text));
      const file = `fuzz-${tally.total}.xml`;
      await tally.run(`${base.name} → ${describeXmlChange(base.text, text)}`, file, () => parseOpenGotha(text, file));
    }
    expect(tally.report()).toBe('');
  });
});

describe('fuzz: the workbook reader', () => {
  const tally = new FuzzTally('workbook');
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-fuzz-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    tally.record();
  });

  test("random cell edits on a workbook Tengen wrote (ExcelJS), read back in memory and, one in ten, from disk", async () => {
    // The example, and with the corpus a real McMahon tournament with absences and byes, as Tengen saves them; each
    // file opened once, each run editing a copy of its ExcelJS model (7× faster than opening the file).
    const tournaments = [EXAMPLE.value, ...CORPUS_XML.filter((f) => f.name.endsWith('simplemm.xml')).flatMap((f) => ((t) => (t.ok ? [t.value] : []))(parseOpenGotha(f.text, f.name)))];
    const models: ExcelJS.WorkbookModel[] = [];
    for (const t of tournaments) {
      const written = XlsxWorkbook.create();
      await written.apply(importBatch(t, { time: '2026-05-16T09:00:00.000Z' }));
      models.push((await XlsxWorkbook.load(await written.save())).excel.model);
    }
    const plan = fc.record({ base: fc.nat(), edits: fc.array(cellEdit, { minLength: 1, maxLength: 4 }), viaDisk: fc.nat(9) });
    for (const p of inputs(plan, tally.runs(130), 3)) {
      const wb = EditableWorkbook.of(models[p.base % models.length]);
      const described = p.edits.map((e) => editCell(wb.excel, e)).join('; ');
      if (p.viaDisk === 0) {
        const file = path.join(dir, `fuzz-${tally.total}.xlsx`);
        // The save is part of the run: an edit beyond what Tengen reads back (a cell in row 1,048,576) is refused by
        // the save itself, naming the sheet — Tengen never writes what it would then refuse (issue 27).
        await tally.run(`${described} (from disk)`, file, async () => {
          writeFileSync(file, await wb.save());
          return loadTournament(file);
        });
      } else {
        await tally.run(described, '', () => readTournament(wb), { requireFile: false });
      }
    }
    expect(tally.report()).toBe('');
  });
});

/** A copy of a workbook's ExcelJS model behind the `.xlsx` adapter. */
class EditableWorkbook extends XlsxWorkbook {
  static of(model: ExcelJS.WorkbookModel): XlsxWorkbook {
    const excel = new ExcelJS.Workbook();
    excel.model = structuredClone(model);
    return new EditableWorkbook(excel);
  }
}

/** Makes one cell edit on the ExcelJS workbook; says what it did, as a director would read it. */
function editCell(excel: ExcelJS.Workbook, e: CellEdit): string {
  const sheets = excel.worksheets.filter((ws) => !/^(Slips|Grid poster|Prize ceremony)/.test(ws.name));
  const ws = sheets[e.sheet % sheets.length];
  if (e.value === 'delete-sheet') {
    excel.removeWorksheet(ws.id);
    return `sheet ${ws.name} deleted`;
  }
  const rows = Math.max(1, ws.actualRowCount);
  const columns = Math.max(1, ws.actualColumnCount);
  const row = e.far === 'row' || e.far === 'corner' ? 1_048_576 : (e.row % (rows + 2)) + 1;
  const column = e.far === 'column' || e.far === 'corner' ? 16_384 : (e.column % (columns + 1)) + 1;
  const cell = ws.getCell(row, column);
  const address = `'${ws.name}'!${cell.address}`;
  if (e.value === 'clear') {
    cell.value = null;
    return `${address} cleared`;
  }
  cell.value = e.value as ExcelJS.CellValue;
  return `${address} = ${JSON.stringify(e.value)}`;
}

/** The part of the text that changed, for the report. */
function describeXmlChange(before: string, after: string): string {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  const line = before.slice(0, start).split('\n').length;
  return `line ${line}: ${JSON.stringify(before.slice(Math.max(0, start - 40), before.length - end).slice(0, 200))} → ${JSON.stringify(after.slice(Math.max(0, start - 40), after.length - end).slice(0, 200))}`;
}
