import type { FastifyInstance } from 'fastify';
import {
  createWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  getAlertChannelSettingsOperation,
  getUnsubscribeOperation,
  getWebhookEndpointOperation,
  listAlertDeliveriesOperation,
  listAlertSubscriptionsOperation,
  listWebhookDeliveriesOperation,
  listWebhookEndpointsOperation,
  rotateWebhookSecretOperation,
  testWebhookEndpointOperation,
  unsubscribeOperation,
  updateAlertChannelSettingsOperation,
  updateAlertSubscriptionOperation,
  updateWebhookEndpointOperation,
} from '@preciofab/shared/contracts/alert-channels';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createAlertChannelsService } from './alert-channels.service.ts';
import { createWebhooksService } from './webhooks.service.ts';

const FORM = 'application/x-www-form-urlencoded';

export function registerAlertChannelRoutes(router: Router, app: AppContext, server: FastifyInstance): void {
  const channels = createAlertChannelsService(app.db, app.config.SMTP_URL !== undefined);
  const webhooks = createWebhooksService(app.db, {
    allowedHosts: app.config.CRAWLER_ALLOWED_HOSTS,
    publicUrl: app.config.PUBLIC_URL,
  });

  // A mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form (RFC 8058):
  // read on that route only, 415 elsewhere as before.
  server.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (request, body, done) => {
    if (request.routeOptions.url !== unsubscribeOperation.path) {
      done(Object.assign(new Error('unsupported media type'), { statusCode: 415 }), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  router.route(listAlertSubscriptionsOperation, ({ query, ctx }) =>
    channels.listSubscriptions(ctx.user.id, query),
  );
  router.route(updateAlertSubscriptionOperation, ({ params, body, ctx }) =>
    channels.updateSubscription(ctx.user.id, params.id, body),
  );
  router.route(getAlertChannelSettingsOperation, ({ ctx }) => channels.settings(ctx.user.id));
  router.route(updateAlertChannelSettingsOperation, ({ body, ctx }) =>
    channels.updateSettings(ctx.user.id, body),
  );
  router.route(listAlertDeliveriesOperation, ({ query, ctx }) => channels.listDeliveries(ctx.user, query));

  router.route(listWebhookEndpointsOperation, async () => ({ data: await webhooks.list() }));
  router.route(getWebhookEndpointOperation, ({ params }) => webhooks.get(params.id));
  router.route(createWebhookEndpointOperation, ({ body, ctx }) => webhooks.create(body, ctx.user.id));
  router.route(updateWebhookEndpointOperation, ({ params, body }) => webhooks.update(params.id, body));
  router.route(deleteWebhookEndpointOperation, async ({ params }) => {
    await webhooks.delete(params.id);
    return { ok: true as const };
  });
  router.route(rotateWebhookSecretOperation, ({ params }) => webhooks.rotateSecret(params.id));
  router.route(testWebhookEndpointOperation, ({ params }) => webhooks.test(params.id));
  router.route(listWebhookDeliveriesOperation, ({ params, query }) => webhooks.deliveries(params.id, query));

  router.route(getUnsubscribeOperation, ({ params }) => channels.describeUnsubscribe(params.token));
  router.route(unsubscribeOperation, ({ params }) => channels.unsubscribe(params.token));
}
