import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import {
  createVendorOperation,
  deleteVendorOperation,
  getVendorOperation,
  importVendorsOperation,
  listVendorsOperation,
  updateVendorOperation,
} from '@preciofab/shared/contracts/vendors';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createVendorsService, toVendor } from './vendors.service.ts';

export function registerVendorRoutes(router: Router, app: AppContext): void {
  const vendors = createVendorsService(app.db);

  router.route(listVendorsOperation, async ({ query }) => {
    const { rows, total } = await vendorsRepository.list(app.db, {
      search: query.search || undefined,
      type: query.vendor_type,
      sort: query.sort,
      order: query.order,
      limit: query.limit,
      offset: query.offset,
    });
    return { data: rows.map(toVendor), total, limit: query.limit, offset: query.offset };
  });
  router.route(importVendorsOperation, async ({ body, ctx }) => {
    const ids = await vendors.importMany(body.rows, ctx.user.id);
    return { created: ids.length, ids };
  });
  router.route(getVendorOperation, ({ params }) => vendors.get(params.id));
  router.route(createVendorOperation, ({ body, ctx }) => vendors.create(body, ctx.user.id));
  router.route(updateVendorOperation, ({ params, body, ctx }) =>
    vendors.update(params.id, body, ctx.user.id),
  );
  router.route(deleteVendorOperation, async ({ params, ctx }) => {
    await vendors.delete(params.id, ctx.user.id);
    return { ok: true as const };
  });
}
