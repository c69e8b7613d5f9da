import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { statsRepository } from '@preciofab/db/repositories/stats.repository';
import type { DashboardStats } from '@preciofab/shared/contracts/stats';
import type { Language } from '@preciofab/shared/catalogue';
import { translate } from '@preciofab/shared/i18n/messages';
import { timeAgo } from './relative-time.ts';

const RECENT_ACTIVITY = 6;
// The product's operators are in Mexico: "crawls today" counts by their calendar day.
const OPERATOR_TIME_ZONE = 'America/Mexico_City';

function stringValues(details: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(details)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
}

export function createStatsService(db: Db) {
  return {
    /** The dashboard's counts (kept by triggers, so no refresh scans the observations) and the
     * most recent activity in the caller's language. */
    async dashboard(lang: Language, now = new Date()): Promise<DashboardStats> {
      const [counts, activity] = await Promise.all([
        statsRepository.dashboardCounts(db, OPERATOR_TIME_ZONE),
        activityRepository.recent(db, RECENT_ACTIVITY),
      ]);
      return {
        ...counts,
        last_benchmark_update: counts.last_benchmark_update?.toISOString() ?? null,
        recent_activity: activity.map((a) => ({
          id: a.id,
          description: translate(lang, `activity.${a.action}`, stringValues(a.details)),
          time_ago: timeAgo(a.occurred_at, lang, now),
          occurred_at: a.occurred_at.toISOString(),
          action: a.action,
          entity_type: a.entity_type,
          entity_id: a.entity_id,
        })),
      };
    },
  };
}
