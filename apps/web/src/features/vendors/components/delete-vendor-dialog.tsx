import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDeleteVendor } from '../api/delete-vendor.ts';
import type { Vendor } from '../api/get-vendors.ts';

/** Asks before deleting, naming the vendor: its targets, offers and observations go too. */
export function DeleteVendorDialog({ vendor, onClose }: { vendor: Vendor; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteVendor();
  const failure = !remove.error
    ? null
    : remove.error instanceof ApiError && remove.error.status === 403
      ? t('errors.forbidden')
      : t('vendor_tools.delete.failed');

  const confirm = () =>
    remove.mutate(vendor.id, {
      onSuccess: () => {
        toast.success(t('vendor_tools.delete.success', { name: vendor.name }));
        onClose();
      },
    });

  return (
    <Modal
      title={t('vendor_tools.delete.title')}
      closeLabel={t('vendor_tools.delete.close')}
      onClose={onClose}
    >
      <div className="modal__body vendor-delete" data-testid="delete-vendor-dialog">
        {failure && <Alert tone="error">{failure}</Alert>}
        <p className="vendor-delete__question">{t('vendor_tools.delete.question', { name: vendor.name })}</p>
        <p className="vendor-delete__text">{t('vendor_tools.delete.text')}</p>
      </div>
      <ModalFooter
        cancelLabel={t('vendor_tools.delete.cancel')}
        onCancel={onClose}
        confirmLabel={
          remove.isPending ? t('vendor_tools.delete.submitting') : t('vendor_tools.delete.submit')
        }
        onConfirm={confirm}
        busy={remove.isPending}
        confirmTestId="delete-vendor-confirm"
        danger
      />
    </Modal>
  );
}
