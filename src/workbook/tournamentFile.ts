/**
 * A tournament file's text read by the reader of its format (`detectFormat`, ./load.ts): Tengen JSON, OpenGotha XML,
 * MacMahon XML, Pairgoth, EGD results. Apart from ./load.ts so that the readers are loaded only for a file (issue 28:
 * reading a workbook loaded all five, some 40 modules).
 */
import { failed, type Parsed } from '../model/errors';
import type { Tournament } from '../model/tournament';
import { parseH9 } from '../formats/h9';
import { h9ToTournament } from '../formats/h9Tournament';
import { parseTournamentJson } from '../formats/json';
import { parseMacMahon } from '../formats/macmahon';
import { parseOpenGotha } from '../formats/opengotha';
import { parsePairgoth } from '../formats/pairgoth';

export type TournamentFormat = 'json' | 'opengotha' | 'macmahon' | 'pairgoth' | 'h9';

export function parseTournamentFile(format: TournamentFormat | undefined, text: string, file: string): Parsed<Tournament> {
  switch (format) {
    case 'json':
      return parseTournamentJson(text, file);
    case 'opengotha':
      return parseOpenGotha(text, file);
    case 'macmahon':
      return parseMacMahon(text, file);
    case 'pairgoth':
      return parsePairgoth(text, file);
    case 'h9': {
      const h9 = parseH9(text, file);
      return h9.ok ? h9ToTournament(h9.value, file) : h9;
    }
    default:
      return failed([
        {
          file,
          message:
            'not a tournament file Tengen reads: expected Tengen tournament JSON (.json), OpenGotha or MacMahon XML (.xml), Pairgoth (.tour), EGD results (.h9) or a Tengen workbook (.xlsx)',
        },
      ]);
  }
}

