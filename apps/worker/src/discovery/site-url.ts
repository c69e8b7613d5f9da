import { isNonVendorHost } from './non-vendor-hosts.ts';

/** A found URL reduced to its site: the home page to read, and the key a run de-duplicates on. */
export type Site = {
  /** `scheme://host[:port]/`: path, query (with its tracking parameters) and fragment dropped. */
  url: string;
  /** Host without `www.`, with a non-default port: `www.a.mx` and `a.mx/x?utm_source=y` are one site. */
  key: string;
  hostname: string;
};

/**
 * The site of a URL, or null when it is not http(s) (mailto:, tel:, javascript:) or unparsable.
 * The home page URL keeps a `www.` as found: some sites only answer there, and the domain stored
 * for a candidate drops it anyway (discoveryDomain), so the key does too.
 */
export function siteOf(raw: string, base?: string): Site | null {
  let u: URL;
  try {
    u = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const hostname = u.hostname.toLowerCase().replace(/\.$/, '');
  if (!hostname || (!hostname.includes('.') && hostname !== 'localhost')) return null;
  const port = u.port ? `:${u.port}` : '';
  return {
    url: `${u.protocol}//${hostname}${port}/`,
    key: `${hostname.replace(/^www\./, '')}${port}`,
    hostname,
  };
}

/** Whether a site should never become a candidate (social network, search engine, marketplace…). */
export function isNonVendorSite(site: Site): boolean {
  return isNonVendorHost(site.hostname);
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"'`]*/gi;

/** The links written in free text (posts, bios): full URLs and bare `www.` hosts. */
export function urlsInText(text: string): string[] {
  const found = text.match(URL_IN_TEXT) ?? [];
  return found.map((raw) => {
    // Sentence punctuation and a closing bracket after a link are not part of it.
    const trimmed = raw.replace(/[.,;:!?)\]}]+$/, '');
    return /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
  });
}

/** The same page without its fragment, to tell pages apart while crawling a directory or sitemap. */
export function pageKey(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

/** A URL path with %-escapes decoded (`/impresi%C3%B3n-3d` → `/impresión-3d`); raw if malformed. */
export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
