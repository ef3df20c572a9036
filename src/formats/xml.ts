/**
 * A tiny XML element tree, built with the strict SAX parser `saxes`, for the tournament formats that are XML
 * (OpenGotha). Every element remembers the line of its start tag, so a format can say "file:line: <Game …>: …".
 *
 * Malformed XML is an input error naming the file and the line where the parser stopped; nothing is thrown.
 */
import type { SaxesParser as SaxesParserType } from 'saxes';
import { escapeControlCharacters } from '../model/controlCharacters';
import { failed, ok, type InputError, type Parsed } from '../model/errors';
import { MAX_NESTING } from '../model/limits';
import { parseXmlFast } from './xmlFast';

// saxes (and its character tables) loaded the first time a document leaves the fast reader's plain subset (issue 28):
// Tengen's and OpenGotha's own files never load it. Declared here for the add-in's build too (no Node types there);
// webpack bundles the call.
declare const require: (id: 'saxes') => { SaxesParser: typeof SaxesParserType };
let saxes: { SaxesParser: typeof SaxesParserType } | undefined;

export interface XmlElement {
  readonly name: string;
  /** Attribute values as the XML parser delivers them: entities decoded, white space normalised (XML 1.0 §3.3.3). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The character data directly inside this element (not its children's), concatenated. */
  readonly text: string;
  /** 1-based line of the start tag's `<`. */
  readonly line: number;
}

interface MutableElement {
  name: string;
  attributes: Record<string, string>;
  children: MutableElement[];
  text: string;
  line: number;
}

/** Parses a whole XML document. A leading byte-order mark is accepted (saxes skips U+FEFF). */
export function parseXml(text: string, file?: string): Parsed<XmlElement> {
  // The plain documents Tengen and OpenGotha write, read without saxes (./xmlFast.ts); saxes reads the rest, errors included.
  const fast = parseXmlFast(text);
  return fast ? ok(fast) : parseXmlSaxes(text, file);
}

/** parseXml by saxes alone: every document, every error (test/formats/xmlFast.test.ts holds the fast path to it). */
export function parseXmlSaxes(text: string, file?: string): Parsed<XmlElement> {
  saxes ??= require('saxes');
  const parser = new saxes.SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const stack: MutableElement[] = [];
  let root: MutableElement | undefined;
  let startLine = 1;
  let error: InputError | undefined;

  parser.on('opentagstart', () => {
    // The tag name has just been read, so the parser is still on the line of the `<`; `opentag` fires only at the
    // closing `>`, which can be lines later when an attribute value spans lines.
    startLine = parser.line;
  });
  parser.on('opentag', (tag) => {
    if (error) return;
    if (stack.length >= MAX_NESTING) {
      // Tengen's readers walk the tree; an OpenGotha file nests 5 deep. Deeper is refused, not a stack overflow.
      error = { file, line: startLine, message: `malformed XML: elements nested deeper than ${MAX_NESTING} levels (an OpenGotha file nests 5 deep)` };
      return;
    }
    const element: MutableElement = { name: tag.name, attributes: { ...tag.attributes }, children: [], text: '', line: startLine };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root ??= element;
    stack.push(element);
  });
  /** The element the last close tag ended: on a mismatched close tag, saxes ends the open element, then fails. */
  let lastClosed: MutableElement | undefined;
  parser.on('closetag', () => {
    lastClosed = stack.pop();
  });
  parser.on('text', (t) => {
    const current = stack[stack.length - 1];
    if (current) current.text += t;
  });
  parser.on('cdata', (t) => {
    const current = stack[stack.length - 1];
    if (current) current.text += t;
  });
  parser.on('error', (e) => {
    // Only the first error: after it the parser resynchronises badly and the next messages are consequences.
    if (error) return;
    const reason = e.message.replace(/^(?:[^:]*:)?\d+:\d+:\s*/, '').replace(/\.$/, '');
    const open = stack[stack.length - 1];
    const context =
      /unexpected close tag/.test(reason) && lastClosed
        ? `: <${lastClosed.name}> opened on line ${lastClosed.line} is not closed`
        : open
          ? `; <${open.name}> opened on line ${open.line} is the innermost open element`
          : '';
    error = { file, line: parser.line, message: `malformed XML: ${reason}${context}` };
  });

  // After the first error the rest is not read (a nesting error would otherwise be followed by every close tag).
  for (let at = 0; at < text.length && !error; at += 65536) parser.write(text.slice(at, at + 65536));
  if (!error) parser.close();

  if (error) return failed([error]);
  if (!root) return failed([{ file, line: 1, message: 'malformed XML: the document has no root element' }]);
  return ok(root);
}

/** The direct children of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** Every element below `element` (not itself) named `name`, in document order — DOM's getElementsByTagName. */
export function descendantsNamed(element: XmlElement, name: string): XmlElement[] {
  // Depth first, with a stack of its own rather than recursion.
  const found: XmlElement[] = [];
  const stack: XmlElement[] = [...element.children].reverse();
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.name === name) found.push(e);
    for (let k = e.children.length - 1; k >= 0; k--) stack.push(e.children[k]);
  }
  return found;
}

/**
 * The start tag as a director reads it in the file, limited to the attributes that identify the element; a control
 * character in a value is shown escaped, so the message stays one line.
 */
export function startTag(element: XmlElement, attributeNames: readonly string[]): string {
  const shown = attributeNames
    .filter((a) => element.attributes[a] !== undefined)
    .map((a) => ` ${a}="${escapeControlCharacters(element.attributes[a])}"`)
    .join('');
  return `<${element.name}${shown}>`;
}
