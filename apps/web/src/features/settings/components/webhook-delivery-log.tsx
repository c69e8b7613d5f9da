import { Badge, type Tone } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';

const STATUS_TONE: Record<string, Tone> = {
  sent: 'good',
  failed: 'danger',
  queued: 'warning',
  retry: 'warning',
};

/** One endpoint's newest deliveries, each with its attempts (newest first, as the server keeps them). */
export function WebhookDeliveryLog({ endpointId, name }: { endpointId: string; name: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.isError) return <p className="settings-muted">{t('settings.webhooks.log_error')}</p>;
  if (!deliveries.data) return <Skeleton height={64} />;
  const rows = deliveries.data.data;
  if (rows.length === 0) return <p className="settings-muted">{t('settings.webhooks.log_empty')}</p>;
  return (
    <ol
      className="webhooks-log"
      aria-label={t('settings.webhooks.log_of', { name })}
      data-testid="webhook-log"
    >
      {rows.map((d) => (
        <li key={d.id} className="webhooks-log__delivery" data-delivery-id={d.id}>
          <p className="webhooks-log__head">
            <strong>{t(`alerts.kinds.${d.alert_kind}`)}</strong> · {d.rule_name} ·{' '}
            <Badge tone={STATUS_TONE[d.status] ?? 'neutral'}>
              {t(`settings.webhooks.statuses.${d.status}`)}
            </Badge>{' '}
            · {t('settings.webhooks.attempts', { count: d.attempts })}
          </p>
          {d.attempt_log.length > 0 && (
            <div className="settings-table__scroll">
              <table
                className="data-table settings-table"
                aria-label={t('settings.webhooks.attempts_of', { rule: d.rule_name })}
              >
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('settings.webhooks.attempt_time')}</th>
                    <th scope="col">{t('settings.webhooks.attempt_outcome')}</th>
                    <th scope="col">{t('settings.webhooks.attempt_http')}</th>
                    <th scope="col">{t('settings.webhooks.attempt_error')}</th>
                    <th scope="col">{t('settings.webhooks.attempt_duration')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.attempt_log.map((a) => (
                    <tr key={a.attempt}>
                      <td className="settings-table__number">{a.attempt}</td>
                      <td>
                        <time dateTime={a.attempted_at}>{format.dateTime(a.attempted_at)}</time>
                      </td>
                      <td>
                        <Badge tone={STATUS_TONE[a.outcome] ?? 'neutral'}>
                          {t(`settings.webhooks.outcomes.${a.outcome}`)}
                        </Badge>
                      </td>
                      <td className="settings-table__number">{a.http_status ?? '—'}</td>
                      <td title={a.error ?? undefined}>{a.error_code ?? '—'}</td>
                      <td className="settings-table__number">
                        {t('settings.webhooks.duration_ms', { ms: format.integer(a.duration_ms) })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
