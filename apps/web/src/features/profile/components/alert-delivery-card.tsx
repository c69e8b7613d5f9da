import { EMAIL_MODES, type AlertChannelSettings } from '@preciofab/shared/contracts/alert-channels';
import { submitFailure, bannerOf } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useAlertChannelSettings, useUpdateAlertChannelSettings } from '../api/alert-channel-settings.ts';
import { useAlertSubscriptions, useUpdateAlertSubscription } from '../api/alert-subscriptions.ts';
import { alertDeliveryFormSchema, hourLabel, timeZoneOptions } from '../utils/alert-delivery-form.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function DeliveryForm({ settings }: { settings: AlertChannelSettings }) {
  const { t } = useTranslation();
  const update = useUpdateAlertChannelSettings();
  const form = useSchemaForm(alertDeliveryFormSchema, {
    defaultValues: { time_zone: settings.time_zone, digest_hour: settings.digest_hour },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset({ time_zone: saved.time_zone, digest_hour: saved.digest_hour });
        toast.success(t('profile.alerts.saved'));
      },
      onError: submitFailure(form, t, t('profile.alerts.failed')),
    }),
  );
  const banner = bannerOf(form);
  return (
    <form
      className="profile-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="alert-delivery-form"
    >
      {banner && <Alert tone="error">{banner}</Alert>}
      <SelectField
        label={t('profile.alerts.time_zone')}
        error={errors.time_zone?.message}
        options={timeZoneOptions(settings.time_zone).map((zone) => ({ value: zone, label: zone }))}
        {...form.register('time_zone')}
      />
      <SelectField
        label={t('profile.alerts.digest_hour')}
        hint={t('profile.alerts.digest_hint')}
        error={errors.digest_hour?.message}
        options={HOURS.map((hour) => ({ value: String(hour), label: hourLabel(hour) }))}
        {...form.register('digest_hour', { setValueAs: (v: string | number) => Number(v) })}
      />
      <div className="profile-form__actions">
        <Button type="submit" loading={update.isPending} data-testid="alert-delivery-save">
          {update.isPending ? t('profile.alerts.saving') : t('profile.alerts.save')}
        </Button>
      </div>
    </form>
  );
}

function RuleChannels() {
  const { t } = useTranslation();
  const subscriptions = useAlertSubscriptions();
  const update = useUpdateAlertSubscription();
  if (!subscriptions.data) return <Skeleton height={64} />;
  const rows = subscriptions.data.data;
  if (rows.length === 0) return <p className="profile-muted">{t('profile.alerts.no_rules')}</p>;
  const change = (
    ruleId: string,
    rule: string,
    body: { in_app?: boolean; email?: (typeof EMAIL_MODES)[number] },
  ) =>
    update.mutate(
      { ruleId, body },
      { onError: () => toast.error(t('profile.alerts.rule_failed', { rule })) },
    );
  return (
    <div className="profile-table-wrap">
      <table className="profile-table" data-testid="alert-subscriptions">
        <thead>
          <tr>
            <th scope="col">{t('profile.alerts.rule')}</th>
            <th scope="col">{t('profile.alerts.in_app')}</th>
            <th scope="col">{t('profile.alerts.email')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.rule_id} data-rule-id={s.rule_id}>
              <th scope="row">
                <span className="profile-table__name">{s.rule_name}</span>
                <span className="profile-muted">
                  {t(`alerts.kinds.${s.rule_kind}`)} · {s.is_owner ? t('profile.alerts.yours') : s.owner_name}
                </span>
              </th>
              <td>
                <input
                  type="checkbox"
                  checked={s.in_app}
                  aria-label={t('profile.alerts.in_app_of', { rule: s.rule_name })}
                  onChange={(event) => change(s.rule_id, s.rule_name, { in_app: event.target.checked })}
                />
              </td>
              <td>
                <select
                  className="field__input"
                  value={s.email}
                  aria-label={t('profile.alerts.email_of', { rule: s.rule_name })}
                  onChange={(event) =>
                    change(s.rule_id, s.rule_name, {
                      email: event.target.value as (typeof EMAIL_MODES)[number],
                    })
                  }
                >
                  {EMAIL_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {t(`profile.alerts.email_modes.${mode}`)}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How alerts reach you: your time zone and digest hour, and per rule the console and email. */
export function AlertDeliveryCard() {
  const { t } = useTranslation();
  const settings = useAlertChannelSettings();
  return (
    <Card title={t('profile.alerts.title')} className="profile-card" data-testid="alert-delivery">
      <div className="profile-alerts">
        <p className="profile-muted">{t('profile.alerts.intro')}</p>
        {settings.data ? (
          <>
            {settings.data.email_configured ? (
              <p className="profile-muted">
                {t('profile.alerts.email_to', { email: settings.data.email_address })}
              </p>
            ) : (
              <Alert tone="warning">{t('profile.alerts.email_unconfigured')}</Alert>
            )}
            <DeliveryForm settings={settings.data} />
          </>
        ) : (
          <Skeleton height={96} />
        )}
        <RuleChannels />
      </div>
    </Card>
  );
}
