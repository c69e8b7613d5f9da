import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP layer', () => {
  it('sets the security headers on every response, errors included', async () => {
    for (const res of [
      await t.call('GET', '/health', { token: null }),
      await t.call('GET', '/api/v1/vendors', { token: null }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.call('GET', '/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No such endpoint: GET /api/v1/nothing-here', errors: [] });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.call('POST', '/api/v1/vendors', {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(res.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vendors',
      headers: {
        authorization: `Bearer ${t.users.admin.token}`,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('The request body is not valid JSON');
  });

  it('accepts a bodiless POST sent with a JSON content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${t.users.viewer.token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('serves an OpenAPI document of every operation, and the docs page', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json', { token: null })).json();
    expect(doc.openapi).toBe('3.0.3');
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (p) => Object.values(p).map((o) => o.operationId),
    );
    for (const id of [
      'login',
      'me',
      'logout',
      'listVendors',
      'createVendor',
      'getDashboardStats',
      'getHealth',
    ]) {
      expect(ops).toContain(id);
    }
    const create = doc.paths['/api/v1/vendors'].post;
    expect(create.requestBody.content['application/json'].schema.properties.name).toBeDefined();
    expect(create.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    expect(doc.paths['/api/v1/vendors/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    // An operation's own error statuses are described too: the Test button's 422 and 429.
    expect(Object.keys(doc.paths['/api/v1/crawl-targets/preview'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '422', '429']),
    );
    expect(doc.paths['/api/v1/vendors'].post.responses['429']).toBeUndefined();
    const download = doc.paths['/api/v1/reports/{id}/download'].get.responses['200'].content;
    expect(Object.keys(download)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/pdf',
    ]);
    const docs = await t.call('GET', '/docs', { token: null });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('/docs/swagger-ui-bundle.js');
    // Swagger UI alone may use inline styles; the console's policy allows none.
    expect(docs.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    const api = await t.call('GET', '/health', { token: null });
    expect(api.headers['content-security-policy']).toContain("style-src 'self';");
    expect(docs.body).not.toMatch(/<script>(?!<\/script>)/);
    expect((await t.call('GET', '/docs/swagger-ui-bundle.js', { token: null })).statusCode).toBe(200);
  });
});

describe('CORS for a console served from another origin', () => {
  let split: TestApp;
  beforeAll(async () => {
    split = await createTestApp({ CORS_ORIGINS: 'https://console.example.mx, http://localhost:5173' });
  });
  afterAll(() => split.close());

  it('answers the preflight of a listed origin, with the bearer header allowed', async () => {
    const res = await split.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/vendors',
      headers: { origin: 'https://console.example.mx', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://console.example.mx');
    expect(res.headers['access-control-allow-headers']).toContain('authorization');
    const get = await split.call('GET', '/api/v1/vendors', { headers: { origin: 'http://localhost:5173' } });
    expect(get.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('gives other origins nothing, and same-origin apps no CORS at all', async () => {
    const other = await split.call('GET', '/api/v1/vendors', { headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await t.call('GET', '/api/v1/vendors', {
      headers: { origin: 'https://console.example.mx' },
    });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
  });
});
