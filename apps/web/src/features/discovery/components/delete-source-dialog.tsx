import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

type Props = { name: string; busy: boolean; onConfirm: () => void; onClose: () => void };

/** Deleting a source cannot be undone, so it is confirmed first. */
export function DeleteSourceDialog({ name, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('discovery.delete.title', { name })}
      closeLabel={t('discovery.delete.close')}
      onClose={onClose}
    >
      <div className="modal__body">
        <p>{t('discovery.delete.text')}</p>
      </div>
      <ModalFooter
        cancelLabel={t('discovery.delete.cancel')}
        onCancel={onClose}
        confirmLabel={t('discovery.delete.confirm')}
        onConfirm={onConfirm}
        busy={busy}
        confirmTestId="delete-confirm"
        danger
      />
    </Modal>
  );
}
