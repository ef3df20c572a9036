/**
 * Issue 27: a file read in the wrong encoding ("NovÃ¡k": UTF-8 read as Latin-1; an XML declared ISO-8859-1 holding
 * UTF-8, "MontrÃ©al") is refused naming file:line and the word, with what it most likely was — never kept as a name.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { decodeTournamentFile } from '../../src/formats/encoding';
import { formatInputError } from '../../src/model/errors';
import { loadTournament } from '../../src/workbook/load';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples', 'quebec-open-mini.json'), 'utf8');
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const xml = (name: string) => `<?xml version="1.0" encoding="ISO-8859-1"?>\n<Tournament>\n<Players>\n<Player name="${name}" firstName="Jan" rank="1D"/>\n</Players>\n</Tournament>\n`;

let dir: string;
beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'tengen-mojibake-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function load(name: string, bytes: Uint8Array): Promise<string[]> {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const read = await loadTournament(file);
  return read.ok ? [] : read.errors.map(formatInputError);
}

describe('text read in the wrong encoding', () => {
  test('an XML declared ISO-8859-1 holding UTF-8 is refused naming the line, the word and the declaration', () => {
    const read = decodeTournamentFile(utf8(xml('Montréal')), 'm.xml', 'xml');
    expect(read.ok).toBe(false);
    const message = read.ok ? '' : formatInputError(read.errors[0]);
    expect(message).toBe('m.xml:4: "MontrÃ©al" is "Montréal" written in UTF-8 and read as Latin-1; the file declares ISO-8859-1 but holds UTF-8: change its declaration to encoding="UTF-8"');
  });

  test('the same name truly in ISO-8859-1 is read', () => {
    const read = decodeTournamentFile(latin1(xml('Montréal')), 'm.xml', 'xml');
    expect(read.ok && read.value.includes('Montréal')).toBe(true);
  });

  test('a JSON file whose name was converted twice ("NovÃ¡k") is refused naming file:line', async () => {
    const text = EXAMPLE.replace(/"family": "[^"]*"/, '"family": "NovÃ¡k"');
    const line = text.slice(0, text.indexOf('NovÃ¡k')).split('\n').length;
    expect(await load('novak.json', utf8(text))).toEqual([expect.stringContaining(`novak.json:${line}: "NovÃ¡k" is "Novák" written in UTF-8 and read as Latin-1`)]);
    expect(await load('novak-right.json', utf8(EXAMPLE.replace(/"family": "[^"]*"/, '"family": "Novák"')))).toEqual([]);
  });

  test('an .h9 line holding such a name is refused naming file:line', async () => {
    const h9 = ['; EV[Test]', '; Pl Name                            Rk Co Club      MMS', '   1 NovÃ¡k Jan                      4D CZ Prah  1     0+', ''].join('\n');
    expect(await load('novak.h9', utf8(h9))).toEqual([expect.stringContaining('novak.h9:3: "NovÃ¡k" is "Novák"')]);
  });

  test('letters of other languages are not taken for it', () => {
    for (const name of ['Müller', 'Ærøskøbing', 'Łukasz Żółć', 'Ōtake Hideo', 'São Paulo', 'Ångström', 'Ça»', 'Dvořák', '李昌镐']) {
      expect(decodeTournamentFile(utf8(`{"name": "${name}"}`), 'x.json', 'json').ok).toBe(true);
    }
  });
});
