/**
 * Sections and the bar: the director's McMahon sections, or a bar (and floor) giving initial scores from rank.
 */
import { formatRank } from '../../model/rank';
import { type Tournament } from '../../model/tournament';
import { applyBar, applySections, type BarChoice, type ProposedSection } from '../../systems/mcmahon/sections';
import type { WorkbookBatch } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { gridLayout, pairedRounds } from '../sheets/grid';
import { tournamentBatch } from './batchSupport';
import { contextOf, type SessionOptions, SessionRefusal } from './context';
import { type Field, overwrites, refuseOverwrites } from './overwrites';

/** The director's McMahon sections (from `proposeSections`, as he settled them): initial scores and section names. */
export function sectionsBatch(t: Tournament, sections: readonly Pick<ProposedSection, 'name' | 'initialMms' | 'players'>[], options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const after = applySections(t, sections);
  // The initial scores follow from the sections; a section name already there is the director's entry.
  if (!options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set<Field>(['initial', 'title'])), 'Setting these sections');
  const lines = sections.map((s) => ({ what: `Section ${s.name} (initial MMS ${s.initialMms}): ${s.players.join(', ')}` }));
  return tournamentBatch(t, after, 'Set McMahon sections', lines, ctx, { confirmOverwrite: options.confirmOverwrite });
}

/**
 * The McMahon bar (and floor, supergroup) the director chose before round 1 (seeds/bga-mcmahon-system.txt: "if the
 * bar is set at 3 dan (which is an MMS of 2) then no player can start at an MMS of more than 2"): the Grid's title
 * block (Bar, Floor) and every initial score, the Players sheet, and one Log line — the Log's earlier lines and the
 * other sheets are left as they are. Initial scores from rank replace McMahon sections (a section's score would win
 * over the bar), so sections already written are the director's entries: refused, naming them, unless the overwrite
 * is confirmed. Refused once round 1 is paired (the scores after each round start from the initial ones), naming
 * the Bar cell, unless the director confirms the re-score (`confirmRescore`): the rounds already paired stay as drawn,
 * and the Log says the scores changed after round N was paired.
 */
export function barBatch(t: Tournament, choice: BarChoice, options: SessionOptions & { readonly confirmRescore?: boolean } = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const layout = gridLayout(t.settings.rounds, t.players.length, { language: ctx.language });
  const barCell = sheetCell(layout.sheet, layout.titleRow.bar, layout.titleValueColumn);
  if (t.settings.system !== 'mcmahon') {
    const systemCell = sheetCell(layout.sheet, layout.titleRow.system, layout.titleValueColumn);
    throw new SessionRefusal('invalid', `a ${t.settings.system} tournament (${systemCell}) has no McMahon bar: everyone starts at 0`, [systemCell]);
  }
  const started = pairedRounds(t);
  if (started > 0 && !options.confirmRescore) {
    throw new SessionRefusal(
      'rescore',
      `the tournament has started (${started === 1 ? 'round 1 is' : `rounds 1–${started} are`} paired): the bar and the floor are set before round 1 — changing them now changes every player's McMahon score, and the rounds already paired were drawn from the old scores (the Bar is ${barCell}); confirm the re-score to go on`,
      [barCell],
    );
  }
  if (choice.bar !== undefined && choice.floor !== undefined && choice.floor > choice.bar) {
    throw new SessionRefusal('invalid', `the floor (${formatRank(choice.floor)}) is above the bar (${formatRank(choice.bar)}): the floor must be at or below the bar`, [barCell]);
  }
  const { sections, ...settings } = t.settings;
  const unsectioned: Tournament = { ...t, settings, players: t.players.map(({ section: _s, ...p }) => p) }; // eslint-disable-line @typescript-eslint/no-unused-vars
  const after = applyBar(unsectioned, choice);
  if (!options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set(['initial', 'title:bar', 'title:floor'] as const)), 'Setting the bar');
  const bar = after.settings.bar;
  const floor = after.settings.floor;
  const above = bar === undefined ? 0 : after.players.filter((p) => p.rank >= bar).length;
  const what = [
    bar === undefined ? 'No bar' : `Bar at ${formatRank(bar)} (${above} player${above === 1 ? '' : 's'} at or above it)`,
    floor === undefined ? '' : `, floor at ${formatRank(floor)}`,
    ': initial McMahon scores from rank',
    sections && sections.length > 0 ? `; McMahon sections ${sections.map((s) => s.name).join(', ')} removed` : '',
    started > 0 ? ` — re-scored after ${started === 1 ? 'round 1 was' : `rounds 1–${started} were`} paired (the director confirmed it)` : '',
  ].join('');
  return tournamentBatch(t, after, 'Set the McMahon bar', [{ what }], ctx, { confirmOverwrite: options.confirmOverwrite });
}
