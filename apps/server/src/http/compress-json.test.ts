import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { MIN_JSON_BYTES, chooseEncoding, registerJsonCompression } from './compress-json.ts';

const rows = Array.from({ length: 200 }, (_, i) => ({
  id: i,
  vendor: `Vendor ${i}`,
  price: '24.99',
  currency: 'MXN',
}));
const BIG = { items: rows };
const BIG_TEXT = JSON.stringify(BIG);

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip;q=1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['gzip;q=0, br;q=0', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('JSON compression', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerJsonCompression(app);
    app.get('/api/v1/rows', async () => BIG);
    app.get('/api/v1/auth/session', async () => ({ ...BIG, access_token: 'secret' }));
    app.get('/api/v1/small', async () => ({ ok: true }));
    app.get('/api/v1/csv', async (_request, reply) => reply.type('text/csv').send('a,b\n'.repeat(1000)));
    app.get('/api/v1/stream', async (_request, reply) =>
      reply.type('application/json').send(Readable.from([BIG_TEXT])),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a large JSON answer as brotli, or gzip, with its length and Vary', async () => {
    expect(BIG_TEXT.length).toBeGreaterThan(MIN_JSON_BYTES);
    const br = await get('/api/v1/rows', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(BIG_TEXT.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(BIG);

    const gz = await get('/api/v1/rows', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(BIG);
  });

  it('sends it as it is without Accept-Encoding, still marked as varying by it', async () => {
    const plain = await get('/api/v1/rows');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.json()).toEqual(BIG);
  });

  it('leaves small answers, other types, streams and the sign-in answers alone', async () => {
    for (const url of ['/api/v1/small', '/api/v1/csv', '/api/v1/stream', '/api/v1/auth/session']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
    expect((await get('/api/v1/stream', 'br')).json()).toEqual(BIG);
  });
});

describe('JSON compression in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses a large API answer (the OpenAPI document) and leaves errors readable', async () => {
    const response = await t.call('GET', '/api/v1/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
    const doc = JSON.parse(brotliDecompressSync(response.rawPayload).toString()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);

    const missing = await t.call('GET', '/api/v1/no-such-route', { headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });
});
