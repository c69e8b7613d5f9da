import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fakeFetchText, fixture, type FakeRoute } from './fake-fetch-text.ts';
import { MAX_SITEMAP_BYTES, sitemapXml } from './sitemap-reader.ts';
import { collectSitemap, isProfilePath, MAX_SITEMAP_DEPTH } from './sitemap.collector.ts';

const SITE = 'https://directoriofab.mx';
const INDEX = `${SITE}/sitemap_index.xml`;

const routes = (): Record<string, FakeRoute> => ({
  [INDEX]: fixture('sitemap-index.xml'),
  [`${SITE}/sitemap-vendors.xml.gz`]: gzipSync(fixture('sitemap-vendors.xml')),
  [`${SITE}/sitemap-profiles.xml`]: fixture('sitemap-profiles.xml'),
  [`${SITE}/sitemap-missing.xml`]: { body: 'not found', status: 404 },
  [`${SITE}/proveedores/maquinados-del-norte`]: fixture('profile-page.html'),
  [`${SITE}/impresion-3d/guadalajara`]:
    '<h1>Impresión 3D en Guadalajara</h1><p><a href="https://prototipa3d.com.mx/">Prototipa3D</a></p>',
});

describe('sitemap collector', () => {
  it('reads an index, a gzipped child and a plain child, and ends although the index lists itself', async () => {
    const fake = fakeFetchText(routes());
    const result = await collectSitemap({ sitemap_url: INDEX, keywords: [] }, { fetchText: fake.fetchText });
    const sitemapCalls = fake.urls().filter((u) => u.includes('sitemap'));
    expect(sitemapCalls).toEqual([
      INDEX,
      `${SITE}/sitemap-vendors.xml.gz`,
      `${SITE}/sitemap-profiles.xml`,
      `${SITE}/sitemap-missing.xml`,
    ]);
    expect(result.errors).toEqual([
      expect.stringMatching(/sitemap-missing\.xml could not be read: HTTP 404/),
    ]);
  });

  it('takes other sites as candidates and reads own-site profile pages for their outbound links', async () => {
    const fake = fakeFetchText(routes());
    const result = await collectSitemap({ sitemap_url: INDEX, keywords: [] }, { fetchText: fake.fetchText });
    expect(result.findings.map((f) => f.url)).toEqual([
      'https://www.prototipa3d.com.mx/',
      'https://brightbeam.com/about?utm_source=sitemap&x=1',
      'https://maquinadosdelnorte.mx/',
      'https://www.linkedin.com/company/mdn',
      'https://prototipa3d.com.mx/',
    ]);
    // Own-site pages that are not profiles (about, blog, contact) are not fetched at all.
    expect(fake.urls().filter((u) => /acerca|blog|contacto/.test(u))).toEqual([]);
    expect(result.findings[2]).toMatchObject({ title: 'Maquinados del Norte' });
    expect(result.findings[2]!.evidence).toContain('Monterrey, Nuevo León');
    expect(result.fetched).toBe(5);
  });

  it('follows nested indexes only to a bounded depth', async () => {
    const nested: Record<string, FakeRoute> = {};
    for (let i = 0; i <= MAX_SITEMAP_DEPTH + 2; i++) {
      nested[`${SITE}/s${i}.xml`] =
        `<sitemapindex><sitemap><loc>${SITE}/s${i + 1}.xml</loc></sitemap></sitemapindex>`;
    }
    const fake = fakeFetchText(nested);
    const result = await collectSitemap({ sitemap_url: `${SITE}/s0.xml` }, { fetchText: fake.fetchText });
    expect(fake.calls).toHaveLength(MAX_SITEMAP_DEPTH + 1);
    expect(result.errors).toEqual([expect.stringContaining('nested deeper')]);
  });

  it('fails with a clear message when the sitemap itself is unreadable or not a sitemap', async () => {
    const fake = fakeFetchText({ [INDEX]: '<html><body>Hola</body></html>' });
    await expect(collectSitemap({ sitemap_url: INDEX }, { fetchText: fake.fetchText })).rejects.toThrow(
      `Could not read the sitemap at ${INDEX}: not a sitemap`,
    );
  });
});

describe('sitemap reading', () => {
  it('gunzips by magic bytes whatever the name, and passes plain XML through', () => {
    const xml = fixture('sitemap-profiles.xml');
    const gz = gzipSync(xml);
    expect(sitemapXml({ bytes: gz, text: gz.toString('latin1') })).toBe(xml);
    expect(sitemapXml({ bytes: Buffer.from(xml), text: xml })).toBe(xml);
  });

  it('refuses a body that expands past the cap', () => {
    const bomb = gzipSync(Buffer.alloc(MAX_SITEMAP_BYTES + 1, 32));
    expect(() => sitemapXml({ bytes: bomb, text: '' })).toThrow(/larger than/);
    expect(() => sitemapXml({ bytes: Buffer.from([0x1f, 0x8b, 1, 2, 3]), text: '' })).toThrow(
      /not valid gzip/,
    );
  });
});

describe('isProfilePath', () => {
  it.each([
    ['https://d.mx/proveedores/impresiones-gdl', [], true],
    ['https://d.mx/miembros/acme', [], true],
    ['https://d.mx/impresi%C3%B3n-3d/acme', [], true],
    ['https://d.mx/3d-printing/acme', ['3D printing'], true],
    ['https://d.mx/servicios/router-cnc-jalisco', [], true],
    ['https://d.mx/vendors/', [], false],
    ['https://d.mx/blog/como-elegir', [], false],
    ['https://d.mx/acerca-de', ['3D printing'], false],
  ])('%s with %j → %s', (url, keywords, expected) => {
    expect(isProfilePath(url, keywords)).toBe(expected);
  });
});
