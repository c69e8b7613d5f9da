import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';
import { RecentActivity, RecentActivitySkeleton } from './recent-activity.tsx';
import { StatCards, StatCardsSkeleton, StatsErrorCard } from './stat-cards.tsx';
import { SystemHealthCard } from './system-health-card.tsx';
import './dashboard.css';

export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  const stats = useDashboardStats();

  return (
    <div className="dashboard">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <section aria-label={t('dashboard.stats.label')} aria-busy={stats.isPending}>
        {stats.data ? (
          <StatCards stats={stats.data} />
        ) : stats.isError ? (
          <StatsErrorCard onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        ) : (
          <StatCardsSkeleton />
        )}
      </section>
      <div className="dashboard__panels">
        {stats.data ? (
          <RecentActivity items={stats.data.recent_activity} />
        ) : (
          stats.isPending && <RecentActivitySkeleton />
        )}
        <SystemHealthCard />
      </div>
    </div>
  );
}
