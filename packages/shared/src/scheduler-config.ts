import { z } from 'zod';
import { DEFAULT_SCHEDULE_TIME_ZONE, isValidTimeZone } from './time-zone.ts';

const days = (fallback: number) => z.coerce.number().int().min(1).max(3650).default(fallback);

/** The scheduler's and the queue's environment variables, read by the server and `npm run worker`
 * (every process that schedules must agree on them). */
export const schedulerConfigSchema = z.object({
  /** The IANA time zone cron schedules (reports, discovery sources) are read in: "0 6 * * *" is
   * 6:00 on this zone's clock, daylight saving time included. */
  SCHEDULE_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_SCHEDULE_TIME_ZONE)
    .refine(isValidTimeZone, 'must be an IANA time zone such as America/Mexico_City or UTC'),
  /** Days a completed job is kept before it is deleted. */
  JOB_RETENTION_COMPLETED_DAYS: days(7),
  /** Days a failed job is kept (with its error) before it is deleted. */
  JOB_RETENTION_FAILED_DAYS: days(30),
});

export type SchedulerConfig = z.infer<typeof schedulerConfigSchema>;

/** What createScheduler takes from the configuration. */
export function schedulerSettings(c: SchedulerConfig) {
  return {
    timeZone: c.SCHEDULE_TIME_ZONE,
    retention: { completedDays: c.JOB_RETENTION_COMPLETED_DAYS, failedDays: c.JOB_RETENTION_FAILED_DAYS },
  };
}
