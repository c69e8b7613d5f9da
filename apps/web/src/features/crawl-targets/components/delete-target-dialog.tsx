import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
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
      <div className="modal__footer">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('crawl_targets.form.cancel')}
        </Button>
        <Button
          onClick={confirm}
          loading={remove.isPending}
          data-testid="confirm-delete"
          className="targets-delete__confirm"
        >
          {t('crawl_targets.delete.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
