import { LogoMark } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LoginForm } from './login-form.tsx';
import './login-page.css';

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.page_title'));
  return (
    <div className="login-page">
      <div className="login-card">
        <LogoMark size={40} />
        <h1 className="login-card__title">{t('login.title')}</h1>
        <p className="login-card__subtitle">{t('login.subtitle')}</p>
        <LoginForm />
      </div>
    </div>
  );
}
