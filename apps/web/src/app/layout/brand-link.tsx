import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The product title, linking to the dashboard. */
export function BrandLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="brand" aria-label={t('header.home')}>
      <LogoMark />
      <span className="brand__name">{t('app.name')}</span>
    </Link>
  );
}
