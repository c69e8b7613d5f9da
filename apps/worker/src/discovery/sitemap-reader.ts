import { createGunzip } from 'node:zlib';
import type { Finding } from './collector-types.ts';
import { squash } from './html-page.ts';
import { profilePathMatcher } from './profile-path.ts';
import { createSitemapScanner, type SitemapKind } from './sitemap-scan.ts';
import { siteOf } from './site-url.ts';

/** What one sitemap file may take: bytes of XML (uncompressed), entries, and a moment (epoch ms)
 * after which reading stops. The run's budget hands each file what is left of its own. */
export type SitemapLimits = { maxBytes: number; maxLocs: number; deadline: number };

/** Why a file was not read to its end: one of the run's budgets ran out in it. */
export type SitemapStop = 'bytes' | 'urls' | 'time';

export type SitemapScanResult = {
  /** Null only when reading stopped before the root element. */
  kind: SitemapKind | null;
  /** XML bytes read (after gunzip). */
  bytes: number;
  /** Entries passed on (at most `maxLocs`). */
  locs: number;
  gzip: boolean;
  stopped: SitemapStop | null;
};

/** Pieces the XML is decoded and scanned in; between two, the limits are checked. */
const PIECE = 64 * 1024;

export const isGzip = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Reads a fetched sitemap body and calls `onLoc` with each entry, within `limits`. A `.xml.gz`
 * file, or a server that sends gzip without saying so, arrives compressed whatever its content
 * type: the gzip magic bytes decide, not the name. Gzip is inflated as a stream, piece by piece,
 * so a bomb never expands past the byte limit and memory stays flat. The XML is read as UTF-8, as
 * the sitemap protocol requires. Throws a NotASitemapError, or an Error for broken gzip.
 */
export async function scanSitemapBody(
  body: Uint8Array,
  limits: SitemapLimits,
  onLoc: (loc: string, kind: SitemapKind) => void,
  now: () => number = Date.now,
): Promise<SitemapScanResult> {
  const gzip = isGzip(body);
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let locs = 0;
  let stopped: SitemapStop | null = null;
  const scanner = createSitemapScanner((loc) => {
    if (stopped) return;
    if (locs >= limits.maxLocs) {
      stopped = 'urls';
      return;
    }
    locs++;
    onLoc(loc, scanner.kind!);
  });
  /** Scans one piece; false once a limit is reached. */
  const feed = (piece: Uint8Array): boolean => {
    const room = Math.max(0, limits.maxBytes - bytes);
    const over = piece.length > room;
    const part = over ? piece.subarray(0, room) : piece;
    bytes += part.length;
    scanner.write(decoder.decode(part, { stream: true }));
    if (over) stopped ??= 'bytes';
    if (now() > limits.deadline) stopped ??= 'time';
    return stopped === null;
  };

  if (!gzip) {
    for (let at = 0; at < body.length; at += PIECE) if (!feed(body.subarray(at, at + PIECE))) break;
  } else {
    await new Promise<void>((resolve, reject) => {
      const gunzip = createGunzip({ chunkSize: PIECE });
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        gunzip.destroy();
        if (error) reject(error);
        else resolve();
      };
      gunzip.on('data', (chunk: Buffer) => {
        if (settled) return;
        try {
          if (!feed(chunk)) settle();
        } catch (error) {
          settle(error as Error);
        }
      });
      gunzip.on('error', (error) => settle(new Error('the sitemap is not valid gzip', { cause: error })));
      gunzip.on('end', () => settle());
      gunzip.end(body);
    });
  }
  if (!stopped) {
    scanner.write(decoder.decode());
    scanner.end();
  }
  return { kind: scanner.kind, bytes, locs, gzip, stopped };
}

export type SitemapFileInput = {
  body: Uint8Array;
  /** Where the file was served from: relative entries resolve against it. */
  url: string;
  /** The key (`siteOf`) of the sitemap's own site: its pages are profiles or nothing. */
  ownSite: string | null;
  keywords: readonly string[];
  /** Own-site profile pages to keep; the others are only counted. */
  maxProfiles: number;
  /** Other sites to keep; the others are only counted. */
  maxSites: number;
};

export type SitemapFileReading = SitemapScanResult & {
  /** An index's child sitemaps, absolute. */
  children: string[];
  /** Pages on other sites: candidates, one finding per site with the words of its URLs. */
  findings: Finding[];
  /** Own-site pages that look like vendor profiles, absolute, at most `maxProfiles`. */
  profiles: string[];
  /** Profile pages found beyond `maxProfiles`. */
  moreProfiles: number;
  /** Other sites found beyond `maxSites`. */
  moreSites: number;
};

/** Evidence kept per site: the words of its first URLs. */
const MAX_EVIDENCE = 2000;
const urlWords = (url: string) => squash(url.replace(/[/_.-]+/g, ' '));

/**
 * One sitemap file read and sorted in one pass: an index gives its children; a urlset gives pages
 * on other sites (candidates) and own-site profile pages (read later for their links). Runs in the
 * discovery thread: a 20 MB file costs no time on the thread that answers HTTP.
 */
export async function readSitemapFile(
  input: SitemapFileInput,
  limits: SitemapLimits,
  now: () => number = Date.now,
): Promise<SitemapFileReading> {
  const isProfile = profilePathMatcher(input.keywords);
  const children: string[] = [];
  const sites = new Map<string, Finding>();
  const profiles = new Set<string>();
  let moreProfiles = 0;
  let moreSites = 0;
  const scanned = await scanSitemapBody(
    input.body,
    limits,
    (loc, kind) => {
      if (kind === 'index') {
        const child = absolute(loc, input.url);
        if (child) children.push(child);
        return;
      }
      const site = siteOf(loc, input.url);
      if (!site) return;
      if (site.key !== input.ownSite) {
        const known = sites.get(site.key);
        if (!known && sites.size >= input.maxSites) moreSites++;
        else if (!known) sites.set(site.key, { url: loc, evidence: urlWords(loc) });
        else if (known.evidence!.length < MAX_EVIDENCE) {
          known.evidence = `${known.evidence} | ${urlWords(loc)}`.slice(0, MAX_EVIDENCE);
        }
        return;
      }
      const page = absolute(loc, input.url);
      if (!page || profiles.has(page) || !isProfile(page)) return;
      if (profiles.size < input.maxProfiles) profiles.add(page);
      else moreProfiles++;
    },
    now,
  );
  return {
    ...scanned,
    children,
    findings: [...sites.values()],
    profiles: [...profiles],
    moreProfiles,
    moreSites,
  };
}

function absolute(loc: string, base: string): string | null {
  try {
    return new URL(loc, base).href;
  } catch {
    return null;
  }
}
