/**
 * The session's refusals and the context every batch is built in: what the workbook held when it was read
 * (kept beside the tournament read from it), and the fingerprint a stale pane is caught by.
 */
import type { writeTournamentJson } from '../../formats/json';
import { type Tournament } from '../../model/tournament';
import { type GridLanguage } from '../cells/notation';
import { logTime } from '../sheets/logSheet';
import { type WorkbookRead } from './changes';

export type RefusalCode =
  /** The workbook already holds a tournament (a Grid sheet) and replacing it was not asked for. */
  | 'grid-exists'
  /** The round already has results; re-pairing it needs `confirmRepair`. */
  | 'results-exist'
  /** The round is already paired (no results yet); pairing it again needs `confirmRepair`. */
  | 'round-paired'
  /** The grid changed between the preview and now: preview again. */
  | 'grid-changed'
  /** The batch would change a director's non-empty entry; the cells are named. */
  | 'overwrite'
  /** The bar or floor would change once rounds are paired: every score changes; needs `confirmRescore`. */
  | 'rescore'
  /** The request itself is wrong (an unknown player or table, a pairing that leaves someone out …). */
  | 'invalid';

export class SessionRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** `Grid!H12`-style addresses of the cells concerned. */
    readonly cells: readonly string[] = [],
  ) {
    super(message);
    this.name = 'SessionRefusal';
  }
}

/** What a batch needs to know about the workbook besides the tournament. */
export interface SessionOptions {
  /** Grid language (default: the one `readTournament` found, else English). */
  readonly language?: GridLanguage;
  /** First empty row of the Log sheet (default: the one `readTournament` found, else 2). */
  readonly logRow?: number;
  /** Time written on the Log lines (default: now, ISO 8601). */
  readonly time?: string;
  /** The director confirmed changing non-empty entries. */
  readonly confirmOverwrite?: boolean;
}

export interface WorkbookContext {
  readonly language: GridLanguage;
  readonly logRow: number;
  readonly sheets: readonly string[];
  /** The sheets as read (values; the Grid's formulas too): what every write expects to find. */
  readonly read?: WorkbookRead;
  /** The tournament as read, which `read` renders. */
  readonly tournament?: Tournament;
}

/**
 * Context of the tournaments `readTournament` returned, so the batch functions keep their short signatures; a
 * tournament derived from one (`{ ...t, players: … }`) falls back on the last workbook read, when it is the same
 * tournament by name. Explicit `SessionOptions` win over both.
 */
export const contexts = new WeakMap<Tournament, WorkbookContext>();

let lastRead: { readonly name: string; readonly context: WorkbookContext } | undefined;

/** Keeps the context of a workbook just read (by `readSession`), for the batches that follow it. */
export function rememberRead(tournament: Tournament, context: WorkbookContext): void {
  contexts.set(tournament, context);
  lastRead = { name: tournament.name, context };
}

export interface BatchContext {
  language: GridLanguage;
  logRow: number;
  time: string;
  sheets: readonly string[];
  read?: WorkbookRead;
  /** The tournament `read` renders. */
  readTournament?: Tournament;
  /** Whether `t` is the very tournament read (no change made to it in the pane since). */
  exact: boolean;
}

export function contextOf(t: Tournament, options: SessionOptions = {}): BatchContext {
  const exact = contexts.get(t);
  const known = exact ?? (lastRead?.name === t.name ? lastRead.context : undefined);
  return {
    language: options.language ?? known?.language ?? 'en',
    logRow: options.logRow ?? known?.logRow ?? 2,
    time: options.time ?? logTime(),
    sheets: known?.sheets ?? [],
    ...(known?.read ? { read: known.read, readTournament: known.tournament } : {}),
    exact: exact !== undefined,
  };
}

// Declared here for the add-in's build too (its TypeScript configuration has no Node types); webpack bundles the call.
declare const require: (id: '../../formats/json') => { writeTournamentJson: typeof writeTournamentJson };

/**
 * The JSON writer, loaded when a fingerprint is first asked for (issue 28): its module brings the tournament schema's
 * validator (150 kB), which a command only reading the workbook (`tengen standings W.xlsx`) never needs. `require`
 * keeps the loading synchronous, as `xlsxExcelJs.ts` does.
 */
let json: { writeTournamentJson: typeof writeTournamentJson } | undefined;

/** A short stable fingerprint of a tournament (FNV-1a over its canonical JSON, two 32-bit halves). */
export function fingerprint(t: Tournament): string {
  json ??= require('../../formats/json');
  const text = json.writeTournamentJson(t);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}
