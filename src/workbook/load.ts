/**
 * Read a tournament file of any format Tengen knows, by its extension or, failing that, its content: Tengen JSON,
 * OpenGotha XML, MacMahon 3.9 XML (root <TournamentData>), Pairgoth's `.tour` (JSON with "players" and "games"),
 * EGD results (`.h9`, decoded as UTF-8 or OpenGotha's ISO-8859-15). A workbook (`.xlsx`) is read through the workbook
 * session (its Grid, Settings, Players and pairing sheets); ExcelJS is loaded only then.
 */
import { open } from 'node:fs/promises';
import * as path from 'node:path';
import { failed, TengenInputError, type Parsed } from '../model/errors';
import { MAX_INPUT_BYTES } from '../model/limits';
import type { Tournament } from '../model/tournament';
import { DAMAGED_WORKBOOK_ADVICE } from './adapters/damaged';
import { decodeTournamentFile, mojibakeError } from '../formats/encoding';

import type { TournamentFormat } from './tournamentFile';

export type { TournamentFormat };

/** MacMahon's root element, within the first lines (after the declaration and comments). */
const MACMAHON_ROOT = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<TournamentData\b/;
/** Tengen's own JSON says what it is; Pairgoth's has players and games and no "format". */
const TENGEN_JSON = /"format"\s*:\s*"tengen-tournament"/;

export function detectFormat(file: string, text: string): TournamentFormat | undefined {
  const ext = path.extname(file).toLowerCase();
  const first = text.trimStart()[0];
  if (ext === '.h9' || ext === '.h') return 'h9';
  if (ext === '.tour') return 'pairgoth';
  // Pairgoth's JSON has its "pairing" object beside "players" and "games"; any other JSON is read as Tengen's, whose
  // reader says what is missing (issue 27: a Tengen file without "format" got 13 errors about Pairgoth's scale).
  if (ext === '.json' || (ext === '' && first === '{')) return TENGEN_JSON.test(text) || !/"games"\s*:/.test(text) || !/"pairing"\s*:/.test(text) ? 'json' : 'pairgoth';
  if (ext === '.xml' || first === '<') return MACMAHON_ROOT.test(text) ? 'macmahon' : 'opengotha';
  if (first === ';') return 'h9';
  return undefined;
}

/**
 * The file's tournament, read by the reader of its format (./tournamentFile.ts), loaded only for a file of that kind:
 * a workbook's reading never loads the file formats' readers (issue 28).
 */
async function parseTournament(text: string, file: string): Promise<Parsed<Tournament>> {
  const { parseTournamentFile } = await import('./tournamentFile');
  return parseTournamentFile(detectFormat(file, text), text, file);
}

async function loadWorkbook(file: string): Promise<Parsed<Tournament>> {
  const { readXlsxFile } = await import('./adapters/xlsxFile');
  // The reading alone (session/read.ts), not the session's entry: reading a workbook never needs the wizard's batches
  // and the pairing systems they load (issue 28). A command that writes into the workbook reads it again as a session.
  const { readTournamentAlone } = await import('./session/read');
  let parsed: Parsed<Tournament>;
  try {
    parsed = await readTournamentAlone(await readXlsxFile(file));
  } catch (e) {
    // A workbook beyond what a tournament holds (xlsxLimits.ts) is refused naming the sheet.
    if (e instanceof TengenInputError) return failed(e.errors.map((x) => ({ ...x, file })));
    const code = (e as NodeJS.ErrnoException).code;
    // Anything else the parsers throw is a file they cannot read: said in a director's words, not theirs (issue 27).
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `not a workbook Tengen can open: its parts cannot be read (it is damaged, or was not written by a spreadsheet program); ${DAMAGED_WORKBOOK_ADVICE}`;
    return failed([{ file, message: `cannot read the workbook: ${why}` }]);
  }
  return parsed.ok ? parsed : failed(parsed.errors.map((e) => ({ ...e, file })));
}

export async function loadTournament(file: string): Promise<Parsed<Tournament>> {
  if (path.extname(file).toLowerCase() === '.xlsx') return loadWorkbook(file);
  let bytes: Uint8Array;
  try {
    const read = await readAtMost(file, MAX_INPUT_BYTES);
    if (read === undefined) {
      const mib = MAX_INPUT_BYTES / 1024 / 1024;
      return failed([{ file, message: `the file is larger than ${mib} MiB, the most Tengen reads (a tournament of 524,280 players is about 150 MiB): is it really a tournament file?` }]);
    }
    bytes = read;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : (e as Error).message;
    return failed([{ file, message: `cannot read the tournament file: ${why}` }]);
  }
  const ext = path.extname(file).toLowerCase();
  // OpenGotha writes .h9 files in ISO-8859-15 and declares nothing: UTF-8 when the bytes are, else Latin-9.
  if (ext === '.h9' || ext === '.h') {
    const text = (await import('../formats/h9')).decodeH9(bytes);
    const wrong = mojibakeError(text, file);
    return wrong ? failed([wrong]) : parseTournament(text, file);
  }
  const decoded = decodeTournamentFile(bytes, file, ext === '.json' || ext === '.tour' ? 'json' : ext === '.xml' ? 'xml' : 'unknown');
  if (!decoded.ok) return decoded;
  return parseTournament(decoded.value.replace(/^\uFEFF/, ''), file);
}

/**
 * The file's bytes, read in chunks, or undefined once more than `cap` bytes have been read: the size a file system
 * reports says nothing of a device or a pipe (/dev/zero reports 0 and never ends).
 */
async function readAtMost(file: string, cap: number): Promise<Uint8Array | undefined> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, cap + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > cap) return undefined;
    }
  } finally {
    await handle.close();
  }
}
