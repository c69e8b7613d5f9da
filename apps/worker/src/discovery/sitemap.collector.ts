import type { Collector, Finding } from './collector-types.ts';
import { requireUrl } from './collector-types.ts';
import { foldText } from './fabrication-vocabulary.ts';
import { ACCEPT_HTML, ACCEPT_XML, errorMessage, fetchOk, mapBounded } from './fetch-port.ts';
import { loadHtml, outboundLinks, squash } from './html-page.ts';
import { joinText } from './json-records.ts';
import { parseSitemap, sitemapXml } from './sitemap-reader.ts';
import { decodePath, pageKey, siteOf } from './site-url.ts';

/** Bounds: sitemap files per run, index nesting, and same-site profile pages read. */
export const MAX_SITEMAP_FILES = 25;
export const MAX_SITEMAP_DEPTH = 3;
export const MAX_PROFILE_PAGES = 30;

/** A directory's listing segments: /proveedores/<slug>, /vendors/<slug>, /miembros/<slug>… */
const PROFILE_SEGMENT =
  /\/(?:proveedor(?:es)?|vendors?|suppliers?|empresas?|negocios?|compan(?:y|ies)|listings?|listados?|perfil(?:es)?|profiles?|miembros?|members?|socios?|directorio|directory|fabricantes?|talleres?)\/[^/]+/;
const FAB_SLUGS = [
  'impresion-3d',
  '3d-printing',
  'corte-laser',
  'laser-cutting',
  'maquinado',
  'cnc',
  'fablab',
];

const slug = (s: string) =>
  foldText(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The rule for a sitemap's own-site URLs: a page is read as a vendor profile when its path has a
 * listing segment followed by a slug (/proveedores/impresiones-gdl), or contains a keyword or a
 * fabrication word as a slug (/directorio/impresion-3d-guadalajara, /3d-printing/acme). Profile
 * pages are then read for their links to the vendor's own site. Other own-site pages (about,
 * blog, terms) are skipped. URLs on other sites are candidates directly.
 */
export function isProfilePath(url: string, keywords: readonly string[]): boolean {
  const path = foldText(decodePath(new URL(url).pathname));
  if (PROFILE_SEGMENT.test(path)) return true;
  const slugs = [...keywords.map(slug), ...FAB_SLUGS].filter(Boolean);
  return slugs.some((s) => new RegExp(`(?:^|[/_-])${s}(?:$|[/_.-])`).test(path));
}

/** A sitemap (or an index of sitemaps, followed recursively within bounds, gzip or not). */
export const collectSitemap: Collector = async (config, { fetchText }) => {
  const start = requireUrl(config, 'sitemap_url');
  const own = siteOf(start)?.key;
  const keywords = config.keywords ?? [];
  const findings: Finding[] = [];
  const errors: string[] = [];
  const profiles = new Set<string>();
  const seen = new Set<string>();
  const queue = [{ url: start, depth: 0 }];
  let fetched = 0;

  while (queue.length) {
    const { url, depth } = queue.shift()!;
    if (seen.has(pageKey(url))) continue;
    if (seen.size >= MAX_SITEMAP_FILES) {
      errors.push(`Sitemap reading stopped after ${MAX_SITEMAP_FILES} files; ${url} was not read`);
      break;
    }
    seen.add(pageKey(url));
    try {
      const doc = await fetchOk(fetchText, url, ACCEPT_XML);
      fetched++;
      const { kind, locs } = parseSitemap(sitemapXml(doc));
      if (kind === 'index') {
        if (depth >= MAX_SITEMAP_DEPTH) {
          errors.push(`Sitemap index ${url} is nested deeper than ${MAX_SITEMAP_DEPTH}; not followed`);
          continue;
        }
        queue.push(...locs.map((loc) => ({ url: new URL(loc, url).href, depth: depth + 1 })));
        continue;
      }
      for (const loc of locs) {
        const site = siteOf(loc, url);
        if (!site) continue;
        if (site.key !== own) findings.push({ url: loc, evidence: squash(loc.replace(/[/_.-]+/g, ' ')) });
        else if (isProfilePath(loc, keywords)) profiles.add(new URL(loc, url).href);
      }
    } catch (error) {
      if (url === start)
        throw new Error(`Could not read the sitemap at ${url}: ${errorMessage(error)}`, {
          cause: error,
        });
      errors.push(`Sitemap ${url} could not be read: ${errorMessage(error)}`);
    }
  }

  const pages = [...profiles];
  if (pages.length > MAX_PROFILE_PAGES) {
    errors.push(
      `${pages.length - MAX_PROFILE_PAGES} profile pages over the limit of ${MAX_PROFILE_PAGES} were not read`,
    );
  }
  const perPage = await mapBounded(pages.slice(0, MAX_PROFILE_PAGES), 3, async (page) => {
    const found: Finding[] = [];
    try {
      const doc = await fetchOk(fetchText, page, ACCEPT_HTML);
      fetched++;
      const $ = loadHtml(doc.text);
      const name = squash($('h1').first().text()) || squash($('title').first().text()) || null;
      for (const link of outboundLinks($, doc.finalUrl)) {
        found.push({ url: link.url, title: name, evidence: joinText(name, link.anchor, link.nearby) });
      }
    } catch (error) {
      errors.push(`Profile page ${page} could not be read: ${errorMessage(error)}`);
    }
    return found;
  });
  findings.push(...perPage.flat());
  return { findings, errors, fetched };
};
