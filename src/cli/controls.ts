/**
 * The director's controls on `tengen pair`, read from the command line: forced, forbidden and table-pinned pairs,
 * the director's bye, relatives kept apart, the host city, and part of the field now (`--only`, `--score-below`).
 * Only the syntax is checked here (a usage error saying what was expected); whether the players exist, are present
 * and the controls agree is the pairing engine's to say (a `PairingError`, exit status 2).
 */
import { TengenInputError } from '../model/errors';
import type { PlayerId, Tournament } from '../model/tournament';
import type { PinnedTable } from '../systems/mcmahon/optimal';
import { UsageError } from './usage';

/** The control flags, in the order the usage text lists them. */
export const CONTROL_FLAGS = ['force', 'forbid', 'bye', 'pin', 'relatives', 'host-city', 'only', 'score-below'] as const;
export type ControlFlag = (typeof CONTROL_FLAGS)[number];
/** Flags that may be repeated, their values joined as one comma-separated list. */
export const LIST_CONTROL_FLAGS: ReadonlySet<string> = new Set<ControlFlag>(['force', 'forbid', 'pin', 'relatives', 'only']);

export interface CliControls {
  readonly forcedPairs?: readonly (readonly [PlayerId, PlayerId])[];
  readonly forbiddenPairs?: readonly (readonly [PlayerId, PlayerId])[];
  readonly bye?: PlayerId;
  readonly pinnedTables?: readonly PinnedTable[];
  readonly relatives?: readonly (readonly [PlayerId, PlayerId])[];
  readonly hostCity?: string;
  readonly only?: readonly PlayerId[];
  /** `--only` ranges as given (`10-40`), until `resolveControls` takes the registered players in them. */
  readonly onlyRanges?: readonly (readonly [number, number])[];
  readonly scoreBelow?: number;
}

/** What each flag does, for the message refusing it. */
export const CONTROL_WHAT: Record<ControlFlag, string> = {
  force: 'forced pairs',
  forbid: 'forbidden pairs',
  bye: "the director's bye",
  pin: 'pairs pinned to a table',
  relatives: 'relatives kept apart',
  'host-city': 'the host city',
  only: 'pairing part of the field now',
  'score-below': 'pairing part of the field now',
};

const ID = /^[1-9]\d*$/;

function items(flag: ControlFlag, text: string, example: string): string[] {
  const list = text.split(',').map((s) => s.trim());
  if (list.some((s) => s === '')) throw new UsageError(`--${flag} ${text}: an empty item; expected ${example}`);
  return list;
}

function pairs(flag: ControlFlag, text: string): [PlayerId, PlayerId][] {
  const example = 'pairs of player IDs such as 3-7,4-9';
  return items(flag, text, example).map((item) => {
    const [a, b, ...more] = item.split('-');
    if (more.length > 0 || !ID.test(a ?? '') || !ID.test(b ?? '')) throw new UsageError(`--${flag} ${text}: "${item}" is not a pair; expected ${example}`);
    return [Number(a) as PlayerId, Number(b) as PlayerId];
  });
}

function pins(text: string): PinnedTable[] {
  const example = 'a pair of player IDs at a table such as 3-7@1 (several: 3-7@1,4-9@2)';
  return items('pin', text, example).map((item) => {
    const m = /^([1-9]\d*)-([1-9]\d*)@([1-9]\d*)$/.exec(item);
    if (!m) throw new UsageError(`--pin ${text}: "${item}" is not a pinned pair; expected ${example}`);
    return { players: [Number(m[1]) as PlayerId, Number(m[2]) as PlayerId], table: Number(m[3]) };
  });
}

/** `12,15,19` (IDs), `10-40` (a range of IDs), or both (`10-12,15`). */
function idList(text: string): { ids: PlayerId[]; ranges: [number, number][] } {
  const example = 'player IDs such as 12,15,19 or a range such as 10-40';
  const ids: PlayerId[] = [];
  const ranges: [number, number][] = [];
  for (const item of items('only', text, example)) {
    const m = /^([1-9]\d*)(?:-([1-9]\d*))?$/.exec(item);
    if (!m) throw new UsageError(`--only ${text}: "${item}" is not an ID or a range; expected ${example}`);
    if (m[2] === undefined) {
      ids.push(Number(m[1]) as PlayerId);
      continue;
    }
    const [from, to] = [Number(m[1]), Number(m[2])];
    if (to < from) throw new UsageError(`--only ${text}: the range ${item} runs backwards; expected ${example}`);
    ranges.push([from, to]);
  }
  return { ids: [...new Set(ids)], ranges };
}

/** The controls given on the command line (absent flags are left out). */
export function parseControls(flags: ReadonlyMap<string, string | true>): CliControls {
  const text = (flag: ControlFlag) => {
    const v = flags.get(flag);
    return typeof v === 'string' ? v : undefined;
  };
  const controls: { -readonly [K in keyof CliControls]: CliControls[K] } = {};
  const force = text('force');
  if (force !== undefined) controls.forcedPairs = pairs('force', force);
  const forbid = text('forbid');
  if (forbid !== undefined) controls.forbiddenPairs = pairs('forbid', forbid);
  const bye = text('bye');
  if (bye !== undefined) {
    if (!ID.test(bye.trim())) throw new UsageError(`--bye ${bye}: expected one player ID such as 13`);
    controls.bye = Number(bye) as PlayerId;
  }
  const pin = text('pin');
  if (pin !== undefined) controls.pinnedTables = pins(pin);
  const relatives = text('relatives');
  if (relatives !== undefined) controls.relatives = pairs('relatives', relatives);
  const hostCity = text('host-city');
  if (hostCity !== undefined) {
    if (hostCity.trim() === '') throw new UsageError('--host-city: expected the name of a city, such as Montreal');
    controls.hostCity = hostCity.trim();
  }
  const only = text('only');
  if (only !== undefined) {
    const { ids, ranges } = idList(only);
    controls.only = ids;
    if (ranges.length > 0) controls.onlyRanges = ranges;
  }
  const below = text('score-below');
  if (below !== undefined) {
    // Scores are whole or half points (McMahon scores may be negative): exact in half points.
    if (!/^-?\d+(\.[05])?$/.test(below.trim())) throw new UsageError(`--score-below ${below}: expected a score in whole or half points, such as 2 or 2.5`);
    controls.scoreBelow = Number(below);
  }
  return controls;
}

/** The control flags given, in usage order. */
export function givenControls(flags: ReadonlyMap<string, string | true>): ControlFlag[] {
  return CONTROL_FLAGS.filter((f) => flags.has(f));
}

/**
 * The controls against the tournament, where the CLI decides rather than the engine: an `--only` range stands for
 * the registered players whose IDs fall in it (a range holding none is an error naming it), while each ID listed
 * one by one goes to the engine as given (an unknown one is its `PairingError`); relatives are only pairs to avoid,
 * so the engine takes any IDs — the CLI names one that is not registered rather than silently avoiding nothing.
 */
export function resolveControls(t: Tournament, controls: CliControls, file: string): CliControls {
  const registered = new Set(t.players.map((p) => p.id));
  const unknown = [...new Set((controls.relatives ?? []).flat().filter((id) => !registered.has(id)))];
  if (unknown.length > 0) {
    throw new TengenInputError([{ file, player: unknown.join(', '), message: `--relatives: not registered: ${unknown.join(', ')}` }]);
  }
  if (!controls.onlyRanges) return controls;
  const only = new Set(controls.only ?? []);
  for (const [from, to] of controls.onlyRanges) {
    const inRange = t.players.map((p) => p.id).filter((id) => id >= from && id <= to);
    if (inRange.length === 0) throw new TengenInputError([{ file, message: `--only ${from}-${to}: no registered player has an ID in this range` }]);
    for (const id of inRange) only.add(id);
  }
  return { ...controls, only: [...only].sort((a, b) => a - b) };
}
