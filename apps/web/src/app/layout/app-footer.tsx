import { useTranslation } from '../../i18n/use-translation.ts';
import { apiUrl } from '../../lib/api-client.ts';
import { COMPANY_LINKS } from './company-links.ts';

/** Spec §1: the copyright year and links to the company sites (they open in a new tab: the
 * console keeps its place), then the API's own documentation. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <span>{t('footer.copyright', { year: String(new Date().getFullYear()) })}</span>
      <nav className="app-footer__links" aria-label={t('footer.links_label')}>
        {COMPANY_LINKS.map((link) => (
          <a key={link.key} href={link.href} target="_blank" rel="noopener noreferrer">
            {t(link.key)}
          </a>
        ))}
        <a href={apiUrl('/docs')}>{t('footer.api_docs')}</a>
      </nav>
    </footer>
  );
}
