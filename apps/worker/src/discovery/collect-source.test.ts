import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '@preciofab/shared/catalogue';
import { collectFromSource } from './collect-source.ts';
import { fakeFetchText, fixture, type FakeRoute } from './fake-fetch-text.ts';
import { createDiscoveryReader } from './thread/discovery-reader.ts';
import { readIssue } from '@preciofab/shared/discovery-issues';

// One thread for the file; two tests leave it out, so a run starts and ends its own.
const reader = createDiscoveryReader();
afterAll(() => reader.close());

const DIR = 'https://directoriofab.mx/talleres';
const source = { type: 'directory', config: { directory_url: DIR, keywords: [] as string[] } };

const routes = (): Record<string, FakeRoute> => ({
  [DIR]: fixture('directory-page-1.html'),
  [`${DIR}?page=2`]: fixture('directory-page-2.html'),
  [`${DIR}?page=3`]: fixture('directory-page-3.html'),
  // The www link settles on the bare host, as many sites redirect.
  'https://www.prototipa3d.com.mx/': {
    body: fixture('home-bureau-es.html'),
    finalUrl: 'https://prototipa3d.com.mx/',
  },
  'https://brightbeam.com/': fixture('home-laser-en.html'),
  'https://acrifil.mx/':
    '<title>Acrifil</title><p>Venta de filamento PLA y láminas de acrílico en Querétaro</p>',
  // http://maquinadosdelnorte.mx/ is absent: the fake refuses it, as the guarded fetcher may.
});

describe('collectFromSource', () => {
  it('collects, reduces to distinct vendor sites and scores each from its home page', async () => {
    const fake = fakeFetchText(routes());
    const result = await collectFromSource(source, { fetchText: fake.fetchText, reader });
    const byUrl = Object.fromEntries(result.candidates.map((c) => [c.url, c]));
    expect(Object.keys(byUrl).sort()).toEqual([
      'http://maquinadosdelnorte.mx/',
      'https://acrifil.mx/',
      'https://brightbeam.com/',
      'https://prototipa3d.com.mx/',
    ]);
    const proto = byUrl['https://prototipa3d.com.mx/']!;
    expect(proto).toMatchObject({
      title: 'Prototipa3D Guadalajara',
      category_suggestions: ['additive_manufacturing'],
    });
    expect(proto.confidence_score).toBeGreaterThan(byUrl['https://brightbeam.com/']!.confidence_score);
    expect(byUrl['https://acrifil.mx/']!.category_suggestions).toContain('materials');
    for (const c of result.candidates) {
      expect(c.confidence_score).toBeGreaterThanOrEqual(0);
      expect(c.confidence_score).toBeLessThanOrEqual(1);
      for (const cat of c.category_suggestions ?? []) expect(CATEGORIES).toContain(cat);
    }
  });

  it('reads each site once although the directory links it three times (www, tracking query, deep page)', async () => {
    const fake = fakeFetchText(routes());
    await collectFromSource(source, { fetchText: fake.fetchText, reader });
    expect(fake.urls().filter((u) => u.includes('prototipa3d'))).toEqual(['https://www.prototipa3d.com.mx/']);
    expect(fake.urls().some((u) => u.includes('facebook'))).toBe(false);
  });

  it('keeps a site whose home page fails, scored lower from the directory’s text, and reports it', async () => {
    const fake = fakeFetchText(routes());
    const result = await collectFromSource(source, { fetchText: fake.fetchText, reader });
    const mdn = result.candidates.find((c) => c.url === 'http://maquinadosdelnorte.mx/')!;
    expect(mdn.title).toBeNull();
    expect(mdn.confidence_score).toBeGreaterThan(0);
    expect(mdn.confidence_score).toBeLessThan(0.5);
    expect(mdn.category_suggestions).toEqual(['cnc_machining']);
    expect(result.errors.map((note) => readIssue(note))).toEqual([
      expect.objectContaining({
        kind: 'error',
        item: 'home_page',
        url: 'http://maquinadosdelnorte.mx/',
        detail: expect.stringMatching(/refused/),
      }),
    ]);
    // 3 directory pages and 3 home pages answered; the refused one is not counted.
    expect(result.fetched).toBe(6);
  });

  it('never reads nor proposes an excluded domain', async () => {
    const fake = fakeFetchText(routes());
    const result = await collectFromSource(source, {
      fetchText: fake.fetchText,
      excluded: (d) => d === 'prototipa3d.com.mx',
    });
    expect(fake.urls().some((u) => u.includes('prototipa3d'))).toBe(false);
    expect(result.candidates.map((c) => c.url)).not.toContain('https://prototipa3d.com.mx/');
    expect(result.candidates).toHaveLength(3);
  });

  it('caps the candidates, reading keyword matches first', async () => {
    const fake = fakeFetchText(routes());
    const withKeyword = { ...source, config: { ...source.config, keywords: ['fresadora'] } };
    const result = await collectFromSource(withKeyword, {
      fetchText: fake.fetchText,
      reader,
      maxCandidates: 1,
    });
    expect(result.candidates.map((c) => c.url)).toEqual(['http://maquinadosdelnorte.mx/']);
    expect(fake.calls).toHaveLength(4);
  });

  it('reads home pages at most three at a time', async () => {
    const r: Record<string, FakeRoute> = {};
    const links = Array.from({ length: 8 }, (_, i) => `<a href="https://v${i}.mx/">V${i}</a>`).join(' ');
    r['https://api.example.com/v'] = JSON.stringify(Array.from({ length: 8 }, (_, i) => `https://v${i}.mx/`));
    for (let i = 0; i < 8; i++)
      r[`https://v${i}.mx/`] = { body: `<p>Impresión 3D ${links}</p>`, delayMs: 15 };
    const fake = fakeFetchText(r);
    const result = await collectFromSource(
      { type: 'api', config: { api_endpoint: 'https://api.example.com/v' } },
      { fetchText: fake.fetchText, reader },
    );
    expect(result.candidates).toHaveLength(8);
    expect(fake.stats.maxInFlight).toBe(3);
  });

  it('scores a page that is not HTML from the evidence, and reports why', async () => {
    const fake = fakeFetchText({
      'https://api.example.com/v': '[{"url":"https://pdf.mx/","title":"Corte láser CDMX"}]',
      'https://pdf.mx/': { body: '%PDF-1.7', contentType: 'application/pdf' },
    });
    const result = await collectFromSource(
      { type: 'api', config: { api_endpoint: 'https://api.example.com/v' } },
      { fetchText: fake.fetchText, reader },
    );
    expect(result.candidates[0]).toMatchObject({ url: 'https://pdf.mx/', title: 'Corte láser CDMX' });
    expect(readIssue(result.errors[0]!)).toMatchObject({
      code: 'not_a_page',
      item: 'home_page',
      detail: 'not a web page (application/pdf)',
    });
  });

  it('fails on an unknown type and when the source’s own URL fails', async () => {
    const fake = fakeFetchText({});
    await expect(
      collectFromSource({ type: 'rss', config: {} }, { fetchText: fake.fetchText, reader }),
    ).rejects.toThrow('Unknown discovery source type: rss');
    await expect(collectFromSource(source, { fetchText: fake.fetchText, reader })).rejects.toThrow(
      `Could not read the directory at ${DIR}`,
    );
  });
  it('keeps what a read home page says about the business and its price page, and reports progress', async () => {
    const fake = fakeFetchText(routes());
    const progress: unknown[] = [];
    const result = await collectFromSource(source, {
      fetchText: fake.fetchText,
      onProgress: (p) => void progress.push(p),
    });
    const proto = result.candidates.find((c) => c.url === 'https://prototipa3d.com.mx/')!;
    expect(proto.profile).toMatchObject({ vendor_type: 'bureau', city: 'Guadalajara', state: 'Jalisco' });
    // Resolved against where the page settled (the bare host), not the www link.
    expect(proto.price_url).toBe('https://prototipa3d.com.mx/lista-de-precios');
    const failed = result.candidates.find((c) => c.url === 'http://maquinadosdelnorte.mx/')!;
    expect(failed.profile).toBeUndefined();
    expect(failed.price_url).toBeUndefined();
    expect(progress[0]).toEqual({ phase: 'collected', sites: 4, errors: 0 });
    expect(progress.at(-1)).toEqual({ phase: 'home_page', done: 4, total: 4 });
    expect(progress).toHaveLength(5);
  });

  describe('within its budgets', () => {
    const API = 'https://api.example.com/v';
    const apiSource = { type: 'api', config: { api_endpoint: API } };
    const sites = (n: number, page: (i: number) => FakeRoute): Record<string, FakeRoute> => {
      const r: Record<string, FakeRoute> = {
        [API]: JSON.stringify(
          Array.from({ length: n }, (_, i) => ({ url: `https://v${i}.mx/`, title: `Corte láser ${i}` })),
        ),
      };
      for (let i = 0; i < n; i++) r[`https://v${i}.mx/`] = page(i);
      return r;
    };

    it('stops at its time budget, keeping every site found, scored from the source’s words', async () => {
      const fake = fakeFetchText(sites(5, () => ({ body: '<title>Lento</title>', delayMs: 5000 })));
      const started = Date.now();
      const result = await collectFromSource(apiSource, {
        fetchText: fake.fetchText,
        reader,
        limits: { timeMs: 300 },
      });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(result.stopped).toEqual({ budget: 'time', limit: 300 });
      expect(result.candidates.map((c) => c.title)).toEqual([0, 1, 2, 3, 4].map((i) => `Corte láser ${i}`));
      // Sites not read because the run ran out are no item failures: the stop says why.
      expect(result.errors).toEqual([]);
    });

    it('reads no more pages once its bytes are spent', async () => {
      const page = `<title>Taller</title><p>${'Impresión 3D en Guadalajara. '.repeat(4000)}</p>`;
      const fake = fakeFetchText(sites(6, () => page));
      const result = await collectFromSource(apiSource, {
        fetchText: fake.fetchText,
        reader,
        limits: { maxBytes: Buffer.byteLength(page) * 2 },
      });
      expect(result.stopped).toEqual({ budget: 'bytes', limit: Buffer.byteLength(page) * 2 });
      // Three in flight at once when the budget ran out; none after.
      expect(fake.urls().filter((u) => u !== API).length).toBeLessThanOrEqual(4);
      expect(result.candidates).toHaveLength(6);
    });

    it('scores from the source’s words a page that takes its thread too long, and goes on', async () => {
      // A budget a small page meets even on a loaded machine, and a 12 MB page does not.
      const slow = createDiscoveryReader({ pageTimeMs: 400 });
      try {
        const huge = `<title>Enorme</title>${'<div><p>Impresión 3D <a href="/precios">precios</a></p></div>'.repeat(200_000)}`;
        const fake = fakeFetchText(
          sites(2, (i) => (i === 0 ? huge : '<title>Taller Dos</title><p>Corte láser</p>')),
        );
        const result = await collectFromSource(apiSource, { fetchText: fake.fetchText, reader: slow });
        expect(result.stopped).toBeNull();
        expect(result.errors.map((note) => readIssue(note))).toEqual([
          expect.objectContaining({
            code: 'timeout',
            url: expect.stringMatching(/v0\.mx/),
            detail: 'reading took longer than 400 ms',
          }),
        ]);
        expect(result.candidates.map((c) => c.title)).toEqual(['Corte láser 0', 'Taller Dos']);
      } finally {
        await slow.close();
      }
    });
  });
});
