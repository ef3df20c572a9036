/**
 * The shared strings a save writes (issue 28): texts are indexed as the sheets are written — a sheet changed in its
 * XML first, then the new sheets, each row by row — each text once, the workbook's own strings kept in their places.
 * The order is what `mergeSharedStrings` gave the texts gathered first (the identity script's digests are the proof
 * on the congress files); here it is spelled out on a small workbook, with every cell read back.
 */
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { mergeSharedStrings, SharedStringsMerge } from '../../src/workbook/adapters/xlsxPackage';
import { partsOf } from './foreignParts';

/** The texts of a shared-strings part, in order. */
const texts = (xml: Buffer | undefined) => [...(xml?.toString() ?? '').matchAll(/<si><t(?: xml:space="preserve")?>([\s\S]*?)<\/t><\/si>/g)].map((m) => m[1]);

describe('shared strings written as the sheets are', () => {
  it('a new workbook: its texts in the order its sheets hold them, each once', async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply({
      label: 'two sheets',
      ops: [
        { kind: 'ensure-sheet', sheet: 'One' },
        { kind: 'write', sheet: 'One', at: 'A1', cells: [['b', 'a'], [1, 'b']] },
        { kind: 'ensure-sheet', sheet: 'Two' },
        { kind: 'write', sheet: 'Two', at: 'B2', cells: [['a', 'c', { formula: '=1', value: 'not a shared string' }]] },
      ],
    });
    const bytes = await wb.save();
    expect(texts((await partsOf(bytes)).get('xl/sharedStrings.xml'))).toEqual(['b', 'a', 'c']);
    const back = await XlsxWorkbook.open(bytes);
    expect(await back.readSheet('One')).toEqual([['b', 'a'], [1, 'b']]);
    expect(await back.readSheet('Two')).toEqual([[null, null, null, null], [null, 'a', 'c', 'not a shared string']]);
  });

  it('an opened workbook: its strings kept, a changed sheet\'s texts next, then a new sheet\'s', async () => {
    const first = XlsxWorkbook.create();
    await first.apply({ label: 'one sheet', ops: [{ kind: 'ensure-sheet', sheet: 'One' }, { kind: 'write', sheet: 'One', at: 'A1', cells: [['x', 'y']] }] });
    const wb = await XlsxWorkbook.open(await first.save());
    await wb.apply({
      label: 'a change and a new sheet',
      ops: [
        { kind: 'write', sheet: 'One', at: 'A2', cells: [['z', 'x']] },
        { kind: 'ensure-sheet', sheet: 'Two' },
        { kind: 'write', sheet: 'Two', at: 'A1', cells: [['w', 'z', 'y']] },
      ],
    });
    const bytes = await wb.save();
    expect(texts((await partsOf(bytes)).get('xl/sharedStrings.xml'))).toEqual(['x', 'y', 'z', 'w']);
    const back = await XlsxWorkbook.open(bytes);
    expect(await back.readSheet('One')).toEqual([['x', 'y'], ['z', 'x']]);
    expect(await back.readSheet('Two')).toEqual([['w', 'z', 'y']]);
  });

  it('items added one at a time give what the list gives', () => {
    const workbook = '<?xml version="1.0"?><sst count="3" uniqueCount="2"><si><t>a</t></si><si><t>b</t></si></sst>';
    const items = ['<t>c</t>', '<t>a</t>', '<t>d</t>', '<t>c</t>'];
    const merged = new SharedStringsMerge(workbook);
    const indexes = items.map((item) => merged.add(item));
    const list = mergeSharedStrings(workbook, items);
    expect(indexes).toEqual([2, 0, 3, 2]);
    expect(indexes).toEqual(items.map((_s, i) => list.map(i)));
    expect(merged.xml()).toBe(list.xml);
    expect(new SharedStringsMerge(workbook).xml()).toBe(workbook);
  });
});
