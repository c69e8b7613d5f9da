import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMe } from '../../../lib/get-me.ts';
import { PasswordForm } from './password-form.tsx';
import { AlertDeliveryCard } from './alert-delivery-card.tsx';
import { PreferencesCard } from './preferences-card.tsx';
import './profile.css';

/** /profile: who you are, your password, your language and theme, how alerts reach you. Every role
 * may use it. */
export function ProfilePage(_props: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  const me = useMe();
  return (
    <div className="profile-page">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <Card title={t('profile.account.title')} className="profile-card" data-testid="profile-account">
        {me.data ? (
          <dl className="profile-facts">
            <div>
              <dt>{t('profile.account.name')}</dt>
              <dd>{me.data.name}</dd>
            </div>
            <div>
              <dt>{t('profile.account.email')}</dt>
              <dd>{me.data.email}</dd>
            </div>
            <div>
              <dt>{t('profile.account.role')}</dt>
              <dd>{t(`roles.${me.data.role}`)}</dd>
            </div>
          </dl>
        ) : (
          <Skeleton height={48} />
        )}
      </Card>
      <div className="profile-columns">
        <PasswordForm />
        <PreferencesCard />
      </div>
      <AlertDeliveryCard />
    </div>
  );
}
