import {
  createPriceOperation,
  getPriceHistoryOperation,
  listPriceCurrenciesOperation,
  listPricesOperation,
} from '@preciofab/shared/contracts/prices';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createPricesService } from './prices.service.ts';

export function registerPriceRoutes(router: Router, app: AppContext): void {
  const prices = createPricesService(app.db, app.queue);
  router.route(listPricesOperation, ({ query }) => prices.list(query));
  router.route(listPriceCurrenciesOperation, () => prices.currencies());
  router.route(createPriceOperation, ({ body, ctx }) => prices.create(body, ctx.user.id));
  router.route(getPriceHistoryOperation, ({ params }) => prices.history(params.id));
}
