import { useLocation } from 'react-router';
import { LinkButton } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './route-pages.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(t('not_found.page_title'));
  const [before, after = ''] = t('not_found.text').split('{path}');
  return (
    <Card className="route-page" data-testid="not-found">
      <p className="route-page__code" aria-hidden="true">
        {404}
      </p>
      <h1>{t('not_found.title')}</h1>
      <p className="route-page__text">
        {before}
        <code>{pathname}</code>
        {after}
      </p>
      <LinkButton to="/">{t('not_found.back')}</LinkButton>
    </Card>
  );
}
