import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import type { Benchmark } from '../api/get-benchmarks.ts';
import { confidenceTone, meanAndSpread, PERCENTILES } from '../utils/benchmark-display.ts';

const UNITS = ['cm3', 'hour', 'piece', 'kg', 'm2', 'minute', 'liter'] as const;

function unitLabel(unit: string, t: ReturnType<typeof useTranslation>['t']): string {
  const known = UNITS.find((u) => u === unit);
  return known ? t(`benchmarks.units.${known}`) : unit;
}

/** Spec §2: one benchmark group with its five percentile tiles in USD. */
export function BenchmarkCard({ benchmark }: { benchmark: Benchmark }) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const format = useFormat();
  const usd = format.usd;
  const spread = meanAndSpread(benchmark);
  const confidence = benchmark.average_confidence;
  return (
    <Card
      className="benchmark-card"
      data-testid="benchmark-card"
      title={
        benchmark.subcategory
          ? valueLabel('subcategory', benchmark.subcategory)
          : t(`benchmarks.categories.${benchmark.category}`)
      }
      actions={<Badge>{t('benchmarks.card.per_unit', { unit: unitLabel(benchmark.base_unit, t) })}</Badge>}
    >
      <p className="benchmark-card__meta">
        <span>{t('benchmarks.card.observations', { count: benchmark.observation_count })}</span>
        <span>{t('benchmarks.card.vendors', { count: benchmark.vendor_count })}</span>
        <time dateTime={benchmark.calculated_at} title={format.dateTime(benchmark.calculated_at)}>
          {t('benchmarks.card.updated', { time: format.relativeTime(benchmark.calculated_at) })}
        </time>
        {confidence !== null && (
          <Badge tone={confidenceTone(confidence)}>
            {t('benchmarks.card.confidence', { percent: format.scorePercent(confidence) })}
          </Badge>
        )}
        {/* Issue 16: the group's held observations, left out of these figures until decided. */}
        {(benchmark.awaiting_review ?? 0) > 0 && (
          <Link
            to={`/review?category=${benchmark.category}`}
            className="benchmark-card__review"
            title={t('review.benchmark.awaiting_title')}
            data-testid="benchmark-awaiting-review"
          >
            <Badge tone="warning">
              {t('review.benchmark.awaiting', { count: benchmark.awaiting_review ?? 0 })}
            </Badge>
          </Link>
        )}
      </p>
      <dl className="benchmark-tiles">
        {PERCENTILES.map((key) => (
          <div
            key={key}
            className={key === 'price_p50' ? 'benchmark-tile benchmark-tile--median' : 'benchmark-tile'}
          >
            <dt>{t(`benchmarks.card.${key}`)}</dt>
            <dd data-testid={key}>{usd(benchmark[key])}</dd>
          </div>
        ))}
      </dl>
      {spread && (
        <p className="benchmark-card__spread" data-testid="benchmark-spread">
          {t('benchmarks.card.mean', { value: usd(spread.mean) })} ·{' '}
          {t('benchmarks.card.stddev', { value: usd(spread.stddev) })}
        </p>
      )}
    </Card>
  );
}
