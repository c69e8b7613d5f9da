import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDeleteTarget } from '../api/delete-target.ts';
import type { Target } from '../api/get-targets.ts';

/** Asks before deleting a target; its observations stay. */
export function DeleteTargetDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteTarget();
  const confirm = () =>
    remove.mutate(target.id, {
      onSuccess: () => {
        toast.success(t('crawl_targets.delete.done'));
        onClose();
      },
    });
  return (
    <Modal
      title={t('crawl_targets.delete.title')}
      closeLabel={t('crawl_targets.form.close')}
      onClose={onClose}
    >
      <div className="modal__body targets-delete">
        {remove.isError && <Alert tone="error">{t('crawl_targets.delete.failed')}</Alert>}
        <p>{t('crawl_targets.delete.text', { url: target.url })}</p>
      </div>
      <ModalFooter
        cancelLabel={t('crawl_targets.form.cancel')}
        onCancel={onClose}
        confirmLabel={t('crawl_targets.delete.confirm')}
        onConfirm={confirm}
        busy={remove.isPending}
        confirmTestId="confirm-delete"
        danger
      />
    </Modal>
  );
}
