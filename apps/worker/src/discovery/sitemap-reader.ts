import { gunzipSync } from 'node:zlib';
import { load } from 'cheerio';
import type { FetchedDocument } from './fetch-port.ts';

/** Uncompressed cap: the sitemap protocol allows 50 MB; a discovery run needs far less, and a
 * small gzip can expand to gigabytes. */
export const MAX_SITEMAP_BYTES = 20 * 1024 * 1024;

const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The XML of a fetched sitemap. A `.xml.gz` file, or a server that sends gzip without saying so,
 * arrives compressed whatever its content type: the gzip magic bytes decide, not the name.
 */
export function sitemapXml(doc: Pick<FetchedDocument, 'bytes' | 'text'>): string {
  if (!isGzip(doc.bytes)) return doc.text;
  try {
    return gunzipSync(doc.bytes, { maxOutputLength: MAX_SITEMAP_BYTES }).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new Error(`the sitemap is larger than ${MAX_SITEMAP_BYTES / 1024 / 1024} MB uncompressed`, {
        cause: error,
      });
    }
    throw new Error('the sitemap is not valid gzip', { cause: error });
  }
}

export type ParsedSitemap = { kind: 'index' | 'urlset'; locs: string[] };

/** The <loc> entries of a sitemap index (child sitemaps) or of a urlset (pages). Image and
 * alternate-language entries (image:loc, xhtml:link) are not pages of their own and are skipped. */
export function parseSitemap(xml: string): ParsedSitemap {
  const $ = load(xml, { xml: true });
  const index = $('sitemapindex');
  const urlset = $('urlset');
  if (!index.length && !urlset.length) throw new Error('not a sitemap (no <urlset> or <sitemapindex>)');
  const kind = index.length ? 'index' : 'urlset';
  const selector = kind === 'index' ? 'sitemapindex > sitemap > loc' : 'urlset > url > loc';
  const locs = $(selector)
    .toArray()
    .map((el) => $(el).text().trim())
    .filter(Boolean);
  return { kind, locs };
}
