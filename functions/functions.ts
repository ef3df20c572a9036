/// <reference types="custom-functions-runtime" />
/**
 * Tengen's custom functions (namespace GO, `manifest.xml`). Each is a thin wrapper: it hands the Excel values, as
 * Excel passed them, to `src/workbook/formulas/formulas.ts` (pure, no Office, tested on its own), which normalises them once
 * (`src/workbook/formulas/formulas/excelValues.ts`: blanks as '', null or 0, data types, error cells), and turns a Tengen input error
 * into `#VALUE!` with a message naming the cell (`Grid!D17: rank "5x" — …`). The JSDoc below is the single source of `functions.json`
 * (custom-functions-metadata-plugin).
 *
 * Every per-player function takes an ID or a RANGE of IDs: `=GO.SOS(Grid!A1:AZ400, A16)` gives one value,
 * `=GO.SOS(Grid!A1:AZ400, A16:A1015)` spills the whole column in one call (the grid is parsed and scored once).
 * `@requiresParameterAddresses` gives the grid's address, so errors name the right sheet and cell.
 */
import { TengenInputError } from '../src/model/errors';
import { TENGEN_VERSION } from '../src/model/version';
import { optionalOf } from '../src/workbook/formulas/excelValues';
import {
  criterionFormula,
  directCompareFormula,
  gridSourceOf,
  handicapFormula,
  parseCriteria,
  parseRuleset,
  placeFormula,
  standingsFormula,
  type FormulaSource,
  type GridValues,
  type Ids,
  type PlayerCriterion,
} from '../src/workbook/formulas/formulas';
import { rrPlaceFormula, rrPointsFormula } from '../src/workbook/formulas/crossTableFormulas';
import { czechPlaceFormula, sonnebornFormula } from '../src/workbook/formulas/czechFormulas';


/** Runs a formula; a Tengen input error (or any other) becomes #VALUE! with its message. */
function guarded<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    const message = error instanceof TengenInputError || error instanceof Error ? error.message : String(error);
    // Excel shows one line: the first error, and how many more there are.
    const lines = message.split('\n');
    const shown = lines.length > 1 ? `${lines[0]} (and ${lines.length - 1} more)` : lines[0];
    throw new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidValue, shown);
  }
}

/**
 * Where the grid (argument 0) and the optional Settings range (argument `settingsAt`) came from, and the Settings
 * values: everything besides the grid a formula reads.
 */
function sourceOf(invocation: CustomFunctions.Invocation | undefined, settings: unknown[][] | undefined, settingsAt: number): FormulaSource {
  const addresses = invocation?.parameterAddresses;
  // A blank Settings argument (every cell null, '' or 0: office-js #4702) is no argument: the grid alone.
  const given = Array.isArray(settings) && settings.length > 0 && settings.some((row) => Array.isArray(row) && row.some((v) => optionalOf(v) !== null));
  return {
    ...gridSourceOf(addresses?.[0]),
    ...(given ? { settings: settings as GridValues, settingsSource: gridSourceOf(addresses?.[settingsAt]) } : {}),
  };
}

function perPlayer(criterion: PlayerCriterion, grid: unknown[][], id: unknown[][], round: unknown, settings: unknown[][] | undefined, invocation: CustomFunctions.Invocation | undefined): unknown[][] {
  return guarded(() => criterionFormula(grid as GridValues, id as Ids, criterion, round, sourceOf(invocation, settings, 3)));
}

/**
 * McMahon score (MMS) after the given round: initial score plus points won, with the ruleset's free points.
 * @customfunction MMS
 * @helpurl https://localhost:3000/functions-help.html#mms
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The McMahon score.
 * @requiresParameterAddresses
 */
export function mms(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('mms', grid, id, round, settings, invocation);
}

/**
 * Number of wins (NBW): games won, byes and default wins included, half per jigo.
 * @customfunction NBW
 * @helpurl https://localhost:3000/functions-help.html#nbw
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The number of wins.
 * @requiresParameterAddresses
 */
export function nbw(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('nbw', grid, id, round, settings, invocation);
}

/**
 * Sum of opponents' scores (SOS), as the grid's ruleset counts it.
 * @customfunction SOS
 * @helpurl https://localhost:3000/functions-help.html#sos
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The SOS.
 * @requiresParameterAddresses
 */
export function sos(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('sos', grid, id, round, settings, invocation);
}

/**
 * SOS without the lowest opponent's score (SOS-1). Named SOSM1 as in OpenGotha: "SOS1" would be a cell (column SOS, row 1).
 * @customfunction SOSM1
 * @helpurl https://localhost:3000/functions-help.html#sosm1
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The SOS-1.
 * @requiresParameterAddresses
 */
export function sosm1(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('sos1', grid, id, round, settings, invocation);
}

/**
 * SOS without the two lowest opponents' scores (SOS-2). Named SOSM2 as in OpenGotha: "SOS2" would be a cell.
 * @customfunction SOSM2
 * @helpurl https://localhost:3000/functions-help.html#sosm2
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The SOS-2.
 * @requiresParameterAddresses
 */
export function sosm2(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('sos2', grid, id, round, settings, invocation);
}

/**
 * Sum of defeated opponents' scores (SODOS), half for a jigo.
 * @customfunction SODOS
 * @helpurl https://localhost:3000/functions-help.html#sodos
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The SODOS.
 * @requiresParameterAddresses
 */
export function sodos(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('sodos', grid, id, round, settings, invocation);
}

/**
 * Sum of opponents' SOS (SOSOS).
 * @customfunction SOSOS
 * @helpurl https://localhost:3000/functions-help.html#sosos
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The SOSOS.
 * @requiresParameterAddresses
 */
export function sosos(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('sosos', grid, id, round, settings, invocation);
}

/**
 * Cumulative sum of scores (CUSS): the player's score after each round, added up.
 * @customfunction CUSS
 * @helpurl https://localhost:3000/functions-help.html#cuss
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The CUSS.
 * @requiresParameterAddresses
 */
export function cuss(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('cuss', grid, id, round, settings, invocation);
}

/**
 * Cumulative sum of points (CUSP) as the grid's ruleset counts it.
 * @customfunction CUSP
 * @helpurl https://localhost:3000/functions-help.html#cusp
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The CUSP.
 * @requiresParameterAddresses
 */
export function cusp(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return perPlayer('cusp', grid, id, round, settings, invocation);
}

/**
 * Direct Comparison: points scored against the players tied with this one (EGF: 0 for everyone unless all tied players met equally often).
 * @customfunction DIRECTCOMPARE
 * @helpurl https://localhost:3000/functions-help.html#directcompare
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [tiedBy] The criteria defining the tie, e.g. "mms, sos" (blank: those placed before DC on this grid).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The Direct Comparison value.
 * @requiresParameterAddresses
 */
export function directCompare(grid: unknown[][], id: unknown[][], tiedBy?: string, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return guarded(() => directCompareFormula(grid as GridValues, id as Ids, parseCriteria(tiedBy, 'tiedBy'), sourceOf(invocation, settings, 3)));
}

/**
 * The player's place in the standings, shared by equal players.
 * @customfunction PLACE
 * @helpurl https://localhost:3000/functions-help.html#place
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to place (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The place.
 * @requiresParameterAddresses
 */
export function place(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return guarded(() => placeFormula(grid as GridValues, id as Ids, round, sourceOf(invocation, settings, 3)));
}

/**
 * Sonneborn, as the Czech round-robin order counts it: the sum of the points of the players he beat (a jigo adds nothing).
 * @customfunction SONNEBORN
 * @helpurl https://localhost:3000/functions-help.html#sonneborn
 * @param grid The Grid sheet of a round-robin, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to count (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12 (blank: the grid alone).
 * @returns Sonneborn, in points.
 * @requiresParameterAddresses
 */
export function sonneborn(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return guarded(() => sonnebornFormula(grid as GridValues, id as Ids, round, sourceOf(invocation, settings, 3)));
}

/**
 * The place in the Czech round-robin order: points, head-to-head, Sonneborn, placings (A1–A4; B1–B6 for two or more cycles).
 * @customfunction CZECHPLACE
 * @helpurl https://localhost:3000/functions-help.html#czechplace
 * @param grid The Grid sheet of a round-robin, e.g. Grid!A1:AZ400.
 * @param id A player's ID, or a range of IDs (the answer spills in the same shape).
 * @param [round] The round after which to place (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12 (blank: the grid alone).
 * @returns The place.
 * @requiresParameterAddresses
 */
export function czechPlace(grid: unknown[][], id: unknown[][], round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return guarded(() => czechPlaceFormula(grid as GridValues, id as Ids, round, sourceOf(invocation, settings, 3)));
}

/**
 * The whole standings table, spilled: the Standings sheet's header row, then one row per player in standings order.
 * @customfunction STANDINGS
 * @helpurl https://localhost:3000/functions-help.html#standings
 * @param grid The Grid sheet, e.g. Grid!A1:AZ400.
 * @param [ruleset] egf, bga, aqjg or opengotha (blank: the grid's).
 * @param [criteria] Placement order, e.g. "mms, sos, sodos" (blank: the grid's, else the ruleset's).
 * @param [round] The round after which to rank (blank or 0: every round played).
 * @param [settings] The Settings sheet, e.g. Settings!A1:B12: placement order, lottery seed, OpenGotha scoring (blank: the grid alone).
 * @returns The standings table.
 * @requiresParameterAddresses
 */
export function standings(grid: unknown[][], ruleset?: string, criteria?: string, round?: number, settings?: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return guarded(() => standingsFormula(grid as GridValues, parseRuleset(ruleset), parseCriteria(criteria), round, sourceOf(invocation, settings, 4)));
}

/**
 * The handicap between players of two ranks: 0 even game, 1 no komi, n stones.
 * @customfunction HANDICAP
 * @helpurl https://localhost:3000/functions-help.html#handicap
 * @param rank1 A rank such as 5d, 15k or 1p.
 * @param rank2 The other player's rank.
 * @param [policy] mays (rank difference minus 1, the default), egf (minus 2, even from 14k up), minus-2, difference or none.
 * @returns The number of handicap stones.
 */
export function handicap(rank1: string, rank2: string, policy?: string): number {
  return guarded(() => handicapFormula(rank1, rank2, policy));
}

/**
 * Tengen's version: the probe the workbook's live spills ask before anything else (src/workbook/formulas/names.ts,
 * `withCachedFallback`) — where it answers, the add-in is loaded and the GO functions are live.
 * @customfunction VERSION
 * @helpurl https://localhost:3000/functions-help.html#version
 * @returns The version of the Tengen add-in, e.g. 0.1.0.
 */
export function version(): string {
  return TENGEN_VERSION;
}

/**
 * A round-robin's points from its cross-table: games won, half a jigo, for each row of result cells.
 * @customfunction RRPOINTS
 * @helpurl https://localhost:3000/functions-help.html#rrpoints
 * @param results A player's row of result cells (1b, 0w, ½b …), e.g. 'Cross-table'!E4:N4, or the whole square.
 * @returns The points of each row (a column, spilled down for the square).
 * @requiresParameterAddresses
 */
export function rrpoints(results: unknown[][], invocation?: CustomFunctions.Invocation): unknown[][] {
  return guarded(() => rrPointsFormula(results, gridSourceOf(invocation?.parameterAddresses?.[0])));
}

/**
 * A round-robin's place from its cross-table's points: one more than the number of players with more points, so
 * equal points share the place.
 * @customfunction RRPLACE
 * @helpurl https://localhost:3000/functions-help.html#rrplace
 * @param points A player's points (his Points cell), or a range of them (the answer spills in the same shape).
 * @param allPoints The cross-table's Points column, e.g. 'Cross-table'!$O$4:$O$13.
 * @returns The place.
 */
export function rrplace(points: unknown[][], allPoints: unknown[][]): unknown[][] {
  return guarded(() => rrPlaceFormula(points, allPoints));
}
