import { statfs } from 'node:fs/promises';
import { cpus, freemem, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { statsRepository } from '@preciofab/db/repositories/stats.repository';
import type { Health } from '@preciofab/shared/contracts/stats';
import type { AppContext } from '../app-context.ts';
import { APP_VERSION } from '../version.ts';

const WORKER_ALIVE_SECONDS = 30;
const round1 = (n: number) => Math.round(n * 10) / 10;

type CpuSample = { idle: number; total: number };
const sampleCpu = (): CpuSample =>
  cpus().reduce(
    (acc, c) => {
      const total = c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq;
      return { idle: acc.idle + c.times.idle, total: acc.total + total };
    },
    { idle: 0, total: 0 },
  );

/** CPU use of the machine since the previous reading (the first reading covers the time since boot). */
export function createCpuMeter() {
  let last: CpuSample = { idle: 0, total: 0 };
  return (): number => {
    const now = sampleCpu();
    const total = now.total - last.total;
    const busy = total - (now.idle - last.idle);
    last = now;
    return total > 0 ? round1((busy / total) * 100) : 0;
  };
}

/** How long a reading answers /health: a burst of probes (or of consoles) costs one reading. */
export const HEALTH_TTL_MS = 2000;

export type HealthServiceOptions = { ttlMs?: number; now?: () => number };

export function createHealthService(ctx: AppContext, options: HealthServiceOptions = {}) {
  const cpuPercent = createCpuMeter();
  const diskPath = ctx.config.DATABASE_URL ? process.cwd() : resolve(ctx.config.DATA_DIR);
  const ttlMs = options.ttlMs ?? HEALTH_TTL_MS;
  const now = options.now ?? (() => Date.now());
  let last: { at: number; health: Health } | null = null;
  let reading: Promise<Health> | null = null;

  /** The cached reading while it is fresh; otherwise one new reading, shared by every caller that
   * asks while it runs (single flight). */
  return function health(): Promise<Health> {
    const at = now();
    if (last && at >= last.at && at - last.at < ttlMs) return Promise.resolve(last.health);
    reading ??= read()
      .then((h) => {
        last = { at, health: h };
        return h;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  /** The database's size and connections, the workers' heartbeats, the disk, memory and CPU. */
  async function read(): Promise<Health> {
    const mem = process.memoryUsage();
    const total = totalmem();
    const [db, workers, disk] = await Promise.all([
      statsRepository.database(ctx.db).then(
        (d) => ({ ok: true as const, ...d }),
        () => ({ ok: false as const, size_bytes: 0, active_connections: 0, max_connections: 0 }),
      ),
      statsRepository.liveWorkers(ctx.db, WORKER_ALIVE_SECONDS).catch(() => null),
      statfs(diskPath).catch(() => statfs(process.cwd())),
    ]);
    const diskPercent = disk.blocks > 0 ? round1(((disk.blocks - disk.bavail) / disk.blocks) * 100) : 0;
    const crawlerStatus =
      !workers || workers.processes === 0 ? 'stopped' : workers.busy > 0 ? 'running' : 'idle';
    const dbStatus = db.ok ? 'healthy' : 'unhealthy';
    const overall = !db.ok
      ? 'unhealthy'
      : crawlerStatus === 'stopped' || diskPercent > 95
        ? 'degraded'
        : 'healthy';
    return {
      status: overall,
      timestamp: new Date().toISOString(),
      version: APP_VERSION,
      schedule_time_zone: ctx.config.SCHEDULE_TIME_ZONE,
      services: {
        api: {
          status: 'healthy',
          uptime_seconds: Math.floor((Date.now() - ctx.startedAt.getTime()) / 1000),
          memory_usage_mb: round1(mem.rss / 1024 / 1024),
          memory_percent: round1((mem.rss / total) * 100),
        },
        crawler: {
          status: crawlerStatus,
          active_workers: workers?.busy ?? 0,
          total_workers: workers?.slots ?? 0,
          worker_processes: workers?.processes ?? 0,
          queued_jobs: workers?.queued ?? 0,
          last_activity: workers?.last_job_at ? workers.last_job_at.toISOString() : null,
        },
        database: {
          status: dbStatus,
          engine: ctx.db.kind,
          size_mb: round1(db.size_bytes / 1024 / 1024),
          active_connections: db.active_connections,
          max_connections: db.max_connections,
        },
        system: {
          disk_percent: diskPercent,
          memory_percent: round1(((total - freemem()) / total) * 100),
          cpu_percent: cpuPercent(),
        },
      },
    };
  }
}
