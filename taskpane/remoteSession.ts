/**
 * The wizard's services on a workbook whose session lives elsewhere — the standalone page's Web Worker
 * (`workerSession.ts`, issue 28): reading the tournament and preparing each batch are asked of the workbook there, so
 * the page's thread neither parses a sheet nor plans a write. A tournament read so is remembered with its read, and
 * every batch on it is prepared there, against the very sheets read; a workbook without such a session (Excel's, or
 * the page's own when the browser starts no worker) uses the services as they are.
 */
import type { Round, Tournament } from '../src/model/tournament';
import type { WorkbookAdapter, WorkbookBatch } from '../src/workbook/adapters/adapter';
import { tournamentAfterResults } from './readAhead';
import type { BatchOrErrors, ResultEntry, TournamentRead, WizardServices } from './services';
import type { PrepareAction, ReadBackCheck, WirePrepared, WireRead } from './workbookProtocol';

/** A workbook that reads its tournament and prepares batches where it is held. */
export interface SessionWorkbook {
  /** `known`: the read the caller holds (answered `unchanged` when it is still the last). */
  readSession(known?: number): Promise<WireRead>;
  prepare(read: number, action: PrepareAction, args: readonly unknown[], overwrite: boolean): Promise<WirePrepared>;
  /** The tournament's fingerprint in the workbook (`read`: of that read), null when it holds none. */
  fingerprint(read?: number): Promise<string | null>;
  /** The workbook read back after prepared batch `prepared` was applied, against the tournament expected (`readAhead.ts`). */
  checkReadBack?(prepared: number): Promise<ReadBackCheck>;
}

export function hasSession(wb: unknown): wb is SessionWorkbook {
  return typeof (wb as Partial<SessionWorkbook>)?.readSession === 'function' && typeof (wb as Partial<SessionWorkbook>).prepare === 'function';
}

/**
 * A read made where the workbook is held: its fingerprint is asked for there when first needed (`readFingerprint`), once;
 * `fingerprint` itself throws, so no check ever compares a fingerprint the page does not hold.
 */
function remoteRead(tournament: Tournament, ask: () => Promise<string | null>): TournamentRead {
  let asked: Promise<string> | undefined;
  return {
    ok: true,
    tournament,
    get fingerprint(): string {
      throw new Error('the fingerprint of a read made in the workbook worker is asked for there (readFingerprint)');
    },
    fingerprintLater: () =>
      (asked ??= ask().then((print) => {
        if (print === null) throw new Error('the workbook holds no tournament any more: re-read it');
        return print;
      })),
  };
}

/** `local`'s services, with reading and preparing done by the workbook's own session where it has one. */
export function remoteSessionServices(local: WizardServices<BatchOrErrors>): WizardServices {
  /** Where each tournament read came from: its workbook and read. */
  const origin = new WeakMap<Tournament, { readonly wb: SessionWorkbook; readonly read: number }>();
  /** The last read of each workbook, kept on the page: read again unchanged, it is not sent again. */
  const last = new WeakMap<SessionWorkbook, { readonly read: number; readonly value: TournamentRead }>();
  /**
   * A tournament the page drew without reading the workbook (`readAhead`), until the worker has compared it with the
   * workbook read back: the read it is then (`origin`), or why it is not — every batch asked for on it waits for this.
   */
  const checking = new WeakMap<Tournament, Promise<ReadBackCheck>>();
  /** Each batch prepared in a worker: where, on which tournament and read, by which action and arguments, and its id there. */
  const preparedOn = new WeakMap<WorkbookBatch, { readonly wb: SessionWorkbook; readonly t: Tournament; readonly action: PrepareAction; readonly args: readonly unknown[]; readonly prepared: number }>();

  const prepare = async (wb: SessionWorkbook, t: Tournament, read: number, action: PrepareAction, args: readonly unknown[], overwrite = false): Promise<BatchOrErrors> => {
    const r = await wb.prepare(read, action, args, overwrite);
    if (r.ok) {
      preparedOn.set(r.batch, { wb, t, action, args, prepared: r.prepared });
      return { ok: true, batch: r.batch, ...(r.warnings ? { warnings: r.warnings } : {}) };
    }
    return r.overwritable && !overwrite ? { ok: false, errors: r.errors, overwrite: () => prepare(wb, t, read, action, args, true) } : { ok: false, errors: r.errors };
  };
  /**
   * A batch asked for ahead of the director's confirmation (`pairRoundBatchAhead`), by workbook: the next request for
   * a batch on that workbook takes it when it is the very same (same read, action and arguments), else drops it.
   */
  const ahead = new WeakMap<SessionWorkbook, { readonly key: string; readonly result: Promise<BatchOrErrors> }>();
  const keyOf = (read: number, action: PrepareAction, args: readonly unknown[]) => `${read} ${action} ${JSON.stringify(args)}`;
  /** The action on `t`, read in `from`: the batch prepared ahead when it is this one, else prepared now. */
  const prepareOn = (t: Tournament, from: { readonly wb: SessionWorkbook; readonly read: number }, action: PrepareAction, args: readonly unknown[]): Promise<BatchOrErrors> => {
    const early = ahead.get(from.wb);
    ahead.delete(from.wb);
    if (early && early.key === keyOf(from.read, action, args)) return early.result;
    return prepare(from.wb, t, from.read, action, args);
  };
  /** The action on `t`: prepared where `t` was read (once checked, for a tournament drawn ahead), else by the local services. */
  const by =
    <A extends unknown[]>(action: PrepareAction, here: (t: Tournament, ...args: A) => BatchOrErrors) =>
    (t: Tournament, ...args: A) => {
      const from = origin.get(t);
      if (from) return prepareOn(t, from, action, args);
      const check = checking.get(t);
      if (!check) return here(t, ...args);
      // Drawn ahead of the read back: nothing is prepared on it before the worker found the workbook to be it.
      return check.then((c): BatchOrErrors | Promise<BatchOrErrors> => {
        const checked = origin.get(t);
        return c.ok && checked ? prepareOn(t, checked, action, args) : { ok: false, errors: [{ message: `nothing was prepared: ${c.ok ? 'the workbook was not read back' : c.message}; the page shows the workbook as read now — check it and enter this again` }] };
      });
    };

  return {
    ...local,
    async readTournament(wb: WorkbookAdapter): Promise<TournamentRead> {
      if (!hasSession(wb)) return local.readTournament(wb);
      const kept = last.get(wb);
      const r = await wb.readSession(kept?.read);
      if (!r.ok) return r;
      if (r.unchanged) {
        // Only a read the page holds is answered so.
        if (!kept) throw new Error('the workbook answered "unchanged" to a read the page does not hold');
        return kept.value;
      }
      origin.set(r.tournament, { wb, read: r.read });
      const value = remoteRead(r.tournament, () => wb.fingerprint(r.read));
      last.set(wb, { read: r.read, value });
      return value;
    },
    readAhead(wb, batch) {
      const made = preparedOn.get(batch);
      if (!made || (made.wb as unknown) !== wb || made.action !== 'resultsBatch' || !made.wb.checkReadBack) return undefined;
      const after = tournamentAfterResults(made.t, made.args[0] as Round, made.args[1] as readonly ResultEntry[]);
      if (!after) return undefined;
      const session = made.wb;
      const check = session.checkReadBack!(made.prepared).catch((e: unknown): ReadBackCheck => ({ ok: false, message: `the workbook could not be read back (${e instanceof Error ? e.message : String(e)})` }));
      const read = remoteRead(after, async () => {
        const c = await check;
        if (!c.ok) throw new Error(`the workbook read back after "${batch.label}" is not what the page showed: ${c.message}`);
        return session.fingerprint(c.read);
      });
      const settled = check.then((c) => {
        if (c.ok) {
          // The very tournament of that read: the next batches are prepared on it, and it is not sent again.
          origin.set(after, { wb: session, read: c.read });
          last.set(session, { read: c.read, value: read });
        }
        // A failed check stays: whatever is asked for on this tournament is refused (`by`).
        return c;
      });
      checking.set(after, settled);
      return {
        read: read as TournamentRead & { readonly ok: true },
        checked: settled.then((c) => (c.ok ? null : `${batch.label}: written, but ${c.message}. The page now shows the workbook as read back — check it before going on.`)),
      };
    },
    registerPlayersBatch: by('registerPlayersBatch', local.registerPlayersBatch.bind(local)),
    absencesBatch: by('absencesBatch', local.absencesBatch.bind(local)),
    sectionsBatch: by('sectionsBatch', local.sectionsBatch.bind(local)),
    pairRoundBatch: by('pairRoundBatch', local.pairRoundBatch.bind(local)),
    // Only where the batch is prepared off the page's thread (the workbook's worker): else nothing is done ahead.
    pairRoundBatchAhead(t, pairing, check) {
      const from = origin.get(t);
      if (!from) return;
      const result = prepare(from.wb, t, from.read, 'pairRoundBatch', [pairing, check]);
      // Taken by the confirmation, which sees its failure; one never taken fails quietly.
      result.catch(() => undefined);
      ahead.set(from.wb, { key: keyOf(from.read, 'pairRoundBatch', [pairing, check]), result });
    },
    resultsBatch: by('resultsBatch', local.resultsBatch.bind(local)),
    standingsBatch: by('standingsBatch', local.standingsBatch.bind(local)),
    ...(local.pairPlayoffBatch ? { pairPlayoffBatch: by('pairPlayoffBatch', local.pairPlayoffBatch.bind(local)) } : {}),
    finalizeBatch: by('finalizeBatch', local.finalizeBatch.bind(local)),
  };
}
