/**
 * What a wizard step may use of the wizard (./../wizard.ts): the step's body element, the engine's services, the
 * tournament as last read, the messages, and the confirm-then-write path. Each step is one file of this folder
 * (one wizard step, one file) and keeps its own state; the wizard owns the reading, the messages and the writing.
 */
import { formatInputError, type InputError } from '../../src/model/errors';
import { playerLabel, type PlayerId, type Round, type Tournament } from '../../src/model/tournament';
import type { WorkbookBatch } from '../../src/workbook/adapters/adapter';
import { append, button, h } from '../dom';
import { unsectionedPlacesNotice } from '../sectionsNotice';
import type { PreparedBatch, TournamentRead, WizardServices } from '../services';

export type StepName = 'tournament' | 'players' | 'sections' | 'pair' | 'results' | 'standings' | 'finalize';

export interface StepContext {
  /** Where the step draws itself (cleared before each render). */
  readonly body: HTMLElement;
  readonly services: WizardServices;
  /** True while a confirmed batch is being written. */
  readonly busy: boolean;
  /** The tournament as last read from the workbook, or null when it could not be read. */
  tournament(): Tournament | null;
  reread(): Promise<TournamentRead>;
  go(step: StepName): Promise<void>;
  /** Open Results on this round (after a round is paired). */
  openResults(round: Round): Promise<void>;
  render(): void;
  say(text: string): void;
  showErrors(lines: readonly string[]): void;
  /** Warnings of the action just done: it was done, and the director should read this (never blocks). */
  warn(lines: readonly string[]): void;
  offer(prepared: PreparedBatch, details?: readonly string[]): Promise<boolean>;
  apply(batch: WorkbookBatch): Promise<boolean>;
  /** Runs `work` as one wait of the progress bar (shown past 300 ms, ../progress.ts): a click to the next step drawn. */
  during<T>(what: string, work: () => Promise<T>): Promise<T>;
}

/** A wizard step: draws itself into `ctx.body` from the tournament read. */
export interface Step {
  render(t: Tournament): void;
}

/** Rounds of the tournament that have games, and the first one without. */
/**
 * `playerLabel` for a table of a congress round: each player looked up once, by id, not searched for in the list for
 * every cell (355 tables of the EGC redrawn after every result, issue 28). The same text as `playerLabel`.
 */
export function playerLabels(t: Tournament): (id: PlayerId) => string {
  const byId = new Map(t.players.map((p) => [p.id, p] as const));
  return (id) => {
    const p = byId.get(id);
    return p ? playerLabel({ players: [p] }, id) : String(id);
  };
}

export function roundsState(t: Tournament): { paired: Round[]; next: Round | null } {
  const paired = [...new Set(t.games.map((g) => g.round).concat(t.byes.map((b) => b.round)))].sort((a, b) => a - b);
  let next: Round | null = null;
  for (let r = 1; r <= t.settings.rounds; r++) {
    if (!paired.includes(r)) {
      next = r;
      break;
    }
  }
  return { paired, next };
}

export function errorsText(errors: readonly InputError[]): string[] {
  return errors.map(formatInputError);
}

/** Places by section with no sections set (../sectionsNotice.ts): said, with a way to the Sections step; never blocks. */
export function renderSectionsNotice(ctx: StepContext, t: Tournament): void {
  const notice = unsectionedPlacesNotice(t);
  if (!notice) return;
  append(
    ctx.body,
    h('div', { class: 'notice', role: 'note', 'data-testid': 'sections-notice' }, h('p', {}, notice), button('Go to Sections', () => void ctx.go('sections'), { 'data-testid': 'go-to-sections' })),
  );
}
