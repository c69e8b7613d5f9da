import { lazy, Suspense, useState } from 'react';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { canWrite, type ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDashboardStats } from '../../../lib/get-dashboard-stats.ts';
import { PlayIcon, ReportIcon } from './dashboard-icons.tsx';
import { PipelinePanel } from './pipeline-panel.tsx';
import { RecentActivity, RecentActivitySkeleton } from './recent-activity.tsx';
import { ReviewQueueCard } from './review-queue-card.tsx';
import { StatCards, StatCardsSkeleton, StatsErrorCard } from './stat-cards.tsx';
import { SystemHealthCard } from './system-health-card.tsx';
import { WelcomeCard } from './welcome-card.tsx';
import './dashboard.css';
import './dashboard-ops.css';

// The modal validates with the shared contracts (zod): loaded on first open, it keeps zod out of
// the JavaScript the dashboard needs to show (issue 4: 170 KB gzipped).
const RunCrawlModal = lazy(async () => ({ default: (await import('./run-crawl-modal.tsx')).RunCrawlModal }));

/** /. Viewers see everything but cannot start a crawl. */
export function DashboardPage({ role }: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  const stats = useDashboardStats();
  const [runningCrawl, setRunningCrawl] = useState(false);

  return (
    <div className="dashboard">
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.subtitle')}
        actions={
          <div className="dashboard__actions">
            <LinkButton to="/reports" variant="secondary" data-testid="view-reports">
              <ReportIcon />
              {t('dashboard.actions.view_reports')}
            </LinkButton>
            {canWrite(role) && (
              <Button onClick={() => setRunningCrawl(true)} data-testid="run-crawl">
                <PlayIcon />
                {t('dashboard.actions.run_crawl')}
              </Button>
            )}
          </div>
        }
      />
      <WelcomeCard />
      <PipelinePanel />
      <section aria-label={t('dashboard.stats.label')} aria-busy={stats.isPending}>
        {stats.data ? (
          <StatCards stats={stats.data} />
        ) : stats.isError ? (
          <StatsErrorCard onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        ) : (
          <StatCardsSkeleton />
        )}
      </section>
      {stats.data && <ReviewQueueCard count={stats.data.review_queue} />}
      <div className="dashboard__panels">
        {stats.data ? (
          <RecentActivity items={stats.data.recent_activity} />
        ) : (
          stats.isPending && <RecentActivitySkeleton />
        )}
        <SystemHealthCard />
      </div>
      {runningCrawl && (
        <Suspense fallback={null}>
          <RunCrawlModal onClose={() => setRunningCrawl(false)} />
        </Suspense>
      )}
    </div>
  );
}
