import { DEFAULT_DISCOVERY_SCHEDULE } from '@preciofab/shared/catalogue';

export type ScheduleOption = 'daily' | 'weekly' | 'monthly' | 'manual';

/** Spec §9: daily at 6:00 (default), weekly on Monday, monthly on the 1st, or manual only (''). */
export const SCHEDULE_CRON: Record<ScheduleOption, string> = {
  daily: DEFAULT_DISCOVERY_SCHEDULE,
  weekly: '0 6 * * 1',
  monthly: '0 6 1 * *',
  manual: '',
};

export const SCHEDULE_OPTIONS = Object.keys(SCHEDULE_CRON) as ScheduleOption[];
export const DEFAULT_SCHEDULE_OPTION: ScheduleOption = 'daily';

/** The option a stored cron corresponds to; null for a cron set some other way (kept as is). */
export function scheduleOptionOf(cron: string): ScheduleOption | null {
  const normalized = cron.trim().split(/\s+/).filter(Boolean).join(' ');
  return SCHEDULE_OPTIONS.find((option) => SCHEDULE_CRON[option] === normalized) ?? null;
}
