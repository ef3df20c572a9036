/**
 * Reading the XML of a saved `.xlsx` the way Excel would: which part each sheet is, and each cell's attributes,
 * formula and cached value (shared strings resolved). Enough of SpreadsheetML for the tests that check how
 * formulas are stored; not a general reader.
 */
import JSZip from 'jszip';

export interface XmlCell {
  readonly address: string;
  /** The `<c>` attributes (`r`, `s`, `t`, `cm` …). */
  readonly attributes: Readonly<Record<string, string>>;
  /** The `<f>` element: its attributes and text, XML entities decoded. */
  readonly formula?: { readonly attributes: Readonly<Record<string, string>>; readonly text: string };
  /** The cached value: a number, text (shared string resolved), or undefined when the cell has no `<v>`. */
  readonly value?: string | number;
}

function attributesOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:]+)="([^"]*)"/g)) out[m[1]] = decode(m[2]);
  return out;
}

export function decode(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
}

export async function openZip(data: Uint8Array): Promise<JSZip> {
  return JSZip.loadAsync(data);
}

export async function part(zip: JSZip, path: string): Promise<string> {
  const file = zip.file(path);
  if (!file) throw new Error(`no part ${path} in the zip`);
  return file.async('string');
}

/** Sheet name → its part (`xl/worksheets/sheet3.xml`), through workbook.xml and its relationships. */
export async function sheetParts(zip: JSZip): Promise<Map<string, string>> {
  const workbook = await part(zip, 'xl/workbook.xml');
  const rels = await part(zip, 'xl/_rels/workbook.xml.rels');
  const target = new Map([...rels.matchAll(/<Relationship ([^>]*)\/>/g)].map((m) => attributesOf(m[1])).map((a) => [a.Id, a.Target]));
  const out = new Map<string, string>();
  for (const m of workbook.matchAll(/<sheet ([^>]*)\/>/g)) {
    const a = attributesOf(m[1]);
    out.set(a.name, `xl/${target.get(a['r:id'])!.replace(/^\/?xl\//, '')}`);
  }
  return out;
}

/** Every `<c>` of a sheet, by address. */
export async function sheetCells(zip: JSZip, sheet: string): Promise<Map<string, XmlCell>> {
  const path = (await sheetParts(zip)).get(sheet);
  if (!path) throw new Error(`no sheet ${sheet}`);
  const xml = await part(zip, path);
  const shared = zip.file('xl/sharedStrings.xml')
    ? [...(await part(zip, 'xl/sharedStrings.xml')).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => decode([...m[1].matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((t) => t[1]).join('')))
    : [];
  const out = new Map<string, XmlCell>();
  for (const m of xml.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attributes = attributesOf(m[1]);
    const body = m[2] ?? '';
    const f = /<f([^>]*)>([^<]*)<\/f>|<f([^>]*)\/>/.exec(body);
    const v = /<v>([^<]*)<\/v>/.exec(body);
    let value: string | number | undefined;
    if (v) {
      if (attributes.t === 's') value = shared[Number(v[1])];
      else if (attributes.t === 'str' || attributes.t === 'e') value = decode(v[1]);
      else if (attributes.t === 'b') value = Number(v[1]);
      else value = Number(v[1]);
    }
    out.set(attributes.r, {
      address: attributes.r,
      attributes,
      ...(f ? { formula: { attributes: attributesOf(f[1] ?? f[3] ?? ''), text: decode(f[2] ?? '') } } : {}),
      ...(value !== undefined ? { value } : {}),
    });
  }
  return out;
}
