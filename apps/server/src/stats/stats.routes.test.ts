import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/stats/dashboard', () => {
  it('counts real rows and lists recent activity in the caller language', async () => {
    const empty = (await t.call('GET', '/api/v1/stats/dashboard')).json();
    expect(empty).toMatchObject({
      total_vendors: 0,
      total_price_observations: 0,
      last_benchmark_update: null,
    });

    const created = await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Fab Lab Centro', type: 'makerspace', capabilities: ['laser_cutting'] },
    });
    expect(created.statusCode).toBe(201);
    await t.db.query(
      `insert into crawl_runs (type, status) values ('all', 'completed'), ('priority', 'queued')`,
    );
    await t.db.query(
      `insert into discovery_sources (name, type, active) values ('A', 'sitemap', true), ('B', 'api', false)`,
    );
    await t.db
      .query(`insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days,
        price_p10, price_p25, price_p50, price_p75, price_p90, observation_count, vendor_count, calculated_at)
      values (gen_random_uuid(), 'materials', 'Filaments', 'kg', 'Mexico', 30, 1, 2, 3, 4, 5, 9, 3, now() - interval '1 hour'),
             (gen_random_uuid(), 'materials', 'Filaments', 'kg', 'Mexico', 30, 1, 2, 3, 4, 5, 9, 3, now())`);

    const en = (await t.call('GET', '/api/v1/stats/dashboard')).json();
    expect(en).toMatchObject({
      total_vendors: 1,
      crawls_today: 2,
      active_discovery_sources: 1,
      total_benchmarks: 1,
    });
    expect(Date.now() - Date.parse(en.last_benchmark_update)).toBeLessThan(60_000);
    const first = en.recent_activity[0];
    expect(first).toMatchObject({ action: 'vendor_created', description: 'Vendor Fab Lab Centro added' });
    expect(first.time_ago).toMatch(/now|second/);
    expect(en.recent_activity.length).toBeLessThanOrEqual(6);

    const es = (await t.call('GET', '/api/v1/stats/dashboard', { lang: 'es' })).json();
    expect(es.recent_activity[0].description).toBe('Proveedor Fab Lab Centro agregado');
    expect(es.recent_activity[0].time_ago).toMatch(/ahora|segundo/);
  });

  it('keeps only the 6 most recent activities', async () => {
    for (let i = 0; i < 8; i++) {
      await t.call('POST', '/api/v1/vendors', { body: { name: `V${i}`, capabilities: ['cnc_milling'] } });
    }
    const stats = (await t.call('GET', '/api/v1/stats/dashboard')).json();
    expect(stats.recent_activity).toHaveLength(6);
    expect(stats.recent_activity[0].description).toBe('Vendor V7 added');
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/api/v1/stats/dashboard', { token: null })).statusCode).toBe(401);
  });
});

describe('GET /health', () => {
  it('answers without a token from real readings', async () => {
    const res = await t.call('GET', '/health', { token: null });
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h.services.database.engine).toBe(t.db.kind);
    expect(h.services.database.size_mb).toBeGreaterThan(0);
    expect(h.services.database.max_connections).toBeGreaterThan(0);
    expect(h.services.api.memory_usage_mb).toBeGreaterThan(10);
    expect(h.services.system.disk_percent).toBeGreaterThan(0);
    expect(h.services.system.memory_percent).toBeGreaterThan(0);
    // No worker runs in this test app: the crawler is reported stopped and the whole as degraded.
    expect(h.services.crawler).toMatchObject({ status: 'stopped', total_workers: 0 });
    expect(h.status).toBe('degraded');
  });

  it('reports live workers from their heartbeats', async () => {
    await t.db.query(
      `insert into workers (id, hostname, pid, concurrency, active_jobs, heartbeat_at, last_job_at)
       values ('w1', 'h', 1, 4, 1, now(), now()), ('w2', 'h', 2, 2, 0, now(), null),
              ('dead', 'h', 3, 8, 8, now() - interval '5 minutes', null)`,
    );
    const h = (await t.call('GET', '/health', { token: null })).json();
    expect(h.services.crawler).toMatchObject({
      status: 'running',
      total_workers: 6,
      active_workers: 1,
      worker_processes: 2,
    });
    expect(h.status).toBe('healthy');
  });
});
