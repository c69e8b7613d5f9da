import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { AlertIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './route-pages.css';

/** The fallback when a screen throws while rendering (spec §2, error screen). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(t('error_screen.title'));
  useEffect(() => console.error(error), [error]);
  return (
    <div className="route-error">
      <Card className="route-page" role="alert">
        <AlertIcon size={36} className="route-page__icon" />
        <h1>{t('error_screen.title')}</h1>
        <p className="route-page__text">{t('error_screen.text')}</p>
        <div className="route-page__actions">
          <Button onClick={() => void navigate(location, { replace: true })}>
            {t('error_screen.try_again')}
          </Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('error_screen.reload')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
