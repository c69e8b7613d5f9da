import { useController, type Path } from 'react-hook-form';
import { DISCOVERY_REGIONS, DISCOVERY_SOURCE_TYPES, LANGUAGES } from '@preciofab/shared/catalogue';
import type { SourceCreate } from '@preciofab/shared/contracts/discovery';
import type { SecretUrlField } from '@preciofab/shared/contracts/discovery-secrets';
import { placeServerErrors } from '../../../components/form/server-errors.ts';
import { BANNER, bannerOf } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateSource } from '../api/create-source.ts';
import type { DiscoverySource } from '../api/get-sources.ts';
import { useUpdateSource } from '../api/update-source.ts';
import {
  emptySourceForm,
  fieldsOf,
  keepsSecret,
  sourceFormOf,
  sourceFormSchema,
  type SourceFormValues,
} from '../utils/source-form.ts';
import { ScheduleSelect } from './schedule-select.tsx';

const URL_FIELDS: readonly SecretUrlField[] = ['directory_url', 'sitemap_url', 'api_endpoint'];
/** Where the server's field errors can land (its paths are the body's: `config.sitemap_url`). */
const FIELDS: readonly Path<SourceFormValues>[] = [
  'name',
  'type',
  'config.search_query',
  'config.keywords',
  'config.region',
  'config.language',
  ...URL_FIELDS.map((field) => `config.${field}` as const),
  'schedule',
  'active',
];

/** Spec §2/§5: sets up (or, for an existing source, edits) a discovery source. Admins only.
 * `timeZone`: the zone schedules run in, when the page knows it (from the listed sources). */
export function SourceModal({
  source,
  onClose,
  timeZone,
}: {
  source: DiscoverySource | null;
  onClose: () => void;
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation();
  const create = useCreateSource();
  const update = useUpdateSource();
  const mutation = source ? update : create;
  const form = useSchemaForm(sourceFormSchema, {
    defaultValues: source
      ? sourceFormOf(source, t('discovery.form.default_keywords'))
      : emptySourceForm(t('discovery.form.default_keywords')),
  });
  const { errors } = form.formState;
  const schedule = useController({ control: form.control, name: 'schedule' });
  const fields = fieldsOf(form.watch('type'));
  const config = form.watch('config');

  const onSubmit = form.handleSubmit((body: SourceCreate) => {
    const options = {
      onSuccess: (saved: DiscoverySource) => {
        toast.success(
          t(source ? 'discovery.sources.updated_toast' : 'discovery.sources.created_toast', {
            name: saved.name,
          }),
        );
        onClose();
      },
      onError: (error: unknown) => {
        const failed = t(source ? 'discovery.form.update_failed' : 'discovery.form.failed');
        const banner = placeServerErrors(error, FIELDS, form.setError, t, failed);
        if (banner) form.setError(BANNER, { type: 'server', message: banner });
      },
    };
    if (source) {
      const { name, config, schedule, active } = body;
      update.mutate({ id: source.id, body: { name, config, schedule, active } }, options);
    } else {
      create.mutate(body, options);
    }
  });

  const banner = bannerOf(form);
  const title = source ? t('discovery.form.edit_title', { name: source.name }) : t('discovery.form.title');
  return (
    <Modal title={title} closeLabel={t('discovery.form.close')} onClose={onClose} size="lg">
      <form
        className="modal__form discovery-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="source-form"
      >
        <div className="modal__body">
          {banner && (
            <div className="discovery-form__banner">
              <Alert tone="error">{banner}</Alert>
            </div>
          )}
          <p className="discovery-form__intro">{t('discovery.form.intro')}</p>
          <div className="discovery-form__grid">
            <TextField
              label={t('discovery.form.name')}
              placeholder={t('discovery.form.name_placeholder')}
              error={errors.name?.message}
              className="discovery-form__wide"
              data-autofocus
              {...form.register('name')}
            />
            <SelectField
              label={t('discovery.form.type')}
              disabled={source !== null}
              hint={source ? t('discovery.form.type_fixed') : undefined}
              options={DISCOVERY_SOURCE_TYPES.map((type) => ({
                value: type,
                label: t(`discovery.types.${type}`),
              }))}
              {...form.register('type')}
            />
            {fields.includes('search_query') && (
              <TextField
                label={t('discovery.form.search_query')}
                placeholder={t('discovery.form.search_query_placeholder')}
                error={errors.config?.search_query?.message}
                {...form.register('config.search_query')}
              />
            )}
            {URL_FIELDS.filter((field) => fields.includes(field)).map((field) => (
              <TextField
                key={field}
                label={t(`discovery.form.${field}`)}
                type="url"
                inputMode="url"
                placeholder={t('discovery.form.url_placeholder')}
                error={errors.config?.[field]?.message}
                hint={keepsSecret(source, field, config[field]) ? t('discovery.form.secret_hint') : undefined}
                {...form.register(`config.${field}`)}
              />
            ))}
            {fields.includes('keywords') && (
              <div className="discovery-form__wide">
                <TextField
                  label={t('discovery.form.keywords')}
                  error={errors.config?.keywords?.message}
                  {...form.register('config.keywords')}
                />
                <p className="discovery-form__hint">{t('discovery.form.keywords_hint')}</p>
              </div>
            )}
            {fields.includes('region') && (
              <SelectField
                label={t('discovery.form.region')}
                options={DISCOVERY_REGIONS.map((region) => ({
                  value: region,
                  label: t(`discovery.form.regions.${region}`),
                }))}
                {...form.register('config.region')}
              />
            )}
            {fields.includes('language') && (
              <SelectField
                label={t('discovery.form.language')}
                options={LANGUAGES.map((lang) => ({
                  value: lang,
                  label: t(`discovery.form.languages.${lang}`),
                }))}
                {...form.register('config.language')}
              />
            )}
            <ScheduleSelect
              value={schedule.field.value}
              onChange={schedule.field.onChange}
              timeZone={source?.schedule_time_zone ?? timeZone}
              error={schedule.fieldState.error?.message}
            />
            <CheckboxField
              label={t('discovery.form.active')}
              className="discovery-form__wide"
              {...form.register('active')}
            />
          </div>
        </div>
        <ModalFooter
          cancelLabel={t('discovery.form.cancel')}
          onCancel={onClose}
          confirmLabel={
            mutation.isPending
              ? t('discovery.form.submitting')
              : source
                ? t('discovery.form.save')
                : t('discovery.form.submit')
          }
          busy={mutation.isPending}
          confirmTestId="source-submit"
        />
      </form>
    </Modal>
  );
}
