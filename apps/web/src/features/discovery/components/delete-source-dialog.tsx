import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
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
      <div className="modal__footer">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('discovery.delete.cancel')}
        </Button>
        <Button onClick={onConfirm} loading={busy} data-testid="delete-confirm">
          {t('discovery.delete.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
