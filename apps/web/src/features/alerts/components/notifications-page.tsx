import { useState } from 'react';
import { EvidenceModal } from '../../../components/evidence/evidence-modal.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { InboxIcon } from '../../../components/ui/icons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ScreenProps } from '../../../lib/screen-props.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NOTIFICATIONS_PAGE, useNotifications, type Notification } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NotificationItem } from './notification-item.tsx';
import './alerts.css';

/** /notifications: the signed-in user's notifications, newest first, a page at a time; every role
 * reads and marks its own. */
export function NotificationsPage(_props: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('alerts.notifications.title'));
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [evidenceId, setEvidenceId] = useState<string | null>(null);
  const list = useNotifications({ unread: unreadOnly, limit: NOTIFICATIONS_PAGE });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const pages = list.data?.pages;
  const rows = pages?.flatMap((page) => page.data) ?? [];
  const first = pages?.[0];
  const unread = first?.unread ?? 0;
  const read = (notification: Notification) => markRead.mutate(notification.id);
  const openEvidence = (notification: Notification) => (id: string) => {
    setEvidenceId(id);
    // Looking at the evidence is reading the notification.
    if (notification.read_at === null) read(notification);
  };

  const content = () => {
    if (list.isError && !pages)
      return (
        <LoadError
          title={t('alerts.notifications.load_error')}
          retryLabel={t('common.try_again')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      );
    if (!pages)
      return (
        <Card className="alerts-skeleton">
          <Skeleton height={40} />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Card>
      );
    if (rows.length === 0)
      return (
        <Card>
          <EmptyState
            icon={<InboxIcon size={28} />}
            title={
              unreadOnly
                ? t('alerts.notifications.empty_unread_title')
                : t('alerts.notifications.empty_title')
            }
            text={
              unreadOnly ? t('alerts.notifications.empty_unread_text') : t('alerts.notifications.empty_text')
            }
            action={
              !unreadOnly && (
                <LinkButton variant="secondary" to="/alerts">
                  {t('alerts.notifications.manage_rules')}
                </LinkButton>
              )
            }
          />
        </Card>
      );
    return (
      <Card className="notifications-card" aria-busy={list.isFetching}>
        <ul className="notifications-list" aria-label={t('alerts.notifications.list_label')}>
          {rows.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onEvidence={openEvidence(notification)}
              onMarkRead={read}
            />
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="notifications-more">
            <Button
              variant="secondary"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              data-testid="notifications-more"
            >
              {t('alerts.notifications.load_more', {
                shown: rows.length,
                total: first?.total ?? rows.length,
              })}
            </Button>
          </div>
        )}
      </Card>
    );
  };

  return (
    <div className="alerts-page notifications-page">
      <PageHeader
        title={t('alerts.notifications.title')}
        badge={
          first && (
            <span data-testid="notifications-unread">
              <Badge tone={unread > 0 ? 'warning' : 'neutral'}>
                {t('alerts.notifications.unread_total', { count: unread })}
              </Badge>
            </span>
          )
        }
        subtitle={t('alerts.notifications.subtitle')}
        actions={
          <div className="alerts-page__actions">
            <LinkButton variant="secondary" to="/alerts">
              {t('alerts.notifications.manage_rules')}
            </LinkButton>
            <Button
              onClick={() =>
                markAll.mutate(undefined, {
                  onSuccess: () => toast.success(t('alerts.notifications.marked_all')),
                })
              }
              loading={markAll.isPending}
              disabled={unread === 0}
              data-testid="mark-all-read"
            >
              {t('alerts.notifications.mark_all_read')}
            </Button>
          </div>
        }
      />
      <div className="notifications-filter" role="group" aria-label={t('alerts.notifications.filter_label')}>
        {([false, true] as const).map((only) => (
          <Button
            key={String(only)}
            size="sm"
            variant={unreadOnly === only ? 'primary' : 'secondary'}
            aria-pressed={unreadOnly === only}
            onClick={() => setUnreadOnly(only)}
            data-testid={only ? 'filter-unread' : 'filter-all'}
          >
            {only ? t('alerts.notifications.filter_unread') : t('alerts.notifications.filter_all')}
          </Button>
        ))}
        {first && (
          <span className="notifications-filter__total">
            {t('alerts.notifications.total', { count: first.total })}
          </span>
        )}
      </div>
      {content()}
      {evidenceId && <EvidenceModal observationId={evidenceId} onClose={() => setEvidenceId(null)} />}
    </div>
  );
}
