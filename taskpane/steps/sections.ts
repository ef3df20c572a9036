/**
 * Sections and bar: Mays' McMahon sections — proposed by the engine, then cut by rank on the histogram of ranks, each
 * section's size shown, as Mays' tables show them (../sectionBoundaries.ts) — or an initial score from rank with a bar
 * (EGF, BGA).
 */
import { formatRank, type Rank } from '../../src/model/rank';
import { playerLabel, type Tournament } from '../../src/model/tournament';
import { bgaBarAdvice, proposeSections, sectionStep, type ProposedSection } from '../../src/systems/mcmahon/sections';
import { citationForPeople } from '../../src/model/citations';
import { append, button, checkbox, field, h, select, table } from '../dom';
import { boundariesOf, rankHistogram, rankRange, sectionsFromBoundaries, toggleBoundary } from '../sectionBoundaries';
import { roundsState, type Step, type StepContext } from './context';

export class SectionsStep implements Step {
  /** The proposal as the director edits it. */
  private sections: ProposedSection[] | null = null;
  private sectionMode: 'sections' | 'bar' | null = null;

  constructor(private readonly ctx: StepContext) {}

  render(t: Tournament): void {
    if (t.players.length === 0) {
      append(this.ctx.body, h('p', {}, 'Register the players first.'), button('Go to Players', () => void this.ctx.go('players')));
      return;
    }
    if (t.settings.system !== 'mcmahon') {
      append(this.ctx.body, h('p', {}, `A ${t.settings.system} tournament has no McMahon sections: everyone starts at 0.`), button('Go to Pair round', () => void this.ctx.go('pair')));
      return;
    }
    const rounds = t.settings.rounds;
    const modeSelect = select(
      [
        ['sections', "McMahon sections (Mays)"],
        ['bar', 'Initial score from rank, with a bar (EGF, BGA)'],
      ],
      this.sectionMode ?? (t.settings.ruleset === 'aqjg' ? 'sections' : 'bar'),
      { name: 'section-mode' },
    );
    modeSelect.addEventListener('change', () => {
      this.sectionMode = modeSelect.value as 'sections' | 'bar';
      this.ctx.render();
    });
    append(this.ctx.body, field('Where players start', modeSelect));
    if (modeSelect.value === 'bar') return this.renderBar(t);
    if (!this.sections) this.sections = proposeSections(t.players, { rounds }).sections.map((s) => ({ ...s }));
    const count = h('input', { type: 'number', name: 'section-count', min: 1, max: t.players.length, value: this.sections.length });
    const repropose = button('Propose again', () => {
      const k = Number(count.value);
      if (!Number.isInteger(k) || k < 1) return this.ctx.showErrors([`Number of sections: "${count.value}" is not a whole number (1 or more)`]);
      this.sections = proposeSections(t.players, { rounds, count: k }).sections.map((s) => ({ ...s }));
      this.ctx.showErrors([]);
      this.ctx.render();
    });
    const step = sectionStep(rounds);
    const histogram = rankHistogram(t.players);
    const starts = boundariesOf(histogram, this.sections);
    const largest = Math.max(...histogram.map((c) => c.players.length));
    // Mays' table, one rank a row: its players, a bar as long as their number, the section it is in, and the
    // boundary above it (ticked: a new section begins at this rank).
    const sectionAt = new Map<number, ProposedSection>();
    for (const sec of this.sections) sectionAt.set(histogram.findIndex((c) => c.rank === sec.ranks[0]), sec);
    const sectionOfColumn = (i: number) => this.sections!.find((sec) => sec.ranks.includes(histogram[i].rank));
    const histogramRows = histogram.map((c, i) => {
      const rank = formatRank(c.rank);
      const starting = sectionAt.get(i);
      const cut =
        i === 0
          ? ''
          : (() => {
              const { input } = checkbox('', { checked: starts.includes(i), 'aria-label': `A new section begins at ${rank}`, 'data-testid': `cut-${rank}` });
              input.addEventListener('change', () => {
                this.sections = sectionsFromBoundaries(histogram, toggleBoundary(starts, i), step, this.sections!);
                this.ctx.render();
              });
              return input;
            })();
      return [
        rank,
        String(c.players.length),
        h('span', { class: 'bar', style: `width: ${Math.max(4, Math.round((60 * c.players.length) / largest))}px`, 'aria-hidden': 'true' }),
        cut,
        starting ? h('strong', {}, starting.name) : (sectionOfColumn(i)?.name ?? ''),
      ];
    });
    const rows = this.sections.map((sec, i) => {
      const nameInput = h('input', { type: 'text', value: sec.name, size: 4, 'aria-label': `Name of section ${i + 1}`, 'data-testid': `section-name-${i}` });
      nameInput.addEventListener('change', () => {
        this.sections![i] = { ...this.sections![i], name: nameInput.value.trim() };
        this.ctx.render();
      });
      const mmsInput = h('input', { type: 'number', value: sec.initialMms, step: 1, 'aria-label': `Initial McMahon score of section ${i + 1}`, 'data-testid': `section-mms-${i}` });
      mmsInput.addEventListener('change', () => (this.sections![i] = { ...this.sections![i], initialMms: Number(mmsInput.value) }));
      return [nameInput, mmsInput, rankRange(sec.ranks), h('span', { 'data-testid': `section-size-${i}` }, String(sec.players.length)), sec.notes.map(citationForPeople).join('; ')];
    });
    const write = button(
      'Write the sections…',
      () => {
        const sections = this.sections!;
        const problems = this.sectionProblems(t, sections);
        if (problems.length > 0) return this.ctx.showErrors(problems);
        void this.ctx.offer(
          this.ctx.services.sectionsBatch(t, { sections: sections.map((sec) => ({ name: sec.name, initialMms: sec.initialMms, players: sec.players })) }),
          sections.map((sec) => `Section ${sec.name} (${rankRange(sec.ranks)}, ${sec.players.length} players): initial McMahon score ${sec.initialMms}`),
        ).then(async (ok) => {
          if (ok) await this.ctx.go('pair');
        });
      },
      { class: 'primary', 'data-testid': 'write-sections' },
    );
    append(
      this.ctx.body,
      h(
        'p',
        {},
        `Mays' guidelines (How to Organize and Direct a Swiss-McMahon Tournament, p. 18): sections of about the same size, at most three ranks each, no rank split; initial scores ${step} apart for ${rounds} rounds (p. 20). Tick a rank to begin a new section there.`,
      ),
      h('div', { class: 'row' }, field('Number of sections', count), h('div', {}, repropose)),
      table('Players by rank', ['Rank', 'Players', '', 'New section', 'Section'], histogramRows, { 'data-testid': 'rank-histogram', class: 'compact histogram' }),
      table('McMahon sections', ['Name', 'Initial MMS', 'Ranks', 'Size', 'Notes'], rows, { 'data-testid': 'sections-table', class: 'edit' }),
      write,
    );
  }

  /**
   * The BGA's bar advice, every candidate offered, and the floor (EGF: nobody starts below the floor's score); the
   * director's choice is written. Once round 1 is paired both are refused, with the reason, unless the director ticks
   * that he means to re-score everyone (the rounds already paired stay as drawn).
   */
  private renderBar(t: Tournament): void {
    const advice = bgaBarAdvice(t.players, t.settings.rounds);
    const current = t.settings.bar ?? advice.bar;
    const bar = select(
      advice.candidates.map((c) => [String(c.bar), `${formatRank(c.bar)}: ${c.aboveBar} player${c.aboveBar === 1 ? '' : 's'} at or above it, bar depth ${c.depth}`] as const),
      String(current),
      { name: 'bar', 'data-testid': 'bar' },
    );
    // The floor: any rank from the weakest player's up to the bar's; "no floor" keeps every rank's own score.
    const ranks = t.players.map((p) => p.rank);
    const weakest = Math.min(...ranks, t.settings.floor ?? Infinity);
    const floorOptions: (readonly [string, string])[] = [['', 'No floor']];
    for (let r = weakest; r <= Math.max(...ranks); r++) {
      const below = t.players.filter((p) => p.rank <= r).length;
      floorOptions.push([String(r), `${formatRank(r as Rank)}: ${below} player${below === 1 ? '' : 's'} at or below it`]);
    }
    const floor = select(floorOptions, t.settings.floor === undefined ? '' : String(t.settings.floor), { name: 'floor', 'data-testid': 'floor' });
    const paired = roundsState(t).paired;
    const started = paired.length > 0;
    const rescore = started ? checkbox(`Re-score everyone: round${paired.length === 1 ? '' : 's'} ${paired.join(', ')} ${paired.length === 1 ? 'was' : 'were'} drawn from the old scores and stay as drawn`, { 'data-testid': 'confirm-rescore' }) : null;
    append(
      this.ctx.body,
      h(
        'p',
        {},
        "Each player starts at his rank's McMahon score; players at or above the bar start at the bar's score, players at or below the floor at the floor's. ",
        `BGA advice for ${t.settings.rounds} rounds: ${advice.notes.join('; ')}.`,
      ),
      field('Bar', bar, citationForPeople(advice.rule)),
      field('Floor', floor, 'EGF: the weakest players start together at the floor'),
      started
        ? h(
            'p',
            { class: 'warning', 'data-testid': 'rescore-warning' },
            `Round ${paired.length === 1 ? '1 is' : `s 1–${paired[paired.length - 1]} are`} paired: the bar and the floor are set before round 1. Changing them now changes every player's McMahon score.`,
          )
        : null,
      rescore?.row ?? null,
      button(
        'Write the bar and floor…',
        () => {
          const barRank = Number(bar.value) as Rank;
          const floorRank = floor.value === '' ? undefined : (Number(floor.value) as Rank);
          if (floorRank !== undefined && floorRank > barRank) return this.ctx.showErrors([`Floor: ${formatRank(floorRank)} is above the bar (${formatRank(barRank)}); choose a floor at or below the bar`]);
          if (started && !rescore?.input.checked) {
            return this.ctx.showErrors([`Bar and floor: round${paired.length === 1 ? ' 1 is' : `s 1–${paired[paired.length - 1]} are`} paired already, and changing them changes every score — tick "Re-score everyone" if you mean it`]);
          }
          const details = [`Bar at ${formatRank(barRank)}`, floorRank === undefined ? 'No floor' : `Floor at ${formatRank(floorRank)}`, ...(started ? ['Re-scores every player after rounds are paired'] : [])];
          void this.ctx
            .offer(this.ctx.services.sectionsBatch(t, { bar: barRank, ...(floorRank !== undefined ? { floor: floorRank } : {}), confirmRescore: started && rescore?.input.checked === true }), details)
            .then(async (ok) => {
              if (ok && !started) await this.ctx.go('pair');
            });
        },
        { class: 'primary', 'data-testid': 'write-bar' },
      ),
    );
  }

  private sectionProblems(t: Tournament, sections: readonly ProposedSection[]): string[] {
    const problems: string[] = [];
    const seen = new Map<number, string>();
    const names = new Set<string>();
    for (const s of sections) {
      if (!s.name) problems.push('Sections: every section needs a name');
      if (names.has(s.name)) problems.push(`Sections: two sections are named "${s.name}"`);
      names.add(s.name);
      if (!Number.isInteger(s.initialMms)) problems.push(`Section ${s.name}: the initial McMahon score must be a whole number`);
      for (const id of s.players) {
        if (!t.players.some((p) => p.id === id)) problems.push(`Section ${s.name}: no player has ID ${id}`);
        const other = seen.get(id);
        if (other !== undefined) problems.push(`player ${playerLabel(t, id)} is in sections ${other} and ${s.name}`);
        seen.set(id, s.name);
      }
    }
    for (const p of t.players) if (!seen.has(p.id)) problems.push(`player ${playerLabel(t, p.id)} is in no section`);
    return problems;
  }
}
