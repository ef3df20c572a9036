/**
 * Every page of the Quebec example's site, the single-file site, and a sample of the EGC 2024 site's pages pass
 * html-validate's recommended rules (a validator from the npm registry): no error.
 */
import { HtmlValidate } from 'html-validate';
import { publishSite, type Site } from '../../src/publish/site';
import type { PublishOptions } from '../../src/publish/options';
import type { Tournament } from '../../src/model/tournament';
import { describeCorpus } from '../support/corpus';
import { EGC_2024, load, QUEBEC } from './support';

const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

async function errors(name: string, html: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  return report.results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${name}:${m.line}:${m.column}: ${m.ruleId}: ${m.message}`));
}

function site(t: Tournament, options: PublishOptions): Site {
  const made = publishSite(t, options);
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  return made.site;
}

describe('html-validate on the Quebec example\'s site', () => {
  it('finds no error in any page, in English and in French, nor in the single file', async () => {
    const t = await load(QUEBEC);
    for (const language of ['en', 'fr'] as const) {
      const s = site(t, { baseUrl: 'https://go.example.org/quebec/', language, showPins: true, showRatings: true });
      const found: string[] = [];
      for (const [file, html] of s.files) if (file.endsWith('.html')) found.push(...(await errors(`${language}/${file}`, html)));
      found.push(...(await errors(`${language}/single.html`, s.single())));
      expect(found).toEqual([]);
    }
  });

  it('would report an error: a page with a duplicate id fails (the check can fail)', async () => {
    expect(await errors('bad.html', '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p id="a">1</p><p id="a">2</p></body></html>')).not.toEqual([]);
  });
});

describeCorpus('html-validate on the EGC 2024 site (../shared/corpus)', () => {
  it('finds no error in its home, a page of each list and ten player pages', async () => {
    const s = site(await load(EGC_2024), { baseUrl: 'https://go.example.org/egc2024/' });
    const sample = ['index.html', 'players-2.html', 'round-1-2.html', 'round-1-names-3.html', 'standings-4.html', 'grid-7.html', 'print/wall.html', ...[...s.playerPaths.values()].filter((_, i) => i % 97 === 0)];
    const found: string[] = [];
    for (const file of sample) found.push(...(await errors(file, s.files.get(file)!)));
    expect(found).toEqual([]);
  });
});
