/**
 * The wizard's services over the Grid sheet alone: the tournament is read from the paper grid (`readGrid`) and every
 * write is the whole grid rewritten (`gridBatch`) — the interim binding until the workbook layer's session API
 * (pairing sheet, standings sheet, values-only copy) is in place; then ./sessionServices replaces it.
 */
import { failed, ok, type InputError, type Parsed } from '../src/model/errors';
import { parseRank } from '../src/model/rank';
import type { Game, GameResult, Player, Tournament } from '../src/model/tournament';
import { parseOpenGotha } from '../src/formats/opengotha';
import { applyPairing } from '../src/pairing/apply';
import { pairMays } from '../src/pairing/mays';
import { numberByStrength } from '../src/pairing/numbering';
import { applyBar, applySections } from '../src/pairing/sections';
import { isPairingError } from '../src/pairing/types';
import { gridBatch, GRID_SHEET, readGrid } from '../src/workbook/grid';
import type { WorkbookAdapter, WorkbookBatch } from '../src/workbook/adapter';
import type { BatchOrErrors, NewPlayer, WizardServices } from './services';

/** FNV-1a over the sheet's values: equal grids, equal fingerprints. */
export function fingerprintOf(values: unknown): string {
  const text = JSON.stringify(values);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(16)}-${hash.toString(16)}`;
}

const batch = (b: WorkbookBatch): BatchOrErrors => ({ ok: true, batch: b });
const errors = (e: readonly InputError[]): BatchOrErrors => ({ ok: false, errors: e });

function relabel(b: WorkbookBatch, label: string): WorkbookBatch {
  return { ...b, label };
}

/**
 * A pasted list, one player a line: `Family, Given, rank[, city[, club]]` (tabs work as well as commas, so a block
 * copied from a spreadsheet pastes as it is).
 */
export function parsePlayerLines(text: string): Parsed<NewPlayer[]> {
  const players: NewPlayer[] = [];
  const problems: InputError[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const parts = line.split(/\t|,/).map((p) => p.trim());
    const where = `line ${i + 1}`;
    if (parts.length < 3) {
      problems.push({ where, message: `"${line.trim()}": expected "Family, Given, rank" (then city and club if any)` });
      return;
    }
    const [family, given, rankText, city, club] = parts;
    const rank = parseRank(rankText);
    if (!family) problems.push({ where, message: 'no family name' });
    if (!rank.ok) problems.push({ where, player: `${family}, ${given}`, message: `rank "${rankText}": ${rank.message}` });
    else if (family) players.push({ family, given, rank: rank.rank, ...(city ? { city } : {}), ...(club ? { club } : {}) });
  });
  if (problems.length > 0) return failed(problems);
  if (players.length === 0) return failed([{ message: 'no player in the list: one a line, "Family, Given, rank"' }]);
  return ok(players);
}

/** A player without his ID (registering numbers players afresh, by strength). */
function withoutId(p: Player): NewPlayer {
  const copy: { -readonly [K in keyof Player]?: Player[K] } = { ...p };
  delete copy.id;
  return copy as NewPlayer;
}

export function gridServices(): WizardServices {
  return {
    pairingSystems: [['mays', "Mays' paper method"]],
    async readTournament(wb: WorkbookAdapter) {
      const values = await wb.readSheet(GRID_SHEET);
      if (!values) return { ok: false, empty: true };
      const read = readGrid(values);
      if (!read.ok) return { ok: false, errors: read.errors };
      return { ok: true, tournament: read.value, fingerprint: fingerprintOf(values) };
    },
    newTournamentBatch(info) {
      const t: Tournament = {
        name: info.name,
        ...(info.location ? { location: info.location } : {}),
        ...(info.beginDate ? { beginDate: info.beginDate } : {}),
        settings: { system: info.system, rounds: info.rounds, ruleset: info.ruleset },
        players: [],
        games: [],
        byes: [],
      };
      return batch(relabel(gridBatch(t), `New tournament: ${info.name}`));
    },
    parsePlayerList(text) {
      const r = parsePlayerLines(text);
      return r.ok ? { ok: true, players: r.value } : r;
    },
    importOpenGotha(text, file) {
      const r = parseOpenGotha(text, file);
      return r.ok ? { ok: true, players: r.value.players.map(withoutId) } : r;
    },
    registerPlayersBatch(t, players) {
      if (t.games.length > 0) return errors([{ message: 'the tournament has started: register a latecomer instead (not yet in the pane)' }]);
      const withNew: Tournament = { ...t, players: [...t.players, ...players.map((p, i) => ({ ...p, id: (10000 + i) as never }))] };
      return batch(relabel(gridBatch(numberByStrength(withNew).tournament), `Register ${players.length} players`));
    },
    sectionsBatch(t, choice) {
      let next = t;
      if (choice.sections) next = applySections(next, choice.sections);
      if (choice.bar !== undefined) next = applyBar(next, { bar: choice.bar });
      return batch(relabel(gridBatch(next), 'Sections'));
    },
    previewPairing(t, round, _system, controls, fingerprint) {
      return { pairing: pairMays(t, round, controls), fingerprint };
    },
    pairRoundBatch(t, pairing, check) {
      if (check.expectedFingerprint !== check.currentFingerprint) {
        return errors([{ where: GRID_SHEET, message: `the grid changed since the preview of round ${pairing.round}: preview again` }]);
      }
      const existing = t.games.filter((g) => g.round === pairing.round);
      if ((existing.length > 0 || t.byes.some((b) => b.round === pairing.round)) && !check.confirmRepair) {
        return errors([{ where: GRID_SHEET, message: `round ${pairing.round} is already paired: confirm re-pairing to replace it` }]);
      }
      const base: Tournament = { ...t, games: t.games.filter((g) => g.round !== pairing.round), byes: t.byes.filter((b) => b.round !== pairing.round) };
      if (isPairingError(pairing)) return errors([{ message: (pairing as { message: string }).message }]);
      return batch(relabel(gridBatch(applyPairing(base, pairing)), `Pair round ${pairing.round}`));
    },
    resultsBatch(t, round, results) {
      const problems: InputError[] = [];
      const byPair = new Map(results.map((r) => [`${r.white}-${r.black}`, r.result] as const));
      const games: Game[] = t.games.map((g) => {
        if (g.round !== round) return g;
        const result: GameResult | undefined = byPair.get(`${g.white}-${g.black}`);
        if (result === undefined) return g;
        byPair.delete(`${g.white}-${g.black}`);
        return { ...g, result };
      });
      for (const k of byPair.keys()) problems.push({ message: `round ${round} has no game ${k}` });
      if (problems.length > 0) return errors(problems);
      return batch(relabel(gridBatch({ ...t, games }), `Results of round ${round}`));
    },
    standingsBatch(t) {
      return batch(relabel(gridBatch(t), 'Standings'));
    },
    finalizeBatch(t) {
      return batch(relabel(gridBatch(t), 'Finalize'));
    },
  };
}
