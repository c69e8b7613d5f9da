import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDeleteAlertRule } from '../api/delete-alert-rule.ts';
import type { AlertRule } from '../api/get-alert-rules.ts';

/** Asks before deleting a rule; the alerts it raised stay. */
export function DeleteRuleDialog({ rule, onClose }: { rule: AlertRule; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAlertRule();
  const confirm = () =>
    remove.mutate(rule.id, {
      onSuccess: () => {
        toast.success(t('alerts.delete.done'));
        onClose();
      },
    });
  return (
    <Modal title={t('alerts.delete.title')} closeLabel={t('alerts.form.close')} onClose={onClose}>
      <div className="modal__body">
        {remove.isError && <Alert tone="error">{t('alerts.delete.failed')}</Alert>}
        <p>{t('alerts.delete.text', { name: rule.name })}</p>
      </div>
      <ModalFooter
        cancelLabel={t('alerts.form.cancel')}
        onCancel={onClose}
        confirmLabel={t('alerts.delete.confirm')}
        onConfirm={confirm}
        busy={remove.isPending}
        confirmTestId="confirm-delete-rule"
        danger
      />
    </Modal>
  );
}
