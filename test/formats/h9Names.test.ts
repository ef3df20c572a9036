/**
 * Issue 27: an .h9 name "Dupont,Martin" (no space) was read as the family name "Dupont,Martin" with no given name.
 * The EGD's name field is "Family Given"; such a line is refused naming file:line and what to write.
 */
import { parseH9 } from '../../src/formats/h9';
import { h9ToTournament } from '../../src/formats/h9Tournament';
import { formatInputError } from '../../src/model/errors';

const h9 = (name: string) =>
  ['; EV[Test]', '; Pl Name                            Rk Co Club  MMS', `   1 ${name.padEnd(31)} 4D FR Pari  1     2+/b0`, '   2 Durand Paul                     3D FR Pari  0     1-/w0', ''].join('\n');

function read(name: string) {
  const parsed = parseH9(h9(name), 'names.h9');
  if (!parsed.ok) return parsed;
  return h9ToTournament(parsed.value, 'names.h9');
}

test('"Dupont,Martin" is refused naming the line and what to write', () => {
  const t = read('Dupont,Martin');
  expect(t.ok).toBe(false);
  expect(t.ok ? [] : t.errors.map(formatInputError)).toEqual([expect.stringMatching(/^names\.h9:3: .*"Dupont,Martin" has a comma and no space: .*write "Dupont Martin"$/)]);
});

test('"Dupont Martin" and a family name holding a comma and a space are read', () => {
  const t = read('Dupont Martin');
  expect(t.ok && t.value.players.find((p) => p.family === 'Dupont')?.given).toBe('Martin');
  const jr = read('Smith,_Jr. John');
  expect(jr.ok && jr.value.players.find((p) => p.given === 'John')?.family).toBe('Smith, Jr.');
});
