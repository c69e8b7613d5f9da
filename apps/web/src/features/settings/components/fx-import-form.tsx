import { useState } from 'react';
import { useController } from 'react-hook-form';
import { FX_IMPORT_FORMATS } from '@preciofab/shared/contracts/fx-rates';
import { placeServerErrors } from '../../../components/form/server-errors.ts';
import { BANNER, bannerOf } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldFrame } from '../../../components/ui/field-frame.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFxImport } from '../api/get-fx-import.ts';
import { useImportFxRates } from '../api/import-fx-rates.ts';
import { isImportPending } from '../utils/fx-import.ts';
import {
  FX_IMPORT_DEFAULTS,
  fxImportFormSchema,
  fxImportServerError,
  isFileProblem,
} from '../utils/fx-import-form.ts';
import { FxImportOutcome } from './fx-import-outcome.tsx';

/** Admins import a rate history from a CSV file: the ECB's reference rates or plain
 * date,currency,units_per_usd rows. The server reads it in the background; its status is polled
 * until it says what was written, or which lines are wrong (a file with errors writes nothing). */
export function FxImportForm() {
  const { t } = useTranslation();
  const importer = useImportFxRates();
  const form = useSchemaForm(fxImportFormSchema, { defaultValues: FX_IMPORT_DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const file = useController({ control: form.control, name: 'file' });
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useFxImport(jobId);
  // Reading the file is part of the submit's validation.
  const pending =
    importer.isPending || isSubmitting || (status.data !== undefined && isImportPending(status.data));

  const onSubmit = form.handleSubmit((body) => {
    setJobId(null);
    importer.mutate(body, {
      onSuccess: (started) => setJobId(started.job_id),
      onError: (error) => {
        const banner = placeServerErrors(
          fxImportServerError(error),
          ['file', 'format'],
          form.setError,
          t,
          t('settings.fx.import.failed'),
        );
        if (banner) form.setError(BANNER, { type: 'server', message: banner });
      },
    });
  });

  const fileError = errors.file?.message;
  const banner = bannerOf(form);
  return (
    <form
      className="settings-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="fx-import"
    >
      <h3 className="settings-form__title">{t('settings.fx.import.title')}</h3>
      <p className="settings-muted">{t('settings.fx.import.text')}</p>
      <div className="settings-form__grid settings-form__grid--wide">
        <FieldFrame
          label={t('settings.fx.import.file')}
          // A file's own problem is said from the console's catalogue; the server's, as it said it.
          error={isFileProblem(fileError) ? t(`settings.fx.import.problems.${fileError}`) : fileError}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              className="field__input"
              name={file.field.name}
              ref={file.field.ref}
              onBlur={file.field.onBlur}
              onChange={(event) => file.field.onChange(event.target.files?.[0] ?? null)}
              data-testid="fx-import-file"
            />
          )}
        </FieldFrame>
        <SelectField
          label={t('settings.fx.import.format')}
          options={FX_IMPORT_FORMATS.map((value) => ({
            value,
            label: t(`settings.fx.import.formats.${value}`),
          }))}
          error={errors.format?.message}
          data-testid="fx-import-format"
          {...form.register('format')}
        />
      </div>
      <div className="settings-form__actions">
        <Button type="submit" loading={pending} data-testid="fx-import-submit">
          {pending ? t('settings.fx.import.importing') : t('settings.fx.import.submit')}
        </Button>
      </div>
      <div data-testid="fx-import-status">
        {banner && <Alert tone="error">{banner}</Alert>}
        {status.data && isImportPending(status.data) && (
          <p className="settings-fx__pending" role="status">
            <Spinner size={16} />
            {t(`settings.fx.import.states.${status.data.state === 'queued' ? 'queued' : 'running'}`)}
          </p>
        )}
        {status.data && !isImportPending(status.data) && <FxImportOutcome status={status.data} />}
      </div>
    </form>
  );
}
