import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { withVary } from './vary.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed body saves less than a packet. */
export const MIN_JSON_BYTES = 1024;
/** Sign-in and session answers carry the bearer token: never compressed (BREACH, see below). */
const NEVER = /^\/api\/v1\/auth\//;

export type JsonEncoding = 'br' | 'gzip';

/** The encoding to answer with, from an Accept-Encoding header: brotli, then gzip, each only if
 * offered with a weight above zero (`*` offers both); none for `identity` alone or no header. */
export function chooseEncoding(header: string | undefined): JsonEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name !== '') weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const offered = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (offered('br')) return 'br';
  if (offered('gzip') || (weights.get('x-gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * Compresses JSON answers of at least MIN_JSON_BYTES (a page of prices is about 70 KB, 12 KB as
 * brotli) for clients that accept it. Fast settings (brotli quality 4, gzip level 6), run on
 * libuv's thread pool, not on the event loop. Static files are compressed at build time instead
 * (console-files.ts); streams (downloads, snapshots) pass as they are.
 *
 * BREACH needs a secret and attacker-chosen text in one compressed body, and an attacker able to
 * make the victim's browser send authenticated requests. The API authenticates by a bearer token
 * the console attaches itself (no cookie), so a third-party page cannot send such a request; the
 * sign-in answers that carry the token are left uncompressed all the same.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < MIN_JSON_BYTES) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (reply.hasHeader('content-encoding') || NEVER.test(request.url)) return payload;
    reply.header('vary', withVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipAsync(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
