/**
 * A tournament file's text read by the reader of its format (`detectFormat`, ./load.ts): Tengen JSON, OpenGotha XML,
 * MacMahon XML, Pairgoth, EGD results. Apart from ./load.ts so that the readers are loaded only for a file (issue 28:
 * reading a workbook loaded all five, some 40 modules); and each reader only for a file of its format (`tengen workbook` of
 * an OpenGotha file loaded the EGD, MacMahon and Pairgoth readers too).
 */
import { failed, type Parsed } from '../model/errors';
import type { Tournament } from '../model/tournament';

export type TournamentFormat = 'json' | 'opengotha' | 'macmahon' | 'pairgoth' | 'h9';

export async function parseTournamentFile(format: TournamentFormat | undefined, text: string, file: string): Promise<Parsed<Tournament>> {
  switch (format) {
    case 'json':
      return (await import('../formats/json')).parseTournamentJson(text, file);
    case 'opengotha':
      return (await import('../formats/opengotha')).parseOpenGotha(text, file);
    case 'macmahon':
      return (await import('../formats/macmahon')).parseMacMahon(text, file);
    case 'pairgoth':
      return (await import('../formats/pairgoth')).parsePairgoth(text, file);
    case 'h9': {
      const h9 = (await import('../formats/h9')).parseH9(text, file);
      return h9.ok ? (await import('../formats/h9Tournament')).h9ToTournament(h9.value, file) : h9;
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

