/**
 * The site of the EGC 2024 Main Open (../shared/corpus: 985 registered, 710 in OpenGotha's standings, 10 rounds):
 * a page for every player, his place as `tengen standings` gives it, a sample's explanation as `tengen explain …
 * place` gives it, and every page players read at most 30 KB.
 */
import { publishSite } from '../../src/publish/site';
import { cli } from '../support/cli';
import { describeCorpus } from '../support/corpus';
import { EGC_2024, heading, load, shownPlace, whyLines } from './support';

describeCorpus('the site of the EGC 2024 file', () => {
  it('has every player\'s page with his place and explanation as the CLI gives them; pages ≤ 30 KB', async () => {
    const t = await load(EGC_2024);
    const made = publishSite(t, { baseUrl: 'https://go.example.org/egc2024/' });
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    const files = made.site.files;
    const standings = await cli(['standings', EGC_2024, '--json']);
    const rows = (JSON.parse(standings.out) as { standings?: { id: number; place: number }[] } | { id: number; place: number }[]);
    const list = Array.isArray(rows) ? rows : rows.standings!;
    const placeOf = new Map(list.map((r) => [r.id, r.place]));
    for (const p of t.players) {
      const page = files.get(`players/${p.id}.html`);
      expect(page).toBeDefined();
      expect(heading(page!)).toBe(p.given ? `${p.family}, ${p.given}` : p.family);
      expect([p.id, shownPlace(page!)]).toEqual([p.id, placeOf.get(p.id)]);
    }
    for (const id of [list[0].id, list[300].id, list[list.length - 1].id]) {
      const explained = await cli(['explain', EGC_2024, String(id), 'place']);
      expect(whyLines(files.get(`players/${id}.html`)!)).toEqual(explained.out.trimEnd().split('\n').slice(1));
    }
    const big = [...files].filter(([f, html]) => !f.startsWith('print/') && Buffer.byteLength(html) > 30 * 1024).map(([f]) => f);
    expect(big).toEqual([]);
  });
});
