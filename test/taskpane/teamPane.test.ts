/**
 * The pane's Pair Round on a team tournament (settings.teams): the services the pane uses, over an in-memory
 * workbook, pair it by the team draw (src/systems/teams/teamDraw.ts) — board k against board k, every player of a team
 * facing the same opposing team — never as an individual Swiss of its players; the round is written with its team
 * bye and the Team matches sheet follows.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import { seatsOf } from '../../src/scoring/teamStandings';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch } from '../../src/workbook/session';
import { TEAM_MATCHES_SHEET, TEAM_STANDINGS_SHEET, teamStandingsCells } from '../../src/workbook/sheets/teamSheets';
import type { TournamentRead, WizardServices } from '../../taskpane/services';
import { sessionServices } from '../../taskpane/sessionServices';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

function example(name: string, keepRounds = 0): Tournament {
  const file = path.join(EXAMPLES, name);
  const parsed = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(`${name} not read`);
  const t = parsed.value;
  return { ...t, games: t.games.filter((g) => g.round <= keepRounds), byes: t.byes.filter((b) => b.round <= keepRounds) };
}

async function read(s: WizardServices, wb: MemoryWorkbook): Promise<Extract<TournamentRead, { ok: true }>> {
  const r = await s.readTournament(wb);
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r;
}

function pairingOf(p: PairingResult): RoundPairing {
  if (isPairingError(p)) throw new Error(p.message);
  return p;
}

/** Each team of the round's games with the one team it meets, and the board of each game; a team drawn twice fails. */
function teamMatchesOf(t: Tournament, p: RoundPairing): Map<number, number> {
  const seats = seatsOf(t, p.round);
  const opponent = new Map<number, number>();
  for (const g of p.games) {
    const w = seats.get(g.white)!;
    const b = seats.get(g.black)!;
    expect(w.board).toBe(b.board);
    expect(w.team).not.toBe(b.team);
    for (const [a, c] of [[w.team, b.team], [b.team, w.team]]) {
      if (opponent.has(a)) expect(opponent.get(a)).toBe(c);
      opponent.set(a, c);
    }
  }
  return opponent;
}

describe('the pane pairs a team tournament by the team draw', () => {
  const s = sessionServices();

  it('previews round 1 of 8 teams of 4 boards as team matches, whatever pairing system the pane has chosen', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(example('team-swiss.json')));
    const { tournament: t } = await read(s, wb);
    expect(t.settings.system).toBe('swiss');
    for (const system of ['optimal', 'mays', 'opengotha']) {
      const p = pairingOf(s.previewPairing(t, 1, system, {}).pairing);
      expect(p.system).toBe('team');
      expect(p.games).toHaveLength(16);
      const opponent = teamMatchesOf(t, p);
      expect(opponent.size).toBe(8);
      // Four boards a match, colours alternating by board: the first team White on boards 1 and 3.
      const seats = seatsOf(t, 1);
      for (let m = 0; m < 4; m++) {
        const boards = p.games.slice(4 * m, 4 * m + 4);
        expect(boards.map((g) => seats.get(g.white)!.board)).toEqual([1, 2, 3, 4]);
        const first = seats.get(boards[0].white)!.team;
        expect(boards.map((g) => seats.get(g.white)!.team === first)).toEqual([true, false, true, false]);
      }
    }
  });

  it('refuses, by name, a director control the team draw does not honour', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(example('team-swiss.json')));
    const { tournament: t } = await read(s, wb);
    const preview = s.previewPairing(t, 1, 'optimal', { forcedPairs: [[1 as PlayerId, 17 as PlayerId]] });
    expect(isPairingError(preview.pairing)).toBe(true);
    if (isPairingError(preview.pairing)) expect(preview.pairing.message).toMatch(/team draw .*--force \(forced pairs\) is not honoured/);
  });

  it('writes the round of 7 teams with its team bye (four byes in one round) and its Team matches', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(example('team-swiss-odd-played.json')));
    const { tournament: t, fingerprint } = await read(s, wb);
    const preview = s.previewPairing(t, 1, 'optimal', {});
    const p = pairingOf(preview.pairing);
    expect(p.system).toBe('team');
    expect(p.games).toHaveLength(12);
    expect(teamMatchesOf(t, p).size).toBe(6);
    const byes = [p.bye!, ...(p.freeWins ?? [])];
    expect(byes).toHaveLength(4);
    const batch = s.pairRoundBatch(t, p, { expectedFingerprint: preview.fingerprint, currentFingerprint: fingerprint, confirmRepair: false });
    if (!batch.ok) throw new Error(batch.errors.map((e) => e.message).join('\n'));
    await wb.apply(batch.batch);
    const after = (await read(s, wb)).tournament;
    expect(after.games.filter((g) => g.round === 1)).toHaveLength(12);
    expect(after.byes.filter((b) => b.round === 1).map((b) => b.player).sort((a, b) => a - b)).toEqual([...byes].sort((a, b) => a - b));
    const matches = (await wb.readSheet(TEAM_MATCHES_SHEET)) ?? [];
    expect(matches.filter((r) => /^Round 1, match \d:/.test(String(r[0])))).toHaveLength(3);
    expect(matches.filter((r) => /^Round 1, bye: /.test(String(r[0])))).toHaveLength(1);
    // The Log names every player of the bye team, not its board 1 only.
    const paired = ((await wb.readSheet('Log')) ?? []).map((r) => String(r[2])).find((x) => x.startsWith('Paired round 1'));
    expect(paired).toMatch(/^Paired round 1 \(team\): 12 tables, byes /);
    for (const id of byes) expect(paired).toContain(`${id} `);
  });

  it('a result typed in the pane brings the Team matches and Team standings sheets up to date', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(example('team-swiss.json')));
    const first = await read(s, wb);
    const preview = s.previewPairing(first.tournament, 1, 'optimal', {});
    const p = pairingOf(preview.pairing);
    const paired = s.pairRoundBatch(first.tournament, p, { expectedFingerprint: preview.fingerprint, currentFingerprint: first.fingerprint, confirmRepair: false });
    if (!paired.ok) throw new Error(paired.errors.map((e) => e.message).join('\n'));
    await wb.apply(paired.batch);
    const t = (await read(s, wb)).tournament;
    const before = (await wb.readSheet(TEAM_STANDINGS_SHEET)) ?? [];
    // Every board of match 1 won by White: the two teams' board wins 2 : 2, a drawn match, then board 1 to Black.
    const match = p.games.slice(0, 4);
    const results = s.resultsBatch(t, 1, match.map((g, i) => ({ white: g.white, black: g.black, result: i === 0 ? ('black-wins' as const) : ('white-wins' as const) })));
    if (!results.ok) throw new Error(results.errors.map((e) => e.message).join('\n'));
    await wb.apply(results.batch);
    const after = (await read(s, wb)).tournament;
    const sheet = (await wb.readSheet(TEAM_STANDINGS_SHEET)) ?? [];
    expect(sheet).not.toEqual(before);
    expect(sheet.slice(0, teamStandingsCells(after).length).map((r) => r.slice(0, teamStandingsCells(after)[2].length))).toEqual(teamStandingsCells(after));
    const matches = ((await wb.readSheet(TEAM_MATCHES_SHEET)) ?? []).map((r) => r.map(String).join(' '));
    expect(matches.join('\n')).toMatch(/Round 1, match 1: [^\n]* (1:3|3:1) null/);
  });
});
