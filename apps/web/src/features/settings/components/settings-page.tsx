import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isAdmin, type ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CrawlerCard } from './crawler-card.tsx';
import { FxRatesCard } from './fx-rates-card.tsx';
import { ReviewRulesCard } from './review-rules-card.tsx';
import { UsersCard } from './users-card.tsx';
import { WebhooksCard } from './webhooks-card.tsx';
import './settings.css';

/** /settings: exchange rates (admins edit), the crawler's state, users and alert webhooks (admins only). */
export function SettingsPage({ role }: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.title'));
  const admin = isAdmin(role);
  return (
    <div className="settings-page">
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <FxRatesCard canEdit={admin} />
      <CrawlerCard />
      <ReviewRulesCard canEdit={admin} />
      {admin && <UsersCard />}
      {admin && <WebhooksCard />}
    </div>
  );
}
