import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeTestReader,
  collectorContext,
  fakeFetchText,
  fixture,
  type FakeRoute,
} from './fake-fetch-text.ts';
import { isProfilePath } from './profile-path.ts';
import { collectSitemap, MAX_SITEMAP_DEPTH } from './sitemap.collector.ts';
import { readIssue } from '@preciofab/shared/discovery-issues';

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

afterAll(closeTestReader);

describe('sitemap collector', () => {
  it('reads an index, a gzipped child and a plain child, and ends although the index lists itself', async () => {
    const fake = fakeFetchText(routes());
    const result = await collectSitemap(
      { sitemap_url: INDEX, keywords: [] },
      collectorContext(fake.fetchText),
    );
    const sitemapCalls = fake.urls().filter((u) => u.includes('sitemap'));
    expect(sitemapCalls).toEqual([
      INDEX,
      `${SITE}/sitemap-vendors.xml.gz`,
      `${SITE}/sitemap-profiles.xml`,
      `${SITE}/sitemap-missing.xml`,
    ]);
    expect(result.errors.map((note) => readIssue(note))).toEqual([
      expect.objectContaining({
        code: 'http_status',
        status: 404,
        item: 'sitemap',
        url: `${SITE}/sitemap-missing.xml`,
      }),
    ]);
  });

  it('takes other sites as candidates and reads own-site profile pages for their outbound links', async () => {
    const fake = fakeFetchText(routes());
    const result = await collectSitemap(
      { sitemap_url: INDEX, keywords: [] },
      collectorContext(fake.fetchText),
    );
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
    const result = await collectSitemap({ sitemap_url: `${SITE}/s0.xml` }, collectorContext(fake.fetchText));
    expect(fake.calls).toHaveLength(MAX_SITEMAP_DEPTH + 1);
    expect(result.errors.map((note) => readIssue(note))).toEqual([
      { kind: 'limit', limit: 'sitemap_depth', max: MAX_SITEMAP_DEPTH, url: expect.stringContaining('.xml') },
    ]);
  });

  it('fails with a clear message when the sitemap itself is unreadable or not a sitemap', async () => {
    const fake = fakeFetchText({ [INDEX]: '<html><body>Hola</body></html>' });
    await expect(collectSitemap({ sitemap_url: INDEX }, collectorContext(fake.fetchText))).rejects.toThrow(
      `Could not read the sitemap at ${INDEX}: not a sitemap`,
    );
  });
});

describe('sitemap reading within the run’s budgets', () => {
  const urlset = (n: number, site = 'https://otro.mx') =>
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
      { length: n },
      (_, i) => `<url><loc>${site}/p/${i}</loc></url>`,
    ).join('')}</urlset>`;

  it('stops sitemap reading at the file budget and still reads the profile pages found', async () => {
    const fake = fakeFetchText(routes());
    const ctx = collectorContext(fake.fetchText, { limits: { maxSitemaps: 3 } });
    const result = await collectSitemap({ sitemap_url: INDEX, keywords: [] }, ctx);
    expect(fake.urls().filter((u) => u.includes('sitemap'))).toEqual([
      INDEX,
      `${SITE}/sitemap-vendors.xml.gz`,
      `${SITE}/sitemap-profiles.xml`,
    ]);
    expect(ctx.budget.stopped).toEqual({ budget: 'sitemaps', limit: 3 });
    expect(result.errors).toEqual([]);
    expect(result.findings.map((f) => f.url)).toContain('https://maquinadosdelnorte.mx/');
  });

  it('stops at the URL budget with the entries before it, one finding per site', async () => {
    const sites = `<urlset>${Array.from({ length: 40 }, (_, i) => `<url><loc>https://v${i}.mx/a</loc></url><url><loc>https://v${i}.mx/b</loc></url>`).join('')}</urlset>`;
    const fake = fakeFetchText({ [`${SITE}/big.xml`]: sites });
    const ctx = collectorContext(fake.fetchText, { limits: { maxUrls: 30 } });
    const result = await collectSitemap({ sitemap_url: `${SITE}/big.xml` }, ctx);
    expect(ctx.budget.stopped).toEqual({ budget: 'urls', limit: 30 });
    expect(result.findings).toHaveLength(15);
    expect(result.findings[0]).toEqual({
      url: 'https://v0.mx/a',
      evidence: 'https: v0 mx a | https: v0 mx b',
    });
  });

  it('inflates no further than the byte budget, keeping what the part read gave', async () => {
    const body = gzipSync(urlset(20_000));
    const fake = fakeFetchText({ [`${SITE}/huge.xml.gz`]: body });
    const ctx = collectorContext(fake.fetchText, { limits: { maxBytes: 64 * 1024 } });
    const result = await collectSitemap({ sitemap_url: `${SITE}/huge.xml.gz` }, ctx);
    expect(ctx.budget.stopped).toEqual({ budget: 'bytes', limit: 64 * 1024 });
    expect(ctx.budget.remainingBytes()).toBe(0);
    // One site, its URLs merged: what was read before the cap.
    expect(result.findings).toHaveLength(1);
    expect(result.errors).toEqual([]);
  });

  it('fails the source on broken gzip', async () => {
    const broken = fakeFetchText({ [INDEX]: Buffer.from([0x1f, 0x8b, 1, 2, 3]) });
    await expect(collectSitemap({ sitemap_url: INDEX }, collectorContext(broken.fetchText))).rejects.toThrow(
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
