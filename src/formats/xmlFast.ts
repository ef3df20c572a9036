/**
 * The common case of ./xml.ts read quickly (issue 28): a document in the plain subset Tengen's and OpenGotha's own
 * writers produce (an XML declaration, elements with double-quoted attributes, character data, comments, the five
 * predefined entities and character references) is turned into the same element tree `saxes` builds, in a fifth of
 * its time. Anything outside that subset, or anything that might be an error, is not judged here: the answer is
 * `undefined` and the document is read by `saxes` (./xml.ts), which gives every error message as before. So this
 * reader can only be faster, never different: test/formats/xmlFast.test.ts holds it to `saxes`' tree on the corpus.
 */
import { MAX_NESTING } from '../model/limits';

interface FastElement {
  name: string;
  attributes: Record<string, string>;
  children: FastElement[];
  text: string;
  line: number;
}

/** Characters that make the document leave the fast path: carriage returns, NEL/LS (line ends saxes counts its own
 * way), characters XML 1.0 forbids (§2.2) and surrogates (valid pairs included: left to saxes). */
// eslint-disable-next-line no-control-regex
const LEAVE = /[\0-\x08\x0B-\x1F\x7F-\x9F\u2028\uD800-\uDFFF\uFFFE\uFFFF]/;
const DECLARATION = /^<\?xml version="1\.0"(?: encoding="UTF-8")?(?: standalone="(?:yes|no)")?\?>/;
const NAME = /[A-Za-z_][A-Za-z0-9_.-]*/y;
const ATTRIBUTE = /[ \t\n]+([A-Za-z_][A-Za-z0-9_.-]*)="([^"<]*)"/y;
const TAG_END = /[ \t\n]*(\/?)>/y;
/** A tab or line feed written in an attribute value is read as a space (XML 1.0 §3.3.3; saxes does so); one written as
 * a character reference stays what it is, so this comes before the references are decoded. */
const LITERAL_BLANK = /[\t\n]/g;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));/y;
/** XML's white space (§2.3 S: space, tab, CR, LF; CR never reaches here), not the wider set of JavaScript's trim(). */
const XML_BLANK = /^[ \t\n]*$/;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Entities decoded; `undefined` for anything else after an `&` (or a character reference to leave to saxes). */
function decode(s: string): string | undefined {
  if (!s.includes('&')) return s;
  let out = '';
  let at = 0;
  for (let amp = s.indexOf('&'); amp >= 0; amp = s.indexOf('&', at)) {
    out += s.slice(at, amp);
    ENTITY.lastIndex = amp;
    const m = ENTITY.exec(s);
    if (!m) return undefined;
    if (m[1] !== undefined) out += NAMED[m[1]];
    else {
      const code = m[2] !== undefined ? Number(m[2]) : parseInt(m[3], 16);
      // Plain characters only (tab and line feed included); the rest (CR, controls, surrogates …) is saxes' to judge.
      if (!(code === 9 || code === 10 || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code < 0xd800) || (code >= 0xe000 && code < 0xfffe))) return undefined;
      out += String.fromCharCode(code);
    }
    at = amp + m[0].length;
  }
  return out + s.slice(at);
}

/** The element tree `saxes` would build for `text`, or `undefined` when the document is not in the plain subset. */
export function parseXmlFast(text: string): FastElement | undefined {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (LEAVE.test(src) || src.includes(']]>')) return undefined;
  let at = 0;
  const d = DECLARATION.exec(src);
  if (d) at = d[0].length;
  let line = 1;
  let counted = 0;
  const lineAt = (i: number): number => {
    for (let n = src.indexOf('\n', counted); n >= 0 && n < i; n = src.indexOf('\n', n + 1)) line++;
    counted = i;
    return line;
  };
  const stack: FastElement[] = [];
  let root: FastElement | undefined;
  for (;;) {
    const lt = src.indexOf('<', at);
    const chars = src.slice(at, lt < 0 ? src.length : lt);
    const current = stack[stack.length - 1];
    if (current) {
      const decoded = decode(chars);
      if (decoded === undefined) return undefined;
      current.text += decoded;
    } else if (!XML_BLANK.test(chars)) return undefined;
    if (lt < 0) break;
    const next = src.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      if (!src.startsWith('<!--', lt)) return undefined;
      const end = src.indexOf('-->', lt + 4);
      if (end < 0 || src.slice(lt + 4, end).includes('--') || src.charCodeAt(end - 1) === 0x2d) return undefined;
      at = end + 3;
      continue;
    }
    if (next === 0x2f /* / */) {
      NAME.lastIndex = lt + 2;
      const m = NAME.exec(src);
      const open = stack.pop();
      if (!m || !open || m[0] !== open.name || src.charCodeAt(NAME.lastIndex) !== 0x3e) return undefined;
      at = NAME.lastIndex + 1;
      continue;
    }
    NAME.lastIndex = lt + 1;
    const m = NAME.exec(src);
    if (!m || (root && stack.length === 0) || stack.length >= MAX_NESTING) return undefined;
    const attributes: Record<string, string> = {};
    let i = NAME.lastIndex;
    for (;;) {
      ATTRIBUTE.lastIndex = i;
      const a = ATTRIBUTE.exec(src);
      if (!a) break;
      const value = decode(a[2].replace(LITERAL_BLANK, ' '));
      if (value === undefined || a[1] === '__proto__' || Object.prototype.hasOwnProperty.call(attributes, a[1])) return undefined;
      attributes[a[1]] = value;
      i = ATTRIBUTE.lastIndex;
    }
    TAG_END.lastIndex = i;
    const e = TAG_END.exec(src);
    if (!e) return undefined;
    const element: FastElement = { name: m[0], attributes, children: [], text: '', line: lineAt(lt) };
    if (current) current.children.push(element);
    else root = element;
    if (e[1] !== '/') stack.push(element);
    at = TAG_END.lastIndex;
  }
  return stack.length === 0 ? root : undefined;
}
