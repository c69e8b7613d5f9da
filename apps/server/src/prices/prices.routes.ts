import {
  createPriceOperation,
  getPriceHeatmapOperation,
  getPriceHistoryOperation,
  getPriceScatterOperation,
  getPriceTimelineOperation,
  listPriceCurrenciesOperation,
  listPricesOperation,
} from '@preciofab/shared/contracts/prices';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createPriceChartsService } from './price-charts.service.ts';
import { createPricesService } from './prices.service.ts';

export function registerPriceRoutes(router: Router, app: AppContext): void {
  const prices = createPricesService(app.db, app.queue);
  router.route(listPricesOperation, ({ query }) => prices.list(query));
  router.route(listPriceCurrenciesOperation, () => prices.currencies());
  router.route(createPriceOperation, ({ body, ctx }) => prices.create(body, ctx.user.id));
  router.route(getPriceHistoryOperation, ({ params }) => prices.history(params.id));
  const charts = createPriceChartsService(app.db);
  router.route(getPriceTimelineOperation, ({ query }) => charts.timeline(query));
  router.route(getPriceHeatmapOperation, ({ query }) => charts.heatmap(query));
  router.route(getPriceScatterOperation, ({ query }) => charts.scatter(query));
}
