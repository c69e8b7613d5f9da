import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, pathOf } from './api-routes.ts';
import type { Operation } from './operation.ts';

const contractsDir = new URL('./contracts/', import.meta.url);

/** Every operation the contracts export, by the exports that look like one. */
async function operations(): Promise<Operation[]> {
  const files = readdirSync(contractsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const modules = await Promise.all(
    files.map((f) => import(new URL(f, contractsDir).href) as Promise<object>),
  );
  return modules.flatMap((m) =>
    Object.values(m).filter(
      (v): v is Operation =>
        typeof v === 'object' && v !== null && 'id' in v && 'method' in v && 'path' in v && 'response' in v,
    ),
  );
}

describe('API_ROUTES', () => {
  it('is where every operation of the contracts lives, one entry each', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(50);
    for (const op of ops) {
      const route = API_ROUTES[op.id as keyof typeof API_ROUTES];
      expect(route, `${op.id} has no entry in API_ROUTES`).toBeDefined();
      expect({ method: op.method, path: op.path }, op.id).toEqual({ method: route.method, path: route.path });
    }
    expect(ops.map((op) => op.id).sort()).toEqual(Object.keys(API_ROUTES).sort());
  });

  it('is the only place a contract writes its path', () => {
    const files = readdirSync(contractsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const literal = files.filter((f) =>
      /^\s*(path|method): '/m.test(readFileSync(new URL(f, contractsDir), 'utf8')),
    );
    expect(literal).toEqual([]);
  });

  it('never gives two operations the same method and path', () => {
    const seen = Object.values(API_ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('pathOf', () => {
  it.each([
    [pathOf(API_ROUTES.listVendors), '/api/v1/vendors'],
    [pathOf(API_ROUTES.getReport, { id: '8f1c2d' }), '/api/v1/reports/8f1c2d'],
    [pathOf(API_ROUTES.downloadReport, { id: 'a/b c?' }), '/api/v1/reports/a%2Fb%20c%3F/download'],
    [pathOf(API_ROUTES.getPriceHistory, { id: 42 }), '/api/v1/prices/42/history'],
    [pathOf({ path: '/x/:a/y/:b' }, { a: 'ñ', b: '#' }), '/x/%C3%B1/y/%23'],
  ])('%s', (path, expected) => {
    expect(path).toBe(expected);
  });

  it('refuses a missing parameter rather than calling a wrong URL', () => {
    expect(() => pathOf(API_ROUTES.getReport, { id: '' })).toThrow(/:id/);
    // @ts-expect-error -- the compiler knows the path wants an id
    expect(() => pathOf(API_ROUTES.getReport)).toThrow(/:id/);
    // @ts-expect-error -- and by which name
    expect(() => pathOf(API_ROUTES.getReport, { vendorId: 'x' })).toThrow(/:id/);
  });
});
