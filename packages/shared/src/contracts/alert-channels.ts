import { z } from 'zod';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { isValidTimeZone } from '../time-zone.ts';
import { ALERT_KINDS } from './alerts.ts';
import {
  httpUrl,
  idParams,
  isoDateTime,
  limitQuery,
  offsetQuery,
  okResponse,
  paginated,
  uuid,
} from './common.ts';

/**
 * Alert channels (issue 16, item 2): which rules reach each user by which channel (in-app, email at
 * once or in a daily digest at the user's hour in the user's time zone), the admins' webhook
 * endpoints, and the delivery log of every email and webhook POST, attempt by attempt.
 */

export const EMAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_CHANNELS = ['email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const ATTEMPT_OUTCOMES = ['sent', 'retry', 'failed', 'skipped'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/** Tries of one delivery (the first and its retries) before it is `failed`. */
export const DELIVERY_MAX_ATTEMPTS = 6;
/** Rules one webhook endpoint may name (beyond, use "all rules"). */
export const WEBHOOK_RULES_MAX = 100;
/** The version of the webhook body's shape: a receiver reads `version` before anything else. */
export const WEBHOOK_PAYLOAD_VERSION = 1;
/** Events a webhook receives: an alert, or the admin's "send test". */
export const WEBHOOK_EVENTS = ['alert.created', 'webhook.test'] as const;

/** The caller's choice for one rule, over every rule they may read. */
export const alertSubscriptionSchema = z.object({
  rule_id: z.string(),
  rule_name: z.string(),
  rule_kind: z.enum(ALERT_KINDS),
  rule_active: z.boolean(),
  owner_name: z.string(),
  /** The caller owns the rule: without a choice of their own they hear of it in-app. */
  is_owner: z.boolean(),
  /** Whether the choice is the caller's own (false: the default, in-app for owners only). */
  explicit: z.boolean(),
  in_app: z.boolean(),
  email: z.enum(EMAIL_MODES),
});
export type AlertSubscription = z.infer<typeof alertSubscriptionSchema>;

export const alertSubscriptionListQuery = z.strictObject({
  kind: z.enum(ALERT_KINDS).optional(),
  limit: limitQuery(500, 100),
  offset: offsetQuery,
});

export const alertSubscriptionUpdateBody = z
  .strictObject({ in_app: z.boolean(), email: z.enum(EMAIL_MODES) })
  .partial()
  .refine((v) => v.in_app !== undefined || v.email !== undefined, {
    message: 'validation.required',
    path: ['email'],
  });
export type AlertSubscriptionUpdate = z.infer<typeof alertSubscriptionUpdateBody>;

const timeZone = z
  .string({ error: 'validation.time_zone_invalid' })
  .trim()
  .max(64)
  .refine(isValidTimeZone, 'validation.time_zone_invalid');
const digestHour = z.number({ error: 'validation.digest_hour_invalid' }).int().min(0).max(23);

/** The caller's delivery settings, and whether the server can send email at all. */
export const alertChannelSettingsSchema = z.object({
  /** Where the caller's email goes (their account's address). */
  email_address: z.string(),
  /** IANA zone the digest hour is read in. */
  time_zone: z.string(),
  /** 0–23: the digest goes out at this hour on the caller's clock, once a day. */
  digest_hour: z.number().int(),
  /** SMTP_URL is set: email choices take effect (otherwise deliveries are `skipped`). */
  email_configured: z.boolean(),
});
export type AlertChannelSettings = z.infer<typeof alertChannelSettingsSchema>;

export const alertChannelSettingsUpdateBody = z
  .strictObject({ time_zone: timeZone, digest_hour: digestHour })
  .partial();
export type AlertChannelSettingsUpdate = z.infer<typeof alertChannelSettingsUpdateBody>;

const endpointName = z
  .string({ error: 'validation.webhook_name_required' })
  .trim()
  .min(1, 'validation.webhook_name_required')
  .max(120);
const endpointUrl = httpUrl.pipe(z.string().max(2000));
const ruleIds = z.array(uuid).max(WEBHOOK_RULES_MAX);

const rulesChosen = (v: { all_rules?: boolean; rule_ids?: string[] }) =>
  v.all_rules !== false || v.rule_ids === undefined || v.rule_ids.length > 0;

export const webhookEndpointCreateBody = z
  .strictObject({
    name: endpointName,
    url: endpointUrl,
    active: z.boolean().default(true),
    /** true: every alert; false: only the alerts of `rule_ids`. */
    all_rules: z.boolean().default(true),
    rule_ids: ruleIds.default([]),
  })
  .refine(rulesChosen, { message: 'validation.webhook_rules_required', path: ['rule_ids'] });
export type WebhookEndpointCreate = z.output<typeof webhookEndpointCreateBody>;

export const webhookEndpointUpdateBody = z
  .strictObject({
    name: endpointName,
    url: endpointUrl,
    active: z.boolean(),
    all_rules: z.boolean(),
    rule_ids: ruleIds,
  })
  .partial();
export type WebhookEndpointUpdate = z.output<typeof webhookEndpointUpdateBody>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  active: z.boolean(),
  all_rules: z.boolean(),
  rule_ids: z.array(z.string()),
  /** The secret's last characters ('whsec_…a1b2'); the whole secret is shown once. */
  secret_hint: z.string(),
  /** Deliveries by status, and when the last one was attempted. */
  counts: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  last_attempt_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** On create and on rotate only: the whole secret, to verify the signature (webhook-signature.ts). */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

/** One POST, email or digest send, as the log keeps it. */
export const deliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  attempted_at: isoDateTime,
  outcome: z.enum(ATTEMPT_OUTCOMES),
  http_status: z.number().int().nullable(),
  smtp_reply: z.string().nullable(),
  /** timeout, network, refused_address, http_status, smtp_451, smtp_not_configured, ... */
  error_code: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const alertDeliverySchema = z.object({
  id: z.string(),
  alert_id: z.string(),
  alert_kind: z.enum(ALERT_KINDS),
  rule_id: z.string().nullable(),
  rule_name: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  mode: z.enum(['immediate', 'digest']),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  endpoint_id: z.string().nullable(),
  endpoint_name: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: isoDateTime.nullable(),
  last_error: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** Every attempt, newest first (a digest delivery shows its digest's). */
  attempt_log: z.array(deliveryAttemptSchema),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

export const alertDeliveryListQuery = z.strictObject({
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  /** Admins only: one user's email deliveries (others always see only their own). */
  user_id: uuid.optional(),
  limit: limitQuery(100, 20),
  offset: offsetQuery,
});
export const webhookDeliveryListQuery = z.strictObject({
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: limitQuery(100, 20),
  offset: offsetQuery,
});

/** The "send test" button's answer: the one attempt, as the log would keep it. */
export const webhookTestResultSchema = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error_code: z.string().nullable(),
  retryable: z.boolean(),
  duration_ms: z.number().int(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const unsubscribeParams = z.strictObject({
  token: z.string().regex(/^[0-9a-f]{64}$/, 'validation.unsubscribe_token_invalid'),
});
/** A mail client's one-click POST (RFC 8058) sends `List-Unsubscribe=One-Click` as a form; the
 * console's page sends nothing. */
export const unsubscribeBody = z.object({ 'List-Unsubscribe': z.string().max(40).optional() }).optional();

export const unsubscribeResultSchema = z.object({
  rule_id: z.string(),
  rule_name: z.string(),
  /** The subscription's email choice now ('off' after the POST). */
  email: z.enum(EMAIL_MODES),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const listAlertSubscriptionsOperation = defineOperation({
  ...API_ROUTES.listAlertSubscriptions,
  tag: 'alert-channels',
  summary: 'The caller’s channels for every rule they may read (in-app, email off/immediate/digest)',
  access: 'viewer',
  query: alertSubscriptionListQuery,
  response: paginated(alertSubscriptionSchema),
});

export const updateAlertSubscriptionOperation = defineOperation({
  ...API_ROUTES.updateAlertSubscription,
  tag: 'alert-channels',
  summary: 'Set the caller’s in-app and email choice for one rule (:id is the rule’s id)',
  access: 'viewer',
  params: idParams,
  body: alertSubscriptionUpdateBody,
  response: alertSubscriptionSchema,
});

export const getAlertChannelSettingsOperation = defineOperation({
  ...API_ROUTES.getAlertChannelSettings,
  tag: 'alert-channels',
  summary: 'The caller’s time zone and digest hour, and whether email is configured (SMTP_URL)',
  access: 'viewer',
  response: alertChannelSettingsSchema,
});

export const updateAlertChannelSettingsOperation = defineOperation({
  ...API_ROUTES.updateAlertChannelSettings,
  tag: 'alert-channels',
  summary: 'Change the caller’s time zone (IANA) or digest hour (0–23)',
  access: 'viewer',
  body: alertChannelSettingsUpdateBody,
  response: alertChannelSettingsSchema,
});

export const listAlertDeliveriesOperation = defineOperation({
  ...API_ROUTES.listAlertDeliveries,
  tag: 'alert-channels',
  summary:
    'The delivery log, newest first, each with its attempts: every one for admins, the caller’s own emails for others',
  access: 'viewer',
  query: alertDeliveryListQuery,
  response: paginated(alertDeliverySchema),
});

export const listWebhookEndpointsOperation = defineOperation({
  ...API_ROUTES.listWebhookEndpoints,
  tag: 'alert-channels',
  summary: 'Webhook endpoints (secrets masked)',
  access: 'admin',
  response: z.object({ data: z.array(webhookEndpointSchema) }),
});

export const getWebhookEndpointOperation = defineOperation({
  ...API_ROUTES.getWebhookEndpoint,
  tag: 'alert-channels',
  summary: 'One webhook endpoint (secret masked)',
  access: 'admin',
  params: idParams,
  response: webhookEndpointSchema,
});

export const createWebhookEndpointOperation = defineOperation({
  ...API_ROUTES.createWebhookEndpoint,
  tag: 'alert-channels',
  summary: 'Add a webhook endpoint; the answer holds its signing secret, shown this once',
  access: 'admin',
  body: webhookEndpointCreateBody,
  response: webhookEndpointWithSecretSchema,
  status: 201,
});

export const updateWebhookEndpointOperation = defineOperation({
  ...API_ROUTES.updateWebhookEndpoint,
  tag: 'alert-channels',
  summary: 'Change a webhook endpoint’s name, URL, rules or active state',
  access: 'admin',
  params: idParams,
  body: webhookEndpointUpdateBody,
  response: webhookEndpointSchema,
});

export const deleteWebhookEndpointOperation = defineOperation({
  ...API_ROUTES.deleteWebhookEndpoint,
  tag: 'alert-channels',
  summary: 'Delete a webhook endpoint and its delivery log',
  access: 'admin',
  params: idParams,
  response: okResponse,
});

export const rotateWebhookSecretOperation = defineOperation({
  ...API_ROUTES.rotateWebhookSecret,
  tag: 'alert-channels',
  summary: 'Replace a webhook endpoint’s signing secret; the new one is shown this once',
  access: 'admin',
  params: idParams,
  response: webhookEndpointWithSecretSchema,
});

export const testWebhookEndpointOperation = defineOperation({
  ...API_ROUTES.testWebhookEndpoint,
  tag: 'alert-channels',
  summary:
    'POST a signed `webhook.test` event to the endpoint now (one attempt, no retry) and say how it went',
  access: 'admin',
  params: idParams,
  response: webhookTestResultSchema,
});

export const listWebhookDeliveriesOperation = defineOperation({
  ...API_ROUTES.listWebhookDeliveries,
  tag: 'alert-channels',
  summary: 'One webhook endpoint’s delivery log, newest first, each with its attempts',
  access: 'admin',
  params: idParams,
  query: webhookDeliveryListQuery,
  response: paginated(alertDeliverySchema),
});

export const getUnsubscribeOperation = defineOperation({
  ...API_ROUTES.getUnsubscribe,
  tag: 'alert-channels',
  summary: 'Which rule an unsubscribe link is for, changing nothing (link scanners fetch links)',
  access: 'public',
  params: unsubscribeParams,
  response: unsubscribeResultSchema,
});

export const unsubscribeOperation = defineOperation({
  ...API_ROUTES.unsubscribe,
  tag: 'alert-channels',
  summary: 'One-click unsubscribe (RFC 8058): turns that rule’s email off for the link’s user',
  access: 'public',
  params: unsubscribeParams,
  body: unsubscribeBody,
  response: unsubscribeResultSchema,
});
