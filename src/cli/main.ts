/**
 * `tengen` — command-line entry points over the engine.
 *
 *   tengen standings FILE [--ruleset egf|bga|aqjg|opengotha|czech] [--as-of ROUND] [--tiebreaks a,b,c] [--json]
 *   tengen explain FILE PLAYER CRITERION [--ruleset …] [--as-of ROUND] [--json]   (CRITERION czech: the Czech order;
 *               place: why he stands where he does, in words)
 *   tengen pair FILE --round N [--system optimal|mays|opengotha] [--seeding slip|fold|random|adjacent] [--seed N]
 *               [--bye-method mays|opengotha] [--allow-repeats] [--weights] [--json] [--out FILE]
 *               [--opengotha-rules released|corrected] [--opengotha-chunks]
 *               [--force 3-7,4-9] [--forbid 2-5] [--bye 13] [--pin 3-7@1] [--relatives 2-5] [--host-city CITY]
 *               [--only 10-40|12,15,19] [--score-below SCORE] [--rest] [--repair] [--overwrite]
 *   tengen workbook FILE --out WORKBOOK.xlsx [--language en|fr] [--overwrite]
 *   tengen players LIST [--find NAME] [--format egf|ffg|aga] [--limit N] [--json]
 *   tengen export FILE --format h9|aga|ffg|opengotha --out OUT [--overwrite]
 *   tengen lots FILE --by lottery|rating|id [--seed N] --out FILE.json [--overwrite]
 *   tengen playoff LEAGUE [--json] [--out FILE.json|WORKBOOK.xlsx [--overwrite]]
 *   tengen pko PKO [--emergency N] [--json]
 *   tengen qualification LEAGUE CONGRESS [--json] [--out LIST.xlsx [--overwrite]]
 *   tengen series FILE1 FILE2 …|SERIES.xlsx [--as-of N|FILE] [--json] [--out SERIES.xlsx [--overwrite]]
 *   tengen publish FILE --out DIR|SITE.zip|SITE.html [--base-url URL] [--language en|fr] [--url-key id|pin]
 *               [--show-ratings] [--show-pins] [--overwrite]
 *   tengen check FILE [--json] [--no-compare]
 *   tengen generate [--players N] [--rounds N] [--seed N] [--ranks 20k-5d] [--bar 3d|none] [--swiss] [--ruleset R]
 *               [--system optimal|mays|opengotha] [--absence P] [--out FILE.json [--overwrite]]
 *
 * Exit codes: 0 success, 1 usage error or a refusal naming the flag that allows it, 2 bad input (each error names
 * file, line or element, and player) or a file that cannot be written (its path and why), 3 (check) a hard pairing
 * rule broken.
 *
 * Why one file of this size: the command table — arguments parsed and checked, one case per command; each command's work is in a file of its own.
 */
import * as path from 'node:path';
import { escapeControlCharacters, escapeControlCharactersButNewlines } from '../model/controlCharacters';
import { formatInputError, TengenInputError, type InputError } from '../model/errors';
import { CRITERIA, type Criterion, type Tournament } from '../model/tournament';
import { loadTournament } from '../workbook/load';
import { isRulesetName } from '../scoring/rulesets';
import type { StandingsOptions } from '../scoring/standings';
import type { CliPairingSystem, PairingWriter } from './pair';
import type { Seeding } from '../systems/mcmahon/optimalWeights';
import type { ByeMethod } from '../systems/byes';
import type { OpenGothaRules } from '../systems/opengotha/scoredPlayers';
import { CONTROL_FLAGS, givenControls, LIST_CONTROL_FLAGS, parseControls } from './controls';
import { UsageError, USAGE } from './usage';
import { lockForWriting, releaseLocks } from './lock';
import { refuseUnwritable, writeFileAtomically, FileWriteError, type WriterFs } from './files';
import { outFormat, pairIntoWorkbook, playoffIntoWorkbook, refuseExistingOut, refuseExistingWorkbook, refuseInPlace, refuseRepair, Refusal, sameFile, writeNewWorkbook, describeWorkbook } from './output';
import { H9_HEADER_FLAGS } from './export';
import { citationForPeople } from '../model/citations';

// Each command's own modules are loaded when it runs (`await import`), not at start-up: a command pays for what it
// uses — `tengen workbook` never compiled the site publisher, its QR codes and zip writer, nor the pairing systems
// (issue 28: module loading was a fifth of a command's CPU).

export { USAGE };

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** The file system files are written through (tests inject one that fails, e.g. a full disk). */
  readonly fs?: WriterFs;
}

const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};



interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set<string>(['base-url', 'url-key', 'players', 'rounds', 'ranks', 'bar', 'absence', 'ruleset', 'as-of', 'tiebreaks', 'round', 'system', 'out', 'language', 'seeding', 'seed', 'bye-method', 'find', 'format', 'limit', 'by', 'opengotha-rules', 'emergency', ...CONTROL_FLAGS, ...H9_HEADER_FLAGS.filter((f) => f !== 'incomplete')]);
const BOOLEAN_FLAGS = new Set(['show-ratings', 'show-pins', 'no-compare', 'swiss', 'json', 'help', 'weights', 'allow-repeats', 'rest', 'repair', 'overwrite', 'opengotha-chunks', 'incomplete', 'unspellable-names']);

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
        // A repeated option is refused, never the last one silently taken (issue 27: `--system mays --system optimal`).
        else if (before !== undefined) throw new UsageError(`--${name} is given twice (${String(before)}, then ${value}); give it once`);
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
    throw new UsageError(`--ruleset ${ruleset}: expected one of egf, bga, aqjg, opengotha, czech`);
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

/** Where the notes of a reader go (stderr; set by `run` to its Io). */
let sayNote: (note: string) => void = () => undefined;

async function load(file: string): Promise<Tournament> {
  const parsed = await loadTournament(file);
  if (!parsed.ok) throw new TengenInputError(parsed.errors);
  for (const note of parsed.notes ?? []) sayNote(note);
  return parsed.value;
}

/** The options each command uses; any other option given to it is refused, never silently ignored. */
const COMMAND_FLAGS: Readonly<Record<string, ReadonlySet<string>>> = {
  standings: new Set(['ruleset', 'as-of', 'tiebreaks', 'json']),
  explain: new Set(['ruleset', 'as-of', 'tiebreaks', 'json']),
  pair: new Set(['round', 'system', 'seeding', 'seed', 'bye-method', 'opengotha-rules', 'opengotha-chunks', 'allow-repeats', 'weights', 'json', 'out', 'rest', 'repair', 'overwrite', ...CONTROL_FLAGS]),
  workbook: new Set(['out', 'language', 'overwrite']),
  players: new Set(['find', 'format', 'limit', 'json']),
  export: new Set(['format', 'out', 'overwrite', 'unspellable-names', ...H9_HEADER_FLAGS]),
  lots: new Set(['by', 'seed', 'out', 'overwrite']),
  playoff: new Set(['json', 'out', 'overwrite']),
  pko: new Set(['emergency', 'json']),
  qualification: new Set(['json', 'out', 'overwrite']),
  series: new Set(['as-of', 'json', 'out', 'overwrite']),
  publish: new Set(['out', 'base-url', 'language', 'url-key', 'show-ratings', 'show-pins', 'overwrite']),
  check: new Set(['json', 'no-compare']),
  generate: new Set(['players', 'rounds', 'seed', 'ranks', 'bar', 'swiss', 'ruleset', 'system', 'absence', 'out', 'overwrite']),
};

/** What `pair` takes on a team tournament: the team draw has no options of its own. */
const TEAM_PAIR_FLAGS: readonly string[] = ['round', 'json', 'out', 'overwrite', 'repair'];

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
  sayNote = (note) => io.err(`tengen: note: ${note}\n`);
  if (flags.has('help') || command === undefined || command === 'help') {
    io.out(USAGE);
    return command === undefined && !flags.has('help') ? 1 : 0;
  }
  refuseUnusedFlags(command, flags);
  // One writer at a time per --out file, held from before the input is read until the output is renamed (./lock.ts).
  const outFile = flags.get('out');
  if (typeof outFile === 'string' && command in COMMAND_FLAGS) await lockForWriting(outFile);
  switch (command) {
    case 'standings': {
      if (rest.length !== 1) throw new UsageError('standings takes one FILE');
      const t = await load(rest[0]);
      const { inTeamFile, renderTeamStandings, teamStandingsJson } = await import('./teams');
      const { teamStandings } = await import('../scoring/teamStandings');
      const { czechStandings } = await import('../scoring/czechOrder');
      const { czechJson, renderCzechStandings } = await import('./czech');
      const { computeStandings } = await import('../scoring/standings');
      const { renderStandings, standingsJson } = await import('./render');
      const { egcResults } = await import('../scoring/europeanChampion');
      const { egcCongressStart } = await import('../scoring/egcCongressStart');
      const { egcStandingsJson, renderEgcResults } = await import('./egcRender');
      if (t.settings.teams) {
        // A team tournament ranks teams (src/scoring/teamStandings.ts): its order is fixed by the EGF rules' team paragraphs.
        const refused = ['ruleset', 'tiebreaks'].filter((f) => flags.has(f));
        if (refused.length) throw new UsageError(`${refused.map((f) => `--${f}`).join(', ')}: ${rest[0]} is a team tournament, ordered by team points, Number of Board Wins and SOS over team scores`);
        const asOf = standingsOptions(flags, t).asOf;
        io.out(
          inTeamFile(rest[0], () => {
            const teams = teamStandings(t, { asOf });
            return flags.has('json') ? `${JSON.stringify(teamStandingsJson(t, teams), null, 2)}\n` : renderTeamStandings(t, teams);
          }),
        );
        return 0;
      }
      const options = standingsOptions(flags, t);
      if ((options.ruleset ?? t.settings.ruleset) === 'czech' && options.tiebreaks === undefined) {
        const czech = czechStandings(t, { asOf: options.asOf });
        io.out(flags.has('json') ? `${JSON.stringify(czechJson(czech), null, 2)}\n` : renderCzechStandings(czech));
        return 0;
      }
      const standings = computeStandings(t, options);
      // The congress McMahon adds its European Open Champion and qualification order (./egcRender).
      const egc = t.settings.egc ? egcResults(t, { ruleset: options.ruleset, asOf: options.asOf }) : undefined;
      if (flags.has('json')) {
        const json = egc ? egcStandingsJson(standingsJson(standings), egc, egcCongressStart(t)) : standingsJson(standings);
        io.out(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        io.out(renderStandings(standings) + (egc ? renderEgcResults(egc, egcCongressStart(t)) : ''));
      }
      return 0;
    }
    case 'explain': {
      if (rest.length !== 3) throw new UsageError('explain takes FILE PLAYER CRITERION');
      const [file, who, criterionText] = rest;
      const { findPlayer } = await import('./players');
      const { czechStandings } = await import('../scoring/czechOrder');
      const { explainCzech, renderCzechExplanation } = await import('../scoring/czechExplain');
      const { computeStandings } = await import('../scoring/standings');
      const { explainPlace, placeExplanationTitle, renderPlaceExplanation } = await import('../scoring/placeExplain');
      const { explainIn } = await import('../scoring/explain');
      const { renderExplanation } = await import('./render');
      if (criterionText.toLowerCase() === 'czech') {
        const t = await load(file);
        const player = findPlayer(t, who, file);
        const explanation = explainCzech(czechStandings(t, { asOf: standingsOptions(flags, t).asOf }), player.id);
        io.out(flags.has('json') ? `${JSON.stringify(explanation, null, 2)}\n` : renderCzechExplanation(explanation));
        return 0;
      }
      if (criterionText.toLowerCase() === 'place') {
        // Why he stands where he does, in words (src/scoring/placeExplain.ts): the text his page on the published site shows.
        const t = await load(file);
        const player = findPlayer(t, who, file);
        const options = standingsOptions(flags, t);
        if ((options.ruleset ?? t.settings.ruleset) === 'czech' && options.tiebreaks === undefined) {
          const explanation = explainCzech(czechStandings(t, { asOf: options.asOf }), player.id);
          io.out(flags.has('json') ? `${JSON.stringify(explanation, null, 2)}\n` : renderCzechExplanation(explanation));
          return 0;
        }
        const explanation = explainPlace(computeStandings(t, options), player.id);
        io.out(flags.has('json') ? `${JSON.stringify(explanation, null, 2)}\n` : `${placeExplanationTitle(explanation)}\n${renderPlaceExplanation(explanation)}`);
        return 0;
      }
      const criterion = criterionText.toLowerCase() as Criterion;
      if (!CRITERIA.includes(criterion)) throw new UsageError(`unknown criterion ${criterionText}; expected one of ${CRITERIA.join(', ')}, place (why he stands where he does) or czech (the Czech order)`);
      const t = await load(file);
      const player = findPlayer(t, who, file);
      const standings = computeStandings(t, standingsOptions(flags, t));
      const explanation = explainIn(standings, player.id, criterion);
      io.out(flags.has('json') ? `${JSON.stringify(explanation, null, 2)}\n` : renderExplanation(explanation));
      return 0;
    }
    case 'pair': {
      if (rest.length !== 1) throw new UsageError('pair takes one FILE');
      const {
        CLI_PAIRING_SYSTEMS, CLI_SEEDINGS, DEFAULT_PAIRING_SYSTEM, beforeRound, pairAndWrite, pairsByOwnSystem, pairingJson, pairRound, partlyPaired, refusedContinuation, refusedControls, refusedPairOptions, renderPairing,
      } = await import('./pair');
      const { OPENGOTHA_RULES } = await import('../systems/opengotha/scoredPlayers');
      const { resolveControls } = await import('./controls');
      const { inTeamFile, renderTeamPairing, teamPairingJson } = await import('./teams');
      const { isPairingError } = await import('../pairing/types');
      const { applyPairing } = await import('../pairing/apply');
      const { pairWeights, renderWeights, weightsJson } = await import('./weights');
      const outFlag = flags.get('out');
      const out = typeof outFlag === 'string' ? outFlag : undefined;
      // The format to write is known, and refused if Tengen cannot write it, before any work.
      const format = out === undefined ? undefined : outFormat(out, ['json', 'xlsx']);
      // An --out that cannot be written (a folder, a missing folder) is said before any work.
      if (out !== undefined) await refuseUnwritable(out, io.fs);
      const inPlace = format === 'xlsx' && path.extname(rest[0]).toLowerCase() === '.xlsx' && sameFile(rest[0], out!);
      if (format === 'xlsx' && !inPlace) refuseExistingWorkbook(out!, flags.has('overwrite'));
      if (format === 'json') refuseExistingOut(out!, flags.has('overwrite'), rest[0], 'the paired tournament');
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
      const openGothaRules = flags.get('opengotha-rules');
      if (openGothaRules !== undefined && !(OPENGOTHA_RULES as readonly unknown[]).includes(openGothaRules)) {
        throw new UsageError(`--opengotha-rules ${String(openGothaRules)}: expected ${OPENGOTHA_RULES.join(' or ')}`);
      }
      const openGotha = { openGothaRules: openGothaRules as OpenGothaRules | undefined, openGothaChunks: flags.has('opengotha-chunks') };
      const controls = parseControls(flags);
      const refused = refusedControls(system as CliPairingSystem, givenControls(flags));
      if (refused) throw new UsageError(refused);
      // No silent options: a seeding, seed, bye method or repeats the system would not use is refused, named.
      const refusedOption = refusedPairOptions(system as CliPairingSystem, {
        seeding: seeding as Seeding | undefined, seed, byeMethod: byeMethod as ByeMethod | undefined, allowRepeats: flags.has('allow-repeats'), ...openGotha,
      });
      if (refusedOption) throw new UsageError(refusedOption);
      if (seeding === 'random' && seed === undefined) throw new UsageError('--seeding random needs --seed N, so that the draw can be replayed');
      const t = await load(rest[0]);
      if (flags.has('system') && pairsByOwnSystem(t)) {
        const what = t.settings.teams ? 'a team tournament, paired by the team draw' : `a ${t.settings.system} tournament, paired by its own rules`;
        throw new UsageError(`--system ${system}: ${rest[0]} is ${what}; leave out --system`);
      }
      if (t.settings.teams) {
        // The team draw (src/systems/teams/teamDraw.ts) has its own rules: none of the individual systems' options.
        const refused = [...flags.keys()].filter((f) => !TEAM_PAIR_FLAGS.includes(f));
        if (refused.length) throw new UsageError(`${refused.map((f) => `--${f}`).join(', ')}: ${rest[0]} is a team tournament; its team draw takes ${TEAM_PAIR_FLAGS.map((f) => `--${f}`).join(', ')} only`);
      }
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
      const safety = { repair: flags.has('repair'), rest: keepAnnounced };
      // Written over FILE itself, results and later rounds left out are gone; another file leaves FILE as it was.
      if (out !== undefined && sameFile(rest[0], out)) refuseRepair(t, round, rest[0], out, safety);
      if (inPlace) refuseInPlace(t, round, rest[0], keepAnnounced);
      const write = out === undefined ? undefined : pairingWriter(rest[0], out, format!, inPlace, t, safety, io.fs);
      if (t.settings.teams) {
        // A team tournament is paired by the team draw: the one the pane uses too (ownPairing, src/systems/registry.ts),
        // written like any round — to a JSON file, or into the workbook in place through the session's pairing batch.
        const result = inTeamFile(rest[0], () => pairRound(t, round, DEFAULT_PAIRING_SYSTEM, { file: rest[0] }));
        if (isPairingError(result)) {
          throw new TengenInputError([{ file: rest[0], where: `round ${round}`, player: result.players?.length ? result.players.join(', ') : undefined, message: `no team draw: ${result.message}` }]);
        }
        if (write) await write(applyPairing(beforeRound(t, round), result), result);
        io.out(inTeamFile(rest[0], () => (flags.has('json') ? `${JSON.stringify(teamPairingJson(t, result), null, 2)}\n` : renderTeamPairing(t, result))));
        return 0;
      }
      const pairing = await pairAndWrite(t, round, system as CliPairingSystem, write, {
        seeding: seeding as Seeding | undefined,
        seed,
        allowRepeats: flags.has('allow-repeats'),
        byeMethod: byeMethod as ByeMethod | undefined,
        rest: keepAnnounced,
        file: rest[0],
        ...openGotha,
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
      if (typeof out !== 'string') throw new UsageError('workbook needs --out WORKBOOK.xlsx');
      outFormat(out, ['xlsx']);
      await refuseUnwritable(out, io.fs);
      const language = flags.get('language') ?? 'en';
      if (language !== 'en' && language !== 'fr') throw new UsageError(`--language ${String(language)}: expected en or fr`);
      refuseExistingWorkbook(out, flags.has('overwrite'));
      const t = await load(rest[0]);
      io.out(describeWorkbook(out, await writeNewWorkbook(t, out, language, io.fs)));
      return 0;
    }
    case 'players': {
      if (rest.length !== 1) throw new UsageError('players takes one LIST (a rating list: EGD allworld, FFG échelle or AGA TDList)');
      const { foundJson, loadRatingList, renderFound } = await import('./ratingList');
      const find = flags.get('find');
      const format = flags.get('format');
      const limitText = flags.get('limit') ?? '50';
      const limit = Number(limitText);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit ${String(limitText)}: expected a whole number ≥ 1`);
      const list = await loadRatingList(rest[0], typeof format === 'string' ? format : undefined);
      const query = typeof find === 'string' ? find : undefined;
      io.out(flags.has('json') ? `${JSON.stringify(foundJson(list, query, limit), null, 2)}\n` : renderFound(list, query, limit));
      return 0;
    }
    case 'export': {
      if (rest.length !== 1) throw new UsageError('export takes one FILE');
      const { checkExport, h9HeaderInput, writeExport } = await import('./export');
      const { format, out } = checkExport({ file: rest[0], format: flags.get('format'), out: flags.get('out'), overwrite: flags.has('overwrite') });
      const header = h9HeaderInput(format, flags);
      const t = await load(rest[0]);
      const notes = await writeExport(t, format, out, io.fs, header, { unspellableNames: flags.has('unspellable-names') });
      for (const note of notes) io.err(`tengen: note: ${note}\n`);
      io.out(`${out}: ${t.players.length} players, ${t.games.length} games (${format})\n`);
      return 0;
    }
    case 'lots': {
      if (rest.length !== 1) throw new UsageError('lots takes one FILE');
      const { drawLots, lotsRequest, renderLots } = await import('./lots');
      const { writeTournamentJson } = await import('../formats/json');
      const request = lotsRequest(flags);
      const out = flags.get('out');
      if (typeof out !== 'string') throw new UsageError('lots needs --out FILE.json (the file to record the numbers in)');
      outFormat(out, ['json']);
      refuseExistingOut(out, flags.has('overwrite'), rest[0], 'the numbered tournament');
      const numbered = drawLots(await load(rest[0]), request);
      await writeFileAtomically(out, writeTournamentJson(numbered), io.fs);
      io.out(renderLots(numbered));
      return 0;
    }
    case 'playoff': {
      if (rest.length !== 1) throw new UsageError('playoff takes one LEAGUE file');
      const { playoffJson, playoffOrRefuse, renderPlayoff } = await import('./playoff');
      const { withNextPlayoffRound } = await import('../systems/round-robin/playoff');
      const { writeTournamentJson } = await import('../formats/json');
      const out = flags.get('out');
      const format = typeof out === 'string' ? outFormat(out, ['json', 'xlsx']) : undefined;
      // A workbook given as LEAGUE and as --out is updated in place (the session's Pair playoff: the Bracket sheet).
      const inPlace = format === 'xlsx' && path.extname(rest[0]).toLowerCase() === '.xlsx' && sameFile(rest[0], out as string);
      if (format === 'xlsx' && !inPlace) refuseExistingWorkbook(out as string, flags.has('overwrite'));
      if (format === 'json') refuseExistingOut(out as string, flags.has('overwrite'), rest[0], 'the league with its playoff');
      const t = await load(rest[0]);
      // Refused (nothing written) while the league is not over, or a recorded playoff game is wrong.
      const playoff = playoffOrRefuse(t, rest[0]);
      if (format === 'json') await writeFileAtomically(out as string, writeTournamentJson(withNextPlayoffRound(t, playoff)), io.fs);
      else if (inPlace) await playoffIntoWorkbook(rest[0], io.fs);
      else if (format === 'xlsx') await writeNewWorkbook(withNextPlayoffRound(t, playoff), out as string, 'en', io.fs);
      io.out(flags.has('json') ? `${JSON.stringify(playoffJson(playoff), null, 2)}\n` : renderPlayoff(t, playoff));
      return 0;
    }
    case 'pko': {
      if (rest.length !== 1) throw new UsageError('pko takes one PKO file (a knockout with the bracket egc-pko-24 or egc-pko-32)');
      const { emergencyPlaces, pkoJson, pkoOrRefuse, renderPko } = await import('./pko');
      const places = emergencyPlaces(flags.get('emergency'));
      const t = await load(rest[0]);
      const q = pkoOrRefuse(t, places, rest[0]);
      io.out(flags.has('json') ? `${JSON.stringify(pkoJson(q), null, 2)}\n` : renderPko(t, q, places));
      return 0;
    }
    case 'qualification': {
      if (rest.length !== 2) throw new UsageError('qualification takes two files: the LEAGUE (with its playoff) and the CONGRESS McMahon');
      const { qualificationJson, qualificationOrRefuse, renderQualification, writeQualificationWorkbook } = await import('./qualification');
      const out = flags.get('out');
      if (typeof out === 'string') outFormat(out, ['xlsx']);
      const q = qualificationOrRefuse(await load(rest[0]), await load(rest[1]), { league: rest[0], congress: rest[1] });
      if (typeof out === 'string') io.out(await writeQualificationWorkbook(q, out, flags.has('overwrite'), io.fs));
      else io.out(flags.has('json') ? `${JSON.stringify(qualificationJson(q), null, 2)}\n` : renderQualification(q));
      return 0;
    }
    case 'series': {
      if (rest.length === 0) throw new UsageError('series takes one or more FILEs, in the order the tournaments were held');
      const { renderSeries, seriesAsOf, seriesFiles, seriesJson, seriesOf, writeSeriesWorkbook } = await import('./series');
      const out = flags.get('out');
      if (typeof out === 'string') outFormat(out, ['xlsx']);
      const files = await seriesFiles(rest);
      const asOf = flags.get('as-of');
      const series = await seriesOf(files, typeof asOf === 'string' ? seriesAsOf(asOf, files) : undefined);
      if (typeof out === 'string') io.out(await writeSeriesWorkbook(series, files, out, flags.has('overwrite'), io.fs));
      else io.out(flags.has('json') ? `${JSON.stringify(seriesJson(series), null, 2)}\n` : renderSeries(series));
      return 0;
    }
    case 'publish': {
      if (rest.length !== 1) throw new UsageError('publish takes one FILE');
      const { buildSite, publishOptions, publishTarget, withSiteAddress, writeSite } = await import('./publish');
      const target = publishTarget(flags.get('out'));
      const asked = publishOptions(flags);
      const t = await load(rest[0]);
      const { options, note } = withSiteAddress(asked, t);
      const site = buildSite(t, options, rest[0]);
      io.err(note);
      io.out(await writeSite(site, target, t, flags.has('overwrite'), io.fs));
      return 0;
    }
    case 'check': {
      if (rest.length !== 1) throw new UsageError('check takes one FILE');
      const { runCheck } = await import('./check');
      const checked = runCheck(await load(rest[0]), rest[0], { json: flags.has('json'), compare: !flags.has('no-compare') });
      io.out(checked.text);
      return checked.status;
    }
    case 'generate': {
      if (rest.length !== 0) throw new UsageError('generate takes no FILE (--out FILE.json writes one)');
      const { generateJson, generateOptions } = await import('./generate');
      const out = flags.get('out');
      if (typeof out === 'string') {
        outFormat(out, ['json']);
        await refuseUnwritable(out, io.fs);
      }
      const json = generateJson(generateOptions(flags), typeof out === 'string' ? out : undefined, flags.has('overwrite'));
      if (typeof out === 'string') {
        await writeFileAtomically(out, json, io.fs);
        io.out(`${out}: generated (seed ${String(flags.get('seed') ?? 1)})\n`);
      } else io.out(json);
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/**
 * How `pair --out` writes, by the format its extension names: Tengen JSON; the input workbook updated in place
 * (the session's pairing batch, the director's own sheets, columns and Log kept); or a new workbook.
 */
function pairingWriter(file: string, out: string, format: 'json' | 'xlsx', inPlace: boolean, t: Tournament, safety: { repair: boolean; rest: boolean }, fs?: WriterFs): PairingWriter {
  if (format === 'json') return async (after) => writeFileAtomically(out, (await import('../formats/json')).writeTournamentJson(after), fs);
  if (inPlace) return (_after, pairing) => pairIntoWorkbook(file, t, pairing, safety, fs);
  return async (after) => {
    await writeNewWorkbook(after, out, 'en', fs);
  };
}

/**
 * Runs the CLI; returns the exit code. Never throws. Nothing it prints holds a control character from the input
 * (readers refuse them; an error quoting one, or a flag's value, shows it escaped), so no name can forge a line of
 * the printed standings or pairing sheet, nor move the cursor or recolour the terminal.
 */
export async function main(argv: readonly string[], rawIo: Io = processIo): Promise<number> {
  // What the director reads cites a rule by its document's title (and the Mays manual's page), never by the path of
  // the project's copy of it (src/model/citations.ts).
  const forPeople = (text: string) => citationForPeople(escapeControlCharactersButNewlines(text));
  const io: Io = { ...rawIo, out: (text) => rawIo.out(forPeople(text)), err: (text) => rawIo.err(forPeople(text)) };
  try {
    return await run(argv, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`tengen: ${e.message}\n\n${USAGE}`);
      return 1;
    }
    if (e instanceof Refusal) {
      io.err(`tengen: ${e.message}\n`);
      return 1;
    }
    if (e instanceof FileWriteError) {
      io.err(`tengen: ${e.message}\n`);
      return 2;
    }
    if (e instanceof TengenInputError) {
      const errors: readonly InputError[] = e.errors;
      // One line each: a line break inside an error is shown escaped.
      for (const error of errors) io.err(`tengen: ${escapeControlCharacters(formatInputError(error))}\n`);
      return 2;
    }
    io.err(`tengen: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 70;
  } finally {
    await releaseLocks();
  }
}
