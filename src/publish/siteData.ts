/**
 * What the published site is made from, computed once: the standings exactly as `tengen standings` gives them (the
 * Czech order under the Czech ruleset), each player's games round by round up to the round paired last, his place,
 * his score and the explanation of his place exactly as `tengen explain FILE PLAYER place` gives it, and each
 * player's stable page (his ID or EGD PIN, never his name).
 */
import type { InputError } from '../model/errors';
import { formatFraction, type Fraction } from '../model/fraction';
import { formatRank } from '../model/rank';
import { displayName, type Criterion, type Game, type Player, type PlayerId, type Tournament } from '../model/tournament';
import { explainCzech, renderCzechExplanation } from '../scoring/czechExplain';
import { czechStandings, type CzechStandings } from '../scoring/czechOrder';
import { explainIn, type Explanation } from '../scoring/explain';
import { explainPlaces, renderPlaceExplanation, type PlaceExplanation } from '../scoring/placeExplain';
import { buildRecords, type PlayerRound } from '../scoring/record';
import { computeStandings, shownCriteria, type Standings } from '../scoring/standings';
import { wordsOf, type SiteWords } from './i18n';
import type { PublishOptions, UrlKey } from './options';
import { gamesByTable, tableNumber } from './tables';

/** Criteria whose opponent-by-opponent table (src/scoring/explain.ts) a player's page shows under his explanation. */
const DETAILED: ReadonlySet<Criterion> = new Set(['mms', 'nbw', 'sos', 'sos1', 'sos2', 'sodos', 'sosos', 'cuss', 'cusp']);

export interface SitePlayer {
  readonly player: Player;
  readonly name: string;
  readonly rank: string;
  /** The page's path in the site: `players/12.html`. */
  readonly path: string;
  /** His place as `tengen standings` prints it; absent when the standings do not list him. */
  readonly place?: number;
  /** His position in the standings list (0 first): which standings page and grid line he is on. */
  readonly row?: number;
  /** His score in words: "3 wins, SOS 7.5". */
  readonly score?: string;
  /** The explanation of his place, one line a sentence, as `tengen explain FILE PLAYER place` prints it. */
  readonly explanation?: readonly string[];
  /** The language of `explanation` (the Czech order's is English only). */
  readonly explanationLang?: 'en' | 'fr';
  /** The opponent-by-opponent table of the criterion that decided his place against the player above (or below). */
  readonly detail?: Explanation;
  /** His rounds 1 … the round paired last. */
  readonly rounds: readonly PlayerRound[];
}

export interface SiteData {
  readonly tournament: Tournament;
  readonly words: SiteWords;
  readonly options: PublishOptions;
  /** The last round with a game or a bye: the current round (0: none paired yet). */
  readonly currentRound: number;
  /** The current round goes on: a game of it has no result (its bye may already count in the standings). */
  readonly roundOpen: boolean;
  /** The round the standings are after. */
  readonly asOf: number;
  readonly standings?: Standings;
  readonly czech?: CzechStandings;
  /** Players in the standings' order, then those the standings do not list (ID order). */
  readonly ordered: readonly SitePlayer[];
  readonly byIndex: readonly SitePlayer[];
  readonly byId: ReadonlyMap<PlayerId, SitePlayer>;
  /** Each game's table number (its own, else its place in the round's table order) and its index in that order. */
  readonly tables: ReadonlyMap<Game, { readonly number: number; readonly index: number }>;
  /** The criteria the standings table shows (the Czech order: none, its points). */
  readonly shown: readonly Criterion[];
}

/** The key of a player's page, or an error naming him. */
function urlKeyOf(p: Player, key: UrlKey): string | InputError {
  if (key === 'id') return String(p.id);
  const pin = p.egdPin?.trim();
  if (!pin) return { player: `${p.id} (${displayName(p)})`, message: 'has no EGD PIN: every player needs one for pages named by PIN (or publish with pages named by ID)' };
  if (!/^[0-9A-Za-z]+$/.test(pin)) return { player: `${p.id} (${displayName(p)})`, message: `EGD PIN "${pin}" has characters other than letters and digits; it cannot name a page` };
  return `pin-${pin}`;
}

export function scoreWords(words: SiteWords, criteria: readonly Criterion[], values: Readonly<Record<Criterion, Fraction>>): string {
  const label: Partial<Record<Criterion, string>> = { mms: 'MMS', nbw: words.lang === 'fr' ? 'victoires' : 'wins', sos: 'SOS', sos1: 'SOS-1', sos2: 'SOS-2', sodos: 'SODOS', sosos: 'SOSOS', cuss: 'CUSS', cusp: 'CUSP' };
  return criteria
    .filter((c) => label[c])
    .map((c) => {
      const v = formatFraction(values[c]).replace('.', words.decimal);
      const one = words.lang === 'fr' ? values[c].num <= values[c].den : values[c].num === values[c].den;
      return c === 'nbw' ? `${v} ${one ? label.nbw!.replace(/s$/, '') : label.nbw}` : `${label[c]} ${v}`;
    })
    .join(', ');
}

/** The site's data, or the errors that stop it (a player without a name, two players with the same page). */
export function siteData(t: Tournament, options: PublishOptions = {}): { ok: true; data: SiteData } | { ok: false; errors: readonly InputError[] } {
  const words = wordsOf(options.language ?? 'en');
  const errors: InputError[] = [];
  if (t.settings.teams) errors.push({ where: 'settings.teams', message: 'a team tournament cannot be published yet: its standings rank teams, the site ranks players' });
  const seen = new Map<string, Player>();
  const keys = new Map<PlayerId, string>();
  for (const p of [...t.players].sort((a, b) => a.id - b.id)) {
    if (`${p.family}${p.given}`.trim() === '') errors.push({ player: String(p.id), message: 'has no name: the published site names every player (type his family name)' });
    const key = urlKeyOf(p, options.urlKey ?? 'id');
    if (typeof key !== 'string') {
      errors.push(key);
      continue;
    }
    const twin = seen.get(key.toLowerCase());
    if (twin) errors.push({ player: `${p.id} (${displayName(p)})`, message: `has the same page as ${twin.id} (${displayName(twin)}): players/${key}.html; each player needs a page of his own` });
    else seen.set(key.toLowerCase(), p);
    keys.set(p.id, key);
  }
  if (errors.length > 0) return { ok: false, errors };

  let currentRound = 0;
  for (const g of t.games) currentRound = Math.max(currentRound, g.round);
  for (const b of t.byes) currentRound = Math.max(currentRound, b.round);
  currentRound = Math.min(currentRound, t.settings.rounds);
  const records = buildRecords(t, currentRound);

  const czech = t.settings.ruleset === 'czech' ? czechStandings(t) : undefined;
  const standings = czech ? undefined : computeStandings(t);
  const shown = standings ? shownCriteria(standings) : [];
  const asOf = czech ? czech.scoreboard.asOf : standings!.asOf;

  const placed = new Map<number, { place: number; row: number; score: string; explanation: readonly string[]; lang: 'en' | 'fr'; detail?: Explanation }>();
  if (standings) {
    const explained: Map<PlayerId, PlaceExplanation> = explainPlaces(standings);
    standings.entries.forEach((e, row) => {
      const why = explained.get(e.player.id)!;
      const decided = (why.above ?? why.below)?.decided.criterion;
      const detail = decided && DETAILED.has(decided) && why.player.place > 0 ? explainIn(standings, e.player.id, decided) : undefined;
      placed.set(e.index, {
        place: e.place,
        row,
        score: scoreWords(words, shown, e.values),
        explanation: renderPlaceExplanation(why, words.lang).trimEnd().split('\n'),
        lang: words.lang,
        detail,
      });
    });
  } else if (czech) {
    czech.entries.forEach((e, row) => {
      const points = `${String(e.points).replace('.', words.decimal)} ${words.points.toLowerCase()}`;
      placed.set(e.index, { place: e.place, row, score: points, explanation: renderCzechExplanation(explainCzech(czech, e.player.id)).split('\n').map((line) => line.trim()).filter(Boolean), lang: 'en' });
    });
  }

  const byIndex: SitePlayer[] = records.players.map((player, p) => {
    const at = placed.get(p);
    return {
      player,
      name: displayName(player),
      rank: formatRank(player.rank),
      path: `players/${keys.get(player.id)}.html`,
      place: at?.place,
      row: at?.row,
      score: at?.score,
      explanation: at?.explanation,
      explanationLang: at?.lang,
      detail: at?.detail,
      rounds: records.rounds[p],
    };
  });
  const inStandings = byIndex.filter((s) => s.row !== undefined).sort((a, b) => a.row! - b.row!);
  const rest = byIndex.filter((s) => s.row === undefined);
  const byId = new Map(byIndex.map((s) => [s.player.id, s]));
  const tables = new Map<Game, { number: number; index: number }>();
  for (let round = 1; round <= currentRound; round++) gamesByTable(t, round).forEach((g, i) => tables.set(g, { number: tableNumber(g, i), index: i }));
  const roundOpen = currentRound > 0 && (currentRound > asOf || t.games.some((g) => g.round === currentRound && g.result === 'unknown'));
  return { ok: true, data: { tournament: t, words, options, currentRound, roundOpen, asOf, standings, czech, ordered: [...inStandings, ...rest], byIndex, byId, tables, shown } };
}
