/**
 * The other federations' numbers a director picks from a rating list (the pane's lookup fills them in) or imports
 * (Pairgoth's `ffg`, `aga`) live in `Player.extra`; the Players sheet keeps them in its "FFG licence" and "AGA ID"
 * columns, so the FFG and AGA exports of a workbook still carry them (issue 15).
 */
import { exportAga } from '../../src/formats/aga';
import { exportFfg } from '../../src/formats/ffg';
import { computeStandings } from '../../src/scoring/standings';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch, readTournament } from '../../src/workbook/session';
import { example, value } from './fixtures';

describe('FFG licence and AGA ID through the workbook', () => {
  it('are written on the Players sheet, read back, and exported', async () => {
    const t = example();
    const withNumbers = { ...t, players: t.players.map((p, i) => (i === 0 ? { ...p, extra: { ffgLicence: '9728209' } } : i === 1 ? { ...p, extra: { agaId: '15648' } } : p)) };
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(withNumbers, { time: '2026-11-24T12:00:00Z' }));
    const sheet = (await wb.readSheet('Players'))!;
    expect(sheet[0].slice(-2)).toEqual(['FFG licence', 'AGA ID']);
    const back = value(await readTournament(wb));
    expect(back.players[0].extra).toEqual({ ffgLicence: '9728209' });
    expect(back.players[1].extra).toEqual({ agaId: '15648' });
    expect(back.players[2].extra).toBeUndefined();
    const ffg = exportFfg(computeStandings(back));
    const aga = exportAga(back);
    expect(ffg.ok && ffg.text).toContain('9728209');
    expect(aga.ok && aga.text).toContain('15648');
  });
});
