/**
 * `tengen pair FILE --round N [--system optimal|mays|opengotha] [--seeding slip|fold|random] [--seed N]
 * [--bye-method mays|opengotha] [--allow-repeats] [director's controls] [--json] [--out FILE]`: pairs round N from
 * the games of the rounds before N, ignoring any games and byes FILE already holds for rounds ≥ N — except with
 * `--rest`, which keeps the announced tables of a partly paired round N (see `partlyPaired`) and pairs the rest.
 */
import { partOfRound } from '../pairing/partial';
import { TengenInputError } from '../model/errors';
import { formatRank } from '../model/rank';
import { displayName, playerLabel, type Tournament } from '../model/tournament';
import { applyPairing } from '../pairing/apply';
import { pairMays } from '../systems/mcmahon/mays';
import { pairOpenGotha } from '../systems/opengotha/pair';
import type { OpenGothaRules } from '../systems/opengotha/scoredPlayers';
import { ownPairing, refusedByOwnSystem } from '../systems/registry';
import { pairOptimalSystem, pkoGames, refuseCongressSystem } from '../systems/egc/egcCongress';
import type { Seeding } from '../systems/mcmahon/optimalWeights';
import type { ByeMethod } from '../systems/byes';
import { isPairingError, type PairingResult, type RoundPairing } from '../pairing/types';
import { refusedOptions, SEEDINGS, type PairingRequest } from '../systems/systemOptions';
import { CONTROL_FLAGS, CONTROL_WHAT, type CliControls, type ControlFlag } from './controls';
import { table } from './render';

/** Options the CLI passes to the systems that use them (the director's controls only to a system that honours them). */
export interface CliPairOptions extends CliControls {
  readonly seeding?: Seeding;
  readonly seed?: number;
  readonly allowRepeats?: boolean;
  readonly byeMethod?: ByeMethod;
  /** Keep the announced tables of a partly paired round and pair only the players left. */
  readonly rest?: boolean;
  /** The tournament file, named by every error (the README: "tengen: FILE: round 3: player 999: …"). */
  readonly file?: string;
  /** `--opengotha-rules`, `--opengotha-chunks` (opengotha only). */
  readonly openGothaRules?: OpenGothaRules;
  readonly openGothaChunks?: boolean;
}

/** The tournament as it stood before round `round` was paired. */
export function beforeRound(t: Tournament, round: number): Tournament {
  return { ...t, games: t.games.filter((g) => g.round < round), byes: t.byes.filter((b) => b.round < round) };
}

/**
 * Round `round` is partly paired: it is the last round with games in the file, it has some, and a player present in
 * it is neither at a table nor has its bye (part of the field was paired now, or a latecomer registered). With
 * `--rest`, `pair` pairs only the players left and keeps the announced tables; without it, the round is paired
 * afresh from the rounds before it, as for any other round — the director says which he means, nothing is guessed.
 */
export function partlyPaired(t: Tournament, round: number): { tables: number; waiting: number } | null {
  if (t.games.some((g) => g.round > round) || t.byes.some((b) => b.round > round)) return null;
  const part = partOfRound(t, round);
  return part ? { tables: part.tables, waiting: part.waiting.length } : null;
}

type CliSystem = (t: Tournament, round: number, options: CliPairOptions) => PairingResult;

interface SystemEntry {
  readonly pair: CliSystem;
  /** The director's controls the system honours; any other control flag is refused, never ignored. */
  readonly controls: readonly ControlFlag[];
  /** Pairs the rest of a partly paired round, keeping its announced tables. */
  readonly continues: boolean;
}

const forcedForbiddenBye = (o: CliPairOptions) => ({ forcedPairs: o.forcedPairs, forbiddenPairs: o.forbiddenPairs, bye: o.bye });

/** The pairing systems of `--system`, the first the default: what each is given, and which controls it honours. */
const SYSTEMS = {
  optimal: {
    // The European Go Congress McMahon is the optimal draw with its own rules added (../pairing/egcCongress).
    pair: (t, round, o) =>
      pairOptimalSystem(t, round, {
        seeding: o.seeding, seed: o.seed, allowRepeats: o.allowRepeats, byeMethod: o.byeMethod, ...forcedForbiddenBye(o),
        pinnedTables: o.pinnedTables, relatives: o.relatives, hostCity: o.hostCity, only: o.only, scoreBelow: o.scoreBelow,
      }),
    controls: CONTROL_FLAGS,
    continues: true,
  },
  mays: {
    pair: (t, round, o) =>
      pairMays(t, round, {
        byeMethod: o.byeMethod, ...forcedForbiddenBye(o), relatives: o.relatives, hostCity: o.hostCity,
        // Mays' own alternative to the top half against the bottom half ("Alternate Method of Pairing"), every round.
        ...(o.seeding === 'adjacent' ? { adjacentFromRound: 1 } : {}),
      }),
    controls: ['force', 'forbid', 'bye', 'relatives', 'host-city'],
    continues: false,
  },
  opengotha: {
    pair: (t, round, o) => pairOpenGotha(t, round, { ...forcedForbiddenBye(o), rules: o.openGothaRules, chunks: o.openGothaChunks }),
    controls: ['force', 'forbid', 'bye'],
    continues: false,
  },
} satisfies Record<string, SystemEntry>;

export type CliPairingSystem = keyof typeof SYSTEMS;
export const CLI_PAIRING_SYSTEMS = Object.keys(SYSTEMS) as CliPairingSystem[];
export const DEFAULT_PAIRING_SYSTEM: CliPairingSystem = 'optimal';
export const CLI_SEEDINGS: readonly Seeding[] = SEEDINGS;

/** Why `system` cannot take these control flags (a usage error's message), or null. */
export function refusedControls(system: CliPairingSystem, given: readonly ControlFlag[]): string | null {
  const entry: SystemEntry = SYSTEMS[system];
  const refused = given.filter((f) => !entry.controls.includes(f));
  if (refused.length === 0) return null;
  const others = CLI_PAIRING_SYSTEMS.filter((s) => refused.every((f) => (SYSTEMS[s] as SystemEntry).controls.includes(f)));
  return `${refused.map((f) => `--${f} (${CONTROL_WHAT[f]})`).join(', ')}: the ${system} system does not honour ${refused.length === 1 ? 'it' : 'them'}; ${others.map((s) => `--system ${s}`).join(' or ')} does`;
}

/**
 * Why `system` cannot take the pairing options given besides the director's controls (`--seeding`, `--seed`,
 * `--bye-method`, `--allow-repeats`): one message naming each option and the system (a usage error's), or null.
 * The same rule as the engine's `refusedOptions`, which the task pane asks too.
 */
export function refusedPairOptions(
  system: CliPairingSystem,
  request: Pick<PairingRequest, 'seeding' | 'seed' | 'byeMethod' | 'allowRepeats' | 'openGothaRules' | 'openGothaChunks'>,
): string | null {
  const refused = refusedOptions(system, request);
  return refused.length === 0 ? null : refused.map((r) => r.message).join('; ');
}

/** Why `--rest` cannot pair the rest of round `round` with `system` (a usage error's message), or null. */
export function refusedContinuation(t: Tournament, round: number, system: CliPairingSystem, file: string): string | null {
  const partly = partlyPaired(t, round);
  if (!partly) return `--rest: round ${round} of ${file} is not partly paired (it has no table yet, or every player present is at a table or has the bye); leave out --rest to pair it afresh`;
  if ((SYSTEMS[system] as SystemEntry).continues) return null;
  return `round ${round} of ${file} is partly paired (${partly.tables} table${partly.tables === 1 ? '' : 's'} announced, ${partly.waiting} player${partly.waiting === 1 ? '' : 's'} still to pair): only --system ${CLI_PAIRING_SYSTEMS.filter((s) => (SYSTEMS[s] as SystemEntry).continues).join(', ')} pairs the rest without touching the announced tables`;
}

/** The tournament the system pairs from: the rounds before `round`, plus round `round`'s announced tables with `--rest`. */
function pairingBase(t: Tournament, round: number, rest: boolean): Tournament {
  if (!rest) {
    // The congress McMahon's PKO games of the round are its games already (../pairing/egcCongress): kept.
    const before = beforeRound(t, round);
    return t.settings.egc ? { ...before, games: [...before.games, ...pkoGames(t, round)] } : before;
  }
  return { ...t, games: t.games.filter((g) => g.round <= round), byes: t.byes.filter((b) => b.round <= round) };
}

/** True when the tournament's own system pairs it (a knockout, a QT, Groups of Eight, the team draw), not `--system`. */
export function pairsByOwnSystem(t: Tournament): boolean {
  return ownPairing(t) !== undefined;
}

export function pairRound(t: Tournament, round: number, system: CliPairingSystem, options: CliPairOptions = {}): PairingResult {
  const own = ownPairing(t);
  if (own) return refusedByOwnSystem(t, round, options) ?? own(beforeRound(t, round), round);
  const congress = refuseCongressSystem(t, round, system);
  if (congress) return congress;
  return SYSTEMS[system].pair(pairingBase(t, round, options.rest === true), round, options);
}

export function pairingJson(p: RoundPairing) {
  return {
    round: p.round,
    system: p.system,
    games: p.games.map((g) => ({ table: g.table, white: g.white, black: g.black, handicap: g.handicap, colourKnown: g.colourKnown })),
    bye: p.bye,
    ...(p.freeWins?.length ? { freeWins: p.freeWins } : {}),
    ...(p.knockedOut?.length ? { knockedOut: p.knockedOut } : {}),
    ...(p.seeding ? { seeding: p.seeding } : {}),
    ...(p.pending?.length ? { pending: p.pending } : {}),
    report: p.report,
  };
}

/** The pairing sheet as posted for players (Table | White | Black | Handicap), the bye, then the report. */
export function renderPairing(t: Tournament, p: RoundPairing, announcedTables = 0): string {
  const byId = new Map(t.players.map((pl) => [pl.id, pl]));
  const who = (id: number) => {
    const pl = byId.get(id as never)!;
    return `${pl.id} ${displayName(pl)} (${formatRank(pl.rank)})`;
  };
  const rows = p.games.map((g) => [String(g.table), who(g.white), who(g.black), g.handicap ? String(g.handicap) : g.colourKnown ? '' : 'nigiri']);
  const sheet = table(['Table', 'White', 'Black', 'Handicap'], rows).slice(0, -1);
  // A knockout's free wins, a QT's round-1 byes, one bye per odd group of Groups of Eight: all byes in the file.
  const byes = [...(p.bye === null ? [] : [p.bye]), ...(p.freeWins ?? [])];
  const byeLabel = p.system.startsWith('knockout') ? 'Free wins' : byes.length > 1 ? 'Byes' : 'Bye';
  const bye = byes.length === 0 ? '' : `\n${byeLabel}: ${byes.map(who).join('; ')}\n`;
  const out = p.knockedOut?.length ? `\nOut of the knockout: ${p.knockedOut.map((id) => playerLabel(t, id)).join('; ')}\n` : '';
  const seeding = p.seeding ? `\nSeeding inside score groups: ${p.seeding.method}${p.seeding.seed !== undefined ? ` (lottery seed ${p.seeding.seed})` : ''}\n` : '';
  const report = p.report.filter((r) => r.kind !== 'pair').map((r) => `  - ${r.message}`);
  const kept = announcedTables > 0 ? `\nThe ${announcedTables} table${announcedTables === 1 ? '' : 's'} already announced for round ${p.round} ${announcedTables === 1 ? 'is' : 'are'} kept as they are.\n` : '';
  return `${t.name} — round ${p.round} (${p.system})\n\n${sheet}\n${bye}${out}${kept}${seeding}${report.length ? `\nReport:\n${report.join('\n')}\n` : ''}`;
}

/**
 * Pairs, then hands the tournament with the new round to `write` (only when the pairing succeeds; a part of the field
 * paired now is a success, written with the tables already announced for the round).
 */
export async function pairAndWrite(t: Tournament, round: number, system: CliPairingSystem, write?: PairingWriter, options: CliPairOptions = {}): Promise<RoundPairing> {
  const file = options.file;
  if (t.players.length === 0) throw new TengenInputError([{ file, where: `round ${round}`, message: 'no players registered yet: there is no one to pair' }]);
  const result = pairRound(t, round, system, options);
  if (isPairingError(result)) {
    // IDs only: the engine's message names each player in full already.
    const players = result.players?.length ? result.players.join(', ') : undefined;
    throw new TengenInputError([{ file, where: `round ${round}`, player: players, message: `no pairing: ${result.message}` }]);
  }
  if (write) await write(applyPairing(pairingBase(t, round, options.rest === true), result), result);
  return result;
}

/** Writes the pairing out (`--out`): given the tournament with the new round, and the pairing itself. */
export type PairingWriter = (after: Tournament, pairing: RoundPairing) => Promise<void>;
