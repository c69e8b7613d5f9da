import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@preciofab/db/client';
import { deliveriesRepository } from '@preciofab/db/repositories/deliveries.repository';
import {
  webhookEndpointsRepository,
  type WebhookEndpointRow,
} from '@preciofab/db/repositories/webhook-endpoints.repository';
import type {
  AlertDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  WebhookTestResult,
} from '@preciofab/shared/contracts/alert-channels';
import { AppError } from '@preciofab/shared/errors';
import { testWebhookBody } from '@preciofab/shared/webhook-payload';
import { sendWebhook } from '@preciofab/fetch/webhook-sender';
import { withAttempts } from './alert-channels.service.ts';

const notFound = () => new AppError('not_found', 'errors.webhook_not_found');
const unknownRule = () =>
  new AppError('validation', 'errors.invalid_request', {
    errors: [{ field: 'rule_ids', message: 'errors.alert_rule_unknown' }],
  });

/** A new signing secret: 192 random bits, prefixed so it is recognisable in a vault. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;
const hint = (secret: string) => `whsec_…${secret.slice(-4)}`;

export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    active: row.active,
    all_rules: row.all_rules,
    rule_ids: row.rule_ids,
    secret_hint: hint(row.secret),
    counts: { queued: row.queued, sent: row.sent, failed: row.failed },
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type WebhooksServiceOptions = {
  /** CRAWLER_ALLOWED_HOSTS: "send test" goes through the guarded fetcher with the crawler's policy. */
  allowedHosts: readonly string[];
  publicUrl: string;
  timeoutMs?: number;
};

/** The admins' webhook endpoints: CRUD, secret rotation, "send test" and the log per endpoint. */
export function createWebhooksService(db: Db, options: WebhooksServiceOptions) {
  const get = async (id: string): Promise<WebhookEndpointRow> => {
    const row = await webhookEndpointsRepository.findById(db, id);
    if (!row) throw notFound();
    return row;
  };
  const setRules = async (tx: Db, id: string, ruleIds: readonly string[]) => {
    const unique = [...new Set(ruleIds)];
    if ((await webhookEndpointsRepository.setRules(tx, id, unique)) !== unique.length) throw unknownRule();
  };

  return {
    list: async (): Promise<WebhookEndpoint[]> =>
      (await webhookEndpointsRepository.list(db)).map(toWebhookEndpoint),

    get: async (id: string): Promise<WebhookEndpoint> => toWebhookEndpoint(await get(id)),

    async create(body: WebhookEndpointCreate, actorId: string): Promise<WebhookEndpointWithSecret> {
      const secret = newWebhookSecret();
      const id = await db.transaction(async (tx) => {
        const id = await webhookEndpointsRepository.insert(tx, { ...body, secret }, actorId);
        await setRules(tx, id, body.all_rules ? [] : body.rule_ids);
        return id;
      });
      return { ...toWebhookEndpoint(await get(id)), secret };
    },

    async update(id: string, body: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
      await db.transaction(async (tx) => {
        const current = await webhookEndpointsRepository.findById(tx, id);
        if (!current) throw notFound();
        const allRules = body.all_rules ?? current.all_rules;
        const ruleIds = allRules ? [] : (body.rule_ids ?? current.rule_ids);
        if (!allRules && ruleIds.length === 0) {
          throw new AppError('validation', 'errors.invalid_request', {
            errors: [{ field: 'rule_ids', message: 'validation.webhook_rules_required' }],
          });
        }
        await webhookEndpointsRepository.update(tx, id, body);
        await setRules(tx, id, ruleIds);
      });
      return toWebhookEndpoint(await get(id));
    },

    async delete(id: string): Promise<void> {
      if (!(await webhookEndpointsRepository.delete(db, id))) throw notFound();
    },

    async rotateSecret(id: string): Promise<WebhookEndpointWithSecret> {
      const secret = newWebhookSecret();
      if (!(await webhookEndpointsRepository.setSecret(db, id, secret))) throw notFound();
      return { ...toWebhookEndpoint(await get(id)), secret };
    },

    /** One signed `webhook.test` POST now, through the guarded fetcher; nothing is retried or logged. */
    async test(id: string): Promise<WebhookTestResult> {
      const row = await get(id);
      const deliveryId = randomUUID();
      const attempt = await sendWebhook({
        url: row.url,
        secret: row.secret,
        event: 'webhook.test',
        deliveryId,
        body: testWebhookBody(deliveryId, options.publicUrl, new Date()),
        policy: { allowedHosts: options.allowedHosts },
        timeoutMs: options.timeoutMs ?? 10_000,
      });
      return {
        ok: attempt.ok,
        status: attempt.status,
        error_code: attempt.error,
        retryable: attempt.retryable,
        duration_ms: Math.round(attempt.durationMs),
      };
    },

    async deliveries(
      id: string,
      q: { status?: string; limit: number; offset: number },
    ): Promise<{ data: AlertDelivery[]; total: number; limit: number; offset: number }> {
      await get(id);
      const { rows, total } = await deliveriesRepository.list(db, { ...q, endpointId: id });
      return { data: await withAttempts(db, rows), total, limit: q.limit, offset: q.offset };
    },
  };
}
