import { useState, type FormEvent } from 'react';
import { DISCOVERY_REGIONS, DISCOVERY_SOURCE_TYPES, LANGUAGES } from '@preciofab/shared/catalogue';
import type { SecretUrlField } from '@preciofab/shared/contracts/discovery-secrets';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateSource } from '../api/create-source.ts';
import type { DiscoverySource } from '../api/get-sources.ts';
import { useUpdateSource } from '../api/update-source.ts';
import {
  emptySourceForm,
  fieldsOf,
  formFieldOf,
  keepsSecret,
  sourceFormOf,
  toSourceBody,
  validateSource,
  type SourceFormValues,
} from '../utils/source-form.ts';
import { ScheduleSelect } from './schedule-select.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';

const URL_FIELDS: readonly SecretUrlField[] = ['directory_url', 'sitemap_url', 'api_endpoint'];

/** Spec §2/§5: sets up (or, for an existing source, edits) a discovery source. Admins only. */
export function SourceModal({ source, onClose }: { source: DiscoverySource | null; onClose: () => void }) {
  const { t, language } = useTranslation();
  const create = useCreateSource();
  const update = useUpdateSource();
  const mutation = source ? update : create;
  const defaultKeywords = t('discovery.form.default_keywords');
  const initial = () => (source ? sourceFormOf(source, defaultKeywords) : emptySourceForm(defaultKeywords));
  const [values, setValues] = useState<SourceFormValues>(initial);
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);
  const fields = fieldsOf(values.type);

  const serverErrors = mutation.error instanceof ApiError ? mutation.error.errors : [];
  const fieldError = (field: string): string | undefined => {
    const local = localErrors.find((error) => formFieldOf(error.field) === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => formFieldOf(error.field) === field)?.message;
  };
  const placed = serverErrors.some((error) => formFieldOf(error.field) in values);
  const banner =
    !mutation.error || placed
      ? null
      : mutation.error instanceof ApiError && mutation.error.status === 403
        ? t('errors.forbidden')
        : t(source ? 'discovery.form.update_failed' : 'discovery.form.failed');

  const set = <K extends keyof SourceFormValues>(field: K, value: SourceFormValues[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validateSource(values);
    setLocalErrors(errors);
    if (errors.length > 0) {
      mutation.reset();
      return;
    }
    const body = toSourceBody(values);
    const done = (saved: DiscoverySource) => {
      toast.success(
        t(source ? 'discovery.sources.updated_toast' : 'discovery.sources.created_toast', {
          name: saved.name,
        }),
      );
      setValues(emptySourceForm(defaultKeywords));
      onClose();
    };
    if (source) {
      const { name, config, schedule, active } = body;
      update.mutate({ id: source.id, body: { name, config, schedule, active } }, { onSuccess: done });
    } else {
      create.mutate(body, { onSuccess: done });
    }
  }

  const title = source ? t('discovery.form.edit_title', { name: source.name }) : t('discovery.form.title');
  return (
    <Modal title={title} closeLabel={t('discovery.form.close')} onClose={onClose} size="lg">
      <form className="modal__form discovery-form" onSubmit={onSubmit} noValidate data-testid="source-form">
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
              name="name"
              placeholder={t('discovery.form.name_placeholder')}
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              error={fieldError('name')}
              className="discovery-form__wide"
              data-autofocus
            />
            <SelectField
              label={t('discovery.form.type')}
              name="type"
              value={values.type}
              disabled={source !== null}
              hint={source ? t('discovery.form.type_fixed') : undefined}
              onChange={(event) => {
                const type = DISCOVERY_SOURCE_TYPES.find((v) => v === event.target.value);
                if (type) set('type', type);
              }}
              options={DISCOVERY_SOURCE_TYPES.map((type) => ({
                value: type,
                label: t(`discovery.types.${type}`),
              }))}
            />
            {fields.includes('search_query') && (
              <TextField
                label={t('discovery.form.search_query')}
                name="search_query"
                placeholder={t('discovery.form.search_query_placeholder')}
                value={values.search_query}
                onChange={(event) => set('search_query', event.target.value)}
                error={fieldError('search_query')}
              />
            )}
            {URL_FIELDS.filter((field) => fields.includes(field)).map((field) => (
              <TextField
                key={field}
                label={t(`discovery.form.${field}`)}
                name={field}
                type="url"
                inputMode="url"
                placeholder={t('discovery.form.url_placeholder')}
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
                error={fieldError(field)}
                hint={keepsSecret(source, field, values[field]) ? t('discovery.form.secret_hint') : undefined}
              />
            ))}
            {fields.includes('keywords') && (
              <div className="discovery-form__wide">
                <TextField
                  label={t('discovery.form.keywords')}
                  name="keywords"
                  value={values.keywords}
                  onChange={(event) => set('keywords', event.target.value)}
                  error={fieldError('keywords')}
                />
                <p className="discovery-form__hint">{t('discovery.form.keywords_hint')}</p>
              </div>
            )}
            {fields.includes('region') && (
              <SelectField
                label={t('discovery.form.region')}
                name="region"
                value={values.region}
                onChange={(event) => {
                  const region = DISCOVERY_REGIONS.find((v) => v === event.target.value);
                  if (region) set('region', region);
                }}
                options={DISCOVERY_REGIONS.map((region) => ({
                  value: region,
                  label: t(`discovery.form.regions.${region}`),
                }))}
              />
            )}
            {fields.includes('language') && (
              <SelectField
                label={t('discovery.form.language')}
                name="language"
                value={values.language}
                onChange={(event) => {
                  const lang = LANGUAGES.find((v) => v === event.target.value);
                  if (lang) set('language', lang);
                }}
                options={LANGUAGES.map((lang) => ({
                  value: lang,
                  label: t(`discovery.form.languages.${lang}`),
                }))}
              />
            )}
            <ScheduleSelect
              value={values.schedule}
              onChange={(schedule) => set('schedule', schedule)}
              error={fieldError('schedule')}
            />
            <CheckboxField
              label={t('discovery.form.active')}
              name="active"
              checked={values.active}
              onChange={(event) => set('active', event.target.checked)}
              className="discovery-form__wide"
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
