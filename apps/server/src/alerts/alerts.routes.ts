import {
  createAlertRuleOperation,
  deleteAlertRuleOperation,
  getAlertRuleOperation,
  getUnreadNotificationCountOperation,
  listAlertRulesOperation,
  listNotificationsOperation,
  markAllNotificationsReadOperation,
  markNotificationReadOperation,
  updateAlertRuleOperation,
} from '@preciofab/shared/contracts/alerts';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createAlertRulesService } from './alert-rules.service.ts';
import { createNotificationsService } from './notifications.service.ts';

export function registerAlertRoutes(router: Router, app: AppContext): void {
  const rules = createAlertRulesService(app.db, app.pubsub);
  const notifications = createNotificationsService(app.db, app.pubsub);

  router.route(listAlertRulesOperation, ({ query, ctx }) => rules.list(ctx.user, query));
  router.route(getAlertRuleOperation, ({ params, ctx }) => rules.get(params.id, ctx.user));
  router.route(createAlertRuleOperation, ({ body, ctx }) => rules.create(body, ctx.user));
  router.route(updateAlertRuleOperation, ({ params, body, ctx }) => rules.update(params.id, body, ctx.user));
  router.route(deleteAlertRuleOperation, async ({ params, ctx }) => {
    await rules.delete(params.id, ctx.user);
    return { ok: true as const };
  });

  router.route(listNotificationsOperation, ({ query, ctx }) => notifications.list(ctx.user.id, query));
  router.route(getUnreadNotificationCountOperation, ({ ctx }) => notifications.unread(ctx.user.id));
  router.route(markNotificationReadOperation, ({ params, ctx }) =>
    notifications.markRead(ctx.user.id, params.id),
  );
  router.route(markAllNotificationsReadOperation, ({ ctx }) => notifications.markAllRead(ctx.user.id));
}
