import { useMemo, useState, type ReactNode } from 'react';
import { PRICE_TYPES } from '@preciofab/shared/catalogue';
import { EChart, type ChartClick } from '../../../components/charts/echart.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ChartIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import { monthLabel } from '../../../lib/month-label.ts';
import { notifyApiError } from '../../../lib/notify-api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import type { PriceChartFilters } from '../api/get-prices.ts';
import { usePriceHeatmap } from '../api/get-price-heatmap.ts';
import { usePriceHistory } from '../api/get-price-history.ts';
import { usePriceScatter } from '../api/get-price-scatter.ts';
import { getPriceTimelinePoint, usePriceTimeline } from '../api/get-price-timeline.ts';
import {
  buildHeatmapOption,
  buildScatterOption,
  buildTimelineOption,
  observationIdOf,
  timelineSeriesFromHistory,
  timelineSeriesFromServer,
  timelineTargetOf,
} from '../utils/chart-options.ts';
import { usePriceTypeLabel } from './price-labels.tsx';
import { PricesLoadError } from './prices-states.tsx';
import { PricesSkeleton } from './prices-table.tsx';

// The timeline, heatmap and scatter of the Prices screen: each asks the server for its view of
// every price matching the list's filters, and says what it covers and what it left out.

type ChartProps = { filters: PriceChartFilters; onOpen: (observationId: string) => void };

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

/** The counts a chart was computed over, and any bound it reached. */
function Coverage({ total, priced, children }: { total: number; priced: number; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="price-chart__coverage" data-testid="price-chart-coverage">
      <p>{t('prices.charts.coverage', { count: total })}</p>
      {priced < total && <p>{t('prices.charts.coverage_unpriced', { count: total - priced })}</p>}
      {children}
    </div>
  );
}

/** The most observed offers side by side in USD per base unit, or one offer's own history. */
export function PriceTimeline({ filters, onOpen }: ChartProps) {
  const { t } = useTranslation();
  const unitLabel = useUnitLabel();
  const timeline = usePriceTimeline(filters);
  const [offerObservation, setOfferObservation] = useState<string | null>(null);
  const history = usePriceHistory(offerObservation);
  const result = timeline.data;

  const chosen = offerObservation !== null ? history.data : undefined;
  const series = useMemo(() => {
    if (chosen) return timelineSeriesFromHistory(chosen);
    if (!result) return [];
    return timelineSeriesFromServer(result, (offer) => {
      const name = `${offer.vendor_name} · ${offer.offer_name}`;
      return offer.base_unit
        ? t('prices.charts.offer_unit', { offer: name, unit: unitLabel(offer.base_unit) })
        : name;
    });
  }, [chosen, result, t, unitLabel]);
  const price = chosen ? (chosen.data[0]?.currency ?? '') : t('prices.charts.usd_per_unit');
  const option = useMemo(() => buildTimelineOption(series, { price }), [series, price]);
  // A point of the most observed offers carries its offer and bucket: its newest observation is
  // asked for now, under the same filters.
  const openPoint = (click: ChartClick) => {
    const target = timelineTargetOf(click.data);
    if (!target) return;
    if ('observationId' in target) {
      onOpen(target.observationId);
      return;
    }
    getPriceTimelinePoint(filters, target).then(
      ({ observation_id }) =>
        observation_id ? onOpen(observation_id) : toast(t('prices.charts.point_gone')),
      notifyApiError,
    );
  };

  if (timeline.isError && !result) return <PricesLoadError />;
  if (!result) return <PricesSkeleton />;
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
          {result.offers.flatMap((offer) =>
            offer.observation_id
              ? [
                  <option key={offer.offer_id} value={offer.observation_id}>
                    {`${offer.vendor_name} · ${offer.offer_name}`}
                  </option>,
                ]
              : [],
          )}
        </select>
      </label>
      {series.length === 0 ? (
        <NoChartData />
      ) : (
        <EChart
          option={option}
          label={t('prices.charts.timeline_label', { count: series.length })}
          height={CHART_HEIGHT}
          onItemClick={openPoint}
          testId="price-chart-timeline"
        />
      )}
      {!chosen && (
        <Coverage total={result.total} priced={result.priced}>
          {result.offers_total > result.series.length && (
            <p>
              {t('prices.charts.timeline_offers', { offers: result.series.length, all: result.offers_total })}
            </p>
          )}
          {result.series.length > 0 && <p>{t(`prices.charts.timeline_bucket.${result.bucket}`)}</p>}
        </Coverage>
      )}
    </div>
  );
}

export function PriceHeatmap({ filters, onOpen }: ChartProps) {
  const { t, locale } = useTranslation();
  const heatmap = usePriceHeatmap(filters);
  const result = heatmap.data;
  const count = t('prices.charts.observations');
  const option = useMemo(
    () =>
      result
        ? buildHeatmapOption(result, {
            count,
            bucket: (at) => (result.bucket === 'month' ? monthLabel(locale, at) : at),
          })
        : null,
    [result, count, locale],
  );
  if (heatmap.isError && !result) return <PricesLoadError />;
  if (!result || !option) return <PricesSkeleton />;
  if (result.cells.length === 0) return <NoChartData />;
  return (
    <div className="price-chart">
      <EChart
        option={option}
        label={t(
          result.bucket === 'month' ? 'prices.charts.heatmap_label_months' : 'prices.charts.heatmap_label',
          {
            count: result.total,
          },
        )}
        height={CHART_HEIGHT}
        onItemClick={clickHandler(onOpen)}
        testId="price-chart-heatmap"
      />
      <Coverage total={result.total} priced={result.total}>
        {result.vendors_total > result.vendors.length && (
          <p>
            {t('prices.charts.heatmap_vendors', {
              vendors: result.vendors.length,
              all: result.vendors_total,
            })}
          </p>
        )}
        {result.buckets_total > result.buckets.length && (
          <p>
            {t('prices.charts.heatmap_months', { months: result.buckets.length, all: result.buckets_total })}
          </p>
        )}
      </Coverage>
    </div>
  );
}

export function PriceScatter({ filters, onOpen }: ChartProps) {
  const { t } = useTranslation();
  const typeLabel = usePriceTypeLabel();
  const scatter = usePriceScatter(filters);
  const result = scatter.data;
  const confidence = t('prices.charts.confidence_axis');
  const price = t('prices.charts.usd_per_unit');
  const option = useMemo(() => {
    const types = Object.fromEntries(PRICE_TYPES.map((type) => [type, typeLabel(type)])) as Record<
      (typeof PRICE_TYPES)[number],
      string
    >;
    return buildScatterOption(result?.points ?? [], { confidence, price, types });
    // typeLabel is new on every render; the axis names change with the language as it does.
  }, [result, confidence, price]);
  if (scatter.isError && !result) return <PricesLoadError />;
  if (!result) return <PricesSkeleton />;
  if (result.points.length === 0) return <NoChartData />;
  return (
    <div className="price-chart">
      <EChart
        option={option}
        label={t('prices.charts.scatter_label', { count: result.points.length })}
        height={CHART_HEIGHT}
        onItemClick={clickHandler(onOpen)}
        testId="price-chart-scatter"
      />
      <Coverage total={result.total} priced={result.priced}>
        <p data-testid="price-scatter-sample">
          {result.sample_size < result.priced
            ? t('prices.charts.scatter_sample', { shown: result.sample_size, priced: result.priced })
            : t('prices.charts.scatter_all', { count: result.sample_size })}
        </p>
      </Coverage>
    </div>
  );
}
