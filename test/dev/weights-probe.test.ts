import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { readOpenGothaParameters } from '../../src/pairing/opengotha/parameters';
import { buildRoundState } from '../../src/pairing/opengotha/scoredPlayers';
import { weightTerms } from '../../src/pairing/opengotha/weights';
import { corpusPath } from '../support/corpus';
import { readWeightDump, DUMP_TERMS } from '../support/opengothaDumps';

const sets: [string, string][] = [
  ['simpleswiss', 'pairings/simpleswiss.xml'],
  ['notsosimpleswiss', 'pairings/notsosimpleswiss.xml'],
  ['simplemm', 'pairings/simplemm.xml'],
  ['notsimplemm', 'pairings/notsimplemm.xml'],
  ['Toulouse2024', 'pairings/Toulouse2024.xml'],
  ['20240921-KPMC-Splitbug', 'pairings/20240921-KPMC-Splitbug.xml'],
  ['bosp2024', 'bosp2024/bosp2024.xml'],
];
test('probe', () => {
  const out: string[] = [];
  for (const [name, xml] of sets) {
    const parsed = parseOpenGotha(readFileSync(corpusPath('opengotha-pairings', xml), 'utf8'), xml);
    if (!parsed.ok) { out.push(`${name}: parse error ${JSON.stringify(parsed.errors.slice(0, 2))}`); continue; }
    const t = parsed.value;
    const par = readOpenGothaParameters(t);
    if (!par.ok) { out.push(`${name}: ${par.problems.join('; ')}`); continue; }
    const dir = corpusPath('opengotha-pairings', name);
    for (const f of readdirSync(dir).filter((f) => f.includes('_weights_R')).sort()) {
      const dump = readWeightDump(path.join(dir, f));
      const R = dump.round;
      const before = { ...t, games: t.games.filter((g) => g.round < R), byes: t.byes.filter((b) => b.round < R) };
      const state = buildRoundState(before, R, par.parameters);
      const byName = new Map(state.scored.map((s) => [`${s.name} ${s.firstName}`, s]));
      const bad: Record<string, number> = {};
      const ex: Record<string, string> = {};
      let missing = 0;
      for (const p of dump.pairs) {
        const a = byName.get(p.player1); const b = byName.get(p.player2);
        if (!a || !b) { missing++; continue; }
        const w = weightTerms(state, a, b) as unknown as Record<string, number>;
        for (const term of DUMP_TERMS) {
          const mine = w[term.replace(/Cost$/, '') === 'total' ? 'total' : term.replace(/Cost$/, '')];
          if (mine !== p.costs[term]) { bad[term] = (bad[term] ?? 0) + 1; ex[term] ??= `${p.player1}/${p.player2}: ${mine} vs ${p.costs[term]}`; }
        }
      }
      out.push(`${f}: ${dump.pairs.length} pairs, missing ${missing}, bad ${JSON.stringify(bad)} ${JSON.stringify(ex)}`);
    }
  }
  console.log(out.join('\n'));
});
