import { analyticsSummaryOperation } from '@preciofab/shared/contracts/analytics';
import { dashboardStatsOperation, healthOperation } from '@preciofab/shared/contracts/stats';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createHealthService } from './health.service.ts';
import { createStatsService } from './stats.service.ts';

export function registerStatsRoutes(router: Router, app: AppContext): void {
  const health = createHealthService(app);
  const stats = createStatsService(app.db);

  router.route(healthOperation, async ({ ctx, reply }) => {
    const h = await health();
    // 503 when unhealthy, for probes; a degraded service still serves (200).
    if (h.status === 'unhealthy') reply.status(503);
    // Anyone may ask whether it is up; what it runs on (memory, disk, connections, version) is
    // for signed-in users.
    return ctx.user ? h : { status: h.status, timestamp: h.timestamp };
  });

  router.route(dashboardStatsOperation, ({ ctx }) => stats.dashboard(ctx.lang));
  router.route(analyticsSummaryOperation, () => stats.analytics());
}
