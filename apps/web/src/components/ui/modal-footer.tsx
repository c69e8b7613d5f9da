import { Button } from './button.tsx';

type ModalFooterProps = {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** Without it, the confirm button submits the form the footer closes. */
  onConfirm?: () => void;
  /** The action is running: the confirm button shows a spinner and takes no second click. */
  busy?: boolean;
  disabled?: boolean;
  confirmTestId?: string;
  /** A destructive confirmation: the danger style, and focus starts on cancel. */
  danger?: boolean;
};

/** A dialog's closing row: cancel, then the confirming action. */
export function ModalFooter({
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
  busy = false,
  disabled,
  confirmTestId,
  danger = false,
}: ModalFooterProps) {
  return (
    <div className="modal__footer">
      <Button variant="secondary" onClick={onCancel} data-autofocus={danger || undefined}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={danger ? 'danger' : 'primary'}
        onClick={onConfirm}
        loading={busy}
        disabled={disabled}
        data-testid={confirmTestId}
      >
        {confirmLabel}
      </Button>
    </div>
  );
}
