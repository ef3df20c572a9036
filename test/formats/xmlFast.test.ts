/**
 * The fast XML reader (src/formats/xmlFast.ts, issue 28) against saxes (parseXmlSaxes): wherever it answers, the tree
 * is saxes' own; wherever a document leaves its plain subset or might be malformed, it does not answer, so saxes
 * reads it and says what is wrong exactly as before.
 */
import { readFileSync } from 'node:fs';
import { parseXml, parseXmlSaxes } from '../../src/formats/xml';
import { parseXmlFast } from '../../src/formats/xmlFast';
import { corpusOpenGothaFiles, describeCorpus } from '../support/corpus';

const PLAIN = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<T a="1" b="x &amp; &#65;&#x42; &lt;&gt;&quot;&apos;">\n<!-- c -->\n<P n="é\tx\ny"\tm="&#9;&#10;"/>\n <Q>t&lt;x&gt; &#9;</Q>\n</T>\n';

describe('the fast XML reader', () => {
  it('reads a plain document into saxes\' tree, lines included', () => {
    const fast = parseXmlFast(PLAIN);
    const saxes = parseXmlSaxes(PLAIN);
    expect(fast).toBeDefined();
    expect(saxes.ok).toBe(true);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(saxes.ok && saxes.value));
    expect(fast!.children.map((c) => c.line)).toEqual([4, 6]);
    // A tab or line feed written in a value is a space; one written as a reference stays.
    expect(fast!.children[0].attributes).toEqual({ n: 'é x y', m: '\t\n' });
  });

  // Each is outside the plain subset: malformed (saxes' message must stay), or legal but left to saxes.
  it.each([
    ['a mismatched close tag', PLAIN.replace('</Q>', '</R>')],
    ['an unclosed element', PLAIN.replace('</T>\n', '')],
    ['an unknown entity', PLAIN.replace('&amp;', '&nbsp;')],
    ['a bare ampersand', PLAIN.replace('t&lt;', 't & ')],
    ['a < in an attribute value', PLAIN.replace('a="1"', 'a="1<2"')],
    ['a duplicate attribute', PLAIN.replace('a="1"', 'a="1" a="2"')],
    ['attributes not separated', PLAIN.replace('a="1" b=', 'a="1"b=')],
    ['a comment with --', PLAIN.replace('<!-- c -->', '<!-- c -- d -->')],
    ['a comment ending in -', PLAIN.replace('<!-- c -->', '<!-- c --->')],
    ['text after the root', `${PLAIN}x`],
    ['a second root', `${PLAIN}<U/>`],
    // XML's white space is space, tab, CR and LF only (§2.3 S), not every character JavaScript's trim() takes away.
    ['a no-break space before the root', `\u00a0${PLAIN.slice(PLAIN.indexOf('<T'))}`],
    ['a no-break space after the root', `${PLAIN}\u00a0`],
    ['a second byte-order mark', `\ufeff\ufeff${PLAIN.slice(PLAIN.indexOf('<T'))}`],
    ['an ideographic space after the root', `${PLAIN}\u3000`],
    [']]> in text', PLAIN.replace('t&lt;x', 't]]>x')],
    ['a control character', PLAIN.replace('t&lt;x', 't\u0001x')],
    ['a reference to a control character', PLAIN.replace('&#9;', '&#1;')],
    ['a carriage return', PLAIN.replace(/\n/g, '\r\n')],
    ['single quotes', PLAIN.replace('a="1"', "a='1'")],
    ['a CDATA section', PLAIN.replace('t&lt;x', '<![CDATA[x]]>')],
    ['a DOCTYPE', PLAIN.replace('\n<T', '\n<!DOCTYPE T>\n<T')],
    ['a namespace prefix', PLAIN.replace('<P n', '<x:P n')],
    ['an attribute named __proto__', PLAIN.replace('a="1"', '__proto__="1"')],
    ['an XML 1.1 declaration', PLAIN.replace('1.0', '1.1')],
    ['no root element', '<?xml version="1.0"?>\n'],
  ])('leaves %s to saxes', (_name, text) => {
    expect(parseXmlFast(text)).toBeUndefined();
    expect(parseXml(text, 'f.xml')).toEqual(parseXmlSaxes(text, 'f.xml'));
  });

  it('refuses nesting beyond the limit through saxes, with its message', () => {
    const deep = `${'<a>'.repeat(101)}${'</a>'.repeat(101)}`;
    expect(parseXmlFast(deep)).toBeUndefined();
    expect(parseXml(deep, 'f.xml')).toEqual(parseXmlSaxes(deep, 'f.xml'));
    expect(parseXml(deep, 'f.xml').ok).toBe(false);
  });
});

describeCorpus('the fast XML reader on the corpus', () => {
  it.each(corpusOpenGothaFiles())('%s: the tree saxes builds, wherever it answers', (file) => {
    const text = readFileSync(file, 'utf8');
    const fast = parseXmlFast(text);
    // Some corpus files are Windows-written (CR LF) and go to saxes: those prove nothing here, and are fine.
    if (fast === undefined) return;
    const saxes = parseXmlSaxes(text, file);
    expect(saxes.ok).toBe(true);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(saxes.ok && saxes.value));
  });
});
