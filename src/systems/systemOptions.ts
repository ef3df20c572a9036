/**
 * Which options each pairing system honours — so that an option the chosen system would not use is refused with a
 * message naming the option and the system, never silently ignored (README, `pair`: "A control the chosen system does
 * not honour is refused … never ignored"). The CLI (`tengen pair`) and the task pane ask the same question here
 * before they pair: `refusedOptions(system, request)`.
 *
 * The systems: `optimal` (./optimal), `mays` (./mays, Mays' paper method) and `opengotha` (./opengotha, OpenGotha's
 * own weights, bye, colours and handicaps, read from the file's pairing parameters).
 */
import type { PlayerId } from '../model/tournament';
import { OPENGOTHA_RULES, type OpenGothaRules } from './opengotha/scoredPlayers';
import { pairingError, type PairingError } from '../pairing/types';

export const PAIRING_SYSTEMS = ['optimal', 'mays', 'opengotha'] as const;
export type PairingSystemName = (typeof PAIRING_SYSTEMS)[number];

/**
 * How players of a score group are seeded: `slip` (top half against bottom half, Mays' "traditional way"), `fold`
 * (first against last), `random` (a recorded lottery), `adjacent` (Mays' "Alternate Method of Pairing": "pair the
 * adjacent players with each other (Player 1 with Player 2, Player 3 with Player 4, and so on)").
 */
export const SEEDINGS = ['slip', 'fold', 'random', 'adjacent'] as const;
export type SeedingName = (typeof SEEDINGS)[number];

/** A pairing request's options, by the engine's names (the CLI's flags and the pane's fields map onto these). */
export interface PairingRequest {
  readonly seeding?: SeedingName;
  readonly seed?: number;
  readonly byeMethod?: 'mays' | 'opengotha';
  readonly allowRepeats?: boolean;
  readonly forcedPairs?: readonly (readonly [PlayerId, PlayerId])[];
  readonly forbiddenPairs?: readonly (readonly [PlayerId, PlayerId])[];
  readonly bye?: PlayerId;
  readonly pinnedTables?: readonly unknown[];
  readonly relatives?: readonly (readonly [PlayerId, PlayerId])[];
  readonly hostCity?: string;
  readonly only?: readonly PlayerId[];
  readonly scoreBelow?: number;
  /** Keep the announced tables of a partly paired round and pair the rest. */
  readonly rest?: boolean;
  /** Which OpenGotha engine `opengotha` reproduces: `released` (its default) or `corrected` (the modified one). */
  readonly openGothaRules?: OpenGothaRules;
  /** OpenGotha's own chunks of 200–600 players on a field of more than 600. */
  readonly openGothaChunks?: boolean;
}

export type PairingOption = keyof PairingRequest;

/** The CLI flag of each option (the pane shows `what`). */
export const OPTION_FLAG: Readonly<Record<PairingOption, string>> = {
  seeding: '--seeding',
  seed: '--seed',
  byeMethod: '--bye-method',
  allowRepeats: '--allow-repeats',
  forcedPairs: '--force',
  forbiddenPairs: '--forbid',
  bye: '--bye',
  pinnedTables: '--pin',
  relatives: '--relatives',
  hostCity: '--host-city',
  only: '--only',
  scoreBelow: '--score-below',
  rest: '--rest',
  openGothaRules: '--opengotha-rules',
  openGothaChunks: '--opengotha-chunks',
};

/** What each option does, in a director's words. */
export const OPTION_WHAT: Readonly<Record<PairingOption, string>> = {
  seeding: 'the seeding inside score groups',
  seed: 'the lottery seed of random seeding',
  byeMethod: 'how the bye is chosen',
  allowRepeats: 'repeats allowed when unavoidable',
  forcedPairs: 'forced pairs',
  forbiddenPairs: 'forbidden pairs',
  bye: "the director's bye",
  pinnedTables: 'pairs pinned to a table',
  relatives: 'relatives kept apart',
  hostCity: 'the host city',
  only: 'pairing part of the field now',
  scoreBelow: 'pairing part of the field now',
  rest: 'pairing the rest of a partly paired round',
  openGothaRules: "which OpenGotha engine's rules",
  openGothaChunks: "OpenGotha's chunks of a big field",
};

/**
 * The values of each option a system honours (`true`: any value). An option absent from a system's entry is not
 * honoured by it at all.
 *  - `mays` seeds top half against bottom half (its tradition, `slip`) or, as Mays' own alternative, adjacent cards
 *    ("Alternate Method of Pairing"); it has no fold, no lottery, and no repeats (Cardinal Rule No. 2), and pairs
 *    the whole field at once.
 *  - `opengotha` takes its seeding, bye, geography and everything else from the file's OpenGotha parameters: only the
 *    director's forced and forbidden pairs and bye are added to them, and the choice of OpenGotha engine
 *    (`--opengotha-rules released|corrected`) and of its chunks on a big field (`--opengotha-chunks`).
 */
const HONOURED: Readonly<Record<PairingSystemName, Partial<Record<PairingOption, true | readonly unknown[]>>>> = {
  optimal: {
    seeding: SEEDINGS, seed: true, byeMethod: true, allowRepeats: true, forcedPairs: true, forbiddenPairs: true, bye: true,
    pinnedTables: true, relatives: true, hostCity: true, only: true, scoreBelow: true, rest: true,
  },
  mays: { seeding: ['slip', 'adjacent'], byeMethod: true, forcedPairs: true, forbiddenPairs: true, bye: true, relatives: true, hostCity: true },
  opengotha: { forcedPairs: true, forbiddenPairs: true, bye: true, openGothaRules: OPENGOTHA_RULES, openGothaChunks: true },
};

/** An option set to a value that asks for something (an empty list, `false` or `undefined` asks for nothing). */
function given(value: unknown): boolean {
  if (value === undefined || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export interface RefusedOption {
  readonly option: PairingOption;
  /** The value refused, when only some values are honoured (`fold` with `mays`). */
  readonly value?: string;
  /** The systems that would honour it. */
  readonly honouredBy: readonly PairingSystemName[];
  readonly message: string;
}

function honours(system: PairingSystemName, option: PairingOption, value: unknown): boolean {
  const entry = HONOURED[system][option];
  if (entry === undefined) return false;
  return entry === true || entry.includes(value);
}

/**
 * Every option of `request` the system does not honour, each with a message naming the option, the system, and the
 * systems that would honour it. `--seed` is honoured only with `random` seeding (it is the lottery's seed).
 */
export function refusedOptions(system: PairingSystemName, request: PairingRequest): RefusedOption[] {
  const out: RefusedOption[] = [];
  for (const option of Object.keys(OPTION_FLAG) as PairingOption[]) {
    const value = request[option];
    if (!given(value)) continue;
    const label = `${OPTION_FLAG[option]} (${OPTION_WHAT[option]})`;
    if (option === 'seed' && honours(system, 'seed', value) && request.seeding !== 'random') {
      out.push({ option, honouredBy: [], message: `${label}: the seed is the lottery's, used only with --seeding random; without random seeding the ${system} system would ignore it` });
      continue;
    }
    if (honours(system, option, value)) continue;
    const honouredBy = PAIRING_SYSTEMS.filter((s) => honours(s, option, value));
    const valued = option === 'seeding' ? ` ${String(value)}` : '';
    const others = honouredBy.length > 0 ? `; ${honouredBy.map((s) => `--system ${s}`).join(' or ')} does` : '';
    const choices = option === 'seeding' && HONOURED[system].seeding !== undefined
      ? ` (it seeds ${(HONOURED[system].seeding as readonly string[]).join(' or ')})`
      : '';
    out.push({
      option,
      ...(option === 'seeding' ? { value: String(value) } : {}),
      honouredBy,
      message: `${OPTION_FLAG[option]}${valued} (${OPTION_WHAT[option]}): the ${system} system does not honour it${choices}${others}`,
    });
  }
  return out;
}

/**
 * The engine's answer for a pairing request (the pane calls this before it pairs): null when the system honours
 * every option given, else an `unsupported-parameters` error whose message names each option and the system.
 */
export function checkPairingRequest(system: PairingSystemName, round: number, request: PairingRequest): PairingError | null {
  const refused = refusedOptions(system, request);
  if (refused.length === 0) return null;
  return pairingError('unsupported-parameters', round, refused.map((r) => r.message).join('; '));
}
