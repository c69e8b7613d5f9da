import type { Db } from '../client.ts';
import { DEMO_TABLES } from '../demo/seed-demo.ts';

const URL_HOST = /\bhttps?:\/\/(?:[^@/\s"'\\]*@)?(\[[^\]]+\]|[^/\s"'\\:?#]+)(?::(\d+))?/gi;
const EMAIL_DOMAIN = /\b[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/g;
const DOMAIN_COLUMNS = [
  ['vendors', 'website_domain'],
  ['crawl_targets', 'domain'],
  ['discovery_candidates', 'domain'],
  ['excluded_domains', 'domain'],
] as const;

/** Every host the demo tables name, with its port when a URL gives one: in URLs anywhere in a row
 * (text, JSON config), in email addresses, and in the domain columns. Test-only. */
export async function namedHosts(db: Db): Promise<Set<string>> {
  const hosts = new Set<string>();
  for (const table of DEMO_TABLES) {
    const rows = await db.query<{ j: string }>(`select row_to_json(t)::text as j from ${table} t`);
    for (const { j } of rows.rows) {
      for (const m of j.matchAll(URL_HOST)) hosts.add(`${m[1]!.toLowerCase()}${m[2] ? `:${m[2]}` : ''}`);
      for (const m of j.matchAll(EMAIL_DOMAIN)) hosts.add(m[1]!.toLowerCase());
    }
  }
  for (const [table, column] of DOMAIN_COLUMNS) {
    const rows = await db.query<{ d: string }>(
      `select distinct ${column} as d from ${table} where ${column} is not null`,
    );
    for (const { d } of rows.rows) hosts.add(d.toLowerCase());
  }
  return hosts;
}

/** A name no one can register: under `.example` or `.test` (RFC 2606). */
export const isReservedName = (host: string): boolean => /(^|\.)(example|test)$/.test(host);
