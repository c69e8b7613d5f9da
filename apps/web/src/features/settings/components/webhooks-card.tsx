import { Fragment, useState } from 'react';
import type { WebhookTestResult } from '@preciofab/shared/contracts/alert-channels';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation, type Translate } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhooks, type WebhookEndpoint } from '../api/get-webhooks.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useTestWebhook } from '../api/test-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { WebhookCreateForm } from './webhook-create-form.tsx';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';
import { WebhookSecretPanel, type ShownSecret } from './webhook-secret-panel.tsx';
import './webhooks-card.css';

type Confirming = { id: string; action: 'delete' | 'rotate' };
const COLUMNS = 7;

function testOutcome(t: Translate, name: string, result: WebhookTestResult): void {
  if (result.ok) {
    toast.success(t('settings.webhooks.test_ok', { name, status: result.status ?? '—' }));
    return;
  }
  toast.error(
    t(result.retryable ? 'settings.webhooks.test_failed_retry' : 'settings.webhooks.test_failed_final', {
      name,
      code: result.error_code ?? '—',
      status: result.status ?? '—',
    }),
  );
}

function EndpointRow({
  endpoint,
  open,
  onToggleLog,
  onConfirm,
}: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onToggleLog: () => void;
  onConfirm: (action: Confirming['action']) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const test = useTestWebhook();
  const update = useUpdateWebhook();
  const { name } = endpoint;
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (result) => testOutcome(t, name, result),
      onError: () => toast.error(t('settings.webhooks.test_error', { name })),
    });
  const setActive = (active: boolean) =>
    update.mutate(
      { id: endpoint.id, patch: { active } },
      {
        onSuccess: () =>
          toast.success(t(active ? 'settings.webhooks.resumed' : 'settings.webhooks.paused', { name })),
        onError: () => toast.error(t('settings.webhooks.update_failed', { name })),
      },
    );
  return (
    <tr data-webhook-id={endpoint.id}>
      <th scope="row">{name}</th>
      <td className="webhooks-table__url">{endpoint.url}</td>
      <td>
        <Badge tone={endpoint.active ? 'good' : 'neutral'}>
          {t(endpoint.active ? 'settings.webhooks.active' : 'settings.webhooks.paused_state')}
        </Badge>
      </td>
      <td>
        <code>{endpoint.secret_hint}</code>
      </td>
      <td className="settings-table__number">
        {format.integer(endpoint.counts.sent)} / {format.integer(endpoint.counts.failed)}
      </td>
      <td>
        {endpoint.last_attempt_at ? (
          <time dateTime={endpoint.last_attempt_at} title={format.dateTime(endpoint.last_attempt_at)}>
            {format.relativeTime(endpoint.last_attempt_at)}
          </time>
        ) : (
          t('settings.webhooks.never')
        )}
      </td>
      <td className="settings-table__actions">
        <div className="webhooks-table__actions">
          <Button
            size="sm"
            variant="secondary"
            loading={test.isPending}
            onClick={sendTest}
            data-testid="webhook-test"
          >
            {t('settings.webhooks.send_test')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            loading={update.isPending}
            onClick={() => setActive(!endpoint.active)}
          >
            {t(endpoint.active ? 'settings.webhooks.pause' : 'settings.webhooks.resume')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onConfirm('rotate')}>
            {t('settings.webhooks.rotate')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={open}
            onClick={onToggleLog}
            data-testid="webhook-log-toggle"
          >
            {t(open ? 'settings.webhooks.hide_log' : 'settings.webhooks.show_log')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => onConfirm('delete')}>
            {t('settings.webhooks.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

function ConfirmRow({
  endpoint,
  action,
  onDone,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  action: Confirming['action'];
  onDone: () => void;
  onSecret: (shown: ShownSecret) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const { name } = endpoint;
  const confirm = () =>
    action === 'delete'
      ? remove.mutate(endpoint.id, {
          onSuccess: () => {
            toast.success(t('settings.webhooks.deleted', { name }));
            onDone();
          },
          onError: () => toast.error(t('settings.webhooks.delete_failed', { name })),
        })
      : rotate.mutate(endpoint.id, {
          onSuccess: (answer) => {
            onSecret({ name: answer.name, secret: answer.secret, rotated: true });
            onDone();
          },
          onError: () => toast.error(t('settings.webhooks.rotate_failed', { name })),
        });
  return (
    <tr className="webhooks-table__confirm">
      <td colSpan={COLUMNS}>
        <div
          className="webhooks-confirm"
          role="alertdialog"
          aria-label={t(`settings.webhooks.confirm_${action}`, { name })}
        >
          <span>{t(`settings.webhooks.confirm_${action}`, { name })}</span>
          <Button size="sm" variant="secondary" onClick={onDone}>
            {t('settings.webhooks.cancel')}
          </Button>
          <Button
            size="sm"
            variant={action === 'delete' ? 'danger' : 'primary'}
            loading={remove.isPending || rotate.isPending}
            onClick={confirm}
            data-testid={`webhook-confirm-${action}`}
          >
            {t(`settings.webhooks.confirm_${action}_button`)}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** Admins only: endpoints that receive alerts as signed POSTs, their tests, secrets and logs. */
export function WebhooksCard() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const endpoints = webhooks.data?.data;
  return (
    <Card title={t('settings.webhooks.title')} className="settings-card" data-testid="webhooks-card">
      <p className="settings-muted">{t('settings.webhooks.text')}</p>
      {secret && <WebhookSecretPanel shown={secret} onDismiss={() => setSecret(null)} />}
      {webhooks.isError ? (
        <p className="settings-muted">{t('settings.webhooks.load_error')}</p>
      ) : !endpoints ? (
        <Skeleton height={96} />
      ) : endpoints.length === 0 ? (
        <p className="settings-muted">{t('settings.webhooks.empty')}</p>
      ) : (
        <div className="settings-table__scroll">
          <table
            className="data-table settings-table webhooks-table"
            aria-label={t('settings.webhooks.table_label')}
            data-testid="webhooks-table"
          >
            <thead>
              <tr>
                <th scope="col">{t('settings.webhooks.name')}</th>
                <th scope="col">{t('settings.webhooks.url')}</th>
                <th scope="col">{t('settings.webhooks.state')}</th>
                <th scope="col">{t('settings.webhooks.secret')}</th>
                <th scope="col">{t('settings.webhooks.sent_failed')}</th>
                <th scope="col">{t('settings.webhooks.last_attempt')}</th>
                <th scope="col">{t('settings.webhooks.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((endpoint) => (
                <Fragment key={endpoint.id}>
                  <EndpointRow
                    endpoint={endpoint}
                    open={openLog === endpoint.id}
                    onToggleLog={() => setOpenLog(openLog === endpoint.id ? null : endpoint.id)}
                    onConfirm={(action) => setConfirming({ id: endpoint.id, action })}
                  />
                  {confirming?.id === endpoint.id && (
                    <ConfirmRow
                      endpoint={endpoint}
                      action={confirming.action}
                      onDone={() => setConfirming(null)}
                      onSecret={setSecret}
                    />
                  )}
                  {openLog === endpoint.id && (
                    <tr className="webhooks-table__log">
                      <td colSpan={COLUMNS}>
                        <WebhookDeliveryLog endpointId={endpoint.id} name={endpoint.name} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <WebhookCreateForm
        onCreated={(endpoint) => setSecret({ name: endpoint.name, secret: endpoint.secret, rotated: false })}
      />
    </Card>
  );
}
