import { z } from 'zod';
import { FETCH_ERROR_CODES, type Language } from './catalogue.ts';
import { parseBudgetStopNote } from './discovery-budget.ts';
import { translate } from './i18n/messages.ts';

/**
 * What a discovery run could not do, as codes the console says in the reader's language (the
 * texts are `discovery.errors.<code>`, `discovery.items.<item>` and `discovery.limits.<limit>` in
 * the shared messages); the technical text (Node's or a server's words, in English) is kept as a
 * detail. The worker stores each as a note: the source's `last_error` when the run failed, one of
 * its `last_run_errors` for what the run went on without (with the budget notes of
 * discovery-budget.ts). Texts stored before the codes existed are read by their words.
 */

/** Why something could not be read: a fetch error's code (the guarded fetcher's), a network
 * failure told apart by its cause, or what was read but could not be used. */
export const DISCOVERY_ERROR_CODES = [
  ...FETCH_ERROR_CODES,
  'dns_not_found',
  'connection_refused',
  'connection_reset',
  'tls',
  'not_a_page',
  'unreadable',
  'not_configured',
  'other',
] as const;
export type DiscoveryErrorCode = (typeof DISCOVERY_ERROR_CODES)[number];

/** What could not be read: the source itself (its URL, its search endpoint), or one of the items
 * it led to. */
export const DISCOVERY_ITEMS = [
  'source',
  'home_page',
  'directory_page',
  'sitemap',
  'profile_page',
  'search',
] as const;
export type DiscoveryItem = (typeof DISCOVERY_ITEMS)[number];

/** A limit of a run's reading that left something out (not an error of anyone's). */
export const DISCOVERY_LIMITS = [
  'directory_pages',
  'sitemap_depth',
  'sitemap_sites',
  'profile_pages',
] as const;
export type DiscoveryLimit = (typeof DISCOVERY_LIMITS)[number];

const issueSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('error'),
    code: z.enum(DISCOVERY_ERROR_CODES),
    item: z.enum(DISCOVERY_ITEMS),
    url: z.string().optional(),
    /** The HTTP status, for `http_status`. */
    status: z.number().int().optional(),
    /** The technical text, as the fetcher or the remote side said it. */
    detail: z.string().optional(),
  }),
  z.object({
    kind: z.literal('limit'),
    limit: z.enum(DISCOVERY_LIMITS),
    /** The limit: pages, levels, sites. */
    max: z.number().int(),
    /** How many it left out, when known. */
    count: z.number().int().optional(),
    url: z.string().optional(),
  }),
]);
export type DiscoveryIssue = z.infer<typeof issueSchema>;
export type DiscoveryErrorIssue = Extract<DiscoveryIssue, { kind: 'error' }>;

const PREFIX = 'issue:';

export const issueNote = (issue: DiscoveryIssue): string => PREFIX + JSON.stringify(issue);

/** The issue a note records, or null when the note is not one (older text, a budget note). */
export function parseIssueNote(note: string): DiscoveryIssue | null {
  if (!note.startsWith(PREFIX)) return null;
  try {
    const parsed = issueSchema.safeParse(JSON.parse(note.slice(PREFIX.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The issue with its texts (URL, detail) passed through `fn`: secrets are masked this way. */
export function mapIssueTexts<T extends DiscoveryIssue>(issue: T, fn: (text: string) => string): T {
  const out = { ...issue };
  if (out.url !== undefined) out.url = fn(out.url);
  if (out.kind === 'error' && out.detail !== undefined) out.detail = fn(out.detail);
  return out;
}

/** Node's and undici's error codes, by what they mean for a reader. */
const ERRNO_CODES: ReadonlyArray<[RegExp, DiscoveryErrorCode]> = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_NODATA|ENODATA)$/, 'dns_not_found'],
  [/^ECONNREFUSED$/, 'connection_refused'],
  [/^(ECONNRESET|EPIPE|ECONNABORTED|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, 'connection_reset'],
  [
    /^(ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/,
    'timeout',
  ],
  [
    /^(CERT_\w+|ERR_TLS_\w+|ERR_SSL_\w+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_\w+|ERR_OSSL_\w+)$/,
    'tls',
  ],
];

/** The code of a Node error code ('ENOTFOUND'), or null. */
export function errnoCode(code: string): DiscoveryErrorCode | null {
  return ERRNO_CODES.find(([pattern]) => pattern.test(code))?.[1] ?? null;
}

/** What a technical text says went wrong, by its words: for errors that carry no code, and for
 * texts stored before the codes existed. */
const TEXT_CODES: ReadonlyArray<[RegExp, DiscoveryErrorCode]> = [
  // First: its text names the network error that kept robots.txt from being read.
  [/robots\.txt .*could not be read|robots\.txt .*unreachable/i, 'robots_unreachable'],
  [/\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME)\b|getaddrinfo|could not resolve/i, 'dns_not_found'],
  [/\bECONNREFUSED\b|connection refused/i, 'connection_refused'],
  [/\b(ECONNRESET|EPIPE)\b|socket hang up|other side closed|connection reset/i, 'connection_reset'],
  [/\b(CERT_\w+|ERR_TLS_\w+|ERR_SSL_\w+)\b|certificate|self[- ]signed|\bTLS\b|\bSSL\b/i, 'tls'],
  [/robots/i, 'robots_disallowed'],
  [/\bHTTP \d{3}\b|\banswered \d{3}\b/i, 'http_status'],
  [/\bETIMEDOUT\b|did not (answer|finish) within|took longer than|timed? ?out/i, 'timeout'],
  [/redirects?\b/i, 'too_many_redirects'],
  [/\bexceeds\b|larger than|too large/i, 'too_large'],
  [/^refused: |private|loopback|link-local/i, 'refused_address'],
  [/not a web page/i, 'not_a_page'],
  [/no \S+ configured|no search endpoint is configured/i, 'not_configured'],
  [/unsupported scheme|not an http\(s\) URL/i, 'unsupported_scheme'],
  [/invalid URL/i, 'invalid_url'],
  [/JSON|XML|gzip|results list|without a list|unexpected token|not a sitemap/i, 'unreadable'],
  [/fetch failed|could not fetch|network/i, 'network'],
];

/** The code and HTTP status a technical text names; `other` when it names none. */
export function classifyErrorText(text: string): { code: DiscoveryErrorCode; status?: number } {
  const code = TEXT_CODES.find(([pattern]) => pattern.test(text))?.[1] ?? 'other';
  if (code !== 'http_status') return { code };
  const status = /\b(?:HTTP|answered) (\d{3})\b/i.exec(text)?.[1];
  return status ? { code, status: Number(status) } : { code };
}

/** How the worker wrote its warnings before they were notes, item by item. */
const OLD_ITEMS: ReadonlyArray<[RegExp, DiscoveryItem]> = [
  [/^Home page (\S+) could not be read/, 'home_page'],
  [/^Directory page (\S+) could not be read/, 'directory_page'],
  [/^Sitemap (\S+) could not be read/, 'sitemap'],
  [/^Profile page (\S+) could not be read/, 'profile_page'],
  [/^Search ".*" at (\S+) failed/, 'search'],
  [/^Could not read the \w+ at (\S+?):? /, 'source'],
];
const OLD_LIMITS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => DiscoveryIssue]> = [
  [
    /^Directory pagination stopped after (\d+) pages; (\S+) was not read/,
    (m) => ({ kind: 'limit', limit: 'directory_pages', max: Number(m[1]), url: m[2]! }),
  ],
  [
    /^Sitemap index (\S+) is nested deeper than (\d+)/,
    (m) => ({ kind: 'limit', limit: 'sitemap_depth', max: Number(m[2]), url: m[1]! }),
  ],
  [
    /^(\d+) more sites in the sitemaps were left out: a run keeps (\d+)/,
    (m) => ({ kind: 'limit', limit: 'sitemap_sites', max: Number(m[2]), count: Number(m[1]) }),
  ],
  [
    /^(\d+) profile pages over the limit of (\d+) were not read/,
    (m) => ({ kind: 'limit', limit: 'profile_pages', max: Number(m[2]), count: Number(m[1]) }),
  ],
];

/** The issue of a stored note: a note as written, or a text from before the codes, read by its
 * words (its item and URL when its wording says them, the whole text kept as the detail). */
export function readIssue(note: string, item: DiscoveryItem = 'source'): DiscoveryIssue {
  const parsed = parseIssueNote(note);
  if (parsed) return parsed;
  for (const [pattern, limit] of OLD_LIMITS) {
    const m = pattern.exec(note);
    if (m) return limit(m);
  }
  const old = OLD_ITEMS.map(([pattern, i]) => [pattern.exec(note), i] as const).find(([m]) => m);
  return {
    kind: 'error',
    ...classifyErrorText(note),
    item: old ? old[1] : item,
    ...(old?.[0]?.[1] ? { url: old[0][1].replace(/:$/, '') } : {}),
    detail: note,
  };
}

/** A stored note with its texts (URLs, details) passed through `fn`, still a note: how secrets are
 * masked in it. A budget note has none; older text is passed whole. */
export function mapNoteTexts(note: string, fn: (text: string) => string): string {
  const issue = parseIssueNote(note);
  if (issue) return issueNote(mapIssueTexts(issue, fn));
  return parseBudgetStopNote(note) ? note : fn(note);
}

/** The catalogue key of an error's reason ("no se encontró el dominio (DNS)"). */
export const reasonKey = (issue: DiscoveryErrorIssue): string =>
  issue.code === 'http_status' && issue.status === undefined
    ? 'discovery.errors.http_error'
    : `discovery.errors.${issue.code}`;

/** An issue in words in `lang`: "Página de inicio https://x.mx/: no se encontró el dominio (DNS)",
 * or a limit's note. */
export function issueText(lang: Language, issue: DiscoveryIssue): string {
  if (issue.kind === 'limit') {
    return translate(lang, `discovery.limits.${issue.limit}`, {
      max: issue.max,
      url: issue.url ?? '',
      ...(issue.count === undefined ? {} : { count: issue.count }),
    });
  }
  return translate(lang, 'discovery.issue', {
    item: translate(lang, `discovery.items.${issue.item}`, { url: issue.url ?? '' }).trim(),
    reason: reasonText(lang, issue),
  });
}

/** Why an error happened, in words in `lang` ("no respondió a tiempo"). */
export const reasonText = (lang: Language, issue: DiscoveryErrorIssue): string =>
  translate(lang, reasonKey(issue), issue.status === undefined ? {} : { status: issue.status });
