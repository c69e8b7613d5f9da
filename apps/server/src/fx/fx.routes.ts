import {
  getFxImportOperation,
  importFxRatesOperation,
  listFxRatesOperation,
  updateFxRatesOperation,
} from '@preciofab/shared/contracts/fx-rates';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createFxImportService } from './fx-import.service.ts';
import { createFxService } from './fx.service.ts';

export function registerFxRoutes(router: Router, app: AppContext): void {
  const fx = createFxService(app.db);
  const imports = createFxImportService(app.db, app.queue);
  router.route(listFxRatesOperation, ({ query }) => fx.list(query));
  router.route(updateFxRatesOperation, ({ body, ctx }) => fx.update(body, ctx.user.id));
  router.route(importFxRatesOperation, ({ body, ctx }) => imports.start(body, ctx.user.id));
  router.route(getFxImportOperation, ({ params, ctx }) => imports.status(params.id, ctx.lang));
}
