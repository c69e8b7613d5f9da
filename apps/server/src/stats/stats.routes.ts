import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { statsRepository } from '@preciofab/db/repositories/stats.repository';
import { dashboardStatsOperation, healthOperation } from '@preciofab/shared/contracts/stats';
import { translate } from '@preciofab/shared/i18n/messages';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createHealthService } from './health.service.ts';
import { timeAgo } from './relative-time.ts';

const RECENT_ACTIVITY = 6;
// The product's operators are in Mexico: "crawls today" counts by their calendar day.
const OPERATOR_TIME_ZONE = 'America/Mexico_City';

export function registerStatsRoutes(router: Router, app: AppContext): void {
  const health = createHealthService(app);

  router.route(healthOperation, async ({ reply }) => {
    const h = await health();
    if (h.status === 'unhealthy') reply.status(503);
    return h;
  });

  router.route(dashboardStatsOperation, async ({ ctx }) => {
    const [counts, activity] = await Promise.all([
      statsRepository.dashboardCounts(app.db, OPERATOR_TIME_ZONE),
      activityRepository.recent(app.db, RECENT_ACTIVITY),
    ]);
    const now = new Date();
    return {
      ...counts,
      last_benchmark_update: counts.last_benchmark_update?.toISOString() ?? null,
      recent_activity: activity.map((a) => ({
        id: a.id,
        description: translate(ctx.lang, `activity.${a.action}`, stringValues(a.details)),
        time_ago: timeAgo(a.occurred_at, ctx.lang, now),
        occurred_at: a.occurred_at.toISOString(),
        action: a.action,
        entity_type: a.entity_type,
        entity_id: a.entity_id,
      })),
    };
  });
}

function stringValues(details: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(details)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
}
