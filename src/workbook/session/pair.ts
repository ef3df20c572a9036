/**
 * Pair Round: the preview of a round's pairing and the batch that writes it (Grid, pairing sheet, slips, Log).
 */
import { partOfRound } from '../../pairing/partial';
import { playerLabel, type Player, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import { applyPairing, pairingProblems } from '../../pairing/apply';
import { isDeviation, type PairingResult, type RoundPairing } from '../../pairing/types';
import { pairMays, type MaysOptions } from '../../systems/mcmahon/mays';
import { shareEarlierRounds } from '../../scoring/scoreboard';
import type { WorkbookBatch } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { hasPoster, POSTER_SHEET, posterOps, roundPaperOps } from '../print/printouts';
import { gridLayout, shareGridRenderFrom, sharingGridRenders } from '../sheets/grid';
import { type LogLine } from '../sheets/logSheet';
import { pairingsSheetName } from '../sheets/pairingsSheet';
import { teamSheetsOps } from '../sheets/teamSheets';
import { tournamentBatch } from './batchSupport';
import { contextOf, fingerprint, type SessionOptions, SessionRefusal } from './context';
import { overwrites, refuseOverwrites } from './overwrites';

/** A pairing system: Mays' paper method by name, or any function (the `optimal` system's `pairOptimal`, …). */
export type PairingSystem = 'mays' | ((t: Tournament, round: Round, controls: MaysOptions) => PairingResult);

/**
 * `playerLabel` of `t`'s players, each found by ID at once rather than by a search of the whole field per label
 * (issue 28: a congress round's Log names some 1,400 players): the same text, `playerLabel` of the player found (the
 * first with the ID, as its search finds).
 */
function labeller(t: Tournament): (id: PlayerId) => string {
  const byId = new Map<PlayerId, Player>();
  for (const p of t.players) if (!byId.has(p.id)) byId.set(p.id, p);
  return (id) => {
    const p = byId.get(id);
    return playerLabel({ players: p ? [p] : [] }, id);
  };
}

/** The tournament without the games and bye of a round (to pair it again). */
export function withoutRound(t: Tournament, round: Round): Tournament {
  return { ...t, games: t.games.filter((g) => g.round !== round), byes: t.byes.filter((b) => b.round !== round) };
}

export interface PairingPreview {
  readonly pairing: PairingResult;
  /** Fingerprint of the tournament the preview was made from; `pairRoundBatch` refuses if the grid changed since. */
  readonly fingerprint: string;
}

/**
 * The round paired in parts (Mays, "Pairings for Round 2": "the tournament director can begin the pairing process at
 * the bottom of a tournament … even though several games may still be ongoing"): the last round with games, some
 * tables announced, and present players neither at a table nor holding its bye — the ones left for later (or a
 * latecomer registered since). Null when no round is so.
 */
export function partlyPairedRound(t: Tournament): { readonly round: Round; readonly tables: number; readonly waiting: readonly PlayerId[] } | null {
  const round = Math.max(0, ...t.games.map((g) => g.round));
  if (round === 0 || t.byes.some((b) => b.round > round)) return null;
  const part = partOfRound(t, round);
  return part ? { round, ...part } : null;
}

/** The tournament a partly paired round's rest is paired from: every round up to it, its announced tables kept. */
function restBase(t: Tournament, round: Round): Tournament {
  return { ...t, games: t.games.filter((g) => g.round <= round), byes: t.byes.filter((b) => b.round <= round) };
}

/**
 * The pairing the system proposes for a round (an existing pairing of that round is set aside), not written. With
 * `rest`, the round's announced tables are kept and only the players left are paired.
 */
export function previewPairing(t: Tournament, round: Round, system: PairingSystem = 'mays', controls: MaysOptions = {}, options: { readonly rest?: boolean } = {}): PairingPreview {
  const base = options.rest ? restBase(t, round) : withoutRound(t, round);
  const pairing = system === 'mays' ? pairMays(base, round, controls) : system(base, round, controls);
  return { pairing, fingerprint: fingerprint(t) };
}

export interface PairRoundOptions extends SessionOptions {
  /** `previewPairing(…).fingerprint`. */
  readonly expectedFingerprint: string;
  /** Fingerprint of the tournament read just now (default: `fingerprint(t)`). */
  readonly currentFingerprint?: string;
  /** The director confirmed pairing again a round that is already paired or has results. */
  readonly confirmRepair?: boolean;
  /** Pair the rest of a partly paired round: its announced tables (and their results) are kept. */
  readonly rest?: boolean;
}

/**
 * The round's grid cells, its `Pairings R<n>` sheet and its Log lines, in one batch. Refused when the grid changed
 * since the preview, when the round is already paired or has results (unless `confirmRepair`), and when the
 * pairing leaves a present player out or names an absent one.
 */
export function pairRoundBatch(t: Tournament, pairing: RoundPairing, options: PairRoundOptions): WorkbookBatch {
  // The grid of the tournament as read and as it will be, each rendered once for the overwrite check and the diff.
  return sharingGridRenders(() => roundPairingBatch(t, pairing, options));
}

function roundPairingBatch(t: Tournament, pairing: RoundPairing, options: PairRoundOptions): WorkbookBatch {
  const ctx = contextOf(t, options);
  const current = options.currentFingerprint ?? fingerprint(t);
  if (current !== options.expectedFingerprint) {
    throw new SessionRefusal('grid-changed', 'the workbook changed since this pairing was previewed (a result, a player or a setting was entered): preview the pairing again');
  }
  const round = pairing.round;
  if (!Number.isInteger(round) || round < 1 || round > t.settings.rounds) {
    throw new SessionRefusal('invalid', `round ${round} is not a round of this ${t.settings.rounds}-round tournament`);
  }
  const layout = gridLayout(t.settings.rounds, t.players.length, { language: ctx.language });
  // Each player's grid row, for naming the cells of a refusal: made only for one (issue 28: a congress's 1,000 players
  // sorted by ID for a round that is written).
  let rows: Map<PlayerId, number> | undefined;
  const rowOf = (id: PlayerId) => (rows ??= new Map([...t.players].sort((a, b) => a.id - b.id).map((p, i) => [p.id, layout.playerRow(i)]))).get(id)!;
  if (options.rest) return restBatch(t, pairing, options);
  const existing = t.games.filter((g) => g.round === round);
  const reported = existing.filter((g) => g.result !== 'unknown');
  if (reported.length > 0 && !options.confirmRepair) {
    throw new SessionRefusal(
      'results-exist',
      `round ${round} already has ${reported.length} result${reported.length === 1 ? '' : 's'}; pairing it again erases them — confirm to go on`,
      reported.flatMap((g) => [g.white, g.black]).map((id) => sheetCell(layout.sheet, rowOf(id), layout.resultColumn(round))),
    );
  }
  const byes = t.byes.filter((b) => b.round === round);
  if ((existing.length > 0 || byes.length > 0) && !options.confirmRepair) {
    throw new SessionRefusal(
      'round-paired',
      `round ${round} is already paired (${existing.length} table${existing.length === 1 ? '' : 's'}); confirm to pair it again`,
      [...existing.flatMap((g) => [g.white, g.black]), ...byes.map((b) => b.player)].map((id) => sheetCell(layout.sheet, rowOf(id), layout.opponentColumn(round))),
    );
  }
  const base = withoutRound(t, round);
  const problems = pairingProblems(base, pairing);
  if (problems.length > 0) throw new SessionRefusal('invalid', `this pairing of round ${round} cannot be written: ${problems.join('; ')}`);
  const after = applyPairing(base, pairing);
  // The scoreboards and standings of the rounds both share made once for the two (scoring/scoreboard.ts), where the
  // round is paired after the last: the grid as read and as it will be place the field alike (issue 28).
  shareEarlierRounds(t, after);
  const label = labeller(after);
  // The grid as read made from the grid as it will be where the round is paired after the last (grid.ts): the same
  // cells, one rendering fewer.
  shareGridRenderFrom(t, after, { language: ctx.language });
  if (!options.confirmRepair && !options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set()), `Pairing round ${round}`);

  // Every bye of the round: a team bye is one per board of the bye team (the board-1 player's `bye`, the others' `freeWins`).
  const given = [...(pairing.bye === null ? [] : [pairing.bye]), ...(pairing.freeWins ?? [])];
  const byeText = given.length === 0 ? '' : `, ${given.length === 1 ? 'bye' : 'byes'} ${given.map((id) => label(id)).join('; ')}`;
  const lines: LogLine[] = [
    { round, what: `Paired round ${round} (${pairing.system}): ${pairing.games.length} tables${byeText}${existing.length > 0 || byes.length > 0 ? ' — replacing the earlier pairing' : ''}` },
    ...pairing.games.map((g) => ({
      round,
      what: `Table ${g.table}: ${label(g.white)} White – ${label(g.black)} Black${g.handicap > 0 ? `, handicap ${g.handicap}` : ''}${g.colourKnown ? '' : ', nigiri'}`,
    })),
    ...pairing.report.filter(isDeviation).map((d) => ({ round, what: `${d.kind}: ${d.message}` })),
  ];
  return roundBatch(t, after, pairing, lines, ctx, existing.length > 0 || byes.length > 0, options);
}

/**
 * The rest of a partly paired round: the announced tables and their results stay, the new tables are added (numbered
 * after or around them by the system), and the Log says which part this was.
 */
function restBatch(t: Tournament, pairing: RoundPairing, options: PairRoundOptions): WorkbookBatch {
  const ctx = contextOf(t, options);
  const round = pairing.round;
  const partly = partlyPairedRound(t);
  if (!partly || partly.round !== round) {
    throw new SessionRefusal('invalid', `round ${round} is not partly paired (no table yet, or every player present is at a table or has the bye): pair it afresh instead`);
  }
  const base = restBase(t, round);
  const problems = pairingProblems(base, pairing);
  if (problems.length > 0) throw new SessionRefusal('invalid', `this pairing of the rest of round ${round} cannot be written: ${problems.join('; ')}`);
  const after = applyPairing(t, pairing);
  shareEarlierRounds(t, after);
  const label = labeller(after);
  if (!options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set()), `Pairing the rest of round ${round}`);
  const byeText = pairing.bye === null ? '' : `, bye ${label(pairing.bye)}`;
  const later = pairing.pending?.length ? `; ${pairing.pending.length} still to pair later` : '';
  const lines: LogLine[] = [
    { round, what: `Paired more of round ${round} (${pairing.system}): ${pairing.games.length} more tables${byeText}, the ${partly.tables} announced kept${later}` },
    ...pairing.games.map((g) => ({
      round,
      what: `Table ${g.table}: ${label(g.white)} White – ${label(g.black)} Black${g.handicap > 0 ? `, handicap ${g.handicap}` : ''}${g.colourKnown ? '' : ', nigiri'}`,
    })),
    ...pairing.report.filter(isDeviation).map((d) => ({ round, what: `${d.kind}: ${d.message}` })),
  ];
  return roundBatch(t, after, pairing, lines, ctx, true, options);
}

/** The round's grid cells, its pairing sheet (made anew when `remake`), its printouts and the poster, and the Log. */
function roundBatch(t: Tournament, after: Tournament, pairing: RoundPairing, lines: readonly LogLine[], ctx: ReturnType<typeof contextOf>, remake: boolean, options: PairRoundOptions): WorkbookBatch {
  const round = pairing.round;
  // A round paired again (confirmed) gets its pairing sheet made anew: it is Tengen's, and the director said so.
  const remade = new Set(remake ? [pairingsSheetName(round)] : []);
  return tournamentBatch(t, after, `Pair round ${round}`, lines, ctx, {
    rounds: [round],
    whole: remade,
    confirmOverwrite: options.confirmOverwrite || options.confirmRepair,
    // The round's printouts (slips, the table list) and the grid poster: Tengen's own sheets, made anew whole.
    extra: [
      // (its pairing sheet is rendered with the round above, not here: every op of `pairingsOps` is on that sheet; a
      // table list is deleted only where there is one)
      ...roundPaperOps(after, round, ctx.language, true, false).filter((op) => op.sheet !== pairingsSheetName(round) && !(op.kind === 'delete-sheet' && !ctx.sheets.includes(op.sheet))),
      // a new poster goes before the round's pairing sheet; an existing one stays where it is (placing a sheet is not
      // undoable in Excel, so it would cost the batch its one undo step: officeAdapter.ts)
      ...(hasPoster(after) ? posterOps(after, ctx.language, ctx.sheets.includes(POSTER_SHEET) ? undefined : pairingsSheetName(round)) : []),
      // a team tournament's Team matches (the round's matches and its bye team) and Team standings: computed, made anew
      ...teamSheetsOps(after),
    ],
  });
}
