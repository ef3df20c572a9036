/**
 * Rounds as a director types them, wherever the pane asks for rounds: single rounds and ranges, separated by spaces,
 * commas or semicolons — "3", "3 4", "2-4", "2–4, 6". One parser for every field, so they all accept the same.
 */
import type { Round } from '../src/model/tournament';

export type RoundsRead = { readonly ok: true; readonly rounds: readonly Round[] } | { readonly ok: false; readonly message: string };

/** The rounds of `text` in order, each once, all between 1 and `lastRound`; or what is wrong, quoting the part. */
export function parseRounds(text: string, lastRound: number): RoundsRead {
  const expected = `type rounds between 1 and ${lastRound}, e.g. "3", "3 4" or "2-4"`;
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { ok: false, message: `no round given — ${expected}` };
  const rounds = new Set<number>();
  for (const part of parts) {
    // A hyphen, an en dash or a minus sign between two numbers is a range.
    const m = /^(\d+)(?:[-\u2013\u2212](\d+))?$/.exec(part);
    if (!m) return { ok: false, message: `"${part}" is not a round or a range of rounds — ${expected}` };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return { ok: false, message: `"${part}": the range runs backwards — write it ${to}-${from}` };
    if (from < 1 || to > lastRound) return { ok: false, message: `"${part}": this tournament has rounds 1 to ${lastRound}` };
    for (let r = from; r <= to; r++) rounds.add(r);
  }
  return { ok: true, rounds: [...rounds].sort((a, b) => a - b) as Round[] };
}

/** "2-4, 6": rounds written back the way a director types them. */
export function formatRounds(rounds: readonly Round[]): string {
  const sorted = [...new Set(rounds)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(j > i + 1 ? `${sorted[i]}-${sorted[j]}` : j === i + 1 ? `${sorted[i]}, ${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return out.join(', ');
}
