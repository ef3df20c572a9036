/**
 * Issue 27: "komi edited in an exported XML ignored in favour of the embedded comment (say which wins, and when they
 * disagree, ask)". A file Tengen exported holds the komi twice — OpenGotha's `komi` attribute and Tengen's comment —
 * and neither wins silently: when they disagree the file is refused naming both.
 */
import { parseOpenGotha } from '../../src/formats/opengotha';
import { formatInputError } from '../../src/model/errors';
import type { Tournament } from '../../src/model/tournament';
import { example } from '../workbook/fixtures';
import { exportText, value } from '../support/opengothaXml';

const errors = (text: string) => {
  const read = parseOpenGotha(text, 'edited.xml');
  return read.ok ? [] : read.errors.map(formatInputError);
};

describe('the komi of an exported XML and of its comment', () => {
  test('agreeing: read, the komi kept', () => {
    const text = exportText(example());
    expect(text).toContain('komi="6.5"');
    expect(value(parseOpenGotha(text, 'x.xml')).settings.komi).toBe(6.5);
  });

  test('edited in OpenGotha\'s attribute: refused naming the attribute\'s line, both values and the comment\'s line', () => {
    const text = exportText(example()).replace('komi="6.5"', 'komi="7.5"');
    const line = text.slice(0, text.indexOf('komi="7.5"')).split('\n').length;
    const commentLine = text.slice(0, text.indexOf('tengen:settings')).split('\n').length;
    const [message, ...rest] = errors(text);
    expect(rest).toEqual([]);
    expect(message).toMatch(new RegExp(`^edited\\.xml:${line}: <GeneralParameterSet>: komi="7\\.5" here, but Tengen's comment on line ${commentLine} says komi 6\\.5: the file was changed after Tengen wrote it`));
  });

  test('a komi added where Tengen had none: refused, saying the comment has none', () => {
    const t: Tournament = { ...example(), settings: { ...example().settings, komi: undefined } };
    delete (t.settings as { komi?: number }).komi;
    const text = exportText(t);
    expect(text).not.toMatch(/\skomi="/);
    expect(value(parseOpenGotha(text, 'x.xml')).settings.komi).toBeUndefined();
    const edited = text.replace('<GeneralParameterSet ', '<GeneralParameterSet komi="0.5" ');
    expect(errors(edited)).toEqual([expect.stringContaining(`komi="0.5" here, but Tengen's comment on line`)]);
    expect(errors(edited)[0]).toContain("says no komi (Tengen's default)");
  });
});
