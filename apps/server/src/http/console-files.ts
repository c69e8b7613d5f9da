import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withVary } from './vary.ts';

/** Vite's hashed output: a new build names every changed file anew, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files of public/ (theme-init.js, favicon.svg): kept, but checked
 * against their ETag before each use, so a new build shows at the next load. */
export const REVALIDATE = 'no-cache';

const NOT_CONSOLE = /^\/(api|docs|assets)(\/|$)|^\/health$/;

/**
 * Serves the built console from `root`. Each text file has brotli and gzip copies beside it,
 * written at build time (scripts/precompress.ts): the browser gets the one its Accept-Encoding
 * allows (`Vary: Accept-Encoding`, the file's own Content-Type), the plain file otherwise. The
 * copies are not URLs of their own. ETag, Last-Modified, HEAD and ranges come from
 * @fastify/static, per file sent, so each encoding has its own ETag.
 */
export async function registerConsoleFiles(app: FastifyInstance, root: string): Promise<void> {
  const assetsDir = resolve(root, 'assets') + sep;
  // The file each response sends, as @fastify/static reports it (setHeaders gets the raw
  // response), for the hook below.
  const sent = new WeakMap<object, string>();
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (res, path) => void sent.set(res, path),
  });
  // Set through the reply, not the raw response: CORS's `Vary: Origin` is a reply header too, and
  // would replace a raw one.
  app.addHook('onSend', async (_request, reply, payload) => {
    const path = sent.get(reply.raw);
    if (path === undefined) return payload;
    reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    reply.header('vary', withVary(reply.getHeader('vary'), 'Accept-Encoding'));
    return payload;
  });
}

/** Client-side routes of the console (/vendors, /login, …): GET or HEAD of any path that is not
 * the API, the docs, the health check or a built file. A missing /assets/ file stays a 404: an old
 * tab asking for a chunk of an earlier build must not get the index page as its script. */
export function isConsolePage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  return !NOT_CONSOLE.test(path);
}

/** The console's index page, never stored without a check (it names the current build's files). */
export function sendConsolePage(reply: FastifyReply): FastifyReply {
  return reply.type('text/html; charset=utf-8').sendFile('index.html');
}
