/**
 * Read a tournament file of any format Tengen knows, by its extension or, failing that, its first character. A
 * workbook (`.xlsx`) is read through the workbook session (its Grid, Settings, Players and pairing sheets); ExcelJS
 * is loaded only then.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { failed, TengenInputError, type Parsed } from '../model/errors';
import type { Tournament } from '../model/tournament';
import { parseTournamentJson } from './json';
import { parseOpenGotha } from './opengotha';

export type TournamentFormat = 'json' | 'opengotha';

export function detectFormat(file: string, text: string): TournamentFormat | undefined {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.xml') return 'opengotha';
  const first = text.trimStart()[0];
  if (first === '{') return 'json';
  if (first === '<') return 'opengotha';
  return undefined;
}

export function parseTournament(text: string, file: string): Parsed<Tournament> {
  switch (detectFormat(file, text)) {
    case 'json':
      return parseTournamentJson(text, file);
    case 'opengotha':
      return parseOpenGotha(text, file);
    default:
      return failed([{ file, message: 'not a tournament file Tengen reads: expected Tengen tournament JSON (.json), OpenGotha XML (.xml) or a Tengen workbook (.xlsx)' }]);
  }
}

async function loadWorkbook(file: string): Promise<Parsed<Tournament>> {
  const { readXlsxFile } = await import('../workbook/xlsxFile');
  const { readTournament } = await import('../workbook/session');
  let parsed: Parsed<Tournament>;
  try {
    parsed = await readTournament(await readXlsxFile(file));
  } catch (e) {
    // A workbook beyond what a tournament holds (xlsxLimits.ts) is refused naming the sheet.
    if (e instanceof TengenInputError) return failed(e.errors.map((x) => ({ ...x, file })));
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `not a workbook Tengen can open (${(e as Error).message})`;
    return failed([{ file, message: `cannot read the workbook: ${why}` }]);
  }
  return parsed.ok ? parsed : failed(parsed.errors.map((e) => ({ ...e, file })));
}

export async function loadTournament(file: string): Promise<Parsed<Tournament>> {
  if (path.extname(file).toLowerCase() === '.xlsx') return loadWorkbook(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : (e as Error).message;
    return failed([{ file, message: `cannot read the tournament file: ${why}` }]);
  }
  return parseTournament(text.replace(/^\uFEFF/, ''), file);
}
