/**
 * The Czech order in the CLI: `tengen standings FILE --ruleset czech [--json]` and `tengen explain FILE PLAYER czech`.
 */
import { CZECH_RULE, type CzechStandings, type CzechStep } from '../scoring/czechOrder';
import { playerCells, playerJson, table, type PlayerJson } from './render';

export interface CzechJsonEntry extends PlayerJson {
  place: number;
  points: number;
  sonneborn: number;
  /** Sum of the placings of the players he beat (A4, B5). */
  beatenPlacings: number;
  /** Two or more cycles: his place in each cycle (B4) and B6's sum. */
  cyclePlaces?: number[];
  cycleBeatenPlacings?: number;
  /** The criterion that put him ahead of the next player in the list; absent for the last and for a shared place. */
  decidedBy?: CzechStep;
}

export function czechJson(s: CzechStandings): CzechJsonEntry[] {
  return s.entries.map((e, i) => {
    const next = s.entries[i + 1];
    const sep = next ? s.separatedBy(e.player.id, next.player.id) : undefined;
    return {
      ...playerJson(e.player),
      place: e.place,
      points: e.points,
      sonneborn: e.sonneborn,
      beatenPlacings: e.beatenPlacings,
      ...(e.cyclePlaces ? { cyclePlaces: [...e.cyclePlaces], cycleBeatenPlacings: e.cycleBeatenPlacings } : {}),
      ...(sep ? { decidedBy: sep.step } : {}),
    };
  });
}

export function renderCzechStandings(s: CzechStandings): string {
  const t = s.tournament;
  const b = s.cycles > 1;
  const header = ['Pl', 'ID', 'Name', 'Rank', 'Club', 'Points', 'Sonneborn', 'Beaten pl.', ...(b ? ['Cycles', 'B6'] : []), 'Ahead of next by'];
  const rows = s.entries.map((e, i) => {
    const next = s.entries[i + 1];
    const sep = next ? s.separatedBy(e.player.id, next.player.id) : undefined;
    return [
      ...playerCells(e.place, e.player),
      String(e.points),
      String(e.sonneborn),
      String(e.beatenPlacings),
      ...(b ? [e.cyclePlaces!.join(' + '), String(e.cycleBeatenPlacings)] : []),
      sep ? CZECH_RULE[sep.step] : next ? 'shared place' : '',
    ];
  });
  const title = `${t.name} — Czech order after round ${s.scoreboard.asOf} of ${t.settings.rounds} (${b ? `${s.cycles} cycles, rule B` : 'single round-robin, rule A'}: points › head-to-head › Sonneborn › placings)`;
  return `${title}\n\n${table(header, rows, new Set([0, 1, 5, 6, 7]))}`;
}
