import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { AlertIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorLog } from '../../lib/error-log.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './route-pages.css';

/** Where users write when the console breaks; a deployment sets its own. */
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL ?? 'soporte@preciofab.example';

/** Spec §2 error screen: 'Something went wrong', Try Again, Reload Page and the support line.
 * The error is kept in the error log (50 in memory, 10 in local storage). */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('error_screen.title'));
  useEffect(() => {
    errorLog.record(error, window.location.pathname);
    console.error(error);
  }, [error]);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="route-error">
      <Card className="route-page" role="alert" data-testid="error-screen">
        <AlertIcon size={36} className="route-page__icon" />
        <h1>{t('error_screen.title')}</h1>
        <p className="route-page__text">{t('error_screen.text')}</p>
        <div className="route-page__actions">
          <Button onClick={onRetry}>{t('error_screen.try_again')}</Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('error_screen.reload')}
          </Button>
        </div>
        <p className="route-page__support">{t('error_screen.support', { email: SUPPORT_EMAIL })}</p>
        <details className="route-page__details">
          <summary>{t('error_screen.details')}</summary>
          <code>{message}</code>
        </details>
      </Card>
    </div>
  );
}

type BoundaryState = { error: unknown; failed: boolean };

/** Catches render errors outside the router's own error element (the toaster, the providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Logged by the error screen when it renders.
  }

  override render() {
    if (this.state.failed) {
      return (
        <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null, failed: false })} />
      );
    }
    return this.props.children;
  }
}
