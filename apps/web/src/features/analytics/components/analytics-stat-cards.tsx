import type { ReactNode } from 'react';
import { ConfidenceBadge } from '../../../components/confidence/confidence-badge.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import { useAnalyticsSummary } from '../api/get-analytics-summary.ts';
import { useDashboardStats } from '../../../lib/get-dashboard-stats.ts';

function StatCard({
  stat,
  label,
  children,
  note,
}: {
  stat: string;
  label: string;
  children: ReactNode;
  note?: string;
}) {
  return (
    <div className="analytics-stat" data-testid="analytics-stat" data-stat={stat}>
      <dt className="analytics-stat__label">{label}</dt>
      <dd className="analytics-stat__value">
        {children}
        {note && <span className="analytics-stat__note">{note}</span>}
      </dd>
    </div>
  );
}

const pending = <Skeleton width="50%" height={28} />;

/** The four cards: counts from the dashboard stats; technologies and the average confidence (with
 * its real breakdown) computed by the server from the observations. */
export function AnalyticsStatCards() {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const format = useFormat();
  const stats = useDashboardStats();
  const summary = useAnalyticsSummary();
  const s = summary.data;
  return (
    <>
      {(stats.isError || summary.isError) && <Alert>{t('analytics.stats.load_error')}</Alert>}
      <dl className="analytics-stats">
        <StatCard stat="total_observations" label={t('analytics.stats.total_observations')}>
          {stats.data ? format.integer(stats.data.total_price_observations) : pending}
        </StatCard>
        <StatCard stat="active_vendors" label={t('analytics.stats.active_vendors')}>
          {stats.data ? format.integer(stats.data.total_vendors) : pending}
        </StatCard>
        <StatCard
          stat="technologies"
          label={t('analytics.stats.technologies')}
          {...(s?.technologies.length
            ? {
                note: s.technologies
                  .map((x) => valueLabel('technology', x.technology.toUpperCase()))
                  .join(', '),
              }
            : {})}
        >
          {s ? format.integer(s.technologies.length) : pending}
        </StatCard>
        <StatCard stat="average_confidence" label={t('analytics.stats.average_confidence')}>
          {!s ? (
            pending
          ) : s.average_confidence === null || s.confidence === null ? (
            <span className="analytics-stat__empty">{t('analytics.stats.no_data')}</span>
          ) : (
            <ConfidenceBadge
              score={s.average_confidence}
              breakdown={s.confidence}
              aggregate={{ observations: s.total_observations }}
            />
          )}
        </StatCard>
      </dl>
    </>
  );
}
