import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { precompressDir } from '../../../../scripts/precompress.ts';
import { buildApp } from '../app.ts';
import type { AppContext } from '../app-context.ts';
import { configSchema } from '../config.ts';
import { createContext } from '../server.ts';
import { createTestDb } from '../testing/test-app.ts';
import { IMMUTABLE, REVALIDATE } from './console-files.ts';

// A console build in miniature: a hashed script and stylesheet, the index page and an unhashed
// public file, with the copies the build writes (scripts/precompress.ts).
const SCRIPT = '/assets/index-Ab12Cd34.js';
const SCRIPT_TEXT = Array.from(
  { length: 400 },
  (_, i) => `export function screen${i}(props) { return props.rows.map((row) => row.price * ${i}); }\n`,
).join('');
const INDEX_TEXT = `<!doctype html><html lang="es-MX"><head><title>PrecioFab</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}<script type="module" src="${SCRIPT}"></script></head><body><div id="root"></div></body></html>`;
const FAVICON_TEXT = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';

describe('the built console as the browser receives it', () => {
  let dist: string;
  let ctx: AppContext;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let pubsub: ReturnType<typeof createLocalPubSub>;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'preciofab-console-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, SCRIPT), SCRIPT_TEXT);
    await writeFile(join(dist, 'index.html'), INDEX_TEXT);
    await writeFile(join(dist, 'favicon.svg'), FAVICON_TEXT);
    await precompressDir(dist);

    const testDb = await createTestDb();
    drop = testDb.drop;
    pubsub = createLocalPubSub();
    const config = configSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CORS_ORIGINS: 'https://console.example.com',
    });
    ctx = await createContext(config, testDb.db, pubsub);
    app = await buildApp(ctx, { webDistDir: dist });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await ctx?.pageReader.close();
    await pubsub?.close();
    await drop?.();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: InjectOptions['headers'] = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers });
  const varyFields = (vary: unknown) =>
    String(vary ?? '')
      .split(',')
      .map((field) => field.trim().toLowerCase());

  it('writes brotli and gzip copies at build time only where they pay', async () => {
    const raw = Buffer.from(SCRIPT_TEXT);
    expect(brotliDecompressSync(await readFile(join(dist, `${SCRIPT}.br`)))).toEqual(raw);
    expect(gunzipSync(await readFile(join(dist, `${SCRIPT}.gz`)))).toEqual(raw);
    // Under 1 KB a copy saves less than a packet.
    await expect(readFile(join(dist, 'favicon.svg.br'))).rejects.toThrow();
  });

  it('sends the brotli copy of a hashed script to a browser that accepts it, cached for a year', async () => {
    const plain = await get(SCRIPT);
    const response = await get(SCRIPT, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe(plain.headers['content-type']);
    expect(String(response.headers['content-type'])).toMatch(/javascript; charset=utf-8$/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(varyFields(response.headers.vary)).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT_TEXT.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT_TEXT);
  });

  it('sends gzip where brotli is refused or unknown, and the plain file without Accept-Encoding', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip, deflate']) {
      const response = await get(SCRIPT, { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString(), accept).toBe(SCRIPT_TEXT);
    }
    for (const accept of [undefined, 'identity', 'deflate']) {
      const response = await get(SCRIPT, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.body, accept).toBe(SCRIPT_TEXT);
      expect(response.headers['cache-control'], accept).toBe(IMMUTABLE);
      expect(varyFields(response.headers.vary), accept).toContain('accept-encoding');
    }
  });

  it('answers HEAD, If-None-Match and ranges per encoding', async () => {
    const br = { 'accept-encoding': 'br' };
    const full = await get(SCRIPT, br);
    const head = await get(SCRIPT, br, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('br');

    const etag = String(full.headers.etag);
    const again = await get(SCRIPT, { ...br, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    expect(varyFields(again.headers.vary)).toContain('accept-encoding');
    // The gzip copy is another representation with its own ETag: the brotli one does not match it.
    const gzipped = await get(SCRIPT, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers.etag).not.toBe(etag);

    const range = await get(SCRIPT, { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(SCRIPT_TEXT.slice(0, 10));
  });

  it('serves the index page and every client-side route with no-cache, compressed when accepted', async () => {
    for (const url of ['/', '/login', '/vendors?page=2', '/settings/users']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_TEXT);
    }
    const head = await get('/prices', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.rawPayload.length).toBe(0);
  });

  it('revalidates unhashed public files', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(REVALIDATE);
    expect(response.body).toBe(FAVICON_TEXT);
  });

  it('answers 404 for a missing built file and for the copies themselves, never the index page', async () => {
    for (const url of ['/assets/index-Old00000.js', `${SCRIPT}.br`, `${SCRIPT}.gz`]) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['cache-control'], url).toBeUndefined();
    }
  });

  it("keeps CORS's Vary: Origin beside Accept-Encoding", async () => {
    const response = await get(SCRIPT, { origin: 'https://console.example.com', 'accept-encoding': 'br' });
    expect(varyFields(response.headers.vary)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  it('leaves the API alone', async () => {
    const response = await get('/api/v1/no-such-route', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
