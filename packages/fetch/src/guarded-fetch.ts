import type { ClientRequest, IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ACCEPT_ENCODING, readBody } from './body-reader.ts';
import { poolFor } from './connection-pool.ts';
import { decodeBody, isTextualContentType } from './charset.ts';
import { FetchError, toFetchError } from './fetch-error.ts';
import { parseRetryAfter } from './retry-policy.ts';
import { parseHttpUrl, planConnection, socketHost, type TargetPolicy } from './target-guard.ts';

/** The product token robots.txt groups are matched against. */
export const BOT_TOKEN = 'PrecioFabBot';
/** Sites see who we are and where to read about us. */
export const USER_AGENT = `${BOT_TOKEN}/0.1 (+https://preciofab.example/bot)`;

export type HttpMethod = 'GET' | 'HEAD' | 'POST';

export type GuardedFetchOptions = TargetPolicy & {
  /** Whole request, every redirect hop and the body included. Default 10 s. */
  timeoutMs?: number;
  /** Decompressed body cap. Default 5 MB. */
  maxBytes?: number;
  /** Keep the first `maxBytes` instead of failing with `too_large`. */
  truncateBody?: boolean;
  /** Default 5; one more is a `too_many_redirects` error. */
  maxRedirects?: number;
  userAgent?: string;
  method?: HttpMethod;
  /** Extra request headers, e.g. those of a browser request being replayed. */
  headers?: Record<string, string>;
  body?: string | Buffer;
  accept?: string;
  /** Called before each redirect is followed; throw to stop (the polite fetcher checks robots). */
  onRedirect?: (to: URL) => Promise<void> | void;
};

export type FetchedPage = {
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  /** The charset the text was decoded with; "binary" when the body is not text. */
  charset: string;
  bytes: Buffer;
  /** Decoded only for textual content types; empty otherwise. */
  text: string;
  redirects: string[];
};

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Ours to set (framing, encoding we can decode, identity), or wrong to carry to another origin.
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);
const OWN_HEADERS = new Set(['accept-encoding', 'user-agent', 'te', 'upgrade']);
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

type Hop = { url: URL; method: HttpMethod; headers: OutgoingHttpHeaders; body: string | Buffer | undefined };
type HopResult = { status: number; headers: IncomingHttpHeaders; bytes: Buffer };
type Limits = { maxBytes: number; truncate: boolean; timeoutMs: number };

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

type Connection = { lookup: LookupFunction | undefined; agent: Agent };

/** The request went out on a kept-alive socket that turned out closed; see sendHop. A network error
 * when it happens twice in a row. */
class StaleSocket extends FetchError {
  constructor(url: URL) {
    super('network', `${url.href}: the server closed the kept-alive connection`);
  }
}

function sendHop(hop: Hop, limits: Limits, connection: Connection): Promise<HopResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let answered = false;
    let req: ClientRequest | undefined;
    /** `keep`: the response was read to its end, so its socket can serve the host's next request. */
    const settle = (outcome: () => void, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      if (!keep) req?.destroy();
    };
    const fail = (error: unknown) =>
      settle(() => reject(toFetchError(error, `could not fetch ${hop.url.href}`)));
    const succeed = (result: HopResult, keep = false) => settle(() => resolve(result), keep);
    const onResponse = (res: IncomingMessage) => {
      answered = true;
      const status = res.statusCode ?? 0;
      const result = { status, headers: res.headers, bytes: Buffer.alloc(0) };
      // Redirects and error responses never become pages, so their bodies are not read (and
      // their sockets are closed rather than kept with unread bytes in them).
      if (status < 200 || status > 299 || hop.method === 'HEAD') return succeed(result);
      const announced = Number(res.headers['content-length']);
      if (!limits.truncate && Number.isFinite(announced) && announced > limits.maxBytes) {
        return fail(
          new FetchError('too_large', `response body of ${announced} bytes exceeds ${limits.maxBytes}`),
        );
      }
      readBody(res, res.headers['content-encoding'], limits).then(
        (bytes) => succeed({ ...result, bytes }, res.complete),
        fail,
      );
    };
    const timer = setTimeout(
      () => fail(new FetchError('timeout', `${hop.url.href} did not answer within ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    const send = hop.url.protocol === 'https:' ? httpsRequest : httpRequest;
    try {
      req = send(
        {
          protocol: hop.url.protocol,
          hostname: socketHost(hop.url),
          port: hop.url.port === '' ? undefined : Number(hop.url.port),
          path: `${hop.url.pathname}${hop.url.search}`,
          method: hop.method,
          headers: hop.headers,
          // Kept-alive sockets, pooled by why they were allowed (see connection-pool.ts); a new
          // socket's address is screened by the lookup at connect time.
          agent: connection.agent,
          lookup: connection.lookup,
        },
        onResponse,
      );
    } catch (error) {
      // Node validates headers synchronously (e.g. a replayed header with a newline in it).
      return fail(error);
    }
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed while it sat idle fails before any answer: not the
      // site's fault, and nothing was received. The caller sends the request again on a new socket.
      if (req?.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        settle(() => reject(new StaleSocket(hop.url)));
      } else fail(error);
    });
    req.end(hop.body);
  });
}

function requestHeaders(
  options: GuardedFetchOptions,
  body: string | Buffer | undefined,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { accept: options.accept ?? DEFAULT_ACCEPT };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    const key = name.toLowerCase();
    if (!HOP_HEADERS.has(key) && !OWN_HEADERS.has(key)) headers[key] = value;
  }
  headers['user-agent'] = options.userAgent ?? USER_AGENT;
  headers['accept-encoding'] = ACCEPT_ENCODING;
  if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
  return headers;
}

/** The hop after a redirect: 303 (and 301/302 after a POST, as browsers do) turn into a GET. */
function nextHop(hop: Hop, status: number, to: URL): Hop {
  const headers = { ...hop.headers };
  if (to.origin !== hop.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  const toGet = hop.method === 'POST' && (status === 301 || status === 302 || status === 303);
  if (!toGet) return { ...hop, url: to, headers };
  delete headers['content-length'];
  delete headers['content-type'];
  return { url: to, method: 'GET', headers, body: undefined };
}

/**
 * Fetches a user-supplied URL: http(s) only, every hop's address screened at connect time,
 * redirects bounded, time and size capped, the body decompressed and decoded. A 4xx/5xx is an
 * error (`http_status`), never a page.
 */
export async function guardedFetch(url: string, options: GuardedFetchOptions = {}): Promise<FetchedPage> {
  const start = parseHttpUrl(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const redirects: string[] = [];
  const method = options.method ?? 'GET';
  const body = method === 'POST' ? options.body : undefined;
  let hop: Hop = { url: start, method, headers: requestHeaders(options, body), body };
  for (;;) {
    const { lookup, exempt } = planConnection(hop.url, options);
    const agent = poolFor(options.resolve, exempt, hop.url.protocol);
    const remaining = deadline - Date.now();
    if (remaining <= 0)
      throw new FetchError('timeout', `${start.href} did not finish within ${timeoutMs} ms`);
    const limits = {
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      truncate: options.truncateBody ?? false,
      timeoutMs: remaining,
    };
    const result = await sendHop(hop, limits, { lookup, agent }).catch((error: unknown) => {
      if (error instanceof StaleSocket) return sendHop(hop, limits, { lookup, agent });
      throw error;
    });
    const location = result.headers.location;
    if (REDIRECT_STATUSES.has(result.status) && location !== undefined) {
      if (redirects.length >= maxRedirects) {
        throw new FetchError('too_many_redirects', `more than ${maxRedirects} redirects from ${start.href}`);
      }
      const to = parseHttpUrl(location, hop.url);
      await options.onRedirect?.(to);
      redirects.push(to.href);
      hop = nextHop(hop, result.status, to);
      continue;
    }
    if (result.status < 200 || result.status > 299) {
      throw new FetchError('http_status', `${hop.url.href} answered HTTP ${result.status}`, {
        status: result.status,
        retryAfterMs: parseRetryAfter(result.headers['retry-after']),
      });
    }
    const contentType = result.headers['content-type'] ?? null;
    const textual = hop.method !== 'HEAD' && isTextualContentType(contentType);
    const decoded = textual ? decodeBody(result.bytes, contentType) : { charset: 'binary', text: '' };
    return {
      url: start.href,
      finalUrl: hop.url.href,
      status: result.status,
      headers: flattenHeaders(result.headers),
      contentType,
      charset: decoded.charset,
      bytes: result.bytes,
      text: decoded.text,
      redirects,
    };
  }
}
