/**
 * What an `.xlsx` file may hold before Tengen opens it: checked on the zip, part by part and inflated as a stream, so
 * a file whose sheet inflates to a million rows (a few hundred kB on disk, 1.8 GB and 14 s in ExcelJS) is refused in
 * milliseconds, naming the sheet, instead of being loaded whole.
 *
 * The limits are far above what a tournament's workbook holds and far below what hurts: a field of 10,000 players
 * takes some 20,000 Grid rows; the Log of a long event a few thousand lines; the biggest part of the EGC 2024 Main
 * Open's workbook (985 players, 10 rounds) a few MB.
 */
import JSZip from 'jszip';
import { TengenInputError } from '../../model/errors';

/** Rows of one sheet, and the last row a sheet may use (the adapter reads a sheet as a rectangle from A1). */
export const MAX_SHEET_ROWS = 100_000;
/** Cells of one sheet, and the cells of the rectangle from A1 to its last cell. */
export const MAX_SHEET_CELLS = 2_000_000;
/** Inflated bytes of one part of the file (a sheet, the shared strings, the styles …). */
export const MAX_PART_BYTES = 64 * 1024 * 1024;

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
/**
 * A `<row …>` start tag (its row number, when written) or a `<c …>` one, with or without a namespace prefix (never
 * `<rowBreaks>`, `<cols>`, `<cfRule>`).
 */
const ROW = /<(?:[A-Za-z_][\w.-]*:)?row(?=[\s>/])[^>]*>/g;
const ROW_NUMBER = /\sr="(\d+)"/;
const CELL = /<(?:[A-Za-z_][\w.-]*:)?c[\s>/]/g;
/** What a chunk keeps of the one before it, so a start tag split between two chunks is still seen (once). */
const CARRY = 1000;

/** JSZip's streaming read of an entry (`ZipObject#internalStream`, in Node and the browser; not in its typings). */
interface StreamHelper {
  on(event: 'data', listener: (chunk: string) => void): StreamHelper;
  on(event: 'error', listener: (e: Error) => void): StreamHelper;
  on(event: 'end', listener: () => void): StreamHelper;
  resume(): StreamHelper;
  pause(): StreamHelper;
}
type StreamingEntry = JSZip.JSZipObject & { internalStream(type: 'string'): StreamHelper };

const thousands = (n: number) => n.toLocaleString('en-US');

/** Refuses a file beyond the limits with a `TengenInputError` naming the sheet (or the part); resolves otherwise. */
export async function checkWorkbookLimits(data: Uint8Array | JSZip): Promise<void> {
  const zip = data instanceof JSZip ? data : await JSZip.loadAsync(data);
  const names = await sheetNamesByPart(zip);
  for (const path of Object.keys(zip.files)) {
    const entry = zip.files[path];
    if (entry.dir) continue;
    const where = names.get(path) ?? path;
    const problem = await scanPart(entry, WORKSHEET.test(path));
    if (problem) throw new TengenInputError([{ where, message: problem }]);
  }
}

/** Inflates one part as a stream, stopping at the first limit passed; says which, or undefined. */
function scanPart(entry: JSZip.JSZipObject, sheet: boolean): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let rows = 0;
    let cells = 0;
    let carry = '';
    const stream = (entry as StreamingEntry).internalStream('string');
    const stop = (problem: string) => {
      stream.pause();
      resolve(problem);
    };
    stream
      .on('data', (chunk: string) => {
        bytes += chunk.length;
        if (bytes > MAX_PART_BYTES) return stop(`inflates to more than ${thousands(MAX_PART_BYTES / 1024 / 1024)} MB; a tournament's workbook holds far less: is this the right file?`);
        if (!sheet) return;
        const text = carry + chunk;
        let lastRow = 0;
        rows += countFrom(ROW, text, carry.length, (tag) => {
          lastRow = Math.max(lastRow, Number(ROW_NUMBER.exec(tag)?.[1] ?? 0));
        });
        cells += countFrom(CELL, text, carry.length);
        carry = text.slice(-CARRY);
        const beyond = `a tournament's sheets hold far fewer. Delete the rows below the tournament (Ctrl+End shows the last cell Excel keeps) and save again`;
        if (rows > MAX_SHEET_ROWS) return stop(`the sheet has more than ${thousands(MAX_SHEET_ROWS)} rows; ${beyond}`);
        if (lastRow > MAX_SHEET_ROWS) return stop(`the sheet has a cell in row ${thousands(lastRow)}, beyond ${thousands(MAX_SHEET_ROWS)} rows; ${beyond}`);
        if (cells > MAX_SHEET_CELLS) return stop(`the sheet has more than ${thousands(MAX_SHEET_CELLS)} cells; a tournament's sheets hold far fewer. Delete the cells outside the tournament and save again`);
      })
      .on('error', (e: Error) => reject(e))
      .on('end', () => resolve(undefined))
      .resume();
  });
}

/** Matches of `pattern` in `text` that end after `from` (those ending before were counted with the chunk before). */
function countFrom(pattern: RegExp, text: string, from: number, each?: (match: string) => void): number {
  let n = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index + m[0].length <= from) continue;
    n++;
    each?.(m[0]);
  }
  return n;
}

/** The sheet's name (as its tab shows it) of each worksheet part: `xl/workbook.xml` and its relationships. */
async function sheetNamesByPart(zip: JSZip): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const workbook = await zip.file('xl/workbook.xml')?.async('string');
  const rels = await zip.file('xl/_rels/workbook.xml.rels')?.async('string');
  if (!workbook || !rels) return out;
  const targets = new Map<string, string>();
  for (const [element] of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attribute(element, 'Id');
    const target = attribute(element, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  }
  for (const [element] of workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attribute(element, 'name');
    const target = targets.get(attribute(element, 'r:id') ?? '');
    if (name && target) out.set(target, unescapeXml(name));
  }
  return out;
}

function attribute(element: string, name: string): string | undefined {
  return new RegExp(`\\s${name.replace(/[.:]/g, '\\$&')}="([^"]*)"`).exec(element)?.[1];
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
}

/**
 * The most players a workbook holds so that Tengen reads it back (issue 27: "the reader must never refuse what the
 * writer wrote"): the Grid takes two rows a player below its 15 header rows, within `MAX_SHEET_ROWS`. Lower than the
 * 524,280 players a tournament file holds (src/model/limits.ts); `workbookSizeProblem` says so before any work.
 */
export const MAX_WORKBOOK_PLAYERS = Math.floor((MAX_SHEET_ROWS - 15) / 2);

export function workbookSizeProblem(players: number): string | undefined {
  if (players <= MAX_WORKBOOK_PLAYERS) return undefined;
  return `${thousands(players)} players: a workbook holds at most ${thousands(MAX_WORKBOOK_PLAYERS)} (its Grid, two rows a player, within the ${thousands(MAX_SHEET_ROWS)} rows Tengen reads back); keep the tournament in its file (JSON or OpenGotha XML), which holds it, and run the commands on that file`;
}

/**
 * A sheet about to be written, checked against the limits the reader applies (`checkWorkbookLimits`), so that no
 * file Tengen writes is refused when read back: its characters (the reader counts the inflated text), rows, last row
 * and cells. Says what is wrong, or undefined.
 */
export function writtenSheetProblem(xml: string): string | undefined {
  const advice = 'the workbook is not written; keep the tournament in its file (JSON or OpenGotha XML), which holds it, and run the commands on that file';
  if (xml.length > MAX_PART_BYTES) return `the sheet would take more than ${thousands(MAX_PART_BYTES / 1024 / 1024)} MB, more than Tengen reads back: ${advice}`;
  let rows = 0;
  let lastRow = 0;
  ROW.lastIndex = 0;
  for (let m = ROW.exec(xml); m; m = ROW.exec(xml)) {
    rows++;
    lastRow = Math.max(lastRow, Number(ROW_NUMBER.exec(m[0])?.[1] ?? 0));
  }
  if (rows > MAX_SHEET_ROWS || lastRow > MAX_SHEET_ROWS) return `the sheet would have ${thousands(Math.max(rows, lastRow))} rows, more than the ${thousands(MAX_SHEET_ROWS)} Tengen reads back: ${advice}`;
  let cells = 0;
  CELL.lastIndex = 0;
  while (CELL.exec(xml)) cells++;
  if (cells > MAX_SHEET_CELLS) return `the sheet would have ${thousands(cells)} cells, more than the ${thousands(MAX_SHEET_CELLS)} Tengen reads back: ${advice}`;
  return undefined;
}
