import type { HomePageInput, HomePageReading, LinkPageInput, LinkPageReading } from '../page-reading.ts';
import type { SitemapFileInput, SitemapFileReading, SitemapLimits } from '../sitemap-reader.ts';

/** Messages between a discovery run and its thread. */
export type ReaderRequest =
  | { id: number; op: 'sitemap'; input: SitemapFileInput; limits: SitemapLimits }
  | { id: number; op: 'home_page'; input: HomePageInput }
  | { id: number; op: 'link_page'; input: LinkPageInput };

export type ReaderResult = SitemapFileReading | HomePageReading | LinkPageReading;

export type ReaderResponse =
  /** The thread has taken the request up: its time runs from now, not from when it was queued. */
  { id: number; started: true } | { id: number; result: ReaderResult } | { id: number; error: string };
