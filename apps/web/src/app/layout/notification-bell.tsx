import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Icon, type IconProps } from '../../components/ui/icons.tsx';
import { useUnreadCount } from '../../features/alerts/api/get-unread-count.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNotificationsSocket } from './use-notifications-socket.ts';
import './notification-bell.css';

// The panel and the evidence dialog load when first asked for: the bell is on every screen, so
// what it adds to the first one is the button and its count.
const NotificationBellPanel = lazy(async () => ({
  default: (await import('./notification-bell-panel.tsx')).NotificationBellPanel,
}));
const EvidenceModal = lazy(async () => ({
  default: (await import('../../components/evidence/evidence-modal.tsx')).EvidenceModal,
}));

/** Above this, the badge says "99+". */
const BADGE_MAX = 99;

function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </Icon>
  );
}

/** The header's bell: the unread count (live over the pipeline socket), and a panel with the latest
 * few notifications, "mark all read" and a link to /notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const fmt = useFormat();
  useNotificationsSocket();
  const count = useUnreadCount().data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const [evidenceId, setEvidenceId] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const label = count === 0 ? t('alerts.bell.label_none') : t('alerts.bell.label', { count });

  return (
    <div className="bell" ref={rootRef}>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => setOpen((was) => !was)}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        data-unread={count}
      >
        <BellIcon />
        {count > 0 && (
          <span className="bell__badge" aria-hidden="true" data-testid="bell-count">
            {count > BADGE_MAX ? t('alerts.bell.badge_max') : fmt.integer(count)}
          </span>
        )}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NotificationBellPanel
            id={panelId}
            unread={count}
            onEvidence={setEvidenceId}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
      {evidenceId && (
        <Suspense fallback={null}>
          <EvidenceModal observationId={evidenceId} onClose={() => setEvidenceId(null)} />
        </Suspense>
      )}
    </div>
  );
}
