import { loadCorpusTournament, beforeRound } from '../support/opengothaConformance';
import { prepareOpenGothaRound } from '../../src/pairing/opengotha/pair';
test('bye', () => {
  for (const [xml, rounds] of [['pairings/notsosimpleswiss.xml', [1,2,3,4,5,7,9]], ['bosp2024/bosp2024.xml', [1,2]], ['tournamentfiles/veterans-2021.xml',[2]]] as const) {
  const t = loadCorpusTournament(xml);
  for (const R of rounds) {
    const p = prepareOpenGothaRound(beforeRound(t, R), R);
    if ('kind' in p) throw new Error(p.message);
    const rec = t.byes.filter((b) => b.round === R).map((b) => b.player);
    const all = [...p.field, ...(p.bye ? [p.bye] : [])];
    const rows = all.map((s) => ({ n: `${s.name} ${s.firstName}`, rank: s.player.rank, mms: p.state.mmsX2(s.id), nbw: p.state.nbwX2(s.id), byes: s.byes, rec: rec.includes(s.id), status: s.player.extra?.registeringStatus }))
      .sort((a, b) => a.rank + a.mms + 1000 * a.byes - (b.rank + b.mms + 1000 * b.byes));
    console.log(xml, R, JSON.stringify(rows.slice(0, 6)), JSON.stringify(rows.filter((r) => r.rec)));
  }}
});
