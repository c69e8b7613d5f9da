import {
  webhookEndpointCreateBody,
  type WebhookEndpointWithSecret,
} from '@preciofab/shared/contracts/alert-channels';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';

/** Adds an endpoint that receives every alert (choosing rules is left to the API for now). */
export function WebhookCreateForm({
  onCreated,
}: {
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const form = useSchemaForm(webhookEndpointCreateBody, { defaultValues: { name: '', url: '' } });
  const { errors } = form.formState;
  const banner = bannerOf(form);
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (endpoint) => {
        form.reset({ name: '', url: '' });
        onCreated(endpoint);
      },
      onError: submitFailure(form, t, t('settings.webhooks.create_failed')),
    }),
  );
  return (
    <form
      className="settings-form webhooks-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="webhook-create-form"
    >
      <h3 className="webhooks-form__title">{t('settings.webhooks.form_title')}</h3>
      {banner && <Alert tone="error">{banner}</Alert>}
      <TextField
        label={t('settings.webhooks.name')}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t('settings.webhooks.url')}
        type="url"
        hint={t('settings.webhooks.url_hint')}
        error={errors.url?.message}
        {...form.register('url')}
      />
      <p className="settings-muted">{t('settings.webhooks.all_alerts')}</p>
      <div>
        <Button type="submit" loading={create.isPending} data-testid="webhook-create">
          {create.isPending ? t('settings.webhooks.creating') : t('settings.webhooks.create')}
        </Button>
      </div>
    </form>
  );
}
