/**
 * The Czech order's custom functions over the Grid sheet (`=GO.SONNEBORN(Grid!A1:AZ400, A16)`,
 * `=GO.CZECHPLACE(…)`): the values `czechStandings` gives, whatever the grid's own ruleset, for a round-robin.
 * The grid is parsed once per content (formulas.ts); the Czech order is kept per parsed tournament and round.
 */
import type { Tournament } from '../../model/tournament';
import { czechStandings, type CzechEntry, type CzechStandings } from '../../scoring/czechOrder';
import { gridTournament, mapIds, parseRound, type FormulaSource, type GridValues, type Ids } from './formulas';

const cache = new WeakMap<Tournament, Map<string, { standings: CzechStandings; byId: Map<number, CzechEntry> }>>();

function czechOf(values: GridValues, round: unknown, source: FormulaSource) {
  const t = gridTournament(values, source);
  const asOf = parseRound(round, t);
  let perRound = cache.get(t);
  if (!perRound) cache.set(t, (perRound = new Map()));
  const key = String(asOf ?? '');
  let found = perRound.get(key);
  if (!found) {
    const standings = czechStandings(t, { asOf });
    found = { standings, byId: new Map(standings.entries.map((e) => [e.player.id, e])) };
    perRound.set(key, found);
  }
  return { t, ...found };
}

/**
 * Sonneborn (`=GO.SONNEBORN(grid, id, [round])`): "součet bodů, které získali ti, které hráč porazil" — the points of
 * the players he beat; a jigo adds nothing.
 */
export function sonnebornFormula(values: GridValues, ids: Ids, round?: unknown, source: FormulaSource = {}): (number | string)[][] {
  const { t, byId } = czechOf(values, round, source);
  return mapIds(ids, t, (id) => byId.get(id)!.sonneborn);
}

/** The place in the Czech order (`=GO.CZECHPLACE(grid, id, [round])`), shared where no rule separates players. */
export function czechPlaceFormula(values: GridValues, ids: Ids, round?: unknown, source: FormulaSource = {}): (number | string)[][] {
  const { t, byId } = czechOf(values, round, source);
  return mapIds(ids, t, (id) => byId.get(id)!.place);
}
