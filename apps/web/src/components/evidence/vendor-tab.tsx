import { useMemo } from 'react';
import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EChart } from '../charts/echart.tsx';
import { observationIdOf } from '../charts/chart-item.ts';
import { buildTimelineOption } from '../charts/timeline-option.ts';
import { ExternalLinkIcon } from '../ui/icons.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import type { ObservationDetail } from './api/get-observation.ts';
import { usePriceHistory, type PriceHistory } from './api/get-price-history.ts';

/** In the offer's own currency when it never changed, else in USD per base unit. */
function historyPoints(history: PriceHistory) {
  const currencies = new Set(history.data.map((p) => p.currency));
  const own = currencies.size === 1;
  const points = history.data
    .map((p) => ({ observationId: p.id, time: p.observed_at, value: own ? p.price : p.price_usd }))
    .filter((p): p is { observationId: string; time: string; value: number } => p.value !== null);
  return { points, unit: own ? [...currencies][0]! : 'USD' };
}

function PriceHistoryChart({
  observationId,
  onOpen,
}: {
  observationId: string;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = usePriceHistory(observationId);
  const chart = useMemo(() => {
    if (!history.data) return null;
    const { points, unit } = historyPoints(history.data);
    return {
      points,
      option: buildTimelineOption(points, { series: history.data.offer.name, value: unit }),
    };
  }, [history.data]);
  if (history.isError) return <p className="evidence-tab__muted">{t('evidence.vendor.history_error')}</p>;
  if (!history.data || !chart) return <Skeleton height={220} />;
  if (chart.points.length === 0)
    return <p className="evidence-tab__muted">{t('evidence.vendor.history_empty')}</p>;
  const { offer } = history.data;
  return (
    <EChart
      option={chart.option}
      height={220}
      testId="price-history-chart"
      label={t('evidence.vendor.history_chart', {
        offer: offer.name,
        count: chart.points.length,
        first: format.dateTime(offer.first_seen_at),
        last: format.dateTime(offer.last_seen_at),
      })}
      onItemClick={(click) => {
        const id = observationIdOf(click.data);
        if (id) onOpen(id);
      }}
    />
  );
}

export function VendorTab({
  observation,
  onOpen,
}: {
  observation: ObservationDetail;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { vendor } = observation;
  return (
    <div className="evidence-tab">
      <dl className="evidence-facts">
        <dt>{t('evidence.vendor.name')}</dt>
        <dd>{vendor.name}</dd>
        <dt>{t('evidence.vendor.type')}</dt>
        <dd>{t(`vendors.types.${vendor.type}`)}</dd>
        <dt>{t('evidence.vendor.reliability')}</dt>
        <dd>{format.percent(Math.round(vendor.confidence_score * 100))}</dd>
        <dt>{t('evidence.vendor.website')}</dt>
        <dd>
          {vendor.url ? (
            <a href={vendor.url} target="_blank" rel="noopener noreferrer" className="evidence-link">
              {vendor.url}
              <ExternalLinkIcon size={14} />
            </a>
          ) : (
            t('evidence.not_recorded')
          )}
        </dd>
      </dl>
      <h3 className="evidence-tab__heading">
        {t('evidence.vendor.history_title', { offer: observation.offer_name })}
      </h3>
      <PriceHistoryChart observationId={observation.id} onOpen={onOpen} />
    </div>
  );
}
