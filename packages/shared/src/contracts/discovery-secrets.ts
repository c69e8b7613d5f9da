import type { FieldError } from '../errors.ts';

/**
 * Secrets in a discovery source's configuration are write-only. A source keeps them inside its
 * URLs (an API key in the query string, a user and password before the host), so every URL field
 * is read for them: the API answers them masked, to every role, and an update that sends a mask
 * back keeps the stored value. Keys in a URL's path cannot be told from the path and are not masked.
 */

/** What every mask starts with. A value holding it is never taken for a real key. */
export const SECRET_MASK = '••••';

/** The config keys that hold URLs: the only place a source keeps a secret. */
export const SECRET_URL_FIELDS = ['api_endpoint', 'directory_url', 'sitemap_url'] as const;
export type SecretUrlField = (typeof SECRET_URL_FIELDS)[number];

/** A query parameter named like a credential (`key`, `api_key`, `apiKey`, `access_token`,
 * `client_secret`, `password`, `sig`…), compared lower-case without separators. */
const SECRET_PARAM = /(key|token|secret|password|passwd|pwd|pass|signature|sig|auth|credentials?)$/;

/** Shorter values are masked in the URL but not searched for in error texts, where they would
 * match ordinary words. */
const MIN_REDACTED_LENGTH = 4;

type Span = { id: string; start: number; end: number; raw: string };

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

const isSecretParam = (rawName: string) =>
  SECRET_PARAM.test(
    decode(rawName)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ''),
  );

/** Where a URL keeps secrets, as it was written: user and password, and credential parameters
 * (`param:<name>:<n>` for the n-th of that name). */
function secretSpans(url: string): Span[] {
  const schemeEnd = url.indexOf('://');
  if (schemeEnd < 0) return [];
  const spans: Span[] = [];
  const add = (id: string, start: number, end: number) => {
    if (end > start) spans.push({ id, start, end, raw: url.slice(start, end) });
  };
  const authorityStart = schemeEnd + 3;
  const authorityEnd = url.slice(authorityStart).search(/[/?#\\]/);
  const hostEnd = authorityEnd < 0 ? url.length : authorityStart + authorityEnd;
  const at = url.lastIndexOf('@', hostEnd - 1);
  if (at >= authorityStart) {
    const colon = url.indexOf(':', authorityStart);
    const userEnd = colon >= 0 && colon < at ? colon : at;
    add('user', authorityStart, userEnd);
    if (userEnd < at) add('password', userEnd + 1, at);
  }
  const hash = url.indexOf('#', hostEnd);
  const queryEnd = hash < 0 ? url.length : hash;
  const question = url.indexOf('?', hostEnd);
  if (question < 0 || question >= queryEnd) return spans;
  const seen = new Map<string, number>();
  let pairStart = question + 1;
  while (pairStart <= queryEnd) {
    const amp = url.indexOf('&', pairStart);
    const pairEnd = amp < 0 || amp > queryEnd ? queryEnd : amp;
    const eq = url.indexOf('=', pairStart);
    if (eq >= 0 && eq < pairEnd && isSecretParam(url.slice(pairStart, eq))) {
      const name = decode(url.slice(pairStart, eq)).toLowerCase();
      const n = seen.get(name) ?? 0;
      seen.set(name, n + 1);
      add(`param:${name}:${n}`, eq + 1, pairEnd);
    }
    pairStart = pairEnd + 1;
  }
  return spans;
}

/** A long key keeps its last 4 characters, so one can tell which key is stored. */
function maskSecret(raw: string): string {
  return raw.length >= 12 ? `${SECRET_MASK}${raw.slice(-4)}` : SECRET_MASK;
}

/** A user and password, often chosen by a person, show nothing of themselves. */
const maskOf = (span: Span) => (span.id.startsWith('param:') ? maskSecret(span.raw) : SECRET_MASK);

const isMasked = (raw: string) => decode(raw).includes(SECRET_MASK[0]!);

function replaceSpans(url: string, spans: Span[], by: (span: Span) => string): string {
  let out = url;
  for (const span of [...spans].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, span.start) + by(span) + out.slice(span.end);
  }
  return out;
}

/** The URL with each secret in it masked, and whether it had any. */
export function maskUrl(url: string): { value: string; masked: boolean } {
  const spans = secretSpans(url);
  return { value: replaceSpans(url, spans, maskOf), masked: spans.length > 0 };
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The URL to store when a client sends `incoming` in place of `stored`: each masked secret is put
 * back from the stored URL, when that URL has it at the same place, it is the mask of that very
 * value, and the URL still points at the same origin (a kept key never follows a URL to another
 * host). Null when a mask cannot be put back. A secret sent in clear replaces the stored one; a
 * secret left out is cleared.
 */
export function restoreUrl(incoming: string, stored: string | undefined): string | null {
  const masked = secretSpans(incoming).filter((s) => isMasked(s.raw));
  if (masked.length === 0) return incoming;
  if (stored === undefined || originOf(incoming) === null || originOf(incoming) !== originOf(stored)) {
    return null;
  }
  const known = new Map(secretSpans(stored).map((s) => [s.id, s]));
  const matches = masked.every((s) => {
    const before = known.get(s.id);
    return before !== undefined && (s.raw === maskOf(before) || decode(s.raw) === maskOf(before));
  });
  return matches ? replaceSpans(incoming, masked, (s) => known.get(s.id)!.raw) : null;
}

type Config = Partial<Record<string, unknown>>;

/** The config as the API shows it: secrets masked, and the URL fields that hold one. */
export function maskSourceConfig<C extends Config>(config: C): { config: C; secretFields: SecretUrlField[] } {
  const out: Config = { ...config };
  const secretFields: SecretUrlField[] = [];
  for (const field of SECRET_URL_FIELDS) {
    const value = config[field];
    if (typeof value !== 'string') continue;
    const { value: shown, masked } = maskUrl(value);
    out[field] = shown;
    if (masked) secretFields.push(field);
  }
  return { config: out as C, secretFields };
}

const maskError = (field: string): FieldError => ({
  field: `config.${field}`,
  message: 'validation.secret_mask_unmatched',
});

/** A config sent by a client, with each mask put back from the stored config. */
export function restoreSourceConfig<C extends Config>(
  incoming: C,
  stored: Config,
): { config: C; errors: FieldError[] } {
  const out: Config = { ...incoming };
  const errors: FieldError[] = [];
  for (const field of SECRET_URL_FIELDS) {
    const value = incoming[field];
    if (typeof value !== 'string') continue;
    const before = stored[field];
    const restored = restoreUrl(value, typeof before === 'string' ? before : undefined);
    if (restored === null) errors.push(maskError(field));
    else out[field] = restored;
  }
  return { config: out as C, errors };
}

/** Field errors for masks in a config that has nothing stored to put back (a new source). */
export function maskedSecretErrors(config: Config): FieldError[] {
  return SECRET_URL_FIELDS.filter((field) => {
    const value = config[field];
    return typeof value === 'string' && restoreUrl(value, undefined) === null;
  }).map(maskError);
}

/** A text (an error a run stored) with every secret of the config masked, in each spelling a URL
 * may give it: as written, decoded, and encoded again. */
export function redactSecrets(text: string, config: Config): string {
  const swaps = new Map<string, string>();
  for (const field of SECRET_URL_FIELDS) {
    const value = config[field];
    if (typeof value !== 'string') continue;
    for (const span of secretSpans(value)) {
      const plain = decode(span.raw);
      const spellings = [
        span.raw,
        plain,
        encodeURIComponent(plain),
        new URLSearchParams({ v: plain }).toString().slice(2),
      ];
      for (const spelling of spellings) {
        if (spelling.length >= MIN_REDACTED_LENGTH) swaps.set(spelling, maskOf(span));
      }
    }
  }
  let out = text;
  for (const [secret, mask] of [...swaps].sort((a, b) => b[0].length - a[0].length)) {
    out = out.split(secret).join(mask);
  }
  return out;
}
