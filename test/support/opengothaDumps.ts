/**
 * OpenGotha's weight dumps (`<name>_weights_R<n>.txt`, written by an instrumented OpenGotha 3.51.02): "Round n",
 * "Costs", then 12 lines per pair — Player1Name, Player2Name ("Name FirstName"), the nine named costs and totalCost.
 */
import { readFileSync } from 'node:fs';

export const DUMP_TERMS = [
  'baseDuplicateGameCost',
  'baseRandomCost',
  'baseBWBalanceCost',
  'mainCategoryCost',
  'mainScoreDiffCost',
  'mainDUDDCost',
  'mainSeedCost',
  'secHandiCost',
  'secGeoCost',
  'totalCost',
] as const;
export type DumpTerm = (typeof DUMP_TERMS)[number];

export interface DumpedPair {
  readonly player1: string;
  readonly player2: string;
  readonly costs: Readonly<Record<DumpTerm, number>>;
  /** 1-based line of Player1Name in the dump. */
  readonly line: number;
}

export function readWeightDump(file: string): { round: number; pairs: DumpedPair[] } {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  const round = Number(/^Round (\d+)/.exec(lines[0] ?? '')?.[1]);
  if (!Number.isInteger(round)) throw new Error(`${file}:1: expected "Round n"`);
  const pairs: DumpedPair[] = [];
  let i = 2;
  while (i < lines.length && lines[i].trim() !== '') {
    const get = (offset: number, key: string): string => {
      const line = lines[i + offset] ?? '';
      const eq = line.indexOf('=');
      if (eq < 0 || line.slice(0, eq) !== key) throw new Error(`${file}:${i + offset + 1}: expected ${key}=…, got "${line}"`);
      return line.slice(eq + 1);
    };
    const costs = {} as Record<DumpTerm, number>;
    DUMP_TERMS.forEach((term, k) => {
      const text = get(2 + k, term);
      if (!/^-?\d+$/.test(text)) throw new Error(`${file}:${i + 3 + k}: ${term}=${text} is not a whole number`);
      costs[term] = Number(text);
    });
    pairs.push({ player1: get(0, 'Player1Name'), player2: get(1, 'Player2Name'), costs, line: i + 1 });
    i += 12;
  }
  return { round, pairs };
}
