import { useRef, useSyncExternalStore, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { cx } from '../../lib/class-names.ts';
import { SWIPE_DISMISS_PX, toastStore, type Toast } from '../../lib/toast-store.ts';
import { AlertIcon, CloseIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';
import './toaster.css';

/** The toasts at the top right (spec §4). Errors are announced assertively, the rest politely. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
  const { t } = useTranslation();
  return (
    <section
      className="toaster"
      aria-label={t('toasts.region')}
      data-testid="toaster"
      onMouseEnter={toastStore.pause}
      onMouseLeave={toastStore.resume}
    >
      <ol className="toaster__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} closeLabel={t('toasts.close')} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const start = useRef<{ x: number; id: number } | null>(null);
  const item = useRef<HTMLLIElement>(null);

  // A swipe of more than 50 px sideways dismisses; a shorter drag springs back.
  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!start.current || start.current.id !== event.pointerId || !item.current) return;
    item.current.style.transform = `translateX(${event.clientX - start.current.x}px)`;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (item.current) item.current.style.transform = '';
    if (!from) return;
    const distance = Math.abs(event.clientX - from.x);
    if (distance > SWIPE_DISMISS_PX) toastStore.dismiss(toast.id);
  };

  return (
    <li
      ref={item}
      className={cx('toast', `toast--${toast.type}`, !toast.visible && 'toast--leaving')}
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-type={toast.type}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
      onClick={() => toastStore.dismiss(toast.id)}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.type === 'loading' ? <Spinner size={16} /> : <ToastMark type={toast.type} />}
      </span>
      <span className="toast__message">{toast.message}</span>
      <button
        type="button"
        className="toast__close"
        aria-label={closeLabel}
        onClick={(event) => {
          event.stopPropagation();
          toastStore.dismiss(toast.id);
        }}
      >
        <CloseIcon size={14} />
      </button>
    </li>
  );
}

function ToastMark({ type }: { type: Toast['type'] }) {
  if (type === 'error') return <AlertIcon size={16} />;
  if (type === 'success') {
    return (
      <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5}>
        <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}>
      <circle cx={12} cy={12} r={9} />
      <path d="M12 8h.01M11 12h1v4h1" strokeLinecap="round" />
    </svg>
  );
}
