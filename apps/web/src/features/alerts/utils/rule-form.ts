import { z } from 'zod';
import type { Category, Region } from '@preciofab/shared/catalogue';
import {
  ALERT_KIND_FIELDS,
  alertRuleCreateBody,
  type AlertKind,
  type AlertRule,
  type AlertRuleCreate,
  type AlertRuleUpdate,
} from '@preciofab/shared/contracts/alerts';

/** What the rule form holds: every field as typed (numbers stay text), '' for "any" or "not used". */
export type RuleFormValues = {
  name: string;
  kind: AlertKind;
  active: boolean;
  vendor_id: string;
  category: Category | '';
  subcategory: string;
  region: Region | '';
  offer_id: string;
  change_percent: string;
  change_amount: string;
  change_currency: string;
  missed_crawls: string;
  failures: string;
  /** A 0–1 score picked from a list ('0.8'), or '' for any. */
  min_confidence: string;
};

export type RuleField = Exclude<keyof RuleFormValues, 'name' | 'kind' | 'active'>;

export const RULE_FORM_DEFAULTS: RuleFormValues = {
  name: '',
  kind: 'price_change',
  active: true,
  vendor_id: '',
  category: '',
  subcategory: '',
  region: '',
  offer_id: '',
  change_percent: '10',
  change_amount: '',
  change_currency: 'MXN',
  missed_crawls: '3',
  failures: '3',
  min_confidence: '',
};

/** Where a kind that needs a confidence (discovery candidates) starts. */
export const DEFAULT_REQUIRED_CONFIDENCE = '0.8';

/** The confidence levels the form offers (a rule saved with another keeps it as a choice). */
export const CONFIDENCE_CHOICES = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95] as const;

const text = (value: string | number | null) => (value === null ? '' : String(value));

export function ruleToFormValues(rule: AlertRule): RuleFormValues {
  return {
    name: rule.name,
    kind: rule.kind,
    active: rule.active,
    vendor_id: text(rule.vendor_id),
    category: rule.category ?? '',
    subcategory: text(rule.subcategory),
    region: rule.region ?? '',
    offer_id: text(rule.offer_id),
    change_percent: text(rule.change_percent),
    change_amount: text(rule.change_amount),
    change_currency: rule.change_currency ?? RULE_FORM_DEFAULTS.change_currency,
    missed_crawls: text(rule.missed_crawls),
    failures: text(rule.failures),
    min_confidence: text(rule.min_confidence),
  };
}

/** The fields the form shows for a kind, in the order it shows them: the kind's thresholds, then
 * its scope (ALERT_KIND_FIELDS, the contract's own table). The currency goes with the amount. */
export function fieldsOf(kind: AlertKind): { thresholds: RuleField[]; scope: RuleField[] } {
  const spec = ALERT_KIND_FIELDS[kind];
  return { thresholds: [...spec.thresholds], scope: [...spec.scope] };
}

const applies = (kind: AlertKind, field: RuleField) => {
  const { thresholds, scope } = fieldsOf(kind);
  return thresholds.includes(field) || scope.includes(field);
};

const blank = (value: string) => value.trim() === '';
const toNumber = (value: string) => (blank(value) ? null : Number(value));
const toText = (value: string) => (blank(value) ? null : value.trim());

/** The body the form sends: a field the kind does not read is null (the contract refuses it
 * otherwise), and the amount's currency goes only with an amount. */
function toBody(values: RuleFormValues): z.input<typeof alertRuleCreateBody> {
  const pick = <T>(field: RuleField, value: T): T | null => (applies(values.kind, field) ? value : null);
  const amount = pick('change_amount', toNumber(values.change_amount));
  return {
    name: values.name,
    kind: values.kind,
    active: values.active,
    vendor_id: pick('vendor_id', toText(values.vendor_id)),
    category: pick('category', values.category || null),
    subcategory: pick('subcategory', values.category ? toText(values.subcategory) : null),
    region: pick('region', values.region || null),
    offer_id: pick('offer_id', toText(values.offer_id)),
    change_percent: pick('change_percent', toNumber(values.change_percent)),
    change_amount: amount,
    change_currency: amount === null ? null : pick('change_currency', toText(values.change_currency)),
    missed_crawls: pick('missed_crawls', toNumber(values.missed_crawls)),
    failures: pick('failures', toNumber(values.failures)),
    min_confidence: pick('min_confidence', toNumber(values.min_confidence)),
  };
}

export type RuleFormSchema = z.ZodType<AlertRuleCreate | AlertRuleUpdate, RuleFormValues>;

/** A new rule: the contract's own schema, per-kind checks included (spec messages from shared). */
export const ruleCreateForm: RuleFormSchema = z
  .custom<RuleFormValues>()
  .transform(toBody)
  .pipe(alertRuleCreateBody);

/** An edit is checked as a whole rule too, then sent without its kind (a rule keeps its kind). */
export const ruleUpdateForm: RuleFormSchema = z
  .custom<RuleFormValues>()
  .transform(toBody)
  .pipe(alertRuleCreateBody)
  .transform(({ kind: _kind, ...changes }): AlertRuleUpdate => changes);
