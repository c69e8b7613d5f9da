import { DiscoveryError } from './discovery-issue.ts';
import { ACCEPT_JSON, errorMessage, fetchOk, type FetchText } from './fetch-port.ts';

export type JsonRecord = Record<string, unknown>;

export const isRecord = (v: unknown): v is JsonRecord =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first non-blank string among `keys` (APIs disagree on names: website, url, sitio_web…). */
export function textField(record: JsonRecord, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const v = record[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/** The list a response carries: the body itself when it is an array, else the first array found
 * under `keys`; null when there is none, which the caller reports as an unexpected shape. */
export function listIn(json: unknown, keys: readonly string[]): unknown[] | null {
  if (Array.isArray(json)) return json;
  if (!isRecord(json)) return null;
  for (const key of keys) {
    const v = json[key];
    if (Array.isArray(v)) return v;
  }
  return null;
}

/**
 * Reads the source's JSON endpoint. Any failure here is the source's own, so it is thrown with a
 * message naming the URL and what went wrong (the run fails and the operator sees why).
 */
export async function fetchSourceJson(fetchText: FetchText, url: string, what: string): Promise<unknown> {
  let text: string;
  let contentType: string | null;
  try {
    ({ text, contentType } = await fetchOk(fetchText, url, ACCEPT_JSON));
  } catch (error) {
    throw new Error(`Could not read the ${what} at ${url}: ${errorMessage(error)}`, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const start = text.trim().slice(0, 60);
    throw new DiscoveryError(
      'unreadable',
      `The ${what} at ${url} did not return JSON (${contentType ?? 'no content type'}): ${start}`,
      { cause: error },
    );
  }
}

/** The error for a JSON body without the expected list, naming the shapes that are accepted. */
export function shapeError(what: string, url: string, shapes: string): Error {
  return new DiscoveryError(
    'unreadable',
    `The ${what} at ${url} returned JSON without a list (accepted: ${shapes})`,
  );
}

/** Joins the defined parts of a record's evidence with spaces. */
export const joinText = (...parts: Array<string | null | undefined>) =>
  parts.filter((p): p is string => Boolean(p)).join(' ');
