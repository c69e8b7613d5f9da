import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ScreenProps } from '../../../lib/screen-props.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import './debug.css';

const LOADING_DEMO_MS = 2500;

/** /toaster-test: the four demo buttons of spec §2 (all types, operations, long messages,
 * loading), to check every toast rule by eye. */
export function ToasterTestPage(_props: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('debug.toaster.title'));

  const allTypes = () => {
    toast.success(t('debug.toaster.sample_success'));
    toast.error(t('debug.toaster.sample_error'));
    toast(t('debug.toaster.sample_blank'));
    toast.custom(t('debug.toaster.sample_custom'));
  };
  // The helpers screens use for their outcomes (spec §8 notification texts).
  const operations = () => {
    toast.success(t('toasts.saved'));
    toast.success(t('toasts.deleted'));
    toast.success(t('toasts.copied'));
    toast.success(t('toasts.exported'));
    toast.error(t('toasts.save_failed'));
    toast.error(t('toasts.export_failed'));
    toast.error(t('toasts.network_error'));
    toast.error(t('toasts.permission_denied'));
    toast.error(t('toasts.validation_error', { field: t('debug.toaster.sample_field') }));
  };
  const longMessages = () => {
    toast(t('debug.toaster.sample_long', { count: 128 }));
    toast.error(t('debug.toaster.sample_long', { count: 7 }));
  };
  const loading = () => {
    const id = toast.loading(t('debug.toaster.sample_loading'));
    window.setTimeout(() => toast.success(t('debug.toaster.sample_loading_done'), { id }), LOADING_DEMO_MS);
  };

  return (
    <div className="debug-page">
      <PageHeader title={t('debug.toaster.title')} subtitle={t('debug.toaster.subtitle')} />
      <Card>
        <div className="debug-actions">
          <Button onClick={allTypes} data-testid="toast-all-types">
            {t('debug.toaster.all_types')}
          </Button>
          <Button variant="secondary" onClick={operations} data-testid="toast-operations">
            {t('debug.toaster.operations')}
          </Button>
          <Button variant="secondary" onClick={longMessages} data-testid="toast-long">
            {t('debug.toaster.long_messages')}
          </Button>
          <Button variant="secondary" onClick={loading} data-testid="toast-loading">
            {t('debug.toaster.loading')}
          </Button>
          <Button variant="ghost" onClick={() => toast.dismiss()} data-testid="toast-dismiss-all">
            {t('debug.toaster.dismiss_all')}
          </Button>
        </div>
        <p className="debug-note">{t('debug.toaster.rules')}</p>
      </Card>
    </div>
  );
}
