import { Button, LinkButton } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BELL_LATEST, useNotifications } from '../../features/alerts/api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../../features/alerts/api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../../features/alerts/api/mark-notification-read.ts';
import { NotificationItem } from '../../features/alerts/components/notification-item.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import '../../features/alerts/components/alerts.css';

type Props = {
  id: string;
  unread: number;
  /** Opens an observation's evidence (the bell keeps the dialog, so it outlives the panel). */
  onEvidence: (observationId: string) => void;
  onClose: () => void;
};

/** The bell's panel, loaded on its first opening: the latest few notifications as sentences,
 * "mark all read" and a link to /notifications. */
export function NotificationBellPanel({ id, unread, onEvidence, onClose }: Props) {
  const { t } = useTranslation();
  const latest = useNotifications({ unread: false, limit: BELL_LATEST });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const rows = latest.data?.pages[0]?.data ?? [];

  return (
    <section
      id={id}
      className="bell__panel"
      aria-label={t('alerts.bell.title')}
      data-testid="bell-panel"
      // A link followed from the panel (an evidence page, all notifications) closes it.
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('a')) onClose();
      }}
    >
      <header className="bell__header">
        <h2 className="bell__title">{t('alerts.bell.latest')}</h2>
        {unread > 0 && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            data-testid="bell-mark-all"
          >
            {t('alerts.bell.mark_all')}
          </Button>
        )}
      </header>
      {latest.isError && !latest.data ? (
        <p className="bell__note">{t('alerts.bell.load_error')}</p>
      ) : !latest.data ? (
        <p className="bell__note">
          <Spinner size={16} />
        </p>
      ) : rows.length === 0 ? (
        <p className="bell__note">{t('alerts.bell.empty')}</p>
      ) : (
        <ul className="notifications-list bell__list">
          {rows.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              compact
              onEvidence={(observationId) => {
                onEvidence(observationId);
                onClose();
                // Looking at the evidence is reading the notification.
                if (notification.read_at === null) markRead.mutate(notification.id);
              }}
              onMarkRead={(item) => markRead.mutate(item.id)}
            />
          ))}
        </ul>
      )}
      <footer className="bell__footer">
        <LinkButton size="sm" variant="secondary" to="/notifications" data-testid="bell-see-all">
          {t('alerts.bell.see_all')}
        </LinkButton>
      </footer>
    </section>
  );
}
