import { useMemo, useState } from 'react';
import { PRICE_TYPES } from '@preciofab/shared/catalogue';
import { EChart, type ChartClick } from '../../../components/charts/echart.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ChartIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { usePriceHistory } from '../api/get-price-history.ts';
import type { PriceRow } from '../api/get-prices.ts';
import {
  buildHeatmapOption,
  buildScatterOption,
  buildTimelineOption,
  observationIdOf,
  timelineSeriesFromHistory,
  timelineSeriesFromRows,
} from '../utils/chart-options.ts';
import { usePriceTypeLabel } from './price-labels.tsx';

type ChartProps = { rows: readonly PriceRow[]; onOpen: (observationId: string) => void };

const CHART_HEIGHT = 420;

function clickHandler(onOpen: (id: string) => void) {
  return (click: ChartClick) => {
    const id = observationIdOf(click.data);
    if (id) onOpen(id);
  };
}

function NoChartData() {
  const { t } = useTranslation();
  return <EmptyState icon={<ChartIcon size={24} />} title={t('prices.charts.no_data')} />;
}

/** One offer's history from the server, or every loaded offer side by side in USD. */
export function PriceTimeline({ rows, onOpen }: ChartProps) {
  const { t } = useTranslation();
  const [offerObservation, setOfferObservation] = useState<string | null>(null);
  const history = usePriceHistory(offerObservation);
  // One entry per offer: the observation id of its newest row names the offer for /history.
  const offers = useMemo(() => {
    const seen = new Map<string, PriceRow>();
    for (const row of rows) if (!seen.has(row.offer_id)) seen.set(row.offer_id, row);
    return [...seen.values()];
  }, [rows]);

  const chosen = offerObservation !== null ? history.data : undefined;
  const series = useMemo(
    () => (chosen ? timelineSeriesFromHistory(chosen) : timelineSeriesFromRows(rows)),
    [chosen, rows],
  );
  const price = chosen ? (chosen.data[0]?.currency ?? '') : t('prices.charts.usd_per_unit');
  const option = useMemo(() => buildTimelineOption(series, { price }), [series, price]);

  return (
    <div className="price-chart">
      <label className="price-chart__picker">
        <span>{t('prices.charts.offer')}</span>
        <select
          className="field__input"
          value={offerObservation ?? ''}
          onChange={(event) => setOfferObservation(event.target.value || null)}
          data-testid="timeline-offer"
        >
          <option value="">{t('prices.charts.all_offers')}</option>
          {offers.map((row) => (
            <option key={row.offer_id} value={row.id}>
              {`${row.vendor_name} · ${row.offer_name}`}
            </option>
          ))}
        </select>
      </label>
      {series.length === 0 ? (
        <NoChartData />
      ) : (
        <EChart
          option={option}
          label={t('prices.charts.timeline_label', { count: series.length })}
          height={CHART_HEIGHT}
          onItemClick={clickHandler(onOpen)}
          testId="price-chart-timeline"
        />
      )}
    </div>
  );
}

export function PriceHeatmap({ rows, onOpen }: ChartProps) {
  const { t } = useTranslation();
  const count = t('prices.charts.observations');
  const option = useMemo(() => buildHeatmapOption(rows, { count }), [rows, count]);
  const onClick = clickHandler(onOpen);
  if (rows.length === 0) return <NoChartData />;
  return (
    <div className="price-chart">
      <EChart
        option={option}
        label={t('prices.charts.heatmap_label', { count: rows.length })}
        height={CHART_HEIGHT}
        onItemClick={onClick}
        testId="price-chart-heatmap"
      />
    </div>
  );
}

export function PriceScatter({ rows, onOpen }: ChartProps) {
  const { t } = useTranslation();
  const typeLabel = usePriceTypeLabel();
  const confidence = t('prices.charts.confidence_axis');
  const price = t('prices.charts.usd_per_unit');
  const option = useMemo(() => {
    const types = Object.fromEntries(PRICE_TYPES.map((type) => [type, typeLabel(type)])) as Record<
      (typeof PRICE_TYPES)[number],
      string
    >;
    return buildScatterOption(rows, { confidence, price, types });
    // typeLabel is new on every render; the axis names change with the language as it does.
  }, [rows, confidence, price]);
  const onClick = clickHandler(onOpen);
  if (!rows.some((row) => row.price_usd !== null)) return <NoChartData />;
  return (
    <div className="price-chart">
      <EChart
        option={option}
        label={t('prices.charts.scatter_label', { count: rows.length })}
        height={CHART_HEIGHT}
        onItemClick={onClick}
        testId="price-chart-scatter"
      />
    </div>
  );
}
