import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

export type ShownSecret = { name: string; secret: string; rotated: boolean };

/** The whole signing secret, shown this once (the server keeps only its hash and a hint). */
export function WebhookSecretPanel({ shown, onDismiss }: { shown: ShownSecret; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="settings-note webhooks-secret" role="status" data-testid="webhook-secret">
      <p className="webhooks-secret__title">
        {t(shown.rotated ? 'settings.webhooks.secret_rotated' : 'settings.webhooks.secret_created', {
          name: shown.name,
        })}
      </p>
      <code className="webhooks-secret__value" data-testid="webhook-secret-value">
        {shown.secret}
      </code>
      <p className="settings-muted">{t('settings.webhooks.secret_once')}</p>
      <div>
        <Button variant="secondary" size="sm" onClick={onDismiss} data-testid="webhook-secret-dismiss">
          {t('settings.webhooks.secret_dismiss')}
        </Button>
      </div>
    </div>
  );
}
