import { afterAll, describe, expect, it } from 'vitest';
import { collectDirectory, MAX_DIRECTORY_PAGES } from './directory.collector.ts';
import {
  closeTestReader,
  collectorContext,
  fakeFetchText,
  fixture,
  type FakeRoute,
} from './fake-fetch-text.ts';
import { readIssue } from '@preciofab/shared/discovery-issues';

const BASE = 'https://directoriofab.mx/talleres';
const threePages = (): Record<string, FakeRoute> => ({
  [BASE]: fixture('directory-page-1.html'),
  [`${BASE}?page=2`]: fixture('directory-page-2.html'),
  [`${BASE}?page=3`]: fixture('directory-page-3.html'),
});

/** A directory of `n` pages, each with one vendor and a "Siguiente" link to the next. */
function chain(n: number, next: (i: number) => number = (i) => i + 1): Record<string, FakeRoute> {
  const routes: Record<string, FakeRoute> = {};
  for (let i = 1; i <= n; i++) {
    const url = i === 1 ? BASE : `${BASE}?page=${i}`;
    const to = next(i);
    routes[url] = `<main><a href="https://vendor${i}.mx/">Vendor ${i}</a>
      <a href="${to === 1 ? BASE : `${BASE}?page=${to}`}">Siguiente</a></main>`;
  }
  return routes;
}

afterAll(closeTestReader);

describe('directory collector', () => {
  it('follows rel=next, "Siguiente »" and stops at the last page, collecting outbound links of each', async () => {
    const fake = fakeFetchText(threePages());
    const result = await collectDirectory({ directory_url: BASE }, collectorContext(fake.fetchText));
    expect(fake.urls()).toEqual([BASE, `${BASE}?page=2`, `${BASE}?page=3`]);
    expect(result.fetched).toBe(3);
    expect(result.errors).toEqual([]);
    expect(result.findings.map((f) => f.url)).toEqual([
      'https://www.prototipa3d.com.mx/?utm_source=directorio&ref=fab',
      'https://brightbeam.com/',
      'https://facebook.com/tallerlaser',
      'http://maquinadosdelnorte.mx/contacto#mapa',
      'https://prototipa3d.com.mx/zapopan',
      'https://acrifil.mx/',
    ]);
  });

  it('skips navigation and footer links, internal links and mailto', async () => {
    const fake = fakeFetchText(threePages());
    const { findings } = await collectDirectory({ directory_url: BASE }, collectorContext(fake.fetchText));
    const urls = findings.map((f) => f.url).join(' ');
    for (const absent of [
      'instagram.com',
      'patrocinador-nav.com',
      'footer-sponsor.com',
      'mailto:',
      'directoriofab.mx',
    ]) {
      expect(urls).not.toContain(absent);
    }
  });

  it('keeps the listing text as evidence and drops generic anchors as titles', async () => {
    const fake = fakeFetchText(threePages());
    const { findings } = await collectDirectory({ directory_url: BASE }, collectorContext(fake.fetchText));
    const proto = findings[0]!;
    expect(proto.title).toBeNull();
    expect(proto.evidence).toContain('Impresión 3D FDM y resina · Guadalajara, Jalisco');
    expect(findings[1]!.title).toBe('BrightBeam Laser Works');
    expect(findings[3]!.evidence).toContain('Monterrey, Nuevo León');
  });

  it(`reads at most ${MAX_DIRECTORY_PAGES} pages and says where it stopped`, async () => {
    const fake = fakeFetchText(chain(MAX_DIRECTORY_PAGES + 3));
    const result = await collectDirectory({ directory_url: BASE }, collectorContext(fake.fetchText));
    expect(fake.calls).toHaveLength(MAX_DIRECTORY_PAGES);
    expect(result.findings).toHaveLength(MAX_DIRECTORY_PAGES);
    expect(result.errors.map((note) => readIssue(note))).toEqual([
      {
        kind: 'limit',
        limit: 'directory_pages',
        max: MAX_DIRECTORY_PAGES,
        url: expect.stringContaining(`page=${MAX_DIRECTORY_PAGES + 1}`),
      },
    ]);
  });

  it('ends when "next" leads back to a page already read', async () => {
    const fake = fakeFetchText(chain(3, (i) => (i === 3 ? 1 : i + 1)));
    const result = await collectDirectory({ directory_url: BASE }, collectorContext(fake.fetchText));
    expect(fake.calls).toHaveLength(3);
    expect(result.errors).toEqual([]);
  });

  it('falls back to the ?page=N+1 link when no link is labelled next', async () => {
    const page1 =
      '<main><a href="https://a.mx/">A</a> <a href="?page=3">3</a> <a href="?page=2">2</a></main>';
    const fake = fakeFetchText({
      [BASE]: page1,
      [`${BASE}?page=2`]: '<main><a href="https://b.mx/">B</a></main>',
    });
    const result = await collectDirectory({ directory_url: BASE }, collectorContext(fake.fetchText));
    expect(fake.urls()).toEqual([BASE, `${BASE}?page=2`]);
    expect(result.findings.map((f) => f.url)).toEqual(['https://a.mx/', 'https://b.mx/']);
  });

  it('keeps what earlier pages gave when a later page fails, and reports it', async () => {
    const routes = threePages();
    routes[`${BASE}?page=2`] = { body: 'gone', status: 404 };
    const fake = fakeFetchText(routes);
    const result = await collectDirectory({ directory_url: BASE }, collectorContext(fake.fetchText));
    expect(result.findings).toHaveLength(3);
    expect(result.errors.map((note) => readIssue(note))).toEqual([
      expect.objectContaining({
        code: 'http_status',
        status: 404,
        item: 'directory_page',
        url: expect.stringContaining('page=2'),
      }),
    ]);
  });

  it('fails with a clear message when the directory itself cannot be read', async () => {
    const fake = fakeFetchText({});
    await expect(collectDirectory({ directory_url: BASE }, collectorContext(fake.fetchText))).rejects.toThrow(
      `Could not read the directory at ${BASE}: refused`,
    );
    await expect(collectDirectory({}, collectorContext(fake.fetchText))).rejects.toThrow('no directory_url');
  });
});
