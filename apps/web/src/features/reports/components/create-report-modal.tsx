import { useState, type FormEvent } from 'react';
import { REPORT_FORMATS, REPORT_PERIODS, REPORT_TYPES } from '@preciofab/shared/catalogue';
import { reportCreateBody } from '@preciofab/shared/contracts/reports';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { toFieldErrors } from '@preciofab/shared/validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateReport } from '../api/create-report.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';

type Values = {
  name: string;
  description: string;
  type: (typeof REPORT_TYPES)[number];
  format: (typeof REPORT_FORMATS)[number];
  period_days: (typeof REPORT_PERIODS)[number];
  schedule: string;
};
const EMPTY: Values = {
  name: '',
  description: '',
  type: 'pricing',
  format: 'pdf',
  period_days: 30,
  schedule: '',
};
const FIELDS = Object.keys(EMPTY);
const fieldOf = (path: string) => path.split('.')[0] ?? path;

/** Queues a new report (operators and admins), validated with the server's own schema. */
export function CreateReportModal({ onClose }: { onClose: () => void }) {
  const { t, language } = useTranslation();
  const create = useCreateReport();
  const [values, setValues] = useState<Values>(EMPTY);
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);

  const serverErrors = create.error instanceof ApiError ? create.error.errors : [];
  const fieldError = (field: keyof Values): string | undefined => {
    const local = localErrors.find((error) => fieldOf(error.field) === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => fieldOf(error.field) === field)?.message;
  };
  const placed = serverErrors.some((error) => FIELDS.includes(fieldOf(error.field)));
  const banner =
    !create.error || placed
      ? null
      : create.error instanceof ApiError && create.error.status === 403
        ? t('errors.forbidden')
        : t('reports.form.failed');
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));
  const pick = <T extends string | number>(options: readonly T[], raw: string) =>
    options.find((option) => String(option) === raw);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = reportCreateBody.safeParse(values);
    if (!parsed.success) {
      setLocalErrors(toFieldErrors(parsed.error.issues));
      create.reset();
      return;
    }
    setLocalErrors([]);
    create.mutate(values, {
      onSuccess: (report) => {
        toast.success(t('reports.toasts.created', { name: report.name }));
        setValues(EMPTY);
        onClose();
      },
    });
  }

  return (
    <Modal title={t('reports.form.title')} closeLabel={t('reports.form.close')} onClose={onClose}>
      <form className="modal__form" onSubmit={onSubmit} noValidate data-testid="report-form">
        <div className="modal__body report-form">
          {banner && <Alert tone="error">{banner}</Alert>}
          <div>
            <TextField
              label={t('reports.form.name')}
              name="name"
              value={values.name}
              maxLength={200}
              onChange={(event) => set('name', event.target.value)}
              error={fieldError('name')}
              data-autofocus
            />
            <p className="report-form__hint">{t('reports.form.name_hint')}</p>
          </div>
          <TextField
            label={t('reports.form.description')}
            name="description"
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            error={fieldError('description')}
          />
          <div className="report-form__row">
            <SelectField
              label={t('reports.form.type')}
              name="type"
              value={values.type}
              onChange={(event) => {
                const type = pick(REPORT_TYPES, event.target.value);
                if (type) set('type', type);
              }}
              options={REPORT_TYPES.map((type) => ({ value: type, label: t(`reports.types.${type}`) }))}
            />
            <SelectField
              label={t('reports.form.format')}
              name="format"
              value={values.format}
              onChange={(event) => {
                const format = pick(REPORT_FORMATS, event.target.value);
                if (format) set('format', format);
              }}
              options={REPORT_FORMATS.map((format) => ({
                value: format,
                label: t(`reports.formats.${format}`),
              }))}
            />
            <SelectField
              label={t('reports.form.period')}
              name="period_days"
              value={String(values.period_days)}
              onChange={(event) => {
                const days = pick(REPORT_PERIODS, event.target.value);
                if (days) set('period_days', days);
              }}
              options={REPORT_PERIODS.map((days) => ({
                value: String(days),
                label: t('reports.form.period_option', { days }),
              }))}
            />
          </div>
          <div>
            <TextField
              label={t('reports.form.schedule')}
              name="schedule"
              value={values.schedule}
              onChange={(event) => set('schedule', event.target.value)}
              error={fieldError('schedule')}
              spellCheck={false}
            />
            <p className="report-form__hint">{t('reports.form.schedule_hint')}</p>
          </div>
        </div>
        <ModalFooter
          cancelLabel={t('reports.form.cancel')}
          onCancel={onClose}
          confirmLabel={create.isPending ? t('reports.form.submitting') : t('reports.form.submit')}
          busy={create.isPending}
          confirmTestId="report-submit"
        />
      </form>
    </Modal>
  );
}
