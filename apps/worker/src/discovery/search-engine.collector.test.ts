import { describe, expect, it } from 'vitest';
import { collectorContext, fakeFetchText, fixture } from './fake-fetch-text.ts';
import { collectSearchEngine, searchLanguage, searchQueries, searchUrl } from './search-engine.collector.ts';
import { readIssue } from '@preciofab/shared/discovery-issues';

const ENDPOINT = 'https://searx.example.org';

describe('search engine collector (SearXNG JSON)', () => {
  it('builds one query per keyword with the region hint, language and format=json', () => {
    const config = {
      search_query: 'impresión 3D',
      keywords: ['servicio', 'resina'],
      region: 'Mexico' as const,
    };
    expect(searchQueries(config)).toEqual(['impresión 3D servicio México', 'impresión 3D resina México']);
    expect(searchLanguage({ ...config, language: 'es' })).toBe('es-MX');
    expect(searchLanguage({ language: 'es', region: 'LATAM' })).toBe('es');
    expect(searchLanguage({ language: 'en', region: 'Mexico' })).toBe('en');
    const url = new URL(searchUrl(`${ENDPOINT}/`, 'corte láser', 'es-MX'));
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'corte láser',
      format: 'json',
      language: 'es-MX',
    });
    expect(new URL(searchUrl(`${ENDPOINT}/searx/search`, 'x', 'es')).pathname).toBe('/searx/search');
  });

  it('caps the queries of a run and drops repeated ones', () => {
    const keywords = ['a', 'b', 'a', 'c', 'd', 'e', 'f', 'g'];
    const queries = searchQueries({ search_query: 'cnc', keywords, region: 'Global' });
    expect(queries).toEqual(['cnc a', 'cnc b', 'cnc c', 'cnc d', 'cnc e']);
  });

  it('turns results into findings with title and snippet, skipping results without a URL', async () => {
    const config = {
      search_query: 'impresión 3D',
      keywords: ['Guadalajara'],
      region: 'Mexico' as const,
      language: 'es' as const,
    };
    const url = searchUrl(ENDPOINT, 'impresión 3D Guadalajara México', 'es-MX');
    const fake = fakeFetchText({ [url]: fixture('searxng-response.json') });
    const result = await collectSearchEngine(
      config,
      collectorContext(fake.fetchText, { searchEndpoint: ENDPOINT }),
    );
    expect(fake.urls()).toEqual([url]);
    expect(result.errors).toEqual([]);
    expect(result.findings.map((f) => f.url)).toEqual([
      'https://www.prototipa3d.com.mx/servicios?utm_source=searx&utm_medium=organic',
      'https://es.wikipedia.org/wiki/Impresi%C3%B3n_3D',
      'https://www.facebook.com/prototipa3d',
      'https://maquinadosdelnorte.mx/',
    ]);
    expect(result.findings[3]).toMatchObject({
      title: 'Maquinados del Norte - Maquinado CNC en Monterrey',
      description: expect.stringContaining('Nuevo León'),
    });
  });

  it('reports a failed query and keeps the others', async () => {
    const config = {
      search_query: 'cnc',
      keywords: ['uno', 'dos'],
      region: 'Global' as const,
      language: 'en' as const,
    };
    const ok = searchUrl(ENDPOINT, 'cnc dos', 'en');
    const fake = fakeFetchText({ [ok]: fixture('searxng-response.json') });
    const result = await collectSearchEngine(
      config,
      collectorContext(fake.fetchText, { searchEndpoint: ENDPOINT }),
    );
    expect(fake.calls).toHaveLength(2);
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.errors).toHaveLength(1);
    expect(readIssue(result.errors[0]!)).toMatchObject({
      item: 'search',
      url: searchUrl(ENDPOINT, 'cnc uno', 'en'),
    });
  });

  it('fails the run when every query fails, or when no endpoint is configured', async () => {
    const config = { search_query: 'cnc', keywords: ['uno'] };
    const fake = fakeFetchText({
      [searchUrl(ENDPOINT, 'cnc uno México', 'es-MX')]: { body: '<html>', status: 502 },
    });
    await expect(
      collectSearchEngine(config, collectorContext(fake.fetchText, { searchEndpoint: ENDPOINT })),
    ).rejects.toThrow(/HTTP 502/);
    await expect(collectSearchEngine(config, collectorContext(fake.fetchText))).rejects.toThrow(
      /No search endpoint/,
    );
  });

  it("prefers the source's own api_endpoint over the worker's", async () => {
    const own = 'https://mi-searx.mx';
    const url = searchUrl(own, 'cnc México', 'es-MX');
    const fake = fakeFetchText({ [url]: '{"results":[]}' });
    await collectSearchEngine(
      { search_query: 'cnc', api_endpoint: own },
      collectorContext(fake.fetchText, { searchEndpoint: ENDPOINT }),
    );
    expect(fake.urls()).toEqual([url]);
  });
});
