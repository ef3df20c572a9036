/**
 * Tengen's custom functions (namespace GO, `manifest.xml`). Each is a thin wrapper: it translates Excel values into a
 * call of `src/workbook/formulas.ts` (pure, no Office) and a Tengen input error into `#VALUE!` with a message naming
 * the cell. The JSDoc below is the single source of `functions.json` (custom-functions-metadata-plugin).
 */
import { handicapFormula } from '../src/workbook/formulas';

function invalid(message: string): CustomFunctions.Error {
  return new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidValue, message);
}

/**
 * Runs a formula; a Tengen error becomes #VALUE! with its message.
 */
function guarded<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The handicap between two players of these ranks: 0 = even game, 1 = no komi, n = n stones.
 * @customfunction HANDICAP
 * @helpurl https://localhost:3000/index.html#handicap
 * @param rank1 A rank such as 5d, 15k or 1p.
 * @param rank2 The other player's rank.
 * @param [policy] mays (rank difference − 1, the default), egf (difference − 2, even from 14k), difference, none.
 * @returns The number of handicap stones.
 */
export function handicap(rank1: string, rank2: string, policy?: string): number {
  return guarded(() => handicapFormula(rank1, rank2, policy ?? undefined));
}
