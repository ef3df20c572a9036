/**
 * The wizard's services bound to the workbook layer's session API (src/workbook/session/): the tournament is read
 * from the workbook's sheets (Grid, Players, Settings, Pairings), and every write is one of its batches. A refusal
 * of the session (`SessionRefusal`: a changed grid, a round already paired or with results, a director's entry that
 * would be overwritten) becomes errors naming the cells, so the pane shows them and writes nothing.
 */
import { checkPairingRequest } from '../src/systems/systemOptions';
import { TengenInputError, type InputError } from '../src/model/errors';
import type { Player, PlayerId, Tournament } from '../src/model/tournament';
import { pairOptimalSystem, refuseCongressSystem } from '../src/systems/egc/egcCongress';
import { pairOpenGotha } from '../src/systems/opengotha/pair';
import { ownPairing, refusedByOwnSystem } from '../src/systems/registry';
import type { WorkbookAdapter, WorkbookBatch } from '../src/workbook/adapters/adapter';
import { GRID_SHEET } from '../src/workbook/sheets/grid';
import * as session from '../src/workbook/session';
import type { BatchOrErrors, NewPlayer, PreparedBatch, WizardServices } from './services';
import { RatingListHolder, type RatingListStore } from './ratingListHolder';

/** Prepare a batch; a refusal becomes errors (with a way to overwrite when that is the only reason). */
export function attempt(make: (confirmOverwrite: boolean) => WorkbookBatch, confirmOverwrite = false): BatchOrErrors {
  try {
    return { ok: true, batch: make(confirmOverwrite) };
  } catch (e) {
    if (e instanceof session.SessionRefusal) {
      // The cells go in front unless the message names them already.
      const named = e.cells.length === 0 || e.cells.every((c) => e.message.includes(c));
      const errors: InputError[] = [{ ...(named ? {} : { where: e.cells.join(', ') }), message: e.message }];
      return e.code === 'overwrite' && !confirmOverwrite ? { ok: false, errors, overwrite: () => attempt(make, true) } : { ok: false, errors };
    }
    if (e instanceof TengenInputError) return { ok: false, errors: e.errors };
    throw e;
  }
}

/** The warnings a prepared batch carries to the confirmation (and to its overwrite, prepared again). */
function withWarnings(prepared: BatchOrErrors, warnings: readonly string[]): BatchOrErrors {
  if (warnings.length === 0) return prepared;
  if (prepared.ok) return { ...prepared, warnings };
  const overwrite = prepared.overwrite;
  const warned = (p: PreparedBatch): PreparedBatch => (p instanceof Promise ? p.then((q) => withWarnings(q, warnings)) : withWarnings(p, warnings));
  return overwrite ? { ...prepared, overwrite: () => warned(overwrite()) } : prepared;
}

/** A player without his ID (registering numbers players afresh, by strength). */
function withoutId(p: Player): NewPlayer {
  const copy: { -readonly [K in keyof Player]?: Player[K] } = { ...p };
  delete copy.id;
  return copy as NewPlayer;
}

/** `ratingListStore`: where the loaded rating list is kept beyond the page (the standalone page's IndexedDB). */
export function sessionServices(options: { readonly ratingListStore?: RatingListStore } = {}): WizardServices<BatchOrErrors> {
  return {
    ratingLists: new RatingListHolder(options.ratingListStore),
    pairingSystems: [
      ['optimal', 'Optimal (one matching of the whole field)'],
      ['mays', "Mays' paper method"],
      ['opengotha', "OpenGotha 3.51 (OpenGotha's own draw)"],
    ],
    async readTournament(wb: WorkbookAdapter) {
      const sheets = await wb.sheetNames();
      if (!sheets.includes(GRID_SHEET)) return { ok: false, empty: true };
      // The session reads the sheet list again: give it this one (in Excel every read is a round trip).
      const read = await session.readSession({
        sheetNames: async () => sheets,
        readSheet: (sheet) => wb.readSheet(sheet),
        readFormulas: (sheet) => wb.readFormulas(sheet),
        apply: (batch) => wb.apply(batch),
      });
      if (!read.ok) return { ok: false, errors: read.errors };
      const value = read.value;
      // Computed when first asked for (the session computes it once): a result's read back never asks.
      return {
        ok: true,
        tournament: value.tournament,
        get fingerprint() {
          return value.fingerprint;
        },
      };
    },
    newTournamentBatch(info) {
      return attempt(() =>
        session.newTournamentBatch({
          name: info.name,
          ...(info.location ? { location: info.location } : {}),
          ...(info.director ? { director: info.director } : {}),
          ...(info.beginDate ? { beginDate: info.beginDate } : {}),
          settings: {
            system: info.system,
            ...(info.schedule ? { schedule: info.schedule } : {}),
            ...(info.cycles ? { cycles: info.cycles } : {}),
            ...(info.bracket ? { bracket: info.bracket } : {}),
            ...(info.egc ? { egc: true } : {}),
            rounds: info.rounds,
            ruleset: info.ruleset,
            ...(info.hostCity ? { hostCity: info.hostCity } : {}),
            ...(info.handicap ? { handicap: info.handicap } : {}),
            ...(info.komi !== undefined ? { komi: info.komi } : {}),
          },
        }),
      );
    },
    parsePlayerList(text) {
      const r = session.parsePlayerList(text);
      if (!r.ok) return r;
      if (r.value.length === 0) return { ok: false, errors: [{ message: 'no player in the list: one a line, "Family, Given; rank; club; city"' }] };
      return { ok: true, players: r.value };
    },
    importOpenGotha(text, file) {
      const r = session.importOpenGotha(text, file);
      return r.ok ? { ok: true, players: r.value.players.map(withoutId) } : r;
    },
    registerPlayersBatch(t, players, options = {}) {
      return withWarnings(
        attempt((confirmOverwrite) => session.registerPlayersBatch(t, players, { confirmOverwrite, confirmSameNames: options.confirmSameNames === true })),
        session.latecomerWarnings(t, players),
      );
    },
    absencesBatch(t, changes) {
      return attempt((confirmOverwrite) => session.absencesBatch(t, changes, { confirmOverwrite }));
    },
    sectionsBatch(t, choice) {
      if (choice.bar !== undefined) {
        // Only the bar's cells, the initial scores, the Players sheet and one Log line: the Log is kept.
        const { bar, floor } = choice;
        const confirmRescore = choice.confirmRescore === true;
        return attempt((confirmOverwrite) => session.barBatch(t, { bar, ...(floor !== undefined ? { floor } : {}) }, { confirmOverwrite, confirmRescore }));
      }
      const sections = choice.sections ?? [];
      return attempt((confirmOverwrite) => session.sectionsBatch(t, sections, { confirmOverwrite }));
    },
    previewPairing(t, round, system, pairControls) {
      const { rest, ...controls } = pairControls;
      const restOf = { rest: rest === true };
      // A knockout, a QT, Groups of Eight, and a team tournament whatever its system (the team draw: a team Swiss is
      // never an individual Swiss of its players): its own rules pair it, through the same preview and confirm.
      const own = ownPairing(t);
      if (own) return session.previewPairing(t, round, (base, r) => refusedByOwnSystem(base, r, pairControls) ?? own(base, r), controls);
      // The optimal system draws the European Go Congress McMahon by its own rules (src/systems/egc/egcCongress).
      const systems = { optimal: pairOptimalSystem, opengotha: pairOpenGotha } as const;
      const chosen = system === 'optimal' || system === 'opengotha' ? systems[system] : undefined;
      // No silent options (issue 11): a control the chosen system does not honour is refused, named, not ignored.
      const refused = checkPairingRequest(chosen ? (system as 'optimal' | 'opengotha') : 'mays', round, pairControls);
      const refusedHere = refused ?? refuseCongressSystem(t, round, chosen ? system : 'mays');
      if (refusedHere) return { pairing: refusedHere, fingerprint: session.fingerprint(t) };
      return session.previewPairing(t, round, chosen ? (base, r, c) => chosen(base, r, c) : 'mays', controls, restOf);
    },
    pairRoundBatch(t, pairing, check) {
      return attempt((confirmOverwrite) =>
        session.pairRoundBatch(t, pairing, {
          expectedFingerprint: check.expectedFingerprint,
          currentFingerprint: check.currentFingerprint,
          confirmRepair: check.confirmRepair,
          rest: check.rest === true,
          confirmOverwrite,
        }),
      );
    },
    resultsBatch(t, round, results) {
      // Each result names its game by its White player: no ambiguity, whatever the scratch pad said.
      const inputs: session.ResultInput[] = results.map((r) => ({ player: r.white as PlayerId, result: r.result }));
      return withWarnings(
        attempt((confirmOverwrite) => session.resultsBatch(t, round, inputs, { confirmOverwrite })),
        session.resultChangeWarnings(t, round, results.map((r) => ({ white: r.white, result: r.result }))),
      );
    },
    standingsBatch(t: Tournament) {
      return attempt(() => session.standingsBatch(t));
    },
    pairPlayoffBatch(t: Tournament) {
      return attempt((confirmOverwrite) => session.pairPlayoffBatch(t, { confirmOverwrite }));
    },
    finalizeBatch(t: Tournament) {
      return attempt(() => session.finalizeBatch(t));
    },
  };
}
