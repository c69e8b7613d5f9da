import { alertEvidencePath } from './alert-text.ts';
import type { AlertData, AlertKind } from './contracts/alerts.ts';
import { WEBHOOK_PAYLOAD_VERSION } from './contracts/alert-channels.ts';

/**
 * The JSON body of every webhook POST, version 1 (a receiver reads `version` first; a change that
 * removes or renames a field raises it):
 *
 *   {
 *     "version": 1,
 *     "event": "alert.created" | "webhook.test",
 *     "delivery_id": "<uuid, the same on every retry: drop repeats by it>",
 *     "sent_at": "<ISO 8601 of this attempt>",
 *     "alert": { "id", "kind", "created_at", "data": <contracts/alerts.ts alertDataSchemas[kind]> } | null,
 *     "rule": { "id" (null once deleted), "name" } | null,
 *     "links": { "evidence": "<console URL>" | null, "notifications": "<console URL>" }
 *   }
 *
 * Signed as packages/shared/src/webhook-signature.ts says (X-PrecioFab-Signature over
 * "<timestamp>.<body>").
 */
export type WebhookPayload = {
  version: typeof WEBHOOK_PAYLOAD_VERSION;
  event: 'alert.created' | 'webhook.test';
  delivery_id: string;
  sent_at: string;
  alert: { id: string; kind: AlertKind; created_at: string; data: AlertData } | null;
  rule: { id: string | null; name: string } | null;
  links: { evidence: string | null; notifications: string };
};

export function alertWebhookBody(input: {
  deliveryId: string;
  alert: { id: string; kind: AlertKind; createdAt: Date; data: AlertData };
  rule: { id: string | null; name: string };
  publicUrl: string;
  now: Date;
}): string {
  const payload: WebhookPayload = {
    version: WEBHOOK_PAYLOAD_VERSION,
    event: 'alert.created',
    delivery_id: input.deliveryId,
    sent_at: input.now.toISOString(),
    alert: {
      id: input.alert.id,
      kind: input.alert.kind,
      created_at: input.alert.createdAt.toISOString(),
      data: input.alert.data,
    },
    rule: input.rule,
    links: {
      evidence: `${input.publicUrl}${alertEvidencePath(input.alert.kind, input.alert.data)}`,
      notifications: `${input.publicUrl}/notifications`,
    },
  };
  return JSON.stringify(payload);
}

/** The admin's "send test": the same shape, with no alert. */
export function testWebhookBody(deliveryId: string, publicUrl: string, now: Date): string {
  const payload: WebhookPayload = {
    version: WEBHOOK_PAYLOAD_VERSION,
    event: 'webhook.test',
    delivery_id: deliveryId,
    sent_at: now.toISOString(),
    alert: null,
    rule: null,
    links: { evidence: null, notifications: `${publicUrl}/notifications` },
  };
  return JSON.stringify(payload);
}
