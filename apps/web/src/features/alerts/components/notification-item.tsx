import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { cx } from '../../../lib/class-names.ts';
import type { Notification } from '../api/get-notifications.ts';
import { useNotificationTexts } from '../hooks/use-notification-texts.ts';
import { EVIDENCE_PAGES } from '../utils/notification-text.ts';

type Props = {
  notification: Notification;
  /** Opens an observation's evidence in place. */
  onEvidence: (observationId: string) => void;
  onMarkRead: ((notification: Notification) => void) | null;
  /** The bell's dropdown: the sentence and when, without the rule and the detail. */
  compact?: boolean;
};

/** One notification: its sentence in the reader's language, when, from which rule, and a link to
 * its evidence. */
export function NotificationItem({ notification, onEvidence, onMarkRead, compact = false }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const texts = useNotificationTexts()(notification);
  const unread = notification.read_at === null;
  const { evidence } = texts;
  const evidenceLabel =
    evidence.type === 'observation'
      ? t('alerts.notifications.evidence.observation')
      : t(`alerts.notifications.evidence.${evidence.page}`);

  return (
    <li
      className={cx('notification', unread && 'notification--unread', compact && 'notification--compact')}
      data-testid="notification"
      data-kind={notification.kind}
      data-unread={unread || undefined}
    >
      <span className="notification__dot" aria-hidden="true" />
      <div className="notification__main">
        <p className="notification__sentence" data-testid="notification-sentence">
          {unread && <span className="visually-hidden">{t('alerts.notifications.unread')}: </span>}
          {texts.sentence}
        </p>
        {!compact && texts.detail && <p className="notification__detail">{texts.detail}</p>}
        <p className="notification__meta">
          <time dateTime={notification.created_at} title={fmt.dateTime(notification.created_at)}>
            {fmt.relativeTime(notification.created_at)}
          </time>
          {!compact && (
            <span>
              {notification.rule_name
                ? t('alerts.notifications.rule', { name: notification.rule_name })
                : t('alerts.notifications.rule_deleted')}
            </span>
          )}
        </p>
      </div>
      <div className="notification__actions">
        {evidence.type === 'observation' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onEvidence(evidence.id)}
            data-testid="notification-evidence"
          >
            {evidenceLabel}
          </Button>
        ) : (
          <LinkButton
            size="sm"
            variant="secondary"
            to={EVIDENCE_PAGES[evidence.page]}
            data-testid="notification-evidence"
          >
            {evidenceLabel}
          </LinkButton>
        )}
        {unread && onMarkRead && (
          <Button size="sm" variant="ghost" onClick={() => onMarkRead(notification)} data-testid="mark-read">
            {t('alerts.notifications.mark_read')}
          </Button>
        )}
      </div>
    </li>
  );
}
