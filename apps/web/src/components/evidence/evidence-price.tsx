import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useUnitLabel } from '../../i18n/use-unit-label.ts';
import { Badge } from '../ui/badge.tsx';
import { usdText } from '../usd-value/usd-value-text.ts';
import type { ObservationDetail } from './api/get-observation.ts';

const rateFormat = new Map<string, Intl.NumberFormat>();
const rateNumber = (locale: string) => {
  let format = rateFormat.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
    rateFormat.set(locale, format);
  }
  return format;
};

/** The observed price, its USD value per base unit (or why it has none) and the rate that
 * converted it, above the tabs: the figures every comparison of this price rests on. */
export function EvidencePrice({ observation: o }: { observation: ObservationDetail }) {
  const { t, locale } = useTranslation();
  const format = useFormat();
  const unitLabel = useUnitLabel();
  const { normalized: n } = o;
  const usd = usdText(
    {
      price_usd: n.price_usd,
      base_unit: n.base_unit,
      usd_status: n.usd_status,
      currency: o.currency,
      unit: o.unit,
      observed_at: o.observed_at,
    },
    t,
    format,
    unitLabel,
  );
  return (
    <dl className="evidence-facts evidence-price" data-testid="evidence-price">
      <dt>{t('evidence.price.observed')}</dt>
      <dd>
        {t('usd.per_unit', { amount: format.money(o.price, o.currency), unit: unitLabel(o.unit) })}
        {o.quantity > 1 && (
          <span className="evidence-price__reason">
            {' · '}
            {t('prices.table.for_quantity', { quantity: format.integer(o.quantity) })}
          </span>
        )}
      </dd>
      <dt>{t('evidence.price.usd')}</dt>
      <dd data-testid="evidence-usd" data-status={usd.kind === 'value' ? 'converted' : usd.status}>
        {usd.kind === 'value' ? (
          usd.text
        ) : (
          <>
            <Badge tone={usd.status === 'no_rate' ? 'warning' : 'neutral'}>{usd.label}</Badge>{' '}
            <span className="evidence-price__reason">{usd.reason}</span>
          </>
        )}
      </dd>
      {n.fx_rate !== null && o.currency !== 'USD' && (
        <>
          <dt>{t('evidence.price.rate')}</dt>
          <dd data-testid="evidence-rate">
            {t('evidence.price.rate_value', {
              rate: rateNumber(locale).format(n.fx_rate),
              currency: o.currency,
              date: n.fx_date ? format.date(`${n.fx_date}T12:00:00Z`) : t('evidence.not_recorded'),
            })}
          </dd>
        </>
      )}
    </dl>
  );
}
