/**
 * What the wizard asks of the engine and the workbook layer, in one place. The wizard calls these and nothing else
 * to read the tournament or prepare a write, so it works the same on any `WorkbookAdapter` (Excel through Office.js,
 * or the `.xlsx` held by the standalone page) — and a test can give it other services.
 *
 * Every `…Batch` function only prepares a `WorkbookBatch`; the wizard shows it, the director confirms, and only then
 * is it applied, in one piece, through the adapter.
 */
import type { InputError } from '../src/model/errors';
import type { GameResult, HandicapSettings, KnockoutBracket, PairingSystem, Player, PlayerId, Round, RulesetName, Section, Tournament } from '../src/model/tournament';
import type { Rank } from '../src/model/rank';
import type { DirectorControls, RoundPairing } from '../src/pairing/types';
import type { WorkbookAdapter, WorkbookBatch } from '../src/workbook/adapters/adapter';
import type { BackgroundPairing } from './backgroundPairing';
import type { PairingPreview } from './pairingPreview';
import type { RatingListHolder } from './ratingListHolder';

/** What the New tournament form asks. */
export interface NewTournamentInfo {
  readonly name: string;
  readonly rounds: number;
  readonly system: PairingSystem;
  /** Round-robin: the table of rounds and the number of cycles. */
  readonly schedule?: 'berger' | 'egc';
  readonly cycles?: number;
  /** Knockout: the bracket (fold, or the EGC's PKO of 24 or 32). */
  readonly bracket?: KnockoutBracket;
  /** The European Go Congress McMahon (with the system McMahon). */
  readonly egc?: boolean;
  readonly ruleset: RulesetName;
  readonly location?: string;
  readonly director?: string;
  readonly beginDate?: string;
  /** Mays: players of the host city may meet each other ("no effort to avoid the pairing"). */
  readonly hostCity?: string;
  /** Only when the director chose other handicaps than the ruleset's. */
  readonly handicap?: HandicapSettings;
  readonly komi?: number;
}

/** A player to register: everything but the ID, which the workbook layer gives (by strength, Mays). */
export type NewPlayer = Omit<Player, 'id'>;

/**
 * A batch, or why it cannot be made (each error names the sheet/cell or the player). When the only reason is that
 * the batch would change entries the director made, `overwrite` prepares it again overwriting them — offered to the
 * director, never done silently.
 */
export type BatchOrErrors =
  /** `warnings`: what the write changes besides what the director touched (a later round's basis, a latecomer's points). */
  | { readonly ok: true; readonly batch: WorkbookBatch; readonly warnings?: readonly string[] }
  | { readonly ok: false; readonly errors: readonly InputError[]; readonly overwrite?: () => PreparedBatch };

/**
 * A batch prepared on the pane's own thread (at once), or in the standalone page's workbook worker (later: the worker
 * holds the workbook as read, `workerSession.ts`, so a congress-size diff never blocks the page — issue 28).
 */
export type PreparedBatch = BatchOrErrors | Promise<BatchOrErrors>;

export type TournamentRead =
  | {
      readonly ok: true;
      readonly tournament: Tournament;
      /**
       * What a write is checked against, computed when first asked for (a whole-tournament digest: 20–90 ms on the EGC
       * field, which a result never needs — issue 28). A read made in the page's workbook worker holds none here:
       * asking throws, `readFingerprint` asks the worker.
       */
      readonly fingerprint: string;
      /** The read made elsewhere (the page's worker): its fingerprint from there. */
      readonly fingerprintLater?: () => Promise<string>;
    }
  /** The workbook holds no tournament yet (no sheets): the wizard starts at New tournament. */
  | { readonly ok: false; readonly empty: true }
  | { readonly ok: false; readonly empty?: false; readonly errors: readonly InputError[] };

/** A read the page made without reading the workbook (`WizardServices.readAhead`), and its check against the read back. */
export interface ReadAhead {
  readonly read: TournamentRead & { readonly ok: true };
  /** Null once the workbook read back is this tournament; else what differs, in words for the director. */
  readonly checked: Promise<string | null>;
}

/** The fingerprint of a read, wherever it was made. */
export async function readFingerprint(read: TournamentRead & { readonly ok: true }): Promise<string> {
  return read.fingerprintLater ? read.fingerprintLater() : read.fingerprint;
}

export type { PairingPreview } from './pairingPreview';

/**
 * The director's controls, and part of the field now (the CLI's `--only`, `--score-below`, `--rest`; Mays, "Pairings
 * for Round 2": "begin the pairing process at the bottom of a tournament … even though several games may still be
 * ongoing"): `only` / `scoreBelow` pair those players now and leave the others for later; `rest` pairs the players
 * left of a partly paired round, its announced tables kept. Plain data (it crosses to the pairing worker).
 */
export type PairControls = DirectorControls & {
  readonly only?: readonly PlayerId[];
  readonly scoreBelow?: number;
  readonly rest?: boolean;
};

export interface ResultEntry {
  readonly white: PlayerId;
  readonly black: PlayerId;
  readonly result: GameResult;
}

export interface SectionChoice {
  readonly sections?: readonly (Section & { readonly players: readonly PlayerId[] })[];
  /** Initial scores from rank with this bar (EGF, BGA) instead of sections. */
  readonly bar?: Rank;
  /** With the bar: nobody starts below this rank's McMahon score (EGF). */
  readonly floor?: Rank;
  /** The director confirmed changing the bar or floor once rounds are paired (every score changes). */
  readonly confirmRescore?: boolean;
}

/** `P`: how the batches come, at once (`BatchOrErrors`, the session on the pane's thread) or either way. */
export interface WizardServices<P extends PreparedBatch = PreparedBatch> {
  /** Pairing systems offered in Pair Round, the default first: [value, label]. */
  readonly pairingSystems: readonly (readonly [string, string])[];
  readTournament(wb: WorkbookAdapter): Promise<TournamentRead>;
  newTournamentBatch(info: NewTournamentInfo): P;
  parsePlayerList(text: string): { readonly ok: true; readonly players: readonly NewPlayer[] } | { readonly ok: false; readonly errors: readonly InputError[] };
  /** Players of an OpenGotha XML file (the file's name for messages). */
  importOpenGotha(text: string, file: string): { readonly ok: true; readonly players: readonly NewPlayer[] } | { readonly ok: false; readonly errors: readonly InputError[] };
  /**
   * The rating list loaded in the Players step, kept until another replaces it (./ratingListHolder.ts); without it
   * the step offers no rating list.
   */
  readonly ratingLists?: RatingListHolder;
  /** `confirmSameNames`: the director said the players whose name is taken already are other people. */
  registerPlayersBatch(t: Tournament, players: readonly NewPlayer[], options?: { readonly confirmSameNames?: boolean }): P;
  /** Rounds a player will miss (`absent`) or play after all, before they are paired. */
  absencesBatch(t: Tournament, changes: readonly { readonly player: PlayerId; readonly rounds: readonly Round[]; readonly absent: boolean }[]): P;
  sectionsBatch(t: Tournament, choice: SectionChoice): P;
  /**
   * `previewPairing` off the pane's thread (a Web Worker, ./backgroundPairing.ts); without it the pane computes the
   * preview on its own thread, after painting its progress indicator.
   */
  readonly background?: BackgroundPairing;
  /** The round's pairing by `system` (one of `pairingSystems`), any existing pairing of the round set aside. */
  previewPairing(t: Tournament, round: Round, system: string, controls: PairControls): PairingPreview;
  pairRoundBatch(
    t: Tournament,
    pairing: RoundPairing,
    check: { readonly expectedFingerprint: string; readonly currentFingerprint: string; readonly confirmRepair: boolean; readonly rest?: boolean },
  ): P;
  /**
   * The same batch as `pairRoundBatch` with these arguments, prepared now, while the director checks the preview, where
   * that costs the page's thread nothing (the standalone page's worker, `remoteSession.ts`); the `pairRoundBatch` call
   * on confirmation takes it (issue 28: the write of a round ≤ 1 s). Absent where the batch would be made on the page.
   */
  pairRoundBatchAhead?(
    t: Tournament,
    pairing: RoundPairing,
    check: { readonly expectedFingerprint: string; readonly currentFingerprint: string; readonly confirmRepair: boolean; readonly rest?: boolean },
  ): void;
  resultsBatch(t: Tournament, round: Round, results: readonly ResultEntry[]): P;
  /**
   * The tournament a confirmed write of `batch` (one of these services prepared) leaves in `wb`, when known without
   * reading the workbook back (a result, ./readAhead.ts): the next step is drawn from it at once. The workbook is still
   * read back, where it is held, and compared with it: `checked` gives null when it is that tournament, else what
   * differs, to say. Every batch asked for on it waits for that check, and is refused when it failed. Absent, or
   * undefined for a batch: the wizard reads the workbook back before it goes on.
   */
  readAhead?(wb: WorkbookAdapter, batch: WorkbookBatch): ReadAhead | undefined;
  standingsBatch(t: Tournament): P;
  /** A finished league's or QT's next knockout playoff round, on the Bracket sheet (the pairings `tengen playoff` prints). */
  pairPlayoffBatch?(t: Tournament): P;
  finalizeBatch(t: Tournament): P;
}
