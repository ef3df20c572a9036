/**
 * The knockout system (`settings.system` "knockout"): pairs round r of the bracket (./knockoutBracket) — only the
 * winners of round r − 1 go on (seeds/egc-championship-rules.txt, "The League's Knockout Playoffs", "Pairings and
 * Final Places": "Only the winners remain in the knockout").
 *
 * Colours: nigiri (seeds/egc-championship-rules.txt, "Commentary": "According to the EGF General Tournament Rules,
 * colours in knockout games are decided by nigiri"). Each game is written with the first mentioned player (the lower
 * number: "1 - 24") in the White column, as a place on the sheet only (`colourKnown` false); the director records the
 * colours the nigiri gave.
 *
 * A free win is a bye in the model: a default win without a game (EGF: a bye is a "default win due to the opponent
 * Bye"), so the player's wins and the bracket both count it. A player who lost is "knocked out": present, neither
 * paired nor given a bye.
 */
import { playerLabel, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import { BracketError, knockoutBracket, powerOfTwoBelow, type Bracket, type BracketMatch } from './knockoutBracket';
import { pairingError, type ByeLine, type PairedGame, type PairingResult, type ReportLine } from '../../pairing/types';
import { winsBefore } from '../../pairing/winGroups';

const FREE_WIN_RULE = 'seeds/egc-championship-rules.txt, "The League\'s Knockout Playoffs", "Pairings and Final Places"';
const NIGIRI_RULE = 'seeds/egc-championship-rules.txt, "Commentary": "colours in knockout games are decided by nigiri"';

/** Why round `round` cannot be paired yet: the matches of the round before it that have no winner. */
function undecided(t: Tournament, bracket: Bracket, round: Round): { message: string; players: PlayerId[] } | null {
  if (round === 1) return null;
  const before = bracket.rounds[round - 2].matches.filter((m) => m.winner === undefined);
  if (before.length === 0) return null;
  const say = (m: BracketMatch) => {
    if (m.first === undefined || m.second === undefined) return `match ${m.label} (its players are not known yet)`;
    const who = `${playerLabel(t, m.first)} – ${m.second === null ? 'free win' : playerLabel(t, m.second)}`;
    if (!m.game) return `match ${m.label} (${who}): not paired`;
    return `match ${m.label} (${who}): ${m.game.result === 'unknown' ? 'no result yet' : `no winner (${m.game.result})`}`;
  };
  return {
    message: `round ${round - 1} has no winner yet in ${before.map(say).join('; ')}: only the winners go on, so record ${before.length === 1 ? 'that result' : 'those results'} first`,
    players: before.flatMap((m) => [m.first, m.second]).filter((id): id is PlayerId => typeof id === 'number'),
  };
}

export function pairKnockout(t: Tournament, round: Round): PairingResult {
  let bracket: Bracket;
  try {
    bracket = knockoutBracket(t);
  } catch (e) {
    if (e instanceof BracketError) return pairingError('unsupported-parameters', round, e.message, e.players);
    throw e;
  }
  if (bracket.entrants.length < 2) return pairingError('too-few-players', round, `a knockout needs at least 2 players; ${bracket.entrants.length} present in round 1`);
  if (round > bracket.rounds.length) {
    const last = bracket.rounds[bracket.rounds.length - 1].matches[0];
    const won = last.winner !== undefined ? `: ${playerLabel(t, last.winner)} won it` : '';
    return pairingError('bad-round', round, `this knockout of ${bracket.entrants.length} players has ${bracket.rounds.length} round${bracket.rounds.length === 1 ? '' : 's'}${won}`);
  }
  const waiting = undecided(t, bracket, round);
  if (waiting) return pairingError('results-pending', round, waiting.message, waiting.players);

  const matches = bracket.rounds[round - 1].matches;
  const stillIn = new Set(matches.flatMap((m) => [m.first, m.second]).filter((id): id is PlayerId => typeof id === 'number'));
  const absent = [...stillIn].filter((id) => (t.players.find((p) => p.id === id)!.absentRounds ?? []).includes(round));
  if (absent.length > 0) {
    return pairingError('no-pairing', round, `${absent.map((id) => playerLabel(t, id)).join(', ')} ${absent.length === 1 ? 'is' : 'are'} still in the knockout but marked absent in round ${round}: a knockout game is not skipped — record it as lost by default instead`, absent);
  }
  const wins = winsBefore(t, round);
  const number = (id: PlayerId) => bracket.numbers.get(id)!;
  const games: PairedGame[] = [];
  const report: ReportLine[] = [];
  const freeWins: PlayerId[] = [];
  for (const m of matches) {
    if (m.second === null) {
      freeWins.push(m.first!);
      const line: ByeLine = {
        kind: 'bye',
        player: m.first!,
        reason: `free win: number ${number(m.first!)} is not among the ${2 * (bracket.entrants.length - powerOfTwoBelow(bracket.entrants.length))} greatest numbers, who play round 1`,
        rule: FREE_WIN_RULE,
        message: `Free win: ${playerLabel(t, m.first!)} (number ${number(m.first!)}) — "the other players get a free win"`,
      };
      report.push(line);
      continue;
    }
    const [white, black] = [m.first!, m.second!];
    const table = games.length + 1;
    games.push({ table, white, black, handicap: 0, colourKnown: false });
    report.push({
      kind: 'pair',
      table,
      white,
      black,
      whiteScoreHalves: 2 * (wins.get(white) ?? 0),
      blackScoreHalves: 2 * (wins.get(black) ?? 0),
      scoreDifferenceHalves: 2 * Math.abs((wins.get(white) ?? 0) - (wins.get(black) ?? 0)),
      handicap: 0,
      colourKnown: false,
      colours: `nigiri (${NIGIRI_RULE})`,
      message: `Table ${table}, match ${m.label}: ${playerLabel(t, white)} (number ${number(white)}) – ${playerLabel(t, black)} (number ${number(black)}), colours by nigiri`,
    });
  }
  const present = t.players.filter((p) => !(p.absentRounds ?? []).includes(round)).map((p) => p.id);
  const knockedOut = present.filter((id) => !stillIn.has(id));
  return { round, system: `knockout (${bracket.kind})`, games, bye: null, freeWins, knockedOut, report };
}
