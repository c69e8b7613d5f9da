import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixture } from './fake-fetch-text.ts';
import { scanSitemapBody } from './sitemap-reader.ts';
import { createSitemapScanner, NotASitemapError, type SitemapKind } from './sitemap-scan.ts';

/** Scans `xml` in pieces of `size` characters (1: one character at a time). */
function scan(xml: string, size = xml.length): { kind: SitemapKind | null; locs: string[] } {
  const locs: string[] = [];
  const scanner = createSitemapScanner((loc) => locs.push(loc));
  for (let i = 0; i < xml.length; i += size) scanner.write(xml.slice(i, i + size));
  scanner.end();
  return { kind: scanner.kind, locs };
}

// The shapes generators write: Yoast and Google's extensions (image, video, news, hreflang
// alternates), a prefixed namespace, CDATA, entities, comments, a DOCTYPE and a stylesheet.
const YOAST = `\uFEFF<?xml version="1.0" encoding="UTF-8"?><?xml-stylesheet type="text/xsl" href="//tienda.mx/main-sitemap.xsl"?>
<urlset xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
  xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"
  xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <!-- <url><loc>https://tienda.mx/comentada</loc></url> -->
  <url>
    <loc>https://tienda.mx/productos/impresion-3d?color=rojo&amp;talla=m</loc>
    <lastmod>2024-05-01T10:00:00+00:00</lastmod>
    <xhtml:link rel="alternate" hreflang="en" href="https://tienda.mx/en/products/3d-printing"/>
    <image:image><image:loc>https://cdn.tienda.mx/foto.jpg</image:loc><image:title>Foto &gt; 1</image:title></image:image>
    <video:video><video:content_loc>https://cdn.tienda.mx/v.mp4</video:content_loc><video:player_loc>https://cdn.tienda.mx/p</video:player_loc></video:video>
  </url>
  <url><loc><![CDATA[https://tienda.mx/corte-láser?a=1&b=2]]></loc></url>
  <url><loc>
      https://tienda.mx/&#x6D;aquinado/&#241;u
  </loc><news:news><news:publication><news:name>X</news:name></news:publication></news:news></url>
  <url><loc/></url>
  <url><lastmod>2024-01-01</lastmod></url>
</urlset>
<!-- trailing comment -->`;

describe('sitemap scanner', () => {
  it('reads page entries and skips image, video, news and alternate-language ones', () => {
    expect(scan(YOAST)).toEqual({
      kind: 'urlset',
      locs: [
        'https://tienda.mx/productos/impresion-3d?color=rojo&talla=m',
        'https://tienda.mx/corte-láser?a=1&b=2',
        'https://tienda.mx/maquinado/ñu',
      ],
    });
  });

  it('reads the same whatever the pieces the text arrives in, one character at a time included', () => {
    const whole = scan(YOAST);
    for (const size of [1, 2, 3, 7, 64]) expect(scan(YOAST, size), `pieces of ${size}`).toEqual(whole);
    const index = fixture('sitemap-index.xml');
    expect(scan(index, 1)).toEqual(scan(index));
  });

  it('reads an index and a prefixed namespace, and the fixtures as cheerio read them', () => {
    expect(scan(fixture('sitemap-index.xml'))).toEqual({
      kind: 'index',
      locs: [
        'https://directoriofab.mx/sitemap-vendors.xml.gz',
        'https://directoriofab.mx/sitemap-profiles.xml',
        'https://directoriofab.mx/sitemap_index.xml',
        'https://directoriofab.mx/sitemap-missing.xml',
      ],
    });
    expect(scan(fixture('sitemap-vendors.xml')).locs).toEqual([
      'https://www.prototipa3d.com.mx/',
      'https://brightbeam.com/about?utm_source=sitemap&x=1',
      'https://directoriofab.mx/acerca-de',
      'https://directoriofab.mx/blog/noticias-2024',
    ]);
    const prefixed =
      '<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">' +
      '<sm:url><sm:loc>https://a.mx/1</sm:loc><image:loc>https://a.mx/i.jpg</image:loc></sm:url>' +
      '<sm:url><loc>https://a.mx/unprefixed</loc></sm:url></sm:urlset>';
    expect(scan(prefixed)).toEqual({ kind: 'urlset', locs: ['https://a.mx/1'] });
  });

  it('never expands an entity a DOCTYPE declares, and skips the declaration whole', () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE urlset [ <!ENTITY big "<url><loc>https://evil.mx/</loc></url>"> ]>' +
      '<urlset><url><loc>https://a.mx/&big;</loc></url></urlset>';
    expect(scan(xml, 5).locs).toEqual(['https://a.mx/&big;']);
  });

  it('says what is not a sitemap as soon as the root element shows it', () => {
    const scanner = createSitemapScanner(() => undefined);
    expect(() => scanner.write('<!DOCTYPE html><html><body>')).toThrow(NotASitemapError);
    expect(() => scan('{"urls": []}')).toThrow(/not a sitemap/);
    expect(() => scan('')).toThrow(/not a sitemap/);
  });

  it('refuses a tag that never ends, and skips a <loc> too long to be a URL', () => {
    expect(() => scan(`<urlset><url attr="${'x'.repeat(70_000)}`, 4096)).toThrow(/longer than 64 KB/);
    const long = `<urlset><url><loc>https://a.mx/${'a'.repeat(9000)}</loc></url><url><loc>https://b.mx/</loc></url></urlset>`;
    expect(scan(long, 1000).locs).toEqual(['https://b.mx/']);
  });
});

describe('scanSitemapBody', () => {
  const limits = { maxBytes: 10 * 1024 * 1024, maxLocs: 1000, deadline: Date.now() + 60_000 };
  const pages = (n: number) =>
    `<urlset>${Array.from({ length: n }, (_, i) => `<url><loc>https://a.mx/${i}</loc></url>`).join('')}</urlset>`;

  it('inflates gzip by its magic bytes, whatever the name or type, and reads plain XML as it is', async () => {
    const xml = fixture('sitemap-vendors.xml');
    for (const body of [gzipSync(xml), Buffer.from(xml)]) {
      const locs: string[] = [];
      const read = await scanSitemapBody(body, limits, (loc) => locs.push(loc));
      expect(read).toMatchObject({ kind: 'urlset', locs: 4, bytes: Buffer.byteLength(xml), stopped: null });
      expect(locs).toHaveLength(4);
    }
  });

  it('stops a gzip bomb at the byte limit without inflating the rest', async () => {
    // 16 MB of spaces inside a urlset: 16 KB of gzip.
    const head = Buffer.from('<urlset><url><loc>https://a.mx/</loc></url>');
    const bomb = gzipSync(Buffer.concat([head, Buffer.alloc(16 * 1024 * 1024, 32)]), { level: 9 });
    const before = process.memoryUsage().arrayBuffers;
    const locs: string[] = [];
    const read = await scanSitemapBody(bomb, { ...limits, maxBytes: 1024 * 1024 }, (loc) => locs.push(loc));
    expect(read).toMatchObject({ kind: 'urlset', bytes: 1024 * 1024, stopped: 'bytes', gzip: true });
    expect(locs).toEqual(['https://a.mx/']);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
  });

  it('stops at the entry limit and at the deadline, keeping what came before', async () => {
    const many = gzipSync(pages(5000));
    const first: string[] = [];
    expect(await scanSitemapBody(many, { ...limits, maxLocs: 10 }, (loc) => first.push(loc))).toMatchObject({
      locs: 10,
      stopped: 'urls',
    });
    expect(first).toEqual(Array.from({ length: 10 }, (_, i) => `https://a.mx/${i}`));
    // Exactly the limit is no stop: nothing was left unread.
    expect(
      await scanSitemapBody(Buffer.from(pages(10)), { ...limits, maxLocs: 10 }, () => undefined),
    ).toMatchObject({ locs: 10, stopped: null });
    let clock = 0;
    const late = await scanSitemapBody(
      Buffer.from(pages(20_000)),
      { ...limits, maxLocs: 1_000_000, deadline: 1 },
      () => undefined,
      () => clock++,
    );
    expect(late.stopped).toBe('time');
    expect(late.bytes).toBeLessThan(Buffer.byteLength(pages(20_000)));
  });

  it('fails broken gzip and a body that is no sitemap', async () => {
    await expect(
      scanSitemapBody(Buffer.from([0x1f, 0x8b, 8, 0, 1, 2]), limits, () => undefined),
    ).rejects.toThrow('the sitemap is not valid gzip');
    await expect(
      scanSitemapBody(gzipSync('<html><body>hola</body></html>'), limits, () => undefined),
    ).rejects.toThrow(/not a sitemap/);
  });
});
