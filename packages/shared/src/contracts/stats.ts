import { z } from 'zod';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { isoDateTime } from './common.ts';

export const activityItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  time_ago: z.string(),
  occurred_at: isoDateTime,
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
});

export const dashboardStatsSchema = z.object({
  total_vendors: z.number().int(),
  total_crawl_targets: z.number().int(),
  total_price_observations: z.number().int(),
  total_benchmarks: z.number().int(),
  active_discovery_sources: z.number().int(),
  pending_candidates: z.number().int(),
  /** Observations waiting in the review queue (issue 16). */
  review_queue: z.number().int(),
  crawls_today: z.number().int(),
  last_benchmark_update: isoDateTime.nullable(),
  recent_activity: z.array(activityItemSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardStatsOperation = defineOperation({
  ...API_ROUTES.getDashboardStats,
  tag: 'stats',
  summary: 'Dashboard counts and the 6 most recent activities',
  access: 'viewer',
  response: dashboardStatsSchema,
});

const serviceStatus = z.enum(['healthy', 'degraded', 'unhealthy']);

/** What anyone may ask (load balancers, uptime probes): up or down. */
export const publicHealthSchema = z.object({
  status: serviceStatus,
  /** When the readings behind `status` were taken (they are cached for a few seconds). */
  timestamp: isoDateTime,
});
export type PublicHealth = z.infer<typeof publicHealthSchema>;

/** What a signed-in user is told: the API, the workers, the database and the machine. */
export const healthSchema = publicHealthSchema.extend({
  version: z.string(),
  /** The IANA time zone cron schedules run in (SCHEDULE_TIME_ZONE), for forms that set one. */
  schedule_time_zone: z.string(),
  services: z.object({
    api: z.object({
      status: serviceStatus,
      uptime_seconds: z.number().int(),
      memory_usage_mb: z.number(),
      memory_percent: z.number(),
    }),
    crawler: z.object({
      status: z.enum(['running', 'idle', 'stopped']),
      active_workers: z.number().int(),
      total_workers: z.number().int(),
      worker_processes: z.number().int(),
      queued_jobs: z.number().int(),
      last_activity: isoDateTime.nullable(),
    }),
    database: z.object({
      status: serviceStatus,
      engine: z.enum(['pglite', 'postgres']),
      size_mb: z.number(),
      active_connections: z.number().int(),
      max_connections: z.number().int(),
    }),
    system: z.object({
      disk_percent: z.number(),
      memory_percent: z.number(),
      cpu_percent: z.number(),
    }),
  }),
});
export type Health = z.infer<typeof healthSchema>;

export const healthOperation = defineOperation({
  ...API_ROUTES.getHealth,
  tag: 'stats',
  summary:
    'Health: status for anyone (200, or 503 when unhealthy); with a bearer token, also the API, the workers, the database and the machine',
  access: 'public',
  response: z.union([healthSchema, publicHealthSchema]),
});
export type HealthAnswer = z.infer<typeof healthOperation.response>;
