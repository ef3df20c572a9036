/**
 * The European Go Congress McMahon's results in `tengen standings` (../scoring/europeanChampion): the European Open
 * Champion and the qualification order of Europeans, after the standings table (text) or beside it (`--json`).
 */
import { formatRank } from '../model/rank';
import { displayName } from '../model/tournament';
import type { EgcCongressStart } from '../scoring/egcCongressStart';
import type { EgcResultEntry, EgcResults } from '../scoring/europeanChampion';
import { formatHalves } from '../pairing/history';
import { table } from './render';

function entryJson(e: EgcResultEntry) {
  return {
    position: e.position,
    id: e.player.id,
    name: displayName(e.player),
    country: e.player.country,
    allRounds: e.allRounds,
    mms: e.mmsHalves / 2,
    dc: e.dcKeys.map((k) => k / 2),
    rating: e.rating,
    lot: e.lot,
  };
}

function topBarJson(start: EgcCongressStart) {
  return {
    bar: formatRank(start.usedBar),
    ruleBar: formatRank(start.computedBar),
    aboveBar: start.aboveBar.length,
    supergroup: start.supergroup,
    supergroupPoints: start.supergroupPoints,
    supergroupMms: start.supergroupMms,
    topBarGroup: start.topBarGroup,
    notes: start.notes,
    rule: start.rule,
  };
}

/** `tengen standings --json` of an egc file: `{ standings, europeanChampion, qualificationOrder, topBar, … }`. */
export function egcStandingsJson(standings: unknown, r: EgcResults, start: EgcCongressStart) {
  return {
    standings,
    topBar: topBarJson(start),
    europeanChampion: r.openOrder.filter((e) => r.europeanChampion.includes(e.player.id)).map(entryJson),
    europeanChampionShared: r.europeanChampion.length > 1,
    qualificationOrder: r.qualificationOrder.map(entryJson),
    final: r.final,
    asOf: r.asOf,
    lotterySeed: r.lotterySeed,
    rule: r.rule,
  };
}

export function renderEgcResults(r: EgcResults, start: EgcCongressStart): string {
  const so = r.final ? '' : ` (after round ${r.asOf}: provisional)`;
  const champions = r.openOrder.filter((e) => r.europeanChampion.includes(e.player.id));
  const title =
    champions.length === 0
      ? 'nobody has played all rounds'
      : `${champions.map((e) => `${e.player.id} ${displayName(e.player)} (${formatRank(e.player.rank)}, ${e.player.country ?? '?'}) — MMS ${formatHalves(e.mmsHalves)}`).join('; ')}${champions.length > 1 ? ' — the title is shared' : ''}`;
  const rows = r.qualificationOrder.map((e) => [
    String(e.position),
    String(e.player.id),
    displayName(e.player),
    formatRank(e.player.rank),
    e.player.country ?? '',
    e.allRounds ? 'yes' : 'no',
    formatHalves(e.mmsHalves),
    e.dcKeys.map((k) => formatHalves(k)).join('/'),
    e.rating === undefined ? '' : String(e.rating),
    String(e.lot),
  ]);
  const order = table(['Pos', 'ID', 'Name', 'Rank', 'Country', 'All rounds', 'MMS', 'DC', 'Rating', 'Lot'], rows, new Set([0, 1, 6, 7, 8, 9]));
  const bar = `\nTop bar ${formatRank(start.usedBar)}, supergroup of ${start.supergroup.length} from MMS ${start.supergroupMms} (${start.rule}): ${start.notes.join('; ')}\n`;
  return `${bar}\nEuropean Open Champion${so}: ${title}\n(${r.rule}: all rounds played, McMahon score, Direct Comparison, then shared)\n\nQualification order of Europeans${so} (all rounds, McMahon score, Direct Comparison, rating, lottery with seed ${r.lotterySeed}):\n${order}`;
}
