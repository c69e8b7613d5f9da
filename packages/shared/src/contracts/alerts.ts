import { z } from 'zod';
import { CATEGORIES, REGIONS } from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import {
  currencyCodeField,
  idParams,
  isoDateTime,
  limitQuery,
  offsetQuery,
  okResponse,
  paginated,
  queryBoolean,
} from './common.ts';

/**
 * Alerts (issue 16): an operator's rules, the alerts they raised (one per rule and change) and each
 * user's notifications of them. The console builds an alert's text from `kind` and `data`; nothing
 * here stores a sentence, so each reader sees it in their own language.
 */

export const ALERT_KINDS = [
  'price_change',
  'new_offer',
  'offer_gone',
  'target_failing',
  'discovery_candidate',
  'benchmark_move',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_SCOPE_FIELDS = ['vendor_id', 'category', 'subcategory', 'region', 'offer_id'] as const;
export type AlertScopeField = (typeof ALERT_SCOPE_FIELDS)[number];
export const ALERT_THRESHOLD_FIELDS = [
  'change_percent',
  'change_amount',
  'change_currency',
  'missed_crawls',
  'failures',
  'min_confidence',
] as const;
export type AlertThresholdField = (typeof ALERT_THRESHOLD_FIELDS)[number];

/**
 * Which scope and threshold fields each kind reads; any other must be null (a field the kind
 * ignores would silently do nothing). `required`: thresholds the kind needs; price_change needs
 * at least one of change_percent and change_amount instead (checked apart).
 */
export const ALERT_KIND_FIELDS: Record<
  AlertKind,
  {
    scope: readonly AlertScopeField[];
    thresholds: readonly AlertThresholdField[];
    required: readonly AlertThresholdField[];
  }
> = {
  price_change: {
    scope: ALERT_SCOPE_FIELDS,
    thresholds: ['change_percent', 'change_amount', 'change_currency', 'min_confidence'],
    required: [],
  },
  new_offer: {
    scope: ['vendor_id', 'category', 'subcategory', 'region'],
    thresholds: ['min_confidence'],
    required: [],
  },
  offer_gone: { scope: ALERT_SCOPE_FIELDS, thresholds: ['missed_crawls'], required: ['missed_crawls'] },
  target_failing: {
    scope: ['vendor_id', 'category', 'region'],
    thresholds: ['failures'],
    required: ['failures'],
  },
  discovery_candidate: { scope: [], thresholds: ['min_confidence'], required: ['min_confidence'] },
  benchmark_move: {
    scope: ['category', 'subcategory', 'region'],
    thresholds: ['change_percent'],
    required: ['change_percent'],
  },
};

/** Most rules one user may own: every rule is read on each evaluation. */
export const ALERT_RULES_MAX_PER_USER = 100;
/** Most candidates one discovery alert lists (its `count` says how many there were). */
export const ALERT_DISCOVERY_CANDIDATES_MAX = 20;

// The rule's fields, each nullable: null means "any" for a scope and "not used" for a threshold.
const ruleName = z
  .string({ error: 'validation.alert_rule_name_required' })
  .trim()
  .min(1, 'validation.alert_rule_name_required')
  .max(120);
/** Each scope and threshold field's own rule; null is "any" for a scope, "not used" for a threshold. */
const ruleFields = {
  vendor_id: z.uuid({ error: 'validation.invalid_uuid' }),
  category: z.enum(CATEGORIES),
  region: z.enum(REGIONS),
  offer_id: z.uuid({ error: 'validation.invalid_uuid' }),
  /** Percent, e.g. 10 for 10 %: fires when the change is at least this (up or down). */
  change_percent: z.number().gt(0).max(1000),
  /** In change_currency: fires when the price moved by at least this much (up or down). */
  change_amount: z.number().gt(0).max(1e12),
  change_currency: currencyCodeField,
  /** offer_gone: crawls of the offer's target in a row that did not see it. */
  missed_crawls: z.number().int().min(1).max(100),
  /** target_failing: failed crawls in a row; fires once per streak, when it reaches this. */
  failures: z.number().int().min(1).max(100),
  /** 0–1: discovery candidates at or above it; for prices, readings at or above it. */
  min_confidence: z.number().min(0).max(1),
};
/** Blank or null: any subcategory. */
const subcategory = z
  .string()
  .trim()
  .max(120)
  .nullable()
  .transform((v) => v || null);

const nullableFields = {
  vendor_id: ruleFields.vendor_id.nullable(),
  category: ruleFields.category.nullable(),
  subcategory,
  region: ruleFields.region.nullable(),
  offer_id: ruleFields.offer_id.nullable(),
  change_percent: ruleFields.change_percent.nullable(),
  change_amount: ruleFields.change_amount.nullable(),
  change_currency: ruleFields.change_currency.nullable(),
  missed_crawls: ruleFields.missed_crawls.nullable(),
  failures: ruleFields.failures.nullable(),
  min_confidence: ruleFields.min_confidence.nullable(),
};

export type AlertRuleFields = {
  kind: AlertKind;
} & { [K in AlertScopeField]: string | null } & {
  change_percent: number | null;
  change_amount: number | null;
  change_currency: string | null;
  missed_crawls: number | null;
  failures: number | null;
  min_confidence: number | null;
};

/** The per-kind rules of a rule's fields, as field errors (catalogue keys). The contract runs it on a
 * create; the server runs it on the merged rule of an update. */
export function alertRuleIssues(rule: AlertRuleFields): { field: string; message: string }[] {
  const spec = ALERT_KIND_FIELDS[rule.kind];
  const issues: { field: string; message: string }[] = [];
  for (const field of ALERT_SCOPE_FIELDS) {
    if (rule[field] !== null && !spec.scope.includes(field)) {
      issues.push({ field, message: 'validation.alert_field_not_applicable' });
    }
  }
  for (const field of ALERT_THRESHOLD_FIELDS) {
    if (rule[field] !== null && !spec.thresholds.includes(field)) {
      issues.push({ field, message: 'validation.alert_field_not_applicable' });
    }
  }
  for (const field of spec.required) {
    if (rule[field] === null) issues.push({ field, message: 'validation.alert_threshold_required' });
  }
  if (rule.kind === 'price_change' && rule.change_percent === null && rule.change_amount === null) {
    issues.push({ field: 'change_percent', message: 'validation.alert_change_required' });
  }
  if (rule.change_amount !== null && rule.change_currency === null) {
    issues.push({ field: 'change_currency', message: 'validation.alert_currency_required' });
  }
  if (
    rule.change_amount === null &&
    rule.change_currency !== null &&
    spec.thresholds.includes('change_amount')
  ) {
    issues.push({ field: 'change_amount', message: 'validation.alert_threshold_required' });
  }
  if (rule.subcategory !== null && rule.category === null && spec.scope.includes('subcategory')) {
    issues.push({ field: 'category', message: 'validation.alert_subcategory_needs_category' });
  }
  return issues;
}

export const alertRuleCreateBody = z
  .strictObject({
    name: ruleName,
    kind: z.enum(ALERT_KINDS, {
      error: (issue) => (issue.input === undefined ? 'validation.required' : undefined),
    }),
    active: z.boolean().default(true),
    vendor_id: nullableFields.vendor_id.default(null),
    category: nullableFields.category.default(null),
    subcategory: subcategory.default(null),
    region: nullableFields.region.default(null),
    offer_id: nullableFields.offer_id.default(null),
    change_percent: nullableFields.change_percent.default(null),
    change_amount: nullableFields.change_amount.default(null),
    change_currency: nullableFields.change_currency.default(null),
    missed_crawls: nullableFields.missed_crawls.default(null),
    failures: nullableFields.failures.default(null),
    min_confidence: nullableFields.min_confidence.default(null),
  })
  .superRefine((rule, ctx) => {
    for (const issue of alertRuleIssues(rule)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  });
export type AlertRuleCreate = z.output<typeof alertRuleCreateBody>;

/** Any field but the kind (a rule of another kind is another rule); the server checks the merged
 * rule with alertRuleIssues. Send null to clear a scope or a threshold. */
export const alertRuleUpdateBody = z
  .strictObject({ name: ruleName, active: z.boolean(), ...nullableFields })
  .partial();
export type AlertRuleUpdate = z.output<typeof alertRuleUpdateBody>;

export const alertRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ALERT_KINDS),
  active: z.boolean(),
  owner_id: z.string(),
  owner_name: z.string(),
  /** Whether the caller may change or delete it: its owner (an operator) or an admin. */
  can_edit: z.boolean(),
  vendor_id: z.string().nullable(),
  /** The scoped vendor's and offer's names, for the list (null when not scoped or deleted). */
  vendor_name: z.string().nullable(),
  category: z.enum(CATEGORIES).nullable(),
  subcategory: z.string().nullable(),
  region: z.enum(REGIONS).nullable(),
  offer_id: z.string().nullable(),
  offer_name: z.string().nullable(),
  change_percent: z.number().nullable(),
  change_amount: z.number().nullable(),
  change_currency: z.string().nullable(),
  missed_crawls: z.number().int().nullable(),
  failures: z.number().int().nullable(),
  min_confidence: z.number().nullable(),
  alert_count: z.number().int(),
  last_alert_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRuleListQuery = z.strictObject({
  kind: z.enum(ALERT_KINDS).optional(),
  /** true: only the caller's own rules. Everyone may read every rule; only owners and admins edit. */
  mine: queryBoolean.optional(),
  limit: limitQuery(500, 100),
  offset: offsetQuery,
});

// What each kind of alert records of its change. Prices are numbers in `currency`; percents are
// signed (a drop is negative), e.g. -12.5 for 12.5 % down.
const offerRef = {
  offer_id: z.string().nullable(),
  offer_name: z.string(),
  vendor_id: z.string().nullable(),
  vendor_name: z.string(),
};

export const alertDataSchemas = {
  price_change: z.object({
    ...offerRef,
    /** The reading that changed (the evidence) and the offer's reading before it. */
    observation_id: z.string(),
    previous_observation_id: z.string(),
    /** 'observed': both readings in the same currency and unit, compared as read;
     * 'usd_per_base_unit': they differ, so both are compared in USD per base unit. */
    basis: z.enum(['observed', 'usd_per_base_unit']),
    old_price: z.number(),
    new_price: z.number(),
    /** The currency of old_price and new_price ('USD' on the USD basis). */
    currency: z.string(),
    unit: z.string(),
    change_percent: z.number(),
    change_amount: z.number(),
    observed_at: isoDateTime,
    source_url: z.string().nullable(),
  }),
  new_offer: z.object({
    ...offerRef,
    observation_id: z.string(),
    price: z.number(),
    currency: z.string(),
    unit: z.string(),
    category: z.enum(CATEGORIES),
    observed_at: isoDateTime,
    source_url: z.string().nullable(),
  }),
  offer_gone: z.object({
    ...offerRef,
    target_id: z.string().nullable(),
    target_url: z.string().nullable(),
    /** Crawls of the target in a row since the offer was last seen. */
    missed_crawls: z.number().int(),
    last_seen_at: isoDateTime,
    /** The offer's last reading, as evidence of what disappeared. */
    last_observation_id: z.string().nullable(),
  }),
  target_failing: z.object({
    target_id: z.string().nullable(),
    target_url: z.string(),
    vendor_id: z.string().nullable(),
    vendor_name: z.string(),
    failures: z.number().int(),
    /** The last failure's code (catalogue TARGET_ERROR_CODES) and its technical text. */
    error_code: z.string().nullable(),
    error: z.string().nullable(),
    run_id: z.string().nullable(),
  }),
  discovery_candidate: z.object({
    source_id: z.string().nullable(),
    source_name: z.string(),
    /** How many candidates at or above the rule's confidence the run found. */
    count: z.number().int(),
    /** The first of them, best first (at most ALERT_DISCOVERY_CANDIDATES_MAX). */
    candidates: z.array(
      z.object({ id: z.string(), domain: z.string(), title: z.string().nullable(), confidence: z.number() }),
    ),
  }),
  benchmark_move: z.object({
    category: z.enum(CATEGORIES),
    subcategory: z.string().nullable(),
    base_unit: z.string(),
    region: z.enum(REGIONS),
    time_window_days: z.number().int(),
    tax_basis: z.enum(['net', 'gross']),
    /** Medians in USD per base unit. */
    old_median: z.number(),
    new_median: z.number(),
    change_percent: z.number(),
    observation_count: z.number().int(),
    calculation_id: z.string(),
    previous_calculation_id: z.string(),
  }),
} as const satisfies Record<AlertKind, z.ZodType>;
export type AlertData<K extends AlertKind = AlertKind> = z.infer<(typeof alertDataSchemas)[K]>;

const notificationBase = {
  /** The notification's id (mark it read with this). */
  id: z.string(),
  alert_id: z.string(),
  /** The rule that raised it; null once the rule was deleted (the alert stays). */
  rule_id: z.string().nullable(),
  rule_name: z.string().nullable(),
  created_at: isoDateTime,
  read_at: isoDateTime.nullable(),
};

/** One of the caller's notifications: its alert's kind and data, discriminated by kind. */
export const notificationSchema = z.discriminatedUnion('kind', [
  z.object({ ...notificationBase, kind: z.literal('price_change'), data: alertDataSchemas.price_change }),
  z.object({ ...notificationBase, kind: z.literal('new_offer'), data: alertDataSchemas.new_offer }),
  z.object({ ...notificationBase, kind: z.literal('offer_gone'), data: alertDataSchemas.offer_gone }),
  z.object({ ...notificationBase, kind: z.literal('target_failing'), data: alertDataSchemas.target_failing }),
  z.object({
    ...notificationBase,
    kind: z.literal('discovery_candidate'),
    data: alertDataSchemas.discovery_candidate,
  }),
  z.object({ ...notificationBase, kind: z.literal('benchmark_move'), data: alertDataSchemas.benchmark_move }),
]);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuery = z.strictObject({
  /** true: only unread ones. */
  unread: queryBoolean.optional(),
  kind: z.enum(ALERT_KINDS).optional(),
  limit: limitQuery(100, 20),
  offset: offsetQuery,
});

/** Newest first, with the caller's unread count (the bell's number). */
export const notificationListSchema = paginated(notificationSchema).extend({
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const listAlertRulesOperation = defineOperation({
  ...API_ROUTES.listAlertRules,
  tag: 'alerts',
  summary: 'List alert rules (everyone’s, or only the caller’s), newest first',
  access: 'viewer',
  query: alertRuleListQuery,
  response: paginated(alertRuleSchema),
});

export const getAlertRuleOperation = defineOperation({
  ...API_ROUTES.getAlertRule,
  tag: 'alerts',
  summary: 'One alert rule',
  access: 'viewer',
  params: idParams,
  response: alertRuleSchema,
});

export const createAlertRuleOperation = defineOperation({
  ...API_ROUTES.createAlertRule,
  tag: 'alerts',
  summary: 'Add an alert rule owned by the caller; the fields each kind takes are in ALERT_KIND_FIELDS',
  access: 'operator',
  body: alertRuleCreateBody,
  response: alertRuleSchema,
  status: 201,
});

export const updateAlertRuleOperation = defineOperation({
  ...API_ROUTES.updateAlertRule,
  tag: 'alerts',
  summary: 'Change an alert rule (its owner, or an admin; 403 for another’s)',
  access: 'operator',
  params: idParams,
  body: alertRuleUpdateBody,
  response: alertRuleSchema,
});

export const deleteAlertRuleOperation = defineOperation({
  ...API_ROUTES.deleteAlertRule,
  tag: 'alerts',
  summary:
    'Delete an alert rule (its owner, or an admin; 403 for another’s); its alerts and notifications stay',
  access: 'operator',
  params: idParams,
  response: okResponse,
});

export const listNotificationsOperation = defineOperation({
  ...API_ROUTES.listNotifications,
  tag: 'alerts',
  summary: 'The caller’s notifications, newest first, with the unread count',
  access: 'viewer',
  query: notificationListQuery,
  response: notificationListSchema,
});

export const getUnreadNotificationCountOperation = defineOperation({
  ...API_ROUTES.getUnreadNotificationCount,
  tag: 'alerts',
  summary: 'How many of the caller’s notifications are unread',
  access: 'viewer',
  response: unreadCountSchema,
});

export const markNotificationReadOperation = defineOperation({
  ...API_ROUTES.markNotificationRead,
  tag: 'alerts',
  summary: 'Mark one of the caller’s notifications read (again is fine); returns the new unread count',
  access: 'viewer',
  params: idParams,
  response: unreadCountSchema,
});

export const markAllNotificationsReadOperation = defineOperation({
  ...API_ROUTES.markAllNotificationsRead,
  tag: 'alerts',
  summary: 'Mark every notification of the caller read; returns the new unread count',
  access: 'viewer',
  response: unreadCountSchema,
});
