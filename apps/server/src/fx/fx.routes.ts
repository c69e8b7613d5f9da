import { listFxRatesOperation, updateFxRatesOperation } from '@preciofab/shared/contracts/fx-rates';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createFxService } from './fx.service.ts';

export function registerFxRoutes(router: Router, app: AppContext): void {
  const fx = createFxService(app.db);
  router.route(listFxRatesOperation, ({ query }) => fx.list(query));
  router.route(updateFxRatesOperation, ({ body, ctx }) => fx.update(body, ctx.user.id));
}
