import type { ReactNode } from 'react';
import {
  ActivityIcon,
  ChartIcon,
  ClockIcon,
  InboxIcon,
  RadarIcon,
  StoreIcon,
  TagIcon,
  TargetIcon,
} from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { DashboardStats } from '../../../lib/get-dashboard-stats.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

type CountKey = Exclude<keyof DashboardStats, 'last_benchmark_update' | 'recent_activity'>;

const COUNTS: ReadonlyArray<{ key: CountKey; label: MessageKey; icon: ReactNode }> = [
  { key: 'total_vendors', label: 'dashboard.stats.total_vendors', icon: <StoreIcon /> },
  { key: 'total_crawl_targets', label: 'dashboard.stats.total_crawl_targets', icon: <TargetIcon /> },
  { key: 'total_price_observations', label: 'dashboard.stats.total_price_observations', icon: <TagIcon /> },
  { key: 'total_benchmarks', label: 'dashboard.stats.total_benchmarks', icon: <ChartIcon /> },
  { key: 'active_discovery_sources', label: 'dashboard.stats.active_discovery_sources', icon: <RadarIcon /> },
  { key: 'pending_candidates', label: 'dashboard.stats.pending_candidates', icon: <InboxIcon /> },
  { key: 'crawls_today', label: 'dashboard.stats.crawls_today', icon: <ActivityIcon /> },
];

const CARD_COUNT = COUNTS.length + 1;

function StatCard({
  stat,
  label,
  icon,
  children,
}: {
  stat: string;
  label: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="stat-card" data-testid="stat-card" data-stat={stat}>
      {/* A <dl> group holds only dt and dd: the icon lives in the dt, laid out by the card's grid. */}
      <dt className="stat-card__term">
        <span className="stat-card__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="stat-card__label">{label}</span>
      </dt>
      <dd className="stat-card__value">{children}</dd>
    </div>
  );
}

/** The 8 stat cards of spec §2. */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  const format = useFormat();
  const lastUpdate = stats.last_benchmark_update;
  return (
    <dl className="stat-grid">
      {COUNTS.map(({ key, label, icon }) => (
        <StatCard key={key} stat={key} label={t(label)} icon={icon}>
          {format.integer(stats[key])}
        </StatCard>
      ))}
      <StatCard
        stat="last_benchmark_update"
        label={t('dashboard.stats.last_benchmark_update')}
        icon={<ClockIcon />}
      >
        {lastUpdate ? (
          <time dateTime={lastUpdate} title={format.dateTime(lastUpdate)}>
            {format.relativeTime(lastUpdate)}
          </time>
        ) : (
          t('common.never')
        )}
      </StatCard>
    </dl>
  );
}

export function StatCardsSkeleton() {
  return (
    <div className="stat-grid" data-testid="stat-skeleton">
      {Array.from({ length: CARD_COUNT }, (_, index) => (
        <div key={index} className="stat-card">
          <Skeleton width={36} height={36} />
          <Skeleton width="60%" height={14} />
          <Skeleton width="40%" height={28} />
        </div>
      ))}
    </div>
  );
}

export function StatsErrorCard({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <LoadError
      title={t('dashboard.load_error')}
      retryLabel={t('common.refresh')}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
