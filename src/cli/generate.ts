/**
 * `tengen generate [--players N] [--rounds N] [--seed N] [--ranks 20k-5d] [--bar 3d] [--swiss] [--ruleset R]
 * [--system optimal|mays|opengotha] [--absence P] [--out FILE.json [--overwrite]]`: a seeded random tournament
 * (../check/generate) as Tengen JSON, every round drawn by the engine and its results drawn by strength — for a
 * director to rehearse with, and for tests. The same options give the same file.
 */
import { existsSync } from 'node:fs';
import { parseRank, type Rank } from '../model/rank';
import type { RulesetName } from '../model/tournament';
import { isRulesetName } from '../scoring/rulesets';
import { GENERATED_DRAWS, GenerationError, generateTournament, type GenerateOptions, type GeneratedDraw } from '../check/generate';
import { writeTournamentJson } from '../formats/json';
import { UsageError } from './usage';
import { Refusal } from './output';

type Flags = ReadonlyMap<string, string | true>;

function whole(flags: Flags, name: string, min: number, max: number): number | undefined {
  const text = flags.get(name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (typeof text !== 'string' || !Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} ${String(text)}: expected a whole number from ${min} to ${max}`);
  return n;
}

function rankFlag(text: string, flag: string): Rank {
  const parsed = parseRank(text);
  if (!parsed.ok) throw new UsageError(`--${flag} ${text}: ${parsed.message}`);
  return parsed.rank;
}

/** The generator's options from the command line; every bad value is a usage error naming the flag. */
export function generateOptions(flags: Flags): GenerateOptions {
  const players = whole(flags, 'players', 2, 5000);
  const rounds = whole(flags, 'rounds', 1, 30);
  const seed = whole(flags, 'seed', 0, 2 ** 32 - 1);
  let strongest: Rank | undefined;
  let weakest: Rank | undefined;
  const ranks = flags.get('ranks');
  if (typeof ranks === 'string') {
    const parts = ranks.split(/\s*(?:-|–|\.\.)\s*(?=\d)/);
    if (parts.length !== 2) throw new UsageError(`--ranks ${ranks}: expected WEAKEST-STRONGEST, e.g. 20k-5d`);
    const [a, b] = parts.map((p) => rankFlag(p, 'ranks'));
    [weakest, strongest] = a <= b ? [a, b] : [b, a];
  }
  const barText = flags.get('bar');
  const bar = typeof barText === 'string' ? (barText === 'none' ? null : rankFlag(barText, 'bar')) : undefined;
  const ruleset = flags.get('ruleset');
  if (ruleset !== undefined && (typeof ruleset !== 'string' || !isRulesetName(ruleset))) throw new UsageError(`--ruleset ${String(ruleset)}: expected one of egf, bga, aqjg, opengotha, czech`);
  const draw = flags.get('system');
  if (draw !== undefined && !(GENERATED_DRAWS as readonly unknown[]).includes(draw)) throw new UsageError(`--system ${String(draw)}: expected one of ${GENERATED_DRAWS.join(', ')}`);
  const absenceText = flags.get('absence');
  const absence = absenceText === undefined ? undefined : Number(absenceText);
  if (absence !== undefined && (typeof absenceText !== 'string' || !(absence >= 0 && absence < 1))) throw new UsageError(`--absence ${String(absenceText)}: expected a chance from 0 to below 1 (e.g. 0.05)`);
  return {
    ...(players !== undefined ? { players } : {}),
    ...(rounds !== undefined ? { rounds } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(strongest !== undefined ? { strongest, weakest } : {}),
    ...(bar !== undefined ? { bar } : {}),
    ...(flags.has('swiss') ? { system: 'swiss' as const } : {}),
    ...(ruleset !== undefined ? { ruleset: ruleset as RulesetName } : {}),
    ...(draw !== undefined ? { draw: draw as GeneratedDraw } : {}),
    ...(absence !== undefined ? { absence } : {}),
  };
}

/** The generated tournament as Tengen JSON; a round the draw cannot pair is a refusal naming it. */
export function generateJson(options: GenerateOptions, out: string | undefined, overwrite: boolean): string {
  if (out !== undefined && existsSync(out) && !overwrite) throw new Refusal(`${out} exists; --overwrite replaces it`);
  try {
    return writeTournamentJson(generateTournament(options));
  } catch (e) {
    if (e instanceof GenerationError) throw new Refusal(`cannot generate: ${e.message} (fewer rounds, or more players)`);
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}
