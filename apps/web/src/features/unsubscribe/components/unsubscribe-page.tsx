import { useSearchParams } from 'react-router';
import { LogoMark } from '../../../components/ui/icons.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { UNSUBSCRIBE_TOKEN, useUnsubscribe, useUnsubscribeLink } from '../api/unsubscribe.ts';
import './unsubscribe-page.css';

/** /unsubscribe?token=…: the page an alert email's unsubscribe link opens, signed in or not. It
 * shows which rule the link is for and turns that rule's email off only when asked (a GET must
 * change nothing: mail scanners open links). */
export function UnsubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('unsubscribe.page_title'));
  const [params] = useSearchParams();
  const raw = params.get('token')?.trim().toLowerCase() ?? '';
  const token = UNSUBSCRIBE_TOKEN.test(raw) ? raw : null;
  const link = useUnsubscribeLink(token);
  const done = useUnsubscribe();

  const body = () => {
    if (token === null || (link.error instanceof ApiError && link.error.status === 404)) {
      return <Alert>{t('unsubscribe.invalid')}</Alert>;
    }
    if (link.isError) return <Alert>{t('unsubscribe.load_failed')}</Alert>;
    if (!link.data) return <Spinner size={24} />;
    const rule = link.data.rule_name;
    if (done.data || link.data.email === 'off') {
      return (
        <Alert tone="info">
          <span data-testid="unsubscribe-done">{t('unsubscribe.done', { rule })}</span>
        </Alert>
      );
    }
    return (
      <>
        <p data-testid="unsubscribe-question">{t('unsubscribe.question', { rule })}</p>
        {done.isError && <Alert>{t('unsubscribe.failed')}</Alert>}
        <Button onClick={() => done.mutate(token)} loading={done.isPending} data-testid="unsubscribe-confirm">
          {t('unsubscribe.confirm')}
        </Button>
      </>
    );
  };

  return (
    <div className="unsubscribe-page">
      <div className="unsubscribe-card">
        <LogoMark size={40} />
        <h1 className="unsubscribe-card__title">{t('unsubscribe.title')}</h1>
        {body()}
        <p className="unsubscribe-card__note">{t('unsubscribe.note')}</p>
      </div>
    </div>
  );
}
