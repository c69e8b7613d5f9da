import { describe, expect, it } from 'vitest';
import { discoveryDomain, normalizeSourceConfig, sourceConfigInput } from './discovery.ts';

describe('discoveryDomain', () => {
  it.each([
    ['https://www.Prototipa3D.com.mx/precios?utm_source=x', 'prototipa3d.com.mx'],
    ['http://prototipa3d.com.mx:8080/', 'prototipa3d.com.mx'],
    ['https://prototipa3d.com.mx./', 'prototipa3d.com.mx'],
    // Sites on one address are told apart by port: the fixture and demo webs are built that way.
    ['http://127.0.0.1:4100/', '127.0.0.1:4100'],
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://localhost:3000/x', 'localhost:3000'],
    ['http://[::1]:8080/', '[::1]:8080'],
    ['ftp://files.example.mx/', null],
    ['mailto:ventas@example.mx', null],
    ['not a url', null],
  ])('%s → %s', (url, domain) => {
    expect(discoveryDomain(url)).toBe(domain);
  });
});

describe('source config', () => {
  it('lets a search-engine source name its own search endpoint; other types still drop foreign keys', () => {
    const input = sourceConfigInput.parse({
      search_query: 'impresión 3D',
      api_endpoint: 'https://searx.example.org',
      sitemap_url: 'https://x.example.mx/sitemap.xml',
    });
    expect(normalizeSourceConfig('search_engine', input).config).toEqual({
      search_query: 'impresión 3D',
      api_endpoint: 'https://searx.example.org',
      keywords: expect.any(Array),
      region: 'Mexico',
      language: 'es',
    });
    const directory = normalizeSourceConfig(
      'directory',
      sourceConfigInput.parse({
        directory_url: 'https://d.example.mx',
        api_endpoint: 'https://a.example.mx',
      }),
    );
    expect(directory.config).not.toHaveProperty('api_endpoint');
  });
});
