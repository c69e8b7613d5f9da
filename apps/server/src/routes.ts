import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { registerAlertChannelRoutes } from './alert-channels/alert-channels.routes.ts';
import { registerAlertRoutes } from './alerts/alerts.routes.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerBenchmarkRoutes } from './benchmarks/benchmarks.routes.ts';
import { registerCrawlRoutes } from './crawl/crawl.routes.ts';
import { registerDiscoveryRoutes } from './discovery/discovery.routes.ts';
import { registerFxRoutes } from './fx/fx.routes.ts';
import type { Router } from './http/router.ts';
import { registerObservationRoutes } from './observations/observations.routes.ts';
import { registerPipelineSocket } from './pipeline/pipeline.ws.ts';
import { registerPriceRoutes } from './prices/prices.routes.ts';
import { registerReportRoutes } from './reports/reports.routes.ts';
import { registerReviewRoutes } from './review/review.routes.ts';
import { registerStatsRoutes } from './stats/stats.routes.ts';
import { registerTargetRoutes } from './targets/targets.routes.ts';
import { registerUserRoutes } from './users/users.routes.ts';
import { registerVendorRoutes } from './vendors/vendors.routes.ts';

/** Every API route of the product, by feature. */
export async function registerRoutes(app: FastifyInstance, router: Router, ctx: AppContext): Promise<void> {
  registerAuthRoutes(router, ctx);
  registerStatsRoutes(router, ctx);
  registerVendorRoutes(router, ctx);
  registerPriceRoutes(router, ctx, app);
  registerObservationRoutes(router, ctx);
  registerFxRoutes(router, ctx);
  registerTargetRoutes(router, ctx);
  registerCrawlRoutes(router, ctx);
  registerBenchmarkRoutes(router, ctx);
  registerDiscoveryRoutes(router, ctx);
  registerReportRoutes(router, ctx);
  registerReviewRoutes(router, ctx);
  registerUserRoutes(router, ctx);
  registerAlertRoutes(router, ctx);
  registerAlertChannelRoutes(router, ctx, app);
  registerPipelineSocket(app, ctx);
}
