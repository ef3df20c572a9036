/**
 * `tengen` — command-line entry points over the engine.
 *
 *   tengen standings FILE [--ruleset egf|bga|aqjg|opengotha] [--as-of ROUND] [--tiebreaks a,b,c] [--json]
 *   tengen explain FILE PLAYER CRITERION [--ruleset …] [--as-of ROUND] [--json]
 *   tengen pair FILE --round N [--system optimal|mays|opengotha] [--seeding slip|fold|random|adjacent] [--seed N]
 *               [--bye-method mays|opengotha] [--allow-repeats] [--weights] [--json] [--out FILE]
 *               [--force 3-7,4-9] [--forbid 2-5] [--bye 13] [--pin 3-7@1] [--relatives 2-5] [--host-city CITY]
 *               [--only 10-40|12,15,19] [--score-below SCORE] [--rest]
 *   tengen workbook FILE --out WORKBOOK.xlsx [--language en|fr]
 *
 * Exit codes: 0 success, 1 usage error, 2 bad input (each error names file, line or element, and player).
 */
import { formatInputError, TengenInputError, type InputError } from '../model/errors';
import { CRITERIA, type Criterion, type Tournament } from '../model/tournament';
import { loadTournament } from '../formats/load';
import { isRulesetName } from '../scoring/rulesets';
import { computeStandings, type StandingsOptions } from '../scoring/standings';
import { explainIn } from '../scoring/explain';
import { renderExplanation, renderStandings, standingsJson } from './render';
import { findPlayer } from './players';
import {
  CLI_PAIRING_SYSTEMS,
  CLI_SEEDINGS,
  DEFAULT_PAIRING_SYSTEM,
  pairAndWrite,
  pairingJson,
  partlyPaired,
  refusedContinuation,
  refusedControls,
  refusedPairOptions,
  renderPairing,
  type CliPairingSystem,
} from './pair';
import type { Seeding } from '../pairing/optimalWeights';
import type { ByeMethod } from '../pairing/byes';
import { pairWeights, renderWeights, weightsJson } from './weights';
import { CONTROL_FLAGS, givenControls, LIST_CONTROL_FLAGS, parseControls, resolveControls } from './controls';
import { UsageError } from './usage';

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

export const USAGE = `Usage:
  tengen standings FILE [--ruleset egf|bga|aqjg|opengotha] [--as-of ROUND] [--tiebreaks mms,sos,…] [--json]
  tengen explain FILE PLAYER CRITERION [--ruleset …] [--as-of ROUND] [--json]
  tengen pair FILE --round N [--system optimal|mays|opengotha] [--seeding slip|fold|random|adjacent] [--seed N]
              [--bye-method mays|opengotha] [--allow-repeats] [--weights] [--json] [--out FILE]
              [--force 3-7,4-9] [--forbid 2-5] [--bye 13] [--pin 3-7@1] [--relatives 2-5] [--host-city CITY]
              [--only 10-40|12,15,19] [--score-below SCORE] [--rest]
  tengen workbook FILE --out WORKBOOK.xlsx [--language en|fr]

FILE is Tengen tournament JSON (.json), OpenGotha XML (.xml) or a Tengen workbook (.xlsx).
PLAYER is an ID number or a unique part of a name.
pair's director's controls (player IDs): --force, --forbid and --relatives take pairs A-B, comma-separated or
repeated; --pin A-B@TABLE a forced pair at its table; --only and --score-below (whole or half points) pair part of
the field now; pair the same round of the --out file again to pair the rest, keeping the tables announced.
--pin, --only, --score-below, --rest, --allow-repeats, --seeding fold|random, --seed: optimal only;
--relatives, --host-city, --bye-method, --seeding slip|adjacent: optimal and mays; --weights: opengotha only.
CRITERION is one of: ${CRITERIA.join(', ')}.
`;


interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set<string>(['ruleset', 'as-of', 'tiebreaks', 'round', 'system', 'out', 'language', 'seeding', 'seed', 'bye-method', ...CONTROL_FLAGS]);
const BOOLEAN_FLAGS = new Set(['json', 'help', 'weights', 'allow-repeats', 'rest']);

function parseArgs(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h') {
      flags.set('help', true);
    } else if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
      if (VALUE_FLAGS.has(name)) {
        const value = inline ?? argv[++i];
        if (value === undefined) throw new UsageError(`--${name} needs a value`);
        const before = flags.get(name);
        if (typeof before === 'string' && LIST_CONTROL_FLAGS.has(name)) flags.set(name, `${before},${value}`);
        else if (before !== undefined && (CONTROL_FLAGS as readonly string[]).includes(name)) throw new UsageError(`--${name} is given twice; give it once`);
        else flags.set(name, value);
      } else if (BOOLEAN_FLAGS.has(name)) {
        flags.set(name, true);
      } else {
        throw new UsageError(`unknown option --${name}`);
      }
    } else {
      positional.push(a);
    }
  }
  return { positional, flags };
}

function standingsOptions(flags: Map<string, string | true>, t: Tournament): StandingsOptions {
  const ruleset = flags.get('ruleset');
  if (typeof ruleset === 'string' && !isRulesetName(ruleset)) {
    throw new UsageError(`--ruleset ${ruleset}: expected one of egf, bga, aqjg, opengotha`);
  }
  const asOfText = flags.get('as-of');
  let asOf: number | undefined;
  if (typeof asOfText === 'string') {
    asOf = Number(asOfText);
    if (!Number.isInteger(asOf) || asOf < 0 || asOf > t.settings.rounds) {
      throw new UsageError(`--as-of ${asOfText}: expected a round from 0 to ${t.settings.rounds}`);
    }
  }
  const tiebreaksText = flags.get('tiebreaks');
  let tiebreaks: Criterion[] | undefined;
  if (typeof tiebreaksText === 'string') {
    tiebreaks = tiebreaksText.split(',').map((c) => c.trim().toLowerCase()) as Criterion[];
    const unknown = tiebreaks.filter((c) => !CRITERIA.includes(c));
    if (unknown.length) throw new UsageError(`--tiebreaks: unknown criterion ${unknown.join(', ')}; expected some of ${CRITERIA.join(', ')}`);
  }
  return { ruleset: typeof ruleset === 'string' && isRulesetName(ruleset) ? ruleset : undefined, asOf, tiebreaks };
}

async function load(file: string): Promise<Tournament> {
  const parsed = await loadTournament(file);
  if (!parsed.ok) throw new TengenInputError(parsed.errors);
  return parsed.value;
}

/** The options each command uses; any other option given to it is refused, never silently ignored. */
const COMMAND_FLAGS: Readonly<Record<string, ReadonlySet<string>>> = {
  standings: new Set(['ruleset', 'as-of', 'tiebreaks', 'json']),
  explain: new Set(['ruleset', 'as-of', 'tiebreaks', 'json']),
  pair: new Set(['round', 'system', 'seeding', 'seed', 'bye-method', 'allow-repeats', 'weights', 'json', 'out', 'rest', ...CONTROL_FLAGS]),
  workbook: new Set(['out', 'language']),
};

function refuseUnusedFlags(command: string, flags: ReadonlyMap<string, string | true>): void {
  const used = COMMAND_FLAGS[command];
  if (!used) return;
  const unused = [...flags.keys()].filter((f) => f !== 'help' && !used.has(f));
  if (unused.length === 0) return;
  const what = command === 'pair' && unused.includes('ruleset') ? ' (pair scores under the file\'s own ruleset)' : '';
  throw new UsageError(`${unused.map((f) => `--${f}`).join(', ')}: the ${command} command does not use ${unused.length === 1 ? 'this option' : 'these options'}${what}`);
}

async function run(argv: readonly string[], io: Io): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  const [command, ...rest] = positional;
  if (flags.has('help') || command === undefined || command === 'help') {
    io.out(USAGE);
    return command === undefined && !flags.has('help') ? 1 : 0;
  }
  refuseUnusedFlags(command, flags);
  switch (command) {
    case 'standings': {
      if (rest.length !== 1) throw new UsageError('standings takes one FILE');
      const t = await load(rest[0]);
      const standings = computeStandings(t, standingsOptions(flags, t));
      io.out(flags.has('json') ? `${JSON.stringify(standingsJson(standings), null, 2)}\n` : renderStandings(standings));
      return 0;
    }
    case 'explain': {
      if (rest.length !== 3) throw new UsageError('explain takes FILE PLAYER CRITERION');
      const [file, who, criterionText] = rest;
      const criterion = criterionText.toLowerCase() as Criterion;
      if (!CRITERIA.includes(criterion)) throw new UsageError(`unknown criterion ${criterionText}; expected one of ${CRITERIA.join(', ')}`);
      const t = await load(file);
      const player = findPlayer(t, who, file);
      const standings = computeStandings(t, standingsOptions(flags, t));
      const explanation = explainIn(standings, player.id, criterion);
      io.out(flags.has('json') ? `${JSON.stringify(explanation, null, 2)}\n` : renderExplanation(explanation));
      return 0;
    }
    case 'pair': {
      if (rest.length !== 1) throw new UsageError('pair takes one FILE');
      const system = (flags.get('system') ?? DEFAULT_PAIRING_SYSTEM) as string;
      if (!(CLI_PAIRING_SYSTEMS as readonly string[]).includes(system)) {
        throw new UsageError(`--system ${system}: this version pairs with ${CLI_PAIRING_SYSTEMS.join(', ')} only`);
      }
      const seeding = flags.get('seeding');
      if (seeding !== undefined && !(CLI_SEEDINGS as readonly unknown[]).includes(seeding)) {
        throw new UsageError(`--seeding ${String(seeding)}: expected one of ${CLI_SEEDINGS.join(', ')}`);
      }
      const seedText = flags.get('seed');
      const seed = seedText === undefined ? undefined : Number(seedText);
      if (seed !== undefined && (!Number.isSafeInteger(seed) || seed < 0)) throw new UsageError(`--seed ${String(seedText)}: expected a whole number ≥ 0`);
      const byeMethod = flags.get('bye-method');
      if (byeMethod !== undefined && byeMethod !== 'mays' && byeMethod !== 'opengotha') {
        throw new UsageError(`--bye-method ${String(byeMethod)}: expected mays or opengotha`);
      }
      const controls = parseControls(flags);
      const refused = refusedControls(system as CliPairingSystem, givenControls(flags));
      if (refused) throw new UsageError(refused);
      // No silent options: a seeding, seed, bye method or repeats the system would not use is refused, named.
      const refusedOption = refusedPairOptions(system as CliPairingSystem, {
        seeding: seeding as Seeding | undefined, seed, byeMethod: byeMethod as ByeMethod | undefined, allowRepeats: flags.has('allow-repeats'),
      });
      if (refusedOption) throw new UsageError(refusedOption);
      if (seeding === 'random' && seed === undefined) throw new UsageError('--seeding random needs --seed N, so that the draw can be replayed');
      const t = await load(rest[0]);
      const roundText = flags.get('round');
      const round = Number(roundText);
      if (typeof roundText !== 'string' || !Number.isInteger(round) || round < 1 || round > t.settings.rounds) {
        throw new UsageError(`--round: expected a round from 1 to ${t.settings.rounds}`);
      }
      if (flags.has('weights') && system !== 'opengotha') {
        throw new UsageError(`--weights: the ${system} system has no pair weights to show; --system opengotha has`);
      }
      const keepAnnounced = flags.has('rest');
      if (keepAnnounced) {
        const continuing = refusedContinuation(t, round, system as CliPairingSystem, rest[0]);
        if (continuing) throw new UsageError(continuing);
      }
      const partly = partlyPaired(t, round);
      const announced = keepAnnounced ? (partly?.tables ?? 0) : 0;
      const out = flags.get('out');
      const pairing = await pairAndWrite(t, round, system as CliPairingSystem, typeof out === 'string' ? out : undefined, {
        seeding: seeding as Seeding | undefined,
        seed,
        allowRepeats: flags.has('allow-repeats'),
        byeMethod: byeMethod as ByeMethod | undefined,
        rest: keepAnnounced,
        ...resolveControls(t, controls, rest[0]),
      });
      const weights = flags.has('weights') ? pairWeights(pairing) : undefined;
      if (flags.has('json')) io.out(`${JSON.stringify(weights ? { ...pairingJson(pairing), weights: weightsJson(weights) } : pairingJson(pairing), null, 2)}\n`);
      else {
        // A partly paired round paired afresh: say what was set aside, and how to keep it.
        const setAside = !keepAnnounced && partly ? `\nNote: ${rest[0]} already had ${partly.tables} table${partly.tables === 1 ? '' : 's'} for round ${round}; they were set aside and the whole round paired afresh (--rest keeps them and pairs only the ${partly.waiting} player${partly.waiting === 1 ? '' : 's'} left).\n` : '';
        io.out(renderPairing(t, pairing, announced) + setAside + (weights ? renderWeights(t, weights) : ''));
      }
      return 0;
    }
    case 'workbook': {
      if (rest.length !== 1) throw new UsageError('workbook takes one FILE');
      const out = flags.get('out');
      if (typeof out !== 'string' || !out.toLowerCase().endsWith('.xlsx')) throw new UsageError('workbook needs --out WORKBOOK.xlsx');
      const language = flags.get('language') ?? 'en';
      if (language !== 'en' && language !== 'fr') throw new UsageError(`--language ${String(language)}: expected en or fr`);
      const t = await load(rest[0]);
      const sheets = await writeWorkbook(t, out, language);
      io.out(`${out}: ${sheets.join(', ')}\n`);
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** The tournament as a new workbook (every sheet, through the session's import batch); returns its sheets. */
async function writeWorkbook(t: Tournament, out: string, language: 'en' | 'fr'): Promise<string[]> {
  const { XlsxWorkbook } = await import('../workbook/xlsx');
  const { writeXlsxFile } = await import('../workbook/xlsxFile');
  const { importBatch } = await import('../workbook/session');
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(t, { language }));
  await writeXlsxFile(out, wb);
  return wb.sheetNames();
}

/** Runs the CLI; returns the exit code. Never throws. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`tengen: ${e.message}\n\n${USAGE}`);
      return 1;
    }
    if (e instanceof TengenInputError) {
      const errors: readonly InputError[] = e.errors;
      for (const error of errors) io.err(`tengen: ${formatInputError(error)}\n`);
      return 2;
    }
    io.err(`tengen: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 70;
  }
}
