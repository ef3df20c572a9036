/**
 * Issue 27, cause 5: a Players header that is a slip of one of Tengen's ("Absent round", "Ratng") is refused with
 * the header expected, instead of being kept as the director's own column (which ignored the absence, dropped the
 * ratings); the director's own columns, further from Tengen's, are still kept.
 */
import type { InputError } from '../../src/model/errors';
import { isSlipOf, readPlayersSheet } from '../../src/workbook/sheets/playersSheet';

function read(header: string[]): InputError[] {
  const errors: InputError[] = [];
  readPlayersSheet([header, [1, 'Abe', 'Aki', '3d', ...header.slice(4).map(() => null)]], errors);
  return errors;
}

describe('Players headers close to Tengen\'s', () => {
  it.each([
    ['Absent round', 'Absent rounds'],
    ['Ratng', 'Rating'],
    ['Ratings', 'Rating'],
    ['Countrey', 'Country'],
  ])('"%s" is refused, naming "%s"', (slip, expected) => {
    const errors = read(['ID', 'Family name', 'Given name', 'Rank', slip]);
    expect(errors).toEqual([{ where: 'Players!E1', message: expect.stringContaining(`"${slip}" is close to Tengen's column "${expected}": rename it "${expected}"`) }]);
  });
  it.each(['Paid', 'Notes', 'Club 2', 'Email', 'Phone', 'T-shirt size'])('the director\'s own column "%s" is kept', (own) => {
    expect(read(['ID', 'Family name', 'Given name', 'Rank', own])).toEqual([]);
  });
  it('a slip is not a slip when Tengen\'s column is there too', () => {
    expect(read(['ID', 'Family name', 'Given name', 'Rank', 'Rating', 'Ratings'])).toEqual([]);
  });
  it('the rule: one edit under 8 letters, two from 8', () => {
    expect(isSlipOf('rank', 'rank')).toBe(false);
    expect(isSlipOf('rnak', 'rank')).toBe(false); // two edits on a short header
    expect(isSlipOf('absent rund', 'absent rounds')).toBe(true);
  });
});
