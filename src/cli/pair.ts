/**
 * `tengen pair FILE --round N [--system optimal|mays] [--seeding slip|fold|random] [--seed N]
 * [--bye-method mays|opengotha] [--allow-repeats] [--json] [--out FILE]`: pairs round N from the games of the rounds
 * before N, ignoring any games and byes FILE already holds for rounds ≥ N.
 */
import { writeFile } from 'node:fs/promises';
import { TengenInputError } from '../model/errors';
import { formatRank } from '../model/rank';
import { displayName, type Tournament } from '../model/tournament';
import { writeTournamentJson } from '../formats/json';
import { applyPairing } from '../pairing/apply';
import { pairMays } from '../pairing/mays';
import { pairOptimal } from '../pairing/optimal';
import type { Seeding } from '../pairing/optimalWeights';
import type { ByeMethod } from '../pairing/byes';
import { isPairingError, type PairingResult, type RoundPairing } from '../pairing/types';

/** Options the CLI passes to the systems that use them. */
export interface CliPairOptions {
  readonly seeding?: Seeding;
  readonly seed?: number;
  readonly allowRepeats?: boolean;
  readonly byeMethod?: ByeMethod;
}

/** The tournament as it stood before round `round` was paired. */
export function beforeRound(t: Tournament, round: number): Tournament {
  return { ...t, games: t.games.filter((g) => g.round < round), byes: t.byes.filter((b) => b.round < round) };
}

type CliSystem = (t: Tournament, round: number, options: CliPairOptions) => PairingResult;

/** The pairing systems of `--system`, the first the default: one line each. */
const SYSTEMS = {
  optimal: (t, round, o) => pairOptimal(t, round, { seeding: o.seeding, seed: o.seed, allowRepeats: o.allowRepeats, byeMethod: o.byeMethod }),
  mays: (t, round, o) => pairMays(t, round, { byeMethod: o.byeMethod }),
} satisfies Record<string, CliSystem>;

export type CliPairingSystem = keyof typeof SYSTEMS;
export const CLI_PAIRING_SYSTEMS = Object.keys(SYSTEMS) as CliPairingSystem[];
export const DEFAULT_PAIRING_SYSTEM: CliPairingSystem = 'optimal';
export const CLI_SEEDINGS: readonly Seeding[] = ['slip', 'fold', 'random'];

export function pairRound(t: Tournament, round: number, system: CliPairingSystem, options: CliPairOptions = {}): PairingResult {
  return SYSTEMS[system](beforeRound(t, round), round, options);
}

export function pairingJson(p: RoundPairing) {
  return {
    round: p.round,
    system: p.system,
    games: p.games.map((g) => ({ table: g.table, white: g.white, black: g.black, handicap: g.handicap, colourKnown: g.colourKnown })),
    bye: p.bye,
    ...(p.seeding ? { seeding: p.seeding } : {}),
    report: p.report,
  };
}

/** The pairing sheet as posted for players (Table | White | Black | Handicap), the bye, then the report. */
export function renderPairing(t: Tournament, p: RoundPairing): string {
  const byId = new Map(t.players.map((pl) => [pl.id, pl]));
  const who = (id: number) => {
    const pl = byId.get(id as never)!;
    return `${pl.id} ${displayName(pl)} (${formatRank(pl.rank)})`;
  };
  const rows = p.games.map((g) => [String(g.table), who(g.white), who(g.black), g.handicap ? String(g.handicap) : g.colourKnown ? '' : 'nigiri']);
  const header = ['Table', 'White', 'Black', 'Handicap'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]].length)));
  const line = (cells: string[]) => cells.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join('  ').trimEnd();
  const sheet = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
  const bye = p.bye === null ? '' : `\nBye: ${who(p.bye)}\n`;
  const seeding = p.seeding ? `\nSeeding inside score groups: ${p.seeding.method}${p.seeding.seed !== undefined ? ` (lottery seed ${p.seeding.seed})` : ''}\n` : '';
  const report = p.report.filter((r) => r.kind !== 'pair').map((r) => `  - ${r.message}`);
  return `${t.name} — round ${p.round} (${p.system})\n\n${sheet}\n${bye}${seeding}${report.length ? `\nReport:\n${report.join('\n')}\n` : ''}`;
}

/** Pairs, then writes the tournament with the new round to `out` (only when the pairing is complete). */
export async function pairAndWrite(t: Tournament, round: number, system: CliPairingSystem, out?: string, options: CliPairOptions = {}): Promise<RoundPairing> {
  const result = pairRound(t, round, system, options);
  if (isPairingError(result)) {
    throw new TengenInputError([{ where: `round ${round}`, player: result.players?.length ? result.players.join(', ') : undefined, message: `no pairing: ${result.message}` }]);
  }
  if (out) await writeFile(out, writeTournamentJson(applyPairing(beforeRound(t, round), result)));
  return result;
}
