import { useState, type FormEvent } from 'react';
import { FX_IMPORT_FORMATS, type FxImportFormat } from '@preciofab/shared/contracts/fx-rates';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldFrame } from '../../../components/ui/field-frame.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useFxImport } from '../api/get-fx-import.ts';
import { useImportFxRates } from '../api/import-fx-rates.ts';
import { isImportPending, readImportFile, type ImportFileProblem } from '../utils/fx-import.ts';
import { FxImportOutcome } from './fx-import-outcome.tsx';

const isFormat = (value: string): value is FxImportFormat =>
  (FX_IMPORT_FORMATS as readonly string[]).includes(value);

/** Admins import a rate history from a CSV file: the ECB's reference rates or plain
 * date,currency,units_per_usd rows. The server reads it in the background; its status is polled
 * until it says what was written, or which lines are wrong (a file with errors writes nothing). */
export function FxImportForm() {
  const { t } = useTranslation();
  const importer = useImportFxRates();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<FxImportFormat>('auto');
  const [problem, setProblem] = useState<ImportFileProblem | 'no_file' | null>(null);
  const [reading, setReading] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useFxImport(jobId);
  const pending =
    importer.isPending || reading || (status.data !== undefined && isImportPending(status.data));

  const rejected = importer.error instanceof ApiError ? importer.error : null;
  const requestError = !importer.error
    ? null
    : rejected?.status === 403
      ? t('errors.forbidden')
      : (rejected?.errors[0]?.message ?? t('settings.fx.import.failed'));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    importer.reset();
    setJobId(null);
    if (!file) {
      setProblem('no_file');
      return;
    }
    setReading(true);
    const read = await readImportFile(file);
    setReading(false);
    if (!read.ok) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    importer.mutate({ format, content: read.content }, { onSuccess: (started) => setJobId(started.job_id) });
  }

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
          error={problem ? t(`settings.fx.import.problems.${problem}`) : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              className="field__input"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setProblem(null);
              }}
              data-testid="fx-import-file"
            />
          )}
        </FieldFrame>
        <SelectField
          label={t('settings.fx.import.format')}
          name="format"
          value={format}
          onChange={(event) => {
            if (isFormat(event.target.value)) setFormat(event.target.value);
          }}
          options={FX_IMPORT_FORMATS.map((value) => ({
            value,
            label: t(`settings.fx.import.formats.${value}`),
          }))}
          data-testid="fx-import-format"
        />
      </div>
      <div className="settings-form__actions">
        <Button type="submit" loading={pending} data-testid="fx-import-submit">
          {pending ? t('settings.fx.import.importing') : t('settings.fx.import.submit')}
        </Button>
      </div>
      <div data-testid="fx-import-status">
        {requestError && <Alert tone="error">{requestError}</Alert>}
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
