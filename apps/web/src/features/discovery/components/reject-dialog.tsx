import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { rejectFormSchema } from '../utils/reject-form.ts';

type Props = {
  name: string;
  busy: boolean;
  /** The reason, trimmed; null when left blank. */
  onConfirm: (reason: string | null) => void;
  onClose: () => void;
};

/** Asks for the rejection reason, prefilled with the translated 'not relevant' (spec §7). A failed
 * decision leaves it open with the reason as typed; the panel says why. */
export function RejectDialog({ name, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm(rejectFormSchema, {
    defaultValues: { reason: t('discovery.reject.default_reason') },
  });
  const onSubmit = form.handleSubmit(({ reason }) => onConfirm(reason));

  return (
    <Modal
      title={t('discovery.reject.title', { name })}
      closeLabel={t('discovery.reject.close')}
      onClose={onClose}
    >
      <form className="modal__form" onSubmit={(event) => void onSubmit(event)} data-testid="reject-form">
        <div className="modal__body">
          <TextField
            label={t('discovery.reject.reason')}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            data-autofocus
            {...form.register('reason')}
          />
          <p className="discovery-form__hint">{t('discovery.reject.hint')}</p>
        </div>
        <ModalFooter
          cancelLabel={t('discovery.reject.cancel')}
          onCancel={onClose}
          confirmLabel={t('discovery.reject.confirm')}
          busy={busy}
          confirmTestId="reject-confirm"
        />
      </form>
    </Modal>
  );
}
