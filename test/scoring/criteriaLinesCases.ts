/**
 * The fields and rulesets the "without its lines" tests of the criteria sums (sosLines, sososLines) run over: handicap
 * games (OpenGotha corrects the opponents' scores by the handicap), a congress round, an odd generated field with a bye
 * each round and absences — under every ruleset.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import type { RulesetName, Tournament } from '../../src/model/tournament';
import { generateMcMahon } from '../../bench/generate';

function example(name: string): Tournament {
  const file = path.join(__dirname, '..', '..', 'examples', name);
  const parsed = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.value;
}

export const RULESETS: readonly RulesetName[] = ['egf', 'bga', 'aqjg', 'opengotha', 'czech'];

/** Each field by its name. */
export function criteriaLinesCases(): [string, Tournament][] {
  return [
    ['quebec-open-mini.json', example('quebec-open-mini.json')],
    ['egc-congress-r8.json', example('egc-congress-r8.json')],
    ['generated, 41 players', generateMcMahon({ players: 41, rounds: 6, seed: 7 }) as unknown as Tournament],
  ];
}
