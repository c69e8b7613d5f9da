import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let operations: { method: string; path: string; access: string; id: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.call('GET', '/api/v1/openapi.json', { token: null })).json();
  operations = Object.entries(
    doc.paths as Record<string, Record<string, { operationId: string; 'x-access': string }>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      // Any well-formed id: the role check comes before the lookup.
      path: path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
      access: op['x-access'],
      id: op.operationId,
    })),
  );
});
afterAll(() => t.close());

describe('access to every operation', () => {
  it('lists every route of the product', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(
      operations
        .filter((o) => o.access === 'public')
        .map((o) => o.id)
        .sort(),
    ).toEqual(['getHealth', 'getUnsubscribe', 'login', 'unsubscribe']);
  });

  it('answers 401 without a token on every operation but health, login and unsubscribe', async () => {
    for (const op of operations.filter((o) => o.access !== 'public')) {
      const res = await t.call(op.method as 'GET', op.path, {
        token: null,
        body: op.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it('answers 403 to a viewer on every write, and to an operator on every admin operation', async () => {
    const writes = operations.filter((o) => o.access === 'operator' || o.access === 'admin');
    expect(writes.length).toBeGreaterThanOrEqual(20);
    for (const op of writes) {
      const res = await t.call(op.method as 'POST', op.path, { token: t.users.viewer.token, body: {} });
      expect(res.statusCode, `viewer ${op.method} ${op.path}`).toBe(403);
    }
    for (const op of operations.filter((o) => o.access === 'admin')) {
      const res = await t.call(op.method as 'POST', op.path, { token: t.users.operator.token, body: {} });
      expect(res.statusCode, `operator ${op.method} ${op.path}`).toBe(403);
    }
  });

  it('keeps every GET readable by a viewer, but the user list, rate imports and webhooks (admins only)', () => {
    const gets = operations.filter(
      (o) => o.method === 'GET' && o.access !== 'public' && o.access !== 'viewer',
    );
    expect(gets.map((o) => `${o.id}:${o.access}`).sort()).toEqual([
      'getFxImport:admin',
      'getWebhookEndpoint:admin',
      'listUsers:admin',
      'listWebhookDeliveries:admin',
      'listWebhookEndpoints:admin',
    ]);
  });
});
