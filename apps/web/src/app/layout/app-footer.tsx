import { useTranslation } from '../../i18n/use-translation.ts';
import { apiUrl } from '../../lib/api-client.ts';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <span>{t('footer.copyright', { year: String(new Date().getFullYear()) })}</span>
      <a href={apiUrl('/docs')}>{t('footer.api_docs')}</a>
    </footer>
  );
}
