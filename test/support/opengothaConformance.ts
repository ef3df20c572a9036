/**
 * OpenGotha conformance of the `opengotha` pairing system on the shared corpus: for every tournament and recorded
 * round N, pair round N from the rounds before it and compare with the recorded draw; compare every dumped pair's
 * weight terms with OpenGotha's own dump. Used by test/conformance/opengotha-pairing.test.ts, which prints the table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { beforeRound } from '../../src/cli/pair';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { displayName, type Game, type PlayerId, type Tournament } from '../../src/model/tournament';
import { pairOpenGotha, prepareOpenGothaRound, type OpenGothaOptions } from '../../src/systems/opengotha/pair';
import { isPairingError } from '../../src/pairing/types';
import { WEIGHT_TERM_NAMES } from '../../src/systems/opengotha/weights';
import { numberTables, stateAtPairedRound, type TableNumberingVariant } from '../../src/systems/opengotha/tables';
import { corpusPath } from './corpus';
import { DUMP_TERMS, readWeightDump } from './opengothaDumps';

export interface CorpusTournament {
  /** Name in the table and of the weight-dump folder. */
  readonly name: string;
  /** Path under corpus/opengotha-pairings. */
  readonly xml: string;
}

export const OPENGOTHA_PAIRING_CORPUS: readonly CorpusTournament[] = [
  { name: 'simpleswiss', xml: 'pairings/simpleswiss.xml' },
  { name: 'notsosimpleswiss', xml: 'pairings/notsosimpleswiss.xml' },
  { name: 'simplemm', xml: 'pairings/simplemm.xml' },
  { name: 'notsimplemm', xml: 'pairings/notsimplemm.xml' },
  { name: 'Toulouse2024', xml: 'pairings/Toulouse2024.xml' },
  { name: '20240921-KPMC-Splitbug', xml: 'pairings/20240921-KPMC-Splitbug.xml' },
  { name: 'bosp2024', xml: 'bosp2024/bosp2024.xml' },
  { name: 'frioul-2018', xml: 'tournamentfiles/frioul-2018.xml' },
  { name: 'veterans-2021', xml: 'tournamentfiles/veterans-2021.xml' },
  { name: 'stage-ete-2021', xml: 'stage-ete-2021.xml' },
  { name: 'malavasi', xml: 'malavasi/malavasi.geobug.xml' },
];

export interface WeightCheck {
  readonly pairs: number;
  readonly equalPairs: number;
  /** Terms that differ, with one example each. */
  readonly differences: readonly string[];
}

export interface RoundRow {
  readonly tournament: string;
  readonly round: number;
  /** Players paired or given the bye in the recorded round. */
  readonly players: number;
  readonly recordedPairs: number;
  /** Recorded pairs that Tengen's draw also has. */
  readonly identicalPairs: number;
  /** Colours and handicap equal to the record, among identical pairs. */
  readonly identicalColours: number;
  readonly byeIdentical: boolean;
  /** Weight-term check against OpenGotha's dump of this round, when there is one. */
  readonly weights?: WeightCheck;
  /** Table numbers, where Tengen's draw (with the recorded bye when the director chose it) has exactly the recorded pairs. */
  readonly tables?: TableCheck;
  /** 'identical', 'equal-weight' (another maximum matching), 'lighter' (recorded draw weighs less), 'not-automatic'. */
  readonly verdict: 'identical' | 'equal-weight' | 'lighter' | 'not-automatic' | 'heavier';
  readonly explanation: string;
}

export interface TableCheck {
  readonly games: number;
  /** Games at the recorded table. */
  readonly identical: number;
  /**
   * 'identical'; 'bye-refresh' (identical when this round's bye point is counted the other way: OpenGotha's scores
   * were, or were not, refreshed after the bye was set); 'other-version' (identical when equal games go by the lower
   * rating first, as another OpenGotha version numbered them); 'renumbered' (by hand: gaps, or two or four tables
   * exchanged); 'differs' (none of these).
   */
  readonly verdict: 'identical' | 'bye-refresh' | 'other-version' | 'renumbered' | 'differs';
  readonly explanation: string;
}

/**
 * The weight dumps and recorded rounds of opengotha-pairings/ come from the modified OpenGotha 3.51.02 (corpus README,
 * "opengotha-released"): they are checked against `--opengotha-rules corrected`.
 */
export const CORRECTED: OpenGothaOptions = { rules: 'corrected' };

const key = (a: PlayerId, b: PlayerId) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** The OpenGotha version that saved a file (fullVersionNumber, or gothaVersion/gothaMinorVersion: 348/5 = 3.48.05). */
export function savedBy(xml: string): string {
  const head = readFileSync(corpusPath('opengotha-pairings', xml), 'utf8').slice(0, 2000);
  const full = /fullVersionNumber="([^"]+)"/.exec(head)?.[1];
  if (full) return full;
  const major = /gothaVersion="(\d)(\d+)"/.exec(head);
  const minor = /gothaMinorVersion="(\d+)"/.exec(head)?.[1];
  return major ? `${major[1]}.${major[2]}${minor ? `.${minor.padStart(2, '0')}` : ''}` : 'unknown';
}

export function loadCorpusTournament(xml: string): Tournament {
  const file = corpusPath('opengotha-pairings', xml);
  const parsed = parseOpenGotha(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), file);
  if (!parsed.ok) throw new Error(`${xml}: ${parsed.errors.map((e) => e.message).join('; ')}`);
  return parsed.value;
}

export { beforeRound };

/** Every pair of OpenGotha's dump for this round compared, term by term, with Tengen's terms. */
export function checkWeightDump(t: Tournament, tournament: string, round: number): WeightCheck | undefined {
  const file = corpusPath('opengotha-pairings', tournament, `${tournament}_weights_R${round}.txt`);
  if (!existsSync(file)) return undefined;
  const dump = readWeightDump(file);
  const prepared = prepareOpenGothaRound(beforeRound(t, round), round, CORRECTED);
  if (isPairingError(prepared)) return { pairs: dump.pairs.length, equalPairs: 0, differences: [prepared.message] };
  const byName = new Map(prepared.state.scored.map((s) => [`${s.name} ${s.firstName}`, s.id]));
  const differences: string[] = [];
  let equalPairs = 0;
  for (const pair of dump.pairs) {
    const a = byName.get(pair.player1);
    const b = byName.get(pair.player2);
    if (a === undefined || b === undefined) {
      differences.push(`line ${pair.line}: unknown player ${a === undefined ? pair.player1 : pair.player2}`);
      continue;
    }
    const mine = prepared.weigh(a, b);
    const bad = DUMP_TERMS.filter((term) => {
      const name = term.replace(/Cost$/, '') as (typeof WEIGHT_TERM_NAMES)[number] | 'total';
      return mine[name] !== pair.costs[term];
    });
    if (bad.length === 0) equalPairs++;
    else if (differences.length < 5) differences.push(`line ${pair.line} ${pair.player1}/${pair.player2}: ${bad.map((b) => `${b} ${mine[b.replace(/Cost$/, '') as 'total']} ≠ ${pair.costs[b]}`).join(', ')}`);
  }
  return { pairs: dump.pairs.length, equalPairs, differences };
}

/** Round `round` paired by Tengen from the rounds before it, compared with the recorded round. */
export function compareRound(t: Tournament, tournament: string, round: number, version = 'unknown'): RoundRow {
  const recorded = t.games.filter((g) => g.round === round);
  const recordedBye = t.byes.filter((b) => b.round === round).map((b) => b.player);
  const players = recorded.length * 2 + recordedBye.length;
  const weights = checkWeightDump(t, tournament, round);
  const base = { tournament, round, players, recordedPairs: recorded.length, weights };
  const name = (id: PlayerId) => {
    const p = t.players.find((x) => x.id === id);
    return p ? displayName(p) : String(id);
  };

  const before = beforeRound(t, round);
  const result = pairOpenGotha(before, round, CORRECTED);
  const prepared = prepareOpenGothaRound(before, round, CORRECTED);
  if (isPairingError(result) || isPairingError(prepared)) {
    const message = isPairingError(result) ? result.message : (prepared as { message: string }).message;
    return { ...base, identicalPairs: 0, identicalColours: 0, byeIdentical: false, verdict: 'not-automatic', explanation: `Tengen refuses: ${message}` };
  }
  const mine = new Map(result.games.map((g) => [key(g.white, g.black), g]));
  let identicalPairs = 0;
  let identicalColours = 0;
  for (const g of recorded) {
    const m = mine.get(key(g.white, g.black));
    if (!m) continue;
    identicalPairs++;
    if (m.white === g.white && m.handicap === g.handicap) identicalColours++;
  }
  const byeIdentical = recordedBye.length <= 1 && (recordedBye[0] ?? null) === result.bye;
  const common = { ...base, identicalPairs, identicalColours, byeIdentical };
  if (identicalPairs === recorded.length && recorded.length === result.games.length && byeIdentical) {
    return { ...common, tables: checkTables(before, round, recorded, {}), verdict: 'identical', explanation: '' };
  }

  // The recorded draw, weighed with OpenGotha's weights: is it one of the maximum matchings?
  const field = new Set(prepared.field.map((s) => s.id));
  const everyone = new Set([...field, ...(prepared.bye ? [prepared.bye.id] : [])]);
  const inRecord = new Set(recorded.flatMap((g) => [g.white, g.black]));
  const outside = [...inRecord, ...recordedBye].filter((id) => !everyone.has(id));
  const leftOut = [...everyone].filter((id) => !inRecord.has(id) && !recordedBye.includes(id));
  if (outside.length > 0 || leftOut.length > 0) {
    const parts: string[] = [];
    const names = (ids: readonly PlayerId[]) => (ids.length > 4 ? `${ids.slice(0, 4).map(name).join(', ')} and ${ids.length - 4} more` : ids.map(name).join(', '));
    if (outside.length) parts.push(`the record pairs ${names(outside)}, who OpenGotha would not pair automatically (absent or not finally registered)`);
    if (leftOut.length) parts.push(`the record leaves out ${names(leftOut)}, who take part in the round`);
    return { ...common, verdict: 'not-automatic', explanation: `${parts.join('; ')}: the director chose who plays` };
  }
  if (recordedBye.length > 1) {
    return {
      ...common,
      verdict: 'not-automatic',
      explanation: `the record gives ${recordedBye.length} byes (${recordedBye.map(name).join(', ')}) where OpenGotha gives one a round at most, and none to an even field: not OpenGotha's draw`,
    };
  }
  if (!byeIdentical) {
    const rule = result.bye === null ? 'none (an even number of players)' : `${name(result.bye)} (${prepared.byeReason})`;
    const explanation = `recorded bye ${recordedBye.map(name).join(', ') || 'none'}, OpenGotha's rule gives ${rule}: the director chose the bye`;
    // Weigh the recorded pairs with the recorded bye, against Tengen's maximum with that bye.
    const withBye = pairOpenGotha(before, round, { ...CORRECTED, ...(recordedBye.length === 1 && { bye: recordedBye[0] }) });
    if (isPairingError(withBye)) return { ...common, verdict: 'not-automatic', explanation };
    const recordedWeight = recorded.reduce((sum, g) => sum + BigInt(prepared.weigh(g.white, g.black).total), 0n);
    const gap = withBye.totalWeight - recordedWeight;
    const same = withBye.games.every((g) => recorded.some((r) => key(r.white, r.black) === key(g.white, g.black)));
    return {
      ...common,
      ...(same && withBye.games.length === recorded.length && { tables: checkTables(before, round, recorded, recordedBye.length === 1 ? { bye: recordedBye[0] } : {}) }),
      verdict: 'not-automatic',
      explanation: `${explanation}; with that bye Tengen's draw ${same ? 'has exactly the recorded pairs' : gap === 0n ? 'weighs exactly as much as the recorded one (another maximum matching)' : `outweighs the recorded one by ${gap}`}`,
    };
  }
  const recordedWeight = recorded.reduce((sum, g) => sum + BigInt(prepared.weigh(g.white, g.black).total), 0n);
  const gap = result.totalWeight - recordedWeight;
  const differing = recorded.filter((g) => !mine.has(key(g.white, g.black)));
  const shown = differing.slice(0, 4).map((g) => `${name(g.white)}–${name(g.black)}`);
  const list = differing.length > 4 ? `${shown.join(', ')} and ${differing.length - 4} more` : shown.join(', ');
  if (gap === 0n) {
    return { ...common, verdict: 'equal-weight', explanation: `recorded pairs ${list} differ, but the recorded draw weighs exactly the maximum (${recordedWeight}): several matchings share it` };
  }
  if (gap > 0n) {
    return {
      ...common,
      verdict: 'lighter',
      explanation: `the recorded draw weighs ${gap} less than the maximum (${result.totalWeight}), so recorded pairs ${list} are not OpenGotha 3.51's automatic draw under the file's parameters: changed by hand, or drawn by another version or with other parameters (file saved by OpenGotha ${version})`,
    };
  }
  return { ...common, verdict: 'heavier', explanation: `the recorded draw weighs ${-gap} MORE than Tengen's "maximum": a bug` };
}

/**
 * The recorded table numbers against Tengen's (./tables of the opengotha system), for a round whose recorded pairs
 * Tengen's draw reproduces with `options` (the recorded bye when the director chose it).
 */
export function checkTables(before: Tournament, round: number, recorded: readonly Game[], options: OpenGothaOptions): TableCheck | undefined {
  let hasBye = false;
  let drawnBye: PlayerId | null = null;
  const atTables = (o: OpenGothaOptions) => {
    const draw = pairOpenGotha(before, round, { ...CORRECTED, ...o });
    if (isPairingError(draw)) return undefined;
    hasBye = draw.bye !== null;
    drawnBye = draw.bye;
    return new Map(draw.games.map((g) => [key(g.white, g.black), g.table]));
  };
  const mine = atTables(options);
  if (!mine || recorded.some((g) => g.table === undefined || !mine.has(key(g.white, g.black)))) return undefined;
  const count = (tables: ReadonlyMap<string, number>) => recorded.filter((g) => tables.get(key(g.white, g.black)) === g.table).length;
  const games = recorded.length;
  const identical = count(mine);
  if (identical === games) return { games, identical, verdict: 'identical', explanation: '' };
  if (hasBye) {
    const director = options.bye !== undefined;
    const other = atTables({ ...options, byeCountsForTables: !director });
    if (other && count(other) === games) {
      return {
        games,
        identical,
        verdict: 'bye-refresh',
        explanation: director
          ? "identical when this round's bye point does not count: OpenGotha's scores were not refreshed after the director's bye"
          : "identical when this round's bye point counts: OpenGotha's scores happened to be refreshed after it chose the bye (chooseAByePlayer does not mark the tournament modified)",
      };
    }
  }
  const recordedTables = recorded.map((g) => g.table!).sort((a, b) => a - b);
  const gaps = recordedTables.some((t, i) => t !== i + 1);
  if (gaps) {
    return { games, identical, verdict: 'renumbered', explanation: `the recorded tables are not 1…${games} (${recordedTables.join(', ')}): shifted or renumbered by hand, which OpenGotha's automatic numbering never gives` };
  }
  // Other versions' numberings: the recorded games in pairAGroup's order (for i in the list of players to pair,
  // the game (i, partner) when the partner comes later), numbered by each variant.
  const prepared = prepareOpenGothaRound(before, round, { ...CORRECTED, ...options });
  if (!isPairingError(prepared)) {
    // The bye point counted or not (see 'bye-refresh'): the director's bye counts; OpenGotha's own may.
    const byeStates = [...new Set([options.bye ?? null, drawnBye])];
    const position = new Map(prepared.field.map((s, i) => [s.id, i]));
    const first = (g: Game) => Math.min(position.get(g.white)!, position.get(g.black)!);
    const made = [...recorded].sort((g, h) => first(g) - first(h));
    const variants: [TableNumberingVariant, string][] = [
      [{ representative: 'weaker', ratings: 'lower-first' }, 'games whose representatives are equal on the placement criteria go by the LOWER rating first (OpenGotha 3.51.02 puts the higher first)'],
      [{ representative: 'better', ratings: 'higher-first' }, 'each game is represented by its BETTER player (OpenGotha 4\'s GameComparator tests "== 1" where 3.51.02 tests "== −1", which picks the weaker)'],
    ];
    for (const bye of byeStates) {
      const state = stateAtPairedRound(before, round, prepared.state.parameters, bye);
      for (const [variant, what] of variants) {
        const tables = numberTables(state, made, new Set(), variant);
        if (made.every((g, i) => g.table === tables[i])) {
          const counted = bye !== null && options.bye === undefined ? " (and this round's bye point counts)" : '';
          return { games, identical, verdict: 'other-version', explanation: `identical when ${what}${counted}: numbered by another OpenGotha version` };
        }
      }
    }
  }
  const swapped = recorded.filter((g) => g.table !== mine.get(key(g.white, g.black)));
  // Tables exchanged in twos: each differing game sits at the table where Tengen puts another differing game, and
  // that game at its table (OpenGotha's "Change table number" exchanges the two games' tables).
  const byTable = new Map(recorded.map((g) => [g.table!, g]));
  const exchanged = swapped.every((g) => {
    const other = byTable.get(mine.get(key(g.white, g.black))!);
    return other !== undefined && mine.get(key(other.white, other.black)) === g.table;
  });
  if (exchanged && swapped.length <= 4) {
    const pairsOfTables = [...new Set(swapped.map((g) => [g.table!, mine.get(key(g.white, g.black))!].sort((a, b) => a - b).join('↔')))];
    return { games, identical, verdict: 'renumbered', explanation: `tables ${pairsOfTables.join(', ')} exchanged, as the director's "Change table number" does` };
  }
  return { games, identical, verdict: 'differs', explanation: `${games - identical} games at other tables` };
}

/** Every recorded round of every corpus tournament. */
export function conformanceRows(tournaments: readonly CorpusTournament[] = OPENGOTHA_PAIRING_CORPUS): RoundRow[] {
  const rows: RoundRow[] = [];
  for (const c of tournaments) {
    if (!existsSync(corpusPath('opengotha-pairings', c.xml))) continue;
    const t = loadCorpusTournament(c.xml);
    const rounds = [...new Set(t.games.map((g) => g.round))].sort((a, b) => a - b);
    const version = savedBy(c.xml);
    for (const r of rounds) rows.push(compareRound(t, c.name, r, version));
    // Dumps of rounds that were not recorded (bosp2024 round 3) are checked too.
    const dir = corpusPath('opengotha-pairings', c.name);
    if (existsSync(dir)) {
      for (const f of readdirSync(dir)) {
        const m = /_weights_R(\d+)\.txt$/.exec(f);
        if (!m || rounds.includes(Number(m[1]))) continue;
        const round = Number(m[1]);
        const prepared = prepareOpenGothaRound(beforeRound(t, round), round, CORRECTED);
        rows.push({
          tournament: c.name,
          round,
          players: isPairingError(prepared) ? 0 : prepared.field.length + (prepared.bye ? 1 : 0),
          recordedPairs: 0,
          identicalPairs: 0,
          identicalColours: 0,
          byeIdentical: true,
          weights: checkWeightDump(t, c.name, round),
          verdict: 'not-automatic',
          explanation: 'round not recorded in the file: weights only',
        });
      }
    }
  }
  return rows;
}

function formatTables(t: TableCheck | undefined): string {
  if (!t) return '—';
  return t.verdict === 'identical' ? `${t.identical}/${t.games}` : `${t.identical}/${t.games} (${t.verdict}: ${t.explanation})`;
}

/**
 * The short table: tournament | round | identical pairs | tables identical (— where the pairs are not all identical;
 * where the director chose the bye, the tables of Tengen's draw with that bye, when it has every recorded pair).
 */
export function formatTablesTable(rows: readonly RoundRow[]): string {
  const line = (c: string[]) => `| ${c.join(' | ')} |`;
  return [
    line(['tournament', 'round', 'identical pairs', 'tables identical']),
    line(['---', '---', '---', '---']),
    ...rows
      .filter((r) => r.recordedPairs > 0)
      .map((r) => {
        const pairs = r.tables && r.identicalPairs < r.recordedPairs ? `${r.identicalPairs}/${r.recordedPairs} (${r.recordedPairs}/${r.recordedPairs} with the recorded bye)` : `${r.identicalPairs}/${r.recordedPairs}`;
        return line([r.tournament, String(r.round), pairs, formatTables(r.tables)]);
      }),
  ].join('\n');
}

export function formatTable(rows: readonly RoundRow[]): string {
  const header = ['tournament', 'round', 'players', 'pairs identical', 'tables identical', 'colours+handicap equal', 'bye', 'weight terms equal', 'explained differences'];
  const cells = rows.map((r) => [
    r.tournament,
    String(r.round),
    String(r.players),
    `${r.identicalPairs}/${r.recordedPairs}`,
    formatTables(r.tables),
    `${r.identicalColours}/${r.identicalPairs}`,
    r.byeIdentical ? 'same' : 'differs',
    r.weights ? `${r.weights.equalPairs}/${r.weights.pairs} pairs` : 'no dump',
    r.verdict === 'identical' ? '' : `${r.verdict}: ${r.explanation}`,
  ]);
  const line = (c: string[]) => `| ${c.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...cells.map(line)].join('\n');
}

