/**
 * `tengen check FILE`: a pairing checker for any tournament Tengen reads. Round by round, from the games and byes
 * recorded before it:
 *
 * Hard rules (a broken one makes `check` exit non-zero, so a federation can run it on every file it receives):
 *  - a repeated game — seeds/mays-swiss-mcmahon-manual.txt, Appendix D, Cardinal Rule No. 2: "No two players can be
 *    paired together twice"; seeds/egf-general-tournament-rules-excerpt.txt: never the same pair twice;
 *  - a second bye — Cardinal Rule No. 1: "No player gets a bye twice";
 *  - a player marked absent for the round but paired (or given the bye), a player at two tables, or playing himself.
 *
 * What a director reads before signing (reported, never an error): score gaps (pairs two points or more apart —
 * Cardinal Rule No. 3: "Always pair together players with the same current McMahon score, if possible"), handicaps
 * other than the file's own policy gives (src/pairing/handicap `decideHandicap`; the stronger takes White), colour
 * balance after the round (EGF: "Each player's colour balance shall approach 50%"), pairs of the same club, city or
 * family name, players present but neither paired nor given the bye.
 *
 * Then, from the same state, Tengen's own draw (the `optimal` system with the recorded bye, ../systems/mcmahon): the
 * same figures side by side — "round 4: 3 games with a gap of 2+, the best draw from this state has 1".
 *
 * A round it cannot judge is named with why (a player the file does not list, results missing before it), and the
 * rounds after it are still checked: the hard rules need no scores, only the comparisons do.
 */
import { formatRank } from '../model/rank';
import type { Game, PlayerId, Round, Tournament } from '../model/tournament';
import { buildHistory, formatHalves, type PairingHistory } from '../pairing/history';
import { decideHandicap, handicapSettingsOf } from '../pairing/handicap';
import { isPairingError } from '../pairing/types';
import { pairOptimalSystem } from '../systems/egc/egcCongress';
import { pairOpenGotha } from '../systems/opengotha/pair';
import { measureDraw, sharedBackground, stateBefore, type DrawMeasures } from './measures';

export type FindingKind =
  | 'repeated-game'
  | 'second-bye'
  | 'absent-paired'
  | 'paired-twice'
  | 'plays-himself'
  | 'unknown-player'
  | 'large-gap'
  | 'handicap-policy'
  | 'colour-imbalance'
  | 'same-club'
  | 'same-city'
  | 'same-family-name'
  | 'unpaired';

/** The findings that break a hard rule. */
export const HARD_RULES: ReadonlySet<FindingKind> = new Set(['repeated-game', 'second-bye', 'absent-paired', 'paired-twice', 'plays-himself', 'unknown-player']);

export interface Finding {
  readonly kind: FindingKind;
  readonly hard: boolean;
  readonly table?: number;
  readonly players: readonly PlayerId[];
  readonly message: string;
}

export interface RoundCheck {
  readonly round: Round;
  readonly games: number;
  readonly bye: PlayerId | null;
  readonly findings: readonly Finding[];
  /** The recorded draw's figures; absent when the round cannot be judged (`notJudged` says why). */
  readonly measures?: DrawMeasures;
  /** Tengen's draw from the same state; absent when not made (`bestWhyNot` says why). */
  readonly best?: DrawMeasures;
  readonly notJudged?: string;
  readonly bestWhyNot?: string;
}

export interface CheckReport {
  readonly name: string;
  readonly system: string;
  readonly ruleset: string;
  readonly players: number;
  readonly rounds: readonly RoundCheck[];
  /** Hard-rule findings over all rounds. */
  readonly hardViolations: number;
}

export interface CheckOptions {
  /** Re-draw each round with Tengen's `optimal` draw to compare (default true). */
  readonly compare?: boolean;
}

const RULE_WORDS: Record<FindingKind, string> = {
  'repeated-game': 'repeated game',
  'second-bye': 'second bye',
  'absent-paired': 'absent player paired',
  'paired-twice': 'player paired twice',
  'plays-himself': 'player paired with himself',
  'unknown-player': 'player not in the file',
  'large-gap': 'score gap of 2 or more',
  'handicap-policy': "handicap not the file's policy",
  'colour-imbalance': 'colour imbalance',
  'same-club': 'same club',
  'same-city': 'same city',
  'same-family-name': 'same family name',
  unpaired: 'present but not paired',
};

/** The systems whose rounds Tengen's `optimal` draw can re-draw (the others pair by their own tables or brackets). */
const REDRAWN = new Set(['mcmahon', 'swiss']);

function finding(kind: FindingKind, message: string, players: readonly PlayerId[], table?: number): Finding {
  return { kind, hard: HARD_RULES.has(kind), ...(table !== undefined ? { table } : {}), players, message };
}

/** Checks every round with a game or a bye in `t`. */
export function checkTournament(t: Tournament, options: CheckOptions = {}): CheckReport {
  const rounds = [...new Set([...t.games.map((g) => g.round), ...t.byes.map((b) => b.round)])].sort((a, b) => a - b);
  const checks = rounds.map((r) => checkRound(t, r, options));
  return {
    name: t.name ?? '',
    system: t.settings.system,
    ruleset: t.settings.ruleset,
    players: t.players.length,
    rounds: checks,
    hardViolations: checks.reduce((n, c) => n + c.findings.filter((f) => f.hard).length, 0),
  };
}

/** One round: the hard rules, then (when the scores before it are known) the figures and Tengen's draw beside them. */
export function checkRound(t: Tournament, round: Round, options: CheckOptions = {}): RoundCheck {
  const games = t.games.filter((g) => g.round === round);
  const byes = t.byes.filter((b) => b.round === round).map((b) => b.player);
  const registered = new Map(t.players.map((p) => [p.id, p]));
  const name = (id: PlayerId) => {
    const p = registered.get(id);
    return p ? `${id} (${p.family}${p.given ? `, ${p.given}` : ''})` : `${id}`;
  };
  const findings: Finding[] = [];
  const absent = (id: PlayerId) => (registered.get(id)?.absentRounds ?? []).includes(round);

  // Who met whom before, and who had a bye before.
  const met = new Map<string, number>();
  for (const g of t.games) if (g.round < round) met.set(key(g.white, g.black), g.round);
  const earlierBye = new Map<PlayerId, number>();
  for (const b of t.byes) if (b.round < round && !earlierBye.has(b.player)) earlierBye.set(b.player, b.round);

  const seat = new Map<PlayerId, string>();
  const sit = (id: PlayerId, where: string, table?: number) => {
    if (!registered.has(id)) findings.push(finding('unknown-player', `${where}: player ${id} is not in the file's list of players`, [id], table));
    const before = seat.get(id);
    if (before) findings.push(finding('paired-twice', `${name(id)} is at ${before} and at ${where}`, [id], table));
    else seat.set(id, where);
    if (absent(id)) findings.push(finding('absent-paired', `${where}: ${name(id)} is marked absent in round ${round} but ${where === 'the bye' ? 'has the bye' : 'is paired'}`, [id], table));
  };
  games.forEach((g, i) => {
    const table = g.table ?? i + 1;
    const where = `table ${table}`;
    if (g.white === g.black) findings.push(finding('plays-himself', `${where}: ${name(g.white)} is paired with himself`, [g.white], table));
    sit(g.white, where, table);
    if (g.black !== g.white) sit(g.black, where, table);
    const earlier = met.get(key(g.white, g.black));
    if (earlier !== undefined && g.white !== g.black) {
      findings.push(finding('repeated-game', `${where}: ${name(g.white)} and ${name(g.black)} already met in round ${earlier}`, [g.white, g.black], table));
    }
  });
  for (const id of byes) {
    sit(id, 'the bye');
    const before = earlierBye.get(id);
    if (before !== undefined) findings.push(finding('second-bye', `${name(id)} has the bye again: he had it in round ${before}`, [id]));
  }
  for (const p of t.players) {
    if (!absent(p.id) && !seat.has(p.id) && games.length > 0) {
      findings.push(finding('unpaired', `${name(p.id)} is present in round ${round} (not marked absent) but neither paired nor given the bye`, [p.id]));
    }
  }
  const base = { round, games: games.length, bye: byes[0] ?? null };

  // The figures need the scores before the round: every player known, every earlier result in.
  const unknown = [...new Set([...games.flatMap((g) => [g.white, g.black]), ...byes].filter((id) => !registered.has(id)))];
  if (unknown.length > 0) return { ...base, findings, notJudged: `player${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in the file's list of players` };
  const pending = t.games.filter((g) => g.round < round && g.result === 'unknown');
  if (pending.length > 0) {
    const where = [...new Set(pending.map((g) => g.round))].join(', ');
    return { ...base, findings, notJudged: `${pending.length} game${pending.length === 1 ? '' : 's'} of round${where.includes(',') ? 's' : ''} ${where} ${pending.length === 1 ? 'has' : 'have'} no result: the scores before round ${round} are not known` };
  }
  const before = stateBefore(t, round);
  let h: PairingHistory;
  try {
    h = buildHistory(before, round);
  } catch (e) {
    return { ...base, findings, notJudged: `the scores before round ${round} cannot be computed: ${(e as Error).message}` };
  }
  // The same players as the round (those it seats; a present player it leaves out is left out here too) and the
  // recorded bye (when it is a lawful one): the state Tengen's draw, and OpenGotha's handicaps, start from.
  const bye = byes.length === 1 && !earlierBye.has(byes[0]) && !absent(byes[0]) ? byes[0] : undefined;
  const seated = new Set(seat.keys());
  const sameField: Tournament = {
    ...before,
    players: before.players.map((p) => (seated.has(p.id) || absent(p.id) ? p : { ...p, absentRounds: [...(p.absentRounds ?? []), round] })),
  };
  findings.push(...judgedFindings(t, h, games, openGothaHandicaps(sameField, round, games, bye)));
  const measures = measureDraw(h, games);

  if (options.compare === false) return { ...base, findings, measures };
  if (!REDRAWN.has(t.settings.system) || t.settings.teams) {
    return { ...base, findings, measures, bestWhyNot: `a ${t.settings.teams ? 'team tournament' : t.settings.system} is paired by its own rules, not by a draw Tengen would re-make` };
  }
  const redrawn = pairOptimalSystem(sameField, round, bye === undefined ? {} : { bye });
  if (isPairingError(redrawn)) return { ...base, findings, measures, bestWhyNot: `Tengen's draw from this state: ${redrawn.message}` };
  return { ...base, findings, measures, best: measureDraw(h, redrawn.games) };
}

/**
 * An OpenGotha file's handicaps as OpenGotha gives them (its own rule from the file's parameters, threshold and
 * MMS-based difference included: ../systems/opengotha `gameBetween`), by the recorded pairs forced into its draw;
 * undefined for another file, or when OpenGotha's draw refuses the pairs (Tengen's own rule then).
 */
function openGothaHandicaps(sameField: Tournament, round: Round, games: readonly Game[], bye: PlayerId | undefined): Map<string, { handicap: number; white: PlayerId; reason: string }> | undefined {
  if (!sameField.settings.opengotha || games.some((g) => g.white === g.black)) return undefined;
  const pairs = games.map((g) => [g.white, g.black] as const);
  const drawn = pairOpenGotha(sameField, round, { forcedPairs: pairs, ...(bye !== undefined ? { bye } : {}) });
  if (isPairingError(drawn)) return undefined;
  const rule = new Map<string, { handicap: number; white: PlayerId; reason: string }>();
  for (const g of drawn.games) rule.set(key(g.white, g.black), { handicap: g.handicap, white: g.white, reason: `OpenGotha's handicap rule from the file's parameters` });
  return rule;
}

/** Score gaps, handicaps against the policy, colours, geography: what needs the scores before the round. */
function judgedFindings(t: Tournament, h: PairingHistory, games: readonly Game[], openGotha?: Map<string, { handicap: number; white: PlayerId; reason: string }>): Finding[] {
  const out: Finding[] = [];
  const settings = handicapSettingsOf(t.settings);
  const scoreWord = h.scoreboard.primary === 'mms' ? 'MMS' : 'wins';
  games.forEach((g, i) => {
    const table = g.table ?? i + 1;
    const [w, b] = [h.player(g.white), h.player(g.black)];
    const sw = h.scoreHalves(w.id);
    const sb = h.scoreHalves(b.id);
    const gap = Math.abs(sw - sb);
    if (gap >= 4) {
      out.push(finding('large-gap', `table ${table}: ${h.describe(w.id)} (${scoreWord} ${formatHalves(sw)}) meets ${h.describe(b.id)} (${scoreWord} ${formatHalves(sb)}), a gap of ${formatHalves(gap)}`, [w.id, b.id], table));
    }
    const own = openGotha?.get(key(w.id, b.id));
    const decided = decideHandicap({ id: w.id, rank: w.rank, scoreHalves: sw }, { id: b.id, rank: b.rank, scoreHalves: sb }, settings);
    const policy = own ? { handicap: own.handicap, stronger: own.handicap > 0 ? own.white : decided.stronger, reason: own.reason } : decided;
    if (policy.handicap !== g.handicap) {
      out.push(finding('handicap-policy', `table ${table}: ${g.handicap} stone${g.handicap === 1 ? '' : 's'} recorded; the file's handicap policy gives ${policy.handicap} (${policy.reason})`, [w.id, b.id], table));
    } else if (g.handicap > 0 && policy.stronger !== w.id) {
      out.push(finding('handicap-policy', `table ${table}: ${h.describe(w.id)} (${formatRank(w.rank)}) takes White giving ${g.handicap} stone${g.handicap === 1 ? '' : 's'} to the stronger ${h.describe(b.id)} (${formatRank(b.rank)})`, [w.id, b.id], table));
    }
    // Colours (EGF: "Each player's colour balance shall approach 50%"): a player ends 2 or more out of balance
    // although the other colours would have suited both (his balance above his opponent's); a repeat meeting is left
    // alone ("If two players meet again, then they get inverse colours").
    if (g.handicap === 0 && g.colourKnown !== false && h.meetings(w.id, b.id).length === 0) {
      const bw = h.colourBalance(w.id);
      const bb = h.colourBalance(b.id);
      if (bw > bb) {
        for (const [id, after, colour] of [[w.id, bw + 1, 'White'], [b.id, bb - 1, 'Black']] as const) {
          if (Math.abs(after) < 2 || (colour === 'White' ? after < 0 : after > 0)) continue;
          const other = id === w.id ? b.id : w.id;
          out.push(finding('colour-imbalance', `table ${table}: ${h.describe(id)} plays ${colour} again (whites − blacks ${signed(after)} after the round) though ${h.describe(other)} (${signed(h.colourBalance(other))}) could have taken it`, [id, other], table));
        }
      }
    }
    const shared = sharedBackground(w, b);
    if (shared.family) out.push(finding('same-family-name', `table ${table}: ${h.describe(w.id)} and ${h.describe(b.id)} share a family name (related?)`, [w.id, b.id], table));
    if (shared.city) out.push(finding('same-city', `table ${table}: ${h.describe(w.id)} and ${h.describe(b.id)} are both from ${w.city}`, [w.id, b.id], table));
    else if (shared.club) out.push(finding('same-club', `table ${table}: ${h.describe(w.id)} and ${h.describe(b.id)} are both of the club ${w.club}`, [w.id, b.id], table));
  });
  return out;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

function key(a: PlayerId, b: PlayerId): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

function figures(m: DrawMeasures): string {
  return (
    `${m.largeGaps} game${m.largeGaps === 1 ? '' : 's'} with a gap of 2+ (largest ${formatHalves(m.largestGapHalves)}, total ${formatHalves(m.totalGapHalves)}); ` +
    `${m.handicapStones} handicap stone${m.handicapStones === 1 ? '' : 's'}; colours: ${m.colourThreeOrMoreOut} player${m.colourThreeOrMoreOut === 1 ? '' : 's'} 3+ out of balance, ${m.colourTwoOut} 2 out; ` +
    `same club ${m.sameClub}, same city ${m.sameCity}, same family name ${m.sameFamilyName}`
  );
}

/** The comparison in a sentence: "games with a gap of 2+ 3, Tengen's 1; handicap stones 42, Tengen's 31; …". */
export function comparisonWords(m: DrawMeasures, best: DrawMeasures): string {
  const parts: string[] = [];
  const say = (label: string, a: number, b: number, unit = (x: number) => String(x)) => {
    if (a !== b) parts.push(`${label} ${unit(a)}, Tengen's ${unit(b)}`);
  };
  say('games with a gap of 2+', m.largeGaps, best.largeGaps);
  say('largest gap', m.largestGapHalves, best.largestGapHalves, formatHalves);
  say('total score difference', m.totalGapHalves, best.totalGapHalves, formatHalves);
  say('handicap stones', m.handicapStones, best.handicapStones);
  say('players 3+ colours out of balance', m.colourThreeOrMoreOut, best.colourThreeOrMoreOut);
  say('players 2 colours out', m.colourTwoOut, best.colourTwoOut);
  say('same-club pairs', m.sameClub, best.sameClub);
  say('same-city pairs', m.sameCity, best.sameCity);
  return parts.length === 0 ? 'the same figures' : parts.join('; ');
}

/** The most findings of one kind a round lists as text (--json lists all). */
const LISTED = 12;

/** The report as text, round by round; hard-rule findings first in each round, marked HARD. */
export function renderCheck(report: CheckReport, file?: string): string {
  const out: string[] = [];
  const title = file ?? report.name;
  out.push(`${title}: ${report.players} players, ${report.system}, ${report.ruleset} rules, ${report.rounds.length} round${report.rounds.length === 1 ? '' : 's'} recorded`);
  for (const r of report.rounds) {
    out.push('');
    out.push(`Round ${r.round}: ${r.games} game${r.games === 1 ? '' : 's'}${r.bye !== null ? `, bye ${r.bye}` : ''}`);
    const hard = r.findings.filter((f) => f.hard);
    const soft = r.findings.filter((f) => !f.hard);
    for (const f of hard) out.push(`  HARD ${RULE_WORDS[f.kind]}: ${f.message}`);
    if (r.notJudged) out.push(`  not judged (scores, colours, handicaps): ${r.notJudged}`);
    if (r.measures) out.push(`  draw: ${figures(r.measures)}`);
    if (r.best && r.measures) out.push(`  Tengen's draw from this state: ${comparisonWords(r.measures, r.best)}`);
    if (r.bestWhyNot) out.push(`  not compared: ${r.bestWhyNot}`);
    const byKind = new Map<FindingKind, Finding[]>();
    for (const f of soft) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
    for (const [kind, list] of byKind) {
      out.push(`  ${RULE_WORDS[kind]} (${list.length}):`);
      for (const f of list.slice(0, LISTED)) out.push(`    ${f.message}`);
      if (list.length > LISTED) out.push(`    … and ${list.length - LISTED} more (--json lists every one)`);
    }
  }
  out.push('');
  out.push(
    report.hardViolations === 0
      ? 'No hard rule broken (repeated games, second byes, absent players paired, players paired twice).'
      : `${report.hardViolations} hard rule${report.hardViolations === 1 ? '' : 's'} broken: ${[...new Set(report.rounds.flatMap((r) => r.findings.filter((f) => f.hard).map((f) => `${RULE_WORDS[f.kind]} (round ${r.round})`)))].join(', ')}.`,
  );
  return `${out.join('\n')}\n`;
}
