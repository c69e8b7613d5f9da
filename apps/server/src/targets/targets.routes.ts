import {
  createTargetOperation,
  deleteTargetOperation,
  getTargetOperation,
  listTargetsOperation,
  previewTargetOperation,
  updateTargetOperation,
} from '@preciofab/shared/contracts/targets';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createTargetPreviewService } from './target-preview.service.ts';
import { createTargetsService } from './targets.service.ts';

export function registerTargetRoutes(router: Router, app: AppContext): void {
  const targets = createTargetsService(app.db);
  const previews = createTargetPreviewService(app.pageReader);

  router.route(listTargetsOperation, ({ query }) =>
    targets.list({
      vendorId: query.vendor_id,
      active: query.active,
      category: query.category,
      limit: query.limit,
      offset: query.offset,
    }),
  );
  router.route(getTargetOperation, ({ params }) => targets.get(params.id));
  router.route(createTargetOperation, ({ body, ctx }) => targets.create(body, ctx.user.id));
  router.route(updateTargetOperation, ({ params, body, ctx }) =>
    targets.update(params.id, body, ctx.user.id),
  );
  router.route(previewTargetOperation, ({ body, ctx }) => previews.preview(body, ctx.user.id));
  router.route(deleteTargetOperation, async ({ params, ctx }) => {
    await targets.delete(params.id, ctx.user.id);
    return { ok: true as const };
  });
}
