/**
 * Digests of what the engine decides on fixed inputs — every draw the default system makes and every standings table —
 * so that a change of speed is shown to leave them byte-identical (issue 28, "Done means" 2: "Byte-identical draws and
 * standings before and after on the corpus and the examples (a test, not a claim)"). test/conformance/digests.test.ts
 * compares them with the committed list; bench/drawDigests.js adds generated fields and the EGC ten rounds.
 *
 * A draw is digested as its games (table, white, black, handicap), its bye and its report lines; a standings table as
 * each entry's place, section place, player and every criterion's exact value.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../formats/json';
import { parseOpenGotha } from '../formats/opengotha';
import type { Tournament } from '../model/tournament';
import { isPairingError, type PairingResult } from '../pairing/types';
import { computeStandings } from '../scoring/standings';
import { pairOptimalSystem } from '../systems/egc/egcCongress';
import { pairOptimal } from '../systems/mcmahon/optimal';
import { stateBefore } from './measures';

export interface Digest {
  readonly label: string;
  /** 16 hex digits, or what kept the input from being digested ("unreadable: …"). */
  readonly digest: string;
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A draw's games, bye and report lines (an error: its message). */
export function drawDigest(result: PairingResult | Threw): string {
  if ('threw' in result) return hash(`error threw ${result.threw}`);
  if (isPairingError(result)) return hash(`error ${result.message}`);
  const lines: string[] = [];
  for (const g of result.games) lines.push(`${g.table ?? ''} ${g.white} ${g.black} ${g.handicap}`);
  lines.push(`bye ${result.bye ?? ''}`);
  for (const line of result.report ?? []) lines.push(JSON.stringify(line));
  return hash(`${lines.join('\n')}\n`);
}

/** The standings of `t` as the CLI computes them by default: places, players and exact values. */
export function standingsDigest(t: Tournament): string {
  let s;
  try {
    s = computeStandings(t);
  } catch (e) {
    return hash(`error ${(e as Error).message}`);
  }
  const lines = s.entries.map((e) => {
    const values = Object.entries(e.values)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v.num}/${v.den}`);
    return `${e.place} ${e.sectionPlace} ${e.player.id} ${values.join(' ')} dc=${e.dcKeys.join(',')}`;
  });
  return hash(`${s.order.join(',')}\n${lines.join('\n')}\n`);
}

/** A draw that threw (an engine fault: digested, so that a change of it shows). */
interface Threw {
  readonly threw: string;
}

function attempt(draw: () => PairingResult): PairingResult | Threw {
  try {
    return draw();
  } catch (e) {
    return { threw: (e as Error).message };
  }
}

/** The OpenGotha files under `corpus` (sorted; the MacMahon program's own sample left out). */
export function corpusFiles(corpus: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of fs.readdirSync(dir).sort()) {
      const f = path.join(dir, name);
      if (fs.statSync(f).isDirectory()) walk(f);
      else if (f.endsWith('.xml') && !name.startsWith('macmahon')) files.push(f);
    }
  };
  walk(corpus);
  return files;
}

/**
 * Every recorded round of every corpus OpenGotha file re-drawn by the default system from the state before it, on the
 * same players with the recorded lawful bye (as `tengen check` re-draws it), and the file's standings.
 */
export function corpusDigests(corpus: string): Digest[] {
  const out: Digest[] = [];
  for (const file of corpusFiles(corpus)) {
    const label = path.relative(corpus, file).split(path.sep).join('/');
    const parsed = parseOpenGotha(fs.readFileSync(file, 'utf8'), file);
    if (!parsed.ok) {
      out.push({ label: `corpus ${label}`, digest: `unreadable: ${parsed.errors[0]?.message ?? ''}` });
      continue;
    }
    const t = parsed.value;
    out.push({ label: `corpus ${label} standings`, digest: standingsDigest(t) });
    const rounds = [...new Set(t.games.map((g) => g.round))].sort((a, b) => a - b);
    for (const round of rounds) {
      const seated = new Set([...t.games.filter((g) => g.round === round).flatMap((g) => [g.white, g.black]), ...t.byes.filter((b) => b.round === round).map((b) => b.player)]);
      const byes = t.byes.filter((b) => b.round === round).map((b) => b.player);
      const earlier = new Set(t.byes.filter((b) => b.round < round).map((b) => b.player));
      const before = stateBefore(t, round);
      const same: Tournament = {
        ...before,
        players: before.players.map((p) => (seated.has(p.id) || (p.absentRounds ?? []).includes(round) ? p : { ...p, absentRounds: [...(p.absentRounds ?? []), round] })),
      };
      const bye = byes.length === 1 && !earlier.has(byes[0]) ? byes[0] : undefined;
      out.push({ label: `corpus ${label} round ${round}`, digest: drawDigest(attempt(() => pairOptimalSystem(same, round, bye === undefined ? {} : { bye }))) });
    }
  }
  return out;
}

/** Every round 1…rounds of each example drawn by the default draw from the file's state before it, and its standings. */
export function exampleDigests(examples: string): Digest[] {
  const out: Digest[] = [];
  for (const name of fs.readdirSync(examples).filter((f) => f.endsWith('.json')).sort()) {
    const parsed = parseTournamentJson(fs.readFileSync(path.join(examples, name), 'utf8'), name);
    if (!parsed.ok) {
      out.push({ label: `example ${name}`, digest: `unreadable: ${parsed.errors[0]?.message ?? ''}` });
      continue;
    }
    const t = parsed.value;
    out.push({ label: `example ${name} standings`, digest: standingsDigest(t) });
    for (let round = 1; round <= t.settings.rounds; round++) {
      out.push({ label: `example ${name} round ${round}`, digest: drawDigest(attempt(() => pairOptimal(stateBefore(t, round), round))) });
    }
  }
  return out;
}
