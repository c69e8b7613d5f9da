import {
  approveReviewOperation,
  bulkReviewOperation,
  correctReviewOperation,
  getReviewOperation,
  getReviewSettingsOperation,
  listReviewsOperation,
  rejectReviewOperation,
  updateReviewSettingsOperation,
} from '@preciofab/shared/contracts/review';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createReviewService } from './review.service.ts';

/** The review queue (issue 16): viewers read it, operators decide, admins change its rules. */
export function registerReviewRoutes(router: Router, app: AppContext): void {
  const review = createReviewService(app.db, app.queue);

  router.route(listReviewsOperation, ({ query }) => review.list(query));
  router.route(getReviewOperation, ({ params }) => review.get(params.id));
  router.route(approveReviewOperation, ({ params, body, ctx }) =>
    review.approve(params.id, ctx.user.id, body.note),
  );
  router.route(rejectReviewOperation, ({ params, body, ctx }) =>
    review.reject(params.id, ctx.user.id, body.note),
  );
  router.route(correctReviewOperation, ({ params, body, ctx }) =>
    review.correct(params.id, body, ctx.user.id),
  );
  router.route(bulkReviewOperation, ({ body, ctx }) => review.bulk(body, ctx.user.id));
  router.route(getReviewSettingsOperation, () => review.settings());
  router.route(updateReviewSettingsOperation, ({ body, ctx }) => review.updateSettings(body, ctx.user.id));
}
