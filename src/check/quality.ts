/**
 * Quality of the `optimal` system against OpenGotha's recorded draws: for each round N a file records, pair round N
 * from the rounds before it with `optimal` — the same players (those OpenGotha seated or gave a bye), the same bye,
 * scores as OpenGotha counts them (the `opengotha` ruleset) — and compare both draws tier by tier in the priority
 * order of ./optimalWeights (repeats, then the total score difference, then the rest).
 *
 * Whether OpenGotha's recorded round was its automatic draw is checked where the corpus holds OpenGotha's own pair
 * weights for the round (`<name>/<name>_weights_R<N>.txt`, every pair's `totalCost`, which OpenGotha maximises): if
 * another draw weighs more under OpenGotha's own weights, the recorded one was changed by hand.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseOpenGotha } from '../formats/opengotha';
import type { PlayerId, Tournament } from '../model/tournament';
import { maxWeightPerfectMatching } from '../pairing/matching';
import { optimalTotals, pairOptimal, TIER_NAMES, type OptimalTotals } from '../systems/mcmahon/optimal';
import type { TierName } from '../systems/mcmahon/optimalWeights';
import { isPairingError } from '../pairing/types';
import { largestOf } from '../model/extremes';

export interface QualityRow {
  readonly tournament: string;
  readonly round: number;
  /** Players seated or given a bye by OpenGotha in the round. */
  readonly players: number;
  readonly optimal: OptimalTotals | null;
  readonly opengotha: OptimalTotals;
  /** The first tier where the two differ, and which system is better there. */
  readonly firstDifference: TierName | null;
  readonly better: 'optimal' | 'opengotha' | 'equal';
  /** OpenGotha's automatic draw ('yes'), changed by hand ('no'), or not known (no weights file). */
  readonly automatic: 'yes' | 'no' | 'unknown';
  readonly note?: string;
}

type Pair = readonly [PlayerId, PlayerId];

/** Compare round `round` of `t` (an OpenGotha tournament) with what `optimal` makes of it. */
export function compareRound(t: Tournament, round: number, name: string, weightsText?: string): QualityRow {
  const recorded: Pair[] = t.games.filter((g) => g.round === round).map((g) => [g.white, g.black]);
  const byes = t.byes.filter((b) => b.round === round).map((b) => b.player);
  // Several byes in one round (Pairgoth, not OpenGotha, does this: malavasi round 1): compare the games only, the
  // players with a bye set aside.
  const severalByes = byes.length > 1;
  const field = new Set<PlayerId>([...recorded.flat(), ...(severalByes ? [] : byes)]);
  // The same field: present in round `round` exactly when OpenGotha seated him (or gave him the bye).
  const players = t.players.map((p) => {
    const others = (p.absentRounds ?? []).filter((r) => r !== round);
    return { ...p, absentRounds: field.has(p.id) ? others : [...others, round].sort((a, b) => a - b) };
  });
  const before: Tournament = { ...t, players, games: t.games.filter((g) => g.round < round), byes: t.byes.filter((b) => b.round < round) };
  const options = { ruleset: 'opengotha' as const, allowPendingResults: true };
  const opengotha = optimalTotals(before, round, recorded, options);
  const automatic = weightsText === undefined ? 'unknown' : wasAutomatic(t, recorded, weightsText);
  const base = { tournament: name, round, players: field.size, opengotha, automatic } as const;
  const bye = byes.length === 1 ? byes[0] : undefined;
  let result = pairOptimal(before, round, { ...options, bye });
  let note: string | undefined = severalByes ? `${byes.length} byes recorded (${byes.join(', ')}): the games alone compared` : undefined;
  if (isPairingError(result) && result.code === 'no-pairing') {
    result = pairOptimal(before, round, { ...options, bye, allowRepeats: true });
    note = [note, 'no draw without a repeat: repeats minimised'].filter(Boolean).join('; ');
  }
  if (isPairingError(result)) return { ...base, optimal: null, firstDifference: null, better: 'equal', note: `optimal: ${result.message}` };
  const optimal = optimalTotals(
    before,
    round,
    result.games.map((g) => [g.white, g.black]),
    options,
  );
  const first = TIER_NAMES.find((k) => optimal[k] !== opengotha[k]) ?? null;
  const better = first === null ? 'equal' : optimal[first] < opengotha[first] ? 'optimal' : 'opengotha';
  return { ...base, optimal, firstDifference: first, better, ...(note ? { note } : {}) };
}

/**
 * OpenGotha's weights file for a round: each pair's names and `totalCost`. The recorded draw was automatic when no
 * perfect matching of the same players weighs more under these weights.
 */
function wasAutomatic(t: Tournament, recorded: readonly Pair[], text: string): 'yes' | 'no' | 'unknown' {
  const byName = new Map<string, PlayerId>();
  for (const p of t.players) byName.set(`${p.family} ${p.given}`.replace(/ /g, '').toUpperCase(), p.id);
  const weight = new Map<string, number>();
  let a: PlayerId | undefined;
  let b: PlayerId | undefined;
  for (const line of text.split(/\r?\n/)) {
    const [key, value] = line.split(/=(.*)/s, 2);
    if (key === 'Player1Name') a = byName.get(value.replace(/ /g, '').toUpperCase());
    else if (key === 'Player2Name') b = byName.get(value.replace(/ /g, '').toUpperCase());
    else if (key === 'totalCost' && a !== undefined && b !== undefined) weight.set(a < b ? `${a}-${b}` : `${b}-${a}`, Number(value));
  }
  const ids = [...new Set(recorded.flat())];
  const w = (x: PlayerId, y: PlayerId) => weight.get(x < y ? `${x}-${y}` : `${y}-${x}`);
  if (recorded.some(([x, y]) => w(x, y) === undefined)) return 'unknown';
  const best = maxWeightPerfectMatching(ids.length, (i, j) => w(ids[i], ids[j]) ?? null);
  if (best.status !== 'optimal') return 'unknown';
  const total = recorded.reduce((s, [x, y]) => s + BigInt(w(x, y) as number), 0n);
  return total >= best.weight ? 'yes' : 'no';
}

/** Every tournament of the corpus folder `opengotha-pairings` and every round it records. */
export function qualityTable(corpusDir: string): QualityRow[] {
  const files: { name: string; file: string; weights: (round: number) => string | undefined }[] = [];
  const weightsOf = (name: string) => (round: number) => {
    const f = path.join(corpusDir, name, `${name}_weights_R${round}.txt`);
    return existsSync(f) ? readFileSync(f, 'utf8') : undefined;
  };
  const pairings = path.join(corpusDir, 'pairings');
  if (existsSync(pairings)) {
    for (const f of readdirSync(pairings).filter((x) => x.endsWith('.xml')).sort()) {
      const name = f.replace(/\.xml$/, '');
      files.push({ name, file: path.join(pairings, f), weights: weightsOf(name) });
    }
  }
  for (const entry of readdirSync(corpusDir, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1))) {
    if (!entry.isDirectory() || entry.name === 'pairings') continue;
    const dir = entry.name;
    const folder = path.join(corpusDir, dir);
    for (const f of readdirSync(folder).filter((x) => x.endsWith('.xml') && x.startsWith(dir)).sort()) {
      files.push({ name: f.replace(/\.xml$/, ''), file: path.join(folder, f), weights: weightsOf(dir) });
    }
  }
  const rows: QualityRow[] = [];
  for (const { name, file, weights } of files) {
    const parsed = parseOpenGotha(readFileSync(file, 'utf8'), file);
    if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.map((e) => e.message).join('; ')}`);
    const t = parsed.value;
    const rounds = [...new Set(t.games.map((g) => g.round))].sort((x, y) => x - y);
    for (const round of rounds) rows.push(compareRound(t, round, name, weights(round)));
  }
  return rows;
}

const SHORT: Record<TierName, string> = {
  repeats: 'repeats',
  'score difference': 'ΣΔMMS½',
  'largest gap': 'maxΔ',
  'gaps of 2+': 'Δ≥2',
  'large gaps': 'ΣΔ²',
  'consecutive float': 'float²',
  'repeated float': 'refloat',
  'cross-group pairs': 'cross',
  'large handicaps': 'hcp²',
  halves: 'halves',
  geography: 'geo',
  colour: 'colour',
  'colour: three out': '3 out',
  handicap: 'hcp',
  seeding: 'seeding',
};

/** The table as text: one line per round, each tier as optimal/OpenGotha. */
export function formatQualityTable(rows: readonly QualityRow[]): string {
  const header = ['tournament', 'round', 'players', ...TIER_NAMES.map((k) => `${SHORT[k]} opt/OG`), 'first difference', 'OG automatic', 'note'];
  const body = rows.map((r) => [
    r.tournament,
    String(r.round),
    String(r.players),
    ...TIER_NAMES.map((k) => `${r.optimal ? r.optimal[k] : '—'}/${r.opengotha[k]}`),
    r.firstDifference === null ? 'none' : `${r.firstDifference}: ${r.better} better`,
    r.automatic,
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => largestOf(body.map((b) => b[i].length), h.length));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
