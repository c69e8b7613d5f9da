import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { statsRepository } from '@preciofab/db/repositories/stats.repository';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { HEALTH_TTL_MS } from './health.service.ts';

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

  it('gives each activity its time ago rounded, as the console writes it', async () => {
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Taller Antiguo', capabilities: ['cnc_milling'] },
    });
    // 1 h 40 min ago: rounded it is 2 hours (the server used to truncate to 1 hour).
    await t.db.query(
      `update activity_log set occurred_at = now() - interval '100 minutes'
        where details->>'name' = 'Taller Antiguo'`,
    );
    const es = (await t.call('GET', '/api/v1/stats/dashboard', { lang: 'es' })).json();
    const item = es.recent_activity.find((a: { description: string }) =>
      a.description.includes('Taller Antiguo'),
    );
    expect(item.time_ago).toBe('hace 2 horas');
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
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  /** The clock (frozen) past the cache of every reading so far. */
  let skew = 0;
  const later = () => {
    vi.useRealTimers();
    skew += 10 * HEALTH_TTL_MS;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + skew });
  };

  it('tells anyone only whether it is up, with the status code probes read', async () => {
    const anonymous: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-session' }];
    for (const headers of anonymous) {
      const res = await t.call('GET', '/health', { token: null, headers });
      expect(res.statusCode).toBe(200);
      const h = res.json();
      // No worker runs in this test app: the crawler is stopped and the whole degraded, still 200.
      expect(Object.keys(h).sort()).toEqual(['status', 'timestamp']);
      expect(h.status).toBe('degraded');
      expect(Date.now() - Date.parse(h.timestamp)).toBeLessThan(60_000);
    }
  });

  it('gives a signed-in user, of any role, the details from real readings', async () => {
    const res = await t.call('GET', '/health', { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h.version).toEqual(expect.any(String));
    expect(h.schedule_time_zone).toBe('America/Mexico_City');
    expect(h.services.database.engine).toBe(t.db.kind);
    expect(h.services.database.size_mb).toBeGreaterThan(0);
    expect(h.services.database.max_connections).toBeGreaterThan(0);
    expect(h.services.api.memory_usage_mb).toBeGreaterThan(10);
    expect(h.services.system.disk_percent).toBeGreaterThan(0);
    expect(h.services.system.memory_percent).toBeGreaterThan(0);
    expect(h.services.crawler).toMatchObject({ status: 'stopped', total_workers: 0 });
    expect(h.status).toBe('degraded');
  });

  it('reports live workers from their heartbeats', async () => {
    await t.db.query(
      `insert into workers (id, hostname, pid, concurrency, active_jobs, heartbeat_at, last_job_at)
       values ('w1', 'h', 1, 4, 1, now(), now()), ('w2', 'h', 2, 2, 0, now(), null),
              ('dead', 'h', 3, 8, 8, now() - interval '5 minutes', null)`,
    );
    later();
    const h = (await t.call('GET', '/health')).json();
    expect(h.services.crawler).toMatchObject({
      status: 'running',
      total_workers: 6,
      active_workers: 1,
      worker_processes: 2,
    });
    expect(h.status).toBe('healthy');
  });

  it('answers a burst with one reading, and reads again once it is stale', async () => {
    later();
    const database = vi.spyOn(statsRepository, 'database');
    const workers = vi.spyOn(statsRepository, 'liveWorkers');
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('GET', '/health', { token: i % 2 === 0 ? null : t.users.admin.token }),
      ),
    );
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    expect(database).toHaveBeenCalledTimes(1);
    expect(workers).toHaveBeenCalledTimes(1);
    expect(new Set(burst.map((r) => r.json().timestamp)).size).toBe(1);

    await t.call('GET', '/health');
    expect(database).toHaveBeenCalledTimes(1);
    later();
    await t.call('GET', '/health');
    expect(database).toHaveBeenCalledTimes(2);
  });

  it('answers 503 when the database cannot be read, to probes and users alike', async () => {
    later();
    vi.spyOn(statsRepository, 'database').mockRejectedValue(new Error('connection refused'));
    const probe = await t.call('GET', '/health', { token: null });
    expect(probe.statusCode).toBe(503);
    expect(probe.json()).toEqual({ status: 'unhealthy', timestamp: expect.any(String) });
    const user = await t.call('GET', '/health');
    expect(user.statusCode).toBe(503);
    expect(user.json().services.database.status).toBe('unhealthy');
  });
});
