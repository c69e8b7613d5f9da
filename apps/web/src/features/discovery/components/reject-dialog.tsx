import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

type Props = { name: string; busy: boolean; onConfirm: (reason: string) => void; onClose: () => void };

/** Asks for the rejection reason, prefilled with the translated 'not relevant' (spec §7). */
export function RejectDialog({ name, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(() => t('discovery.reject.default_reason'));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(reason.trim());
  }

  return (
    <Modal
      title={t('discovery.reject.title', { name })}
      closeLabel={t('discovery.reject.close')}
      onClose={onClose}
    >
      <form className="modal__form" onSubmit={onSubmit} data-testid="reject-form">
        <div className="modal__body">
          <TextField
            label={t('discovery.reject.reason')}
            name="reason"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            data-autofocus
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
