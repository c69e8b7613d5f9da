import type { AlertRule } from '@preciofab/shared/contracts/alerts';
import type { Formatters } from '../../../i18n/formatters.ts';
import type { Translate } from '../../../i18n/use-translation.ts';
import type { ValueKind } from '../../../i18n/use-value-label.ts';

type Tools = { t: Translate; fmt: Formatters; label: (kind: ValueKind, value: string) => string };

/** A rule's condition in words: "cambio de 10 % o más o cambio de MXN 50.00 o más". */
export function ruleCondition(rule: AlertRule, { t, fmt }: Tools): string {
  const parts: string[] = [];
  if (rule.change_percent !== null)
    parts.push(t('alerts.rules.condition.change_percent', { percent: fmt.percent(rule.change_percent) }));
  if (rule.change_amount !== null && rule.change_currency !== null)
    parts.push(
      t('alerts.rules.condition.change_amount', {
        amount: fmt.money(rule.change_amount, rule.change_currency),
      }),
    );
  if (rule.missed_crawls !== null)
    parts.push(t('alerts.rules.condition.missed_crawls', { crawls: rule.missed_crawls }));
  if (rule.failures !== null) parts.push(t('alerts.rules.condition.failures', { failures: rule.failures }));
  // A price rule's confidence filters the readings it compares: it goes with the change, not beside it.
  const confidence =
    rule.min_confidence !== null
      ? t('alerts.rules.condition.min_confidence', { confidence: fmt.scorePercent(rule.min_confidence) })
      : null;
  const condition = parts.join(t('alerts.rules.condition.separator'));
  const text = confidence
    ? condition
      ? `${condition} · ${confidence}`
      : confidence
    : condition || t('alerts.rules.condition.none');
  // The parts read inside a sentence; the cell starts one.
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A rule's scope in words, one part per field it is limited by; "Todo" when by none. */
export function ruleScope(rule: AlertRule, { t, label }: Tools): string[] {
  const unknown = t('alerts.rules.unknown_name');
  const parts: string[] = [];
  if (rule.vendor_id !== null)
    parts.push(t('alerts.rules.scope.vendor', { name: rule.vendor_name ?? unknown }));
  if (rule.category !== null)
    parts.push(t('alerts.rules.scope.category', { name: label('category', rule.category) }));
  if (rule.subcategory !== null)
    parts.push(t('alerts.rules.scope.subcategory', { name: label('subcategory', rule.subcategory) }));
  if (rule.region !== null)
    parts.push(t('alerts.rules.scope.region', { name: label('region', rule.region) }));
  if (rule.offer_id !== null) parts.push(t('alerts.rules.scope.offer', { name: rule.offer_name ?? unknown }));
  return parts.length > 0 ? parts : [t('alerts.rules.any_scope')];
}
