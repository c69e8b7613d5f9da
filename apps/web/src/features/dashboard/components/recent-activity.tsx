import { LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ActivityIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ActivityItem } from '../../../lib/get-dashboard-stats.ts';

/** Spec §9: the dashboard lists the first 6 activity items. */
export const RECENT_ACTIVITY_LIMIT = 6;

export function RecentActivity({ items }: { items: ActivityItem[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const shown = items.slice(0, RECENT_ACTIVITY_LIMIT);

  return (
    <Card title={t('dashboard.activity.title')} className="activity-card">
      {shown.length === 0 ? (
        <EmptyState
          icon={<ActivityIcon />}
          title={t('dashboard.activity.empty_title')}
          text={t('dashboard.activity.empty_text')}
          action={
            <LinkButton to="/vendors">
              <PlusIcon size={16} />
              {t('dashboard.activity.add_vendor')}
            </LinkButton>
          }
        />
      ) : (
        <ol className="activity-list">
          {shown.map((item, index) => {
            const valid = !Number.isNaN(Date.parse(item.occurred_at));
            return (
              <li key={`${item.occurred_at}-${index}`} className="activity-list__item">
                <span className="activity-list__dot" aria-hidden="true" />
                <span className="activity-list__text">{item.description}</span>
                {valid ? (
                  <time
                    className="activity-list__time"
                    dateTime={item.occurred_at}
                    title={format.dateTime(item.occurred_at)}
                  >
                    {format.relativeTime(item.occurred_at)}
                  </time>
                ) : (
                  <span className="activity-list__time">{item.time_ago}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

export function RecentActivitySkeleton() {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.activity.title')} className="activity-card" aria-busy="true">
      <div className="activity-skeleton">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={18} />
        ))}
      </div>
    </Card>
  );
}
