/**
 * AGA results export: the plain-text file the American Go Association's rating system takes (usgo.org, "Qualifications
 * for Rated Games" / "Submitting Rated Games to the AGA Games Database"), line for line as its example:
 *
 *     TOURNEY Princeton Go Club Rated Games, Princeton, NJ, June 15-30, 2004
 *             start=6/15/2004
 *             finish=6/30/2004
 *             rules=AGA
 *     PLAYERS
 *      489 Matthews, Paul 4k
 *     GAMES
 *     489 3199 b 0 7
 *
 * "The tournament or other event must be clearly identified, including the event name, location, start and finish
 * dates, and rules of play": the TOURNEY line names the event, its place and its dates; "Each player must be
 * identified by an AGA ID number, full name, and rank used for the event"; a game is
 * `<white ID> <black ID> <winner: w|b> <handicap> <komi>`. The page shows no comment lines and no blank lines, and
 * Tengen writes none (test/formats/agaFormat.test.ts checks each line against that grammar).
 *
 * Only games decided by play are rated: jigos, results by default and games without a result are left out, each
 * kind counted in a note. Names are written in ASCII (accents dropped: the AGA's files are plain ASCII text). A player without an AGA ID gets a temporary number (99000 + his Tengen ID), "distinct
 * from the normal range of AGA ID numbers", and a note asks for his address.
 */
import { largestOf } from '../model/extremes';
import { formatRank } from '../model/rank';
import { displayName, type Game, type Player, type Tournament } from '../model/tournament';
import { toAscii } from './ascii';
import { exported, type ExportOptions, type Exported } from './export';
import { unspellableNames } from './unspellable';

const TEMPORARY_BASE = 99000;

/** "6/15/2004" from "2004-06-15" (the AGA's dates); other spellings are written as they are. */
function agaDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${Number(m[2])}/${Number(m[3])}/${m[1]}` : iso;
}

function agaId(p: Player): string {
  return p.extra?.agaId?.trim() || String(TEMPORARY_BASE + p.id);
}

/** Komi of a game: the tournament's in an even game; AGA rules give White half a point in a handicap game. */
function komiOf(t: Tournament, g: Game): string {
  return g.handicap === 0 ? String(t.settings.komi ?? 7.5) : '0.5';
}

export function exportAga(t: Tournament, options: ExportOptions = {}): Exported {
  // A name ASCII cannot spell: refused unless the player has an AGA ID or the director asks for "?" (./unspellable).
  const names = unspellableNames(t.players, { file: 'the AGA results file', number: 'AGA ID', numbered: (p) => !!p.extra?.agaId?.trim() }, options);
  if (names.errors.length > 0) return { ok: false, errors: names.errors };
  const notes: string[] = [...names.notes];
  const withoutId = t.players.filter((p) => !p.extra?.agaId?.trim());
  if (withoutId.length > 0) {
    notes.push(
      `${withoutId.length} player${withoutId.length === 1 ? ' has' : 's have'} no AGA ID and got a temporary number (${TEMPORARY_BASE}+ID): send each one's postal or e-mail address with the file (${withoutId
        .slice(0, 5)
        .map(displayName)
        .join('; ')}${withoutId.length > 5 ? '; …' : ''})`,
    );
  }
  if (t.settings.komi === undefined) notes.push('the tournament has no komi: even games are written with 7.5');
  const rules = t.settings.opengotha?.generalParameters?.rules ?? 'AGA';
  const begin = t.beginDate ?? '';
  const end = t.endDate ?? begin;
  if (begin === '') notes.push('the tournament has no dates: start= and finish= are empty; the AGA needs the start and finish dates');
  const dates = begin === '' ? '' : begin === end ? agaDate(begin) : `${agaDate(begin)}-${agaDate(end)}`;
  const lines = [
    `TOURNEY ${toAscii([t.name, t.location, dates].filter(Boolean).join(', '))}`,
    `\tstart=${agaDate(begin)}`,
    `\tfinish=${agaDate(end)}`,
    `\trules=${rules}`,
    'PLAYERS',
  ];
  const ids = new Map(t.players.map((p) => [p.id, agaId(p)]));
  // A loop, not Math.max(...ids): 130,000 arguments overflow the stack (issue 27).
  const width = largestOf([...ids.values()].map((s) => s.length), 0);
  for (const p of [...t.players].sort((a, b) => a.id - b.id)) lines.push(`${ids.get(p.id)!.padStart(width)} ${toAscii(displayName(p))} ${formatRank(p.rank)}`);

  lines.push('GAMES');
  const left = { jigo: 0, default: 0, unknown: 0 };
  const rounds = [...new Set(t.games.map((g) => g.round))].sort((a, b) => a - b);
  for (const r of rounds) {
    for (const g of t.games.filter((x) => x.round === r)) {
      if (g.result === 'white-wins' || g.result === 'black-wins') {
        lines.push(
          `${ids.get(g.white)!.padStart(width)} ${ids.get(g.black)!.padStart(width)} ${g.result === 'white-wins' ? 'w' : 'b'} ${g.handicap} ${komiOf(t, g)}`,
        );
      } else if (g.result === 'jigo') left.jigo++;
      else if (g.result === 'unknown') left.unknown++;
      else left.default++;
    }
  }
  if (left.default > 0) notes.push(`${left.default} result${left.default === 1 ? '' : 's'} by default left out: the AGA rates games played`);
  if (left.jigo > 0) notes.push(`${left.jigo} jigo${left.jigo === 1 ? '' : 's'} left out: the AGA's results name a winner`);
  if (left.unknown > 0) notes.push(`${left.unknown} game${left.unknown === 1 ? '' : 's'} without a result left out`);
  if (!t.settings.opengotha?.generalParameters?.rules)
    notes.push('rules=AGA: Tengen does not record the rules of play; change the line if the games were played under other rules');
  return exported(`${lines.join('\n')}\n`, notes);
}
