/**
 * The published site (src/publish) of the Quebec example: every player's page exists, names him, shows his place as
 * `tengen standings` gives it and the explanation `tengen explain FILE PLAYER place` gives; a site with no round
 * paired lists the players; names are escaped and accents kept; nothing the wall does not show leaks; publishing
 * again after another round keeps every URL and updates the pages; bad input is refused naming the player or setting.
 */
import jsQR from 'jsqr';
import type { Player, PlayerId, Tournament } from '../../src/model/tournament';
import { publishSite, type Site } from '../../src/publish/site';
import type { PublishOptions } from '../../src/publish/options';
import { cli } from '../support/cli';
import { heading, load, QUEBEC, rasteriseQr, shownPlace, unescape, whyLines } from './support';

function site(t: Tournament, options: PublishOptions = {}): Site {
  const made = publishSite(t, options);
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  return made.site;
}

function errorsOf(t: Tournament, options: PublishOptions = {}): string[] {
  const made = publishSite(t, options);
  if (made.ok) throw new Error('published, expected errors');
  return made.errors.map((e) => [e.where, e.player, e.message].filter(Boolean).join(': '));
}

const withPlayers = (t: Tournament, change: (p: Player) => Player): Tournament => ({ ...t, players: t.players.map(change) });

describe('the site of examples/quebec-open-mini.json', () => {
  let t: Tournament;
  let published: Site;
  beforeAll(async () => {
    t = await load(QUEBEC);
    published = site(t, { baseUrl: 'https://go.example.org/quebec/' });
  });

  it('has a page for every player, named by his ID, with his name as its title', () => {
    for (const p of t.players) {
      const page = published.files.get(`players/${p.id}.html`);
      expect(page).toBeDefined();
      expect(heading(page!)).toBe(p.given ? `${p.family}, ${p.given}` : p.family);
    }
    expect(published.playerPaths.size).toBe(t.players.length);
  });

  it('shows each player the place `tengen standings` gives him and the explanation `tengen explain … place` gives', async () => {
    const standings = await cli(['standings', QUEBEC, '--json']);
    expect(standings.code).toBe(0);
    const rows = JSON.parse(standings.out) as { id: number; place: number }[];
    expect(rows).toHaveLength(t.players.length);
    for (const row of rows) {
      const page = published.files.get(`players/${row.id}.html`)!;
      expect(shownPlace(page)).toBe(row.place);
      const explained = await cli(['explain', QUEBEC, String(row.id), 'place']);
      expect(explained.code).toBe(0);
      // The CLI's first line is its title; the sentences after it are the page's.
      const sentences = explained.out.trimEnd().split('\n').slice(1);
      expect(sentences.length).toBeGreaterThan(0);
      expect(whyLines(page)).toEqual(sentences);
    }
  });

  it('says "3rd: the same … as 2nd …, but SOS … against …" where a tie-breaker decided', () => {
    // Fortin, Léa (13) and Côté, Julie (9): 2 wins each in section C; SOS −6 against −5.5.
    expect(whyLines(published.files.get('players/13.html')!)[0]).toBe('3rd in section C: the same 2 wins as 2nd (Côté, Julie), but SOS -6 against -5.5.');
  });

  it('has the pairings of every round by table and by name, the standings, the grid and the players', () => {
    for (const r of [1, 2, 3, 4]) {
      expect(published.files.has(`round-${r}.html`)).toBe(true);
      expect(published.files.has(`round-${r}-names.html`)).toBe(true);
    }
    for (const f of ['index.html', 'players.html', 'standings.html', 'grid.html', 'style.css', 'print/slips-round-4.html', 'print/cards-round-4.html', 'print/wall.html']) expect(published.files.has(f)).toBe(true);
    // By name: every player of round 4 once, the bye included.
    const byName = unescape(published.files.get('round-4-names.html')!);
    for (const p of t.players) expect(byName).toContain(`${p.family}, ${p.given}`);
  });

  it('shows only names, clubs, ranks and results: no rating, PIN, city or other field unless asked', () => {
    const secret = withPlayers(t, (p) => ({ ...p, rating: 2345.6, egdPin: '19990101', city: 'Secretville', extra: { email: 'x@example.org', phone: '+1 555 0100' } }));
    const plain = site(secret);
    for (const [file, content] of plain.files) {
      for (const leak of ['2345', '19990101', 'Secretville', 'x@example.org', '555 0100']) expect(`${file}: ${content.includes(leak) ? leak : ''}`).toBe(`${file}: `);
    }
    const ticked = site(secret, { showRatings: true, showPins: true });
    expect(ticked.files.get('players/1.html')).toContain('2345.6');
    expect(ticked.files.get('players/1.html')).toContain('19990101');
    expect(ticked.files.get('standings.html')).toContain('19990101');
  });

  it('writes accents and non-Latin names as they are, and escapes what HTML gives a meaning to', () => {
    const odd = withPlayers(t, (p) => (p.id === 1 ? { ...p, family: '<b>O\'Brien & "Co"</b>', given: 'Zoë' } : p.id === 2 ? { ...p, family: '李', given: '昌镐' } : p));
    const s = site(odd);
    const page = s.files.get('players/1.html')!;
    expect(page).toContain('&lt;b&gt;O&#39;Brien &amp; &quot;Co&quot;&lt;/b&gt;, Zoë');
    expect(page).not.toContain('<b>O');
    expect(heading(s.files.get('players/2.html')!)).toBe('李, 昌镐');
    expect(page).toMatch(/<meta charset="utf-8">/);
  });

  it('in French: the words and the explanation in French', () => {
    const fr = site(t, { language: 'fr' });
    const page = fr.files.get('players/13.html')!;
    expect(page).toMatch(/<html lang="fr">/);
    expect(whyLines(page)[0]).toBe('3e dans la section C : 2 victoires, comme 2e (Côté, Julie), mais SOS -6 contre -5,5.');
    expect(page).toContain('Pourquoi cette place');
  });

  it('keeps every page small: at most 30 KB', () => {
    for (const [file, content] of published.files) if (!file.startsWith('print/')) expect([file, Buffer.byteLength(content) <= 30 * 1024]).toEqual([file, true]);
  });

  it('puts on each slip the QR codes of both players\' pages, on each table card the round\'s pairings, on the wall chart the site', () => {
    const decode = (svg: string) => {
      const image = rasteriseQr(svg);
      return jsQR(image.data, image.width, image.height)?.data;
    };
    const qrs = (file: string) => [...published.files.get(file)!.matchAll(/<svg class="qr".*?<\/svg>/gs)].map((m) => decode(m[0]));
    const slips = qrs('print/slips-round-4.html');
    const round4 = t.games.filter((g) => g.round === 4).sort((a, b) => (a.table ?? 0) - (b.table ?? 0));
    expect(slips).toEqual(round4.flatMap((g) => [`https://go.example.org/quebec/players/${g.white}.html`, `https://go.example.org/quebec/players/${g.black}.html`]));
    expect(qrs('print/cards-round-4.html')).toEqual(round4.map((g, i) => `https://go.example.org/quebec/round-4.html#t${g.table ?? i + 1}`));
    expect(qrs('print/wall.html')).toEqual(['https://go.example.org/quebec/index.html']);
  });

  it('published again after another round: the same URLs, the pages updated', () => {
    const before: Tournament = { ...t, games: t.games.filter((g) => g.round <= 3), byes: t.byes.filter((b) => b.round <= 3) };
    const old = site(before);
    const now = site(t);
    // Every URL of the earlier site is still there (the new round adds its own pages); the printed pages are the
    // director's, for the round paired last, and never a player's link.
    for (const file of old.files.keys()) if (!file.startsWith('print/')) expect([file, now.files.has(file)]).toEqual([file, true]);
    expect([...old.playerPaths]).toEqual([...now.playerPaths]);
    expect(old.files.get('players/1.html')).not.toContain('round-4');
    expect(old.files.get('index.html')).toContain('Round 3 of 4');
    expect(now.files.get('index.html')).toContain('Round 4 of 4');
    expect(old.files.get('players/1.html')).not.toEqual(now.files.get('players/1.html'));
  });

  it('a round paired but not played: each player\'s next table and opponent on his page', () => {
    const paired: Tournament = { ...t, games: t.games.map((g) => (g.round === 4 ? { ...g, result: 'unknown' as const } : g)) };
    const page = site(paired).files.get('players/1.html')!;
    const game = t.games.find((g) => g.round === 4 && (g.white === 1 || g.black === 1))!;
    const opponent = t.players.find((p) => p.id === (game.white === 1 ? game.black : game.white))!;
    expect(unescape(page)).toContain(`Round 4: table ${game.table}, ${game.white === 1 ? 'White' : 'Black'}, against ${opponent.family}, ${opponent.given}`);
  });

  it('no round paired yet: the players\' list, and every player\'s page', () => {
    const fresh = site({ ...t, games: [], byes: [] });
    expect(fresh.files.get('index.html')).toContain('No round is paired yet: here are the players registered.');
    const list = unescape(fresh.files.get('players.html')!);
    for (const p of t.players) expect(list).toContain(`${p.family}, ${p.given}`);
    expect([...fresh.files.keys()].filter((f) => f.startsWith('round-'))).toEqual([]);
    expect(fresh.files.has('players/5.html')).toBe(true);
  });
});

describe('the site of a round-robin ordered by the Czech rules', () => {
  it('shows each player his Czech place and the explanation `tengen explain FILE PLAYER place` gives', async () => {
    const file = QUEBEC.replace('quebec-open-mini.json', 'czech-round-robin.json');
    const t = await load(file);
    const s = site(t);
    const rows = JSON.parse((await cli(['standings', file, '--json'])).out) as { id: number; place: number }[];
    for (const row of rows) {
      const page = s.files.get(`players/${row.id}.html`)!;
      expect(shownPlace(page)).toBe(row.place);
      const explained = await cli(['explain', file, String(row.id), 'place']);
      expect(whyLines(page)).toEqual(explained.out.split('\n').map((l) => l.trim()).filter(Boolean));
    }
  });
});

describe('bad input', () => {
  let t: Tournament;
  beforeAll(async () => {
    t = await load(QUEBEC);
  });

  it('a player without a name: refused, naming him', () => {
    expect(errorsOf(withPlayers(t, (p) => (p.id === 7 ? { ...p, family: ' ', given: '' } : p)))).toEqual(['7: has no name: the published site names every player (type his family name)']);
  });

  it('pages named by EGD PIN: a player without one, and two with the same, refused naming them', () => {
    const pins = withPlayers(t, (p) => ({ ...p, egdPin: p.id === 3 ? undefined : p.id === 5 ? '10000004' : `1000000${p.id}`.slice(-8) }));
    expect(errorsOf(pins, { urlKey: 'pin' })).toEqual([
      '3 (Gagnon, Louis): has no EGD PIN: every player needs one for pages named by PIN (or publish with pages named by ID)',
      '5 (Roy, Émilie): has the same page as 4 (Okafor, Chidi): players/pin-10000004.html; each player needs a page of his own',
    ]);
    const fine = withPlayers(t, (p) => ({ ...p, egdPin: String(10000000 + p.id) }));
    expect(site(fine, { urlKey: 'pin' }).playerPaths.get(12 as PlayerId)).toBe('players/pin-10000012.html');
  });
});
