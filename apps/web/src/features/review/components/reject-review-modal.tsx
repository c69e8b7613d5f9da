import { reviewNoteBody } from '@preciofab/shared/contracts/review';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

type Props = {
  /** The dialog's title: one offer, or how many are selected. */
  title: string;
  busy: boolean;
  /** Sends the decision with the note; resolves when done, rejects with the API's error. */
  onReject: (note: string | null) => Promise<unknown>;
  onClose: () => void;
};

/** Rejecting one observation or a selection, with an optional note for the audit trail. */
export function RejectReviewModal({ title, busy, onReject, onClose }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm(reviewNoteBody, { defaultValues: { note: '' } });
  const banner = bannerOf(form);
  const onSubmit = form.handleSubmit(({ note }) =>
    onReject(note).then(onClose, submitFailure(form, t, t('review.toasts.failed'))),
  );
  return (
    <Modal title={title} closeLabel={t('review.detail.close')} onClose={onClose}>
      <form
        className="modal__form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="reject-form"
      >
        <div className="modal__body review-form">
          {banner && <Alert tone="error">{banner}</Alert>}
          <p className="review-form__text">{t('review.reject.text')}</p>
          <TextAreaField
            label={t('review.reject.note')}
            maxLength={1000}
            data-autofocus
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
        </div>
        <ModalFooter
          cancelLabel={t('review.reject.cancel')}
          onCancel={onClose}
          confirmLabel={busy ? t('review.reject.submitting') : t('review.reject.submit')}
          busy={busy}
          danger
          confirmTestId="reject-submit"
        />
      </form>
    </Modal>
  );
}
