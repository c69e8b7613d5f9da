import { REPORT_FORMATS, REPORT_PERIODS, REPORT_TYPES } from '@preciofab/shared/catalogue';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateReport } from '../api/create-report.ts';
import { REPORT_FORM_DEFAULTS, reportFormSchema } from '../utils/report-form.ts';

/** Queues a new report (operators and admins), validated with the server's own schema.
 * `timeZone`: the zone schedules run in, when the page knows it (from the listed reports). */
export function CreateReportModal({
  onClose,
  timeZone,
}: {
  onClose: () => void;
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation();
  const create = useCreateReport();
  const form = useSchemaForm(reportFormSchema, { defaultValues: REPORT_FORM_DEFAULTS });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (report) => {
        toast.success(t('reports.toasts.created', { name: report.name }));
        onClose();
      },
      onError: submitFailure(form, t, t('reports.form.failed')),
    }),
  );

  const banner = bannerOf(form);
  return (
    <Modal title={t('reports.form.title')} closeLabel={t('reports.form.close')} onClose={onClose}>
      <form
        className="modal__form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="report-form"
      >
        <div className="modal__body report-form">
          {banner && <Alert tone="error">{banner}</Alert>}
          <div>
            <TextField
              label={t('reports.form.name')}
              maxLength={200}
              error={errors.name?.message}
              data-autofocus
              {...form.register('name')}
            />
            <p className="report-form__hint">{t('reports.form.name_hint')}</p>
          </div>
          <TextField
            label={t('reports.form.description')}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <div className="report-form__row">
            <SelectField
              label={t('reports.form.type')}
              options={REPORT_TYPES.map((type) => ({ value: type, label: t(`reports.types.${type}`) }))}
              {...form.register('type')}
            />
            <SelectField
              label={t('reports.form.format')}
              options={REPORT_FORMATS.map((format) => ({
                value: format,
                label: t(`reports.formats.${format}`),
              }))}
              {...form.register('format')}
            />
            <SelectField
              label={t('reports.form.period')}
              options={REPORT_PERIODS.map((days) => ({
                value: String(days),
                label: t('reports.form.period_option', { days }),
              }))}
              {...form.register('period_days', { valueAsNumber: true })}
            />
          </div>
          <div>
            <TextField
              label={t('reports.form.schedule')}
              error={errors.schedule?.message}
              spellCheck={false}
              {...form.register('schedule')}
            />
            <p className="report-form__hint">
              {timeZone
                ? t('reports.form.schedule_hint', { zone: timeZone })
                : t('reports.form.schedule_hint_server')}
            </p>
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
