import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

type Props = {
  count: number;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onClear: () => void;
};

/** The decisions on the ticked rows, shown while any is ticked. */
export function BulkBar({ count, busy, onApprove, onReject, onClear }: Props) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div
      className="review-bulk"
      role="group"
      aria-label={t('review.bulk.selected', { count })}
      data-testid="review-bulk"
    >
      <strong data-testid="review-bulk-count">{t('review.bulk.selected', { count })}</strong>
      <div className="review-bulk__actions">
        <Button size="sm" onClick={onApprove} loading={busy} data-testid="bulk-approve">
          {t('review.bulk.approve')}
        </Button>
        <Button size="sm" variant="danger" onClick={onReject} disabled={busy} data-testid="bulk-reject">
          {t('review.bulk.reject')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={busy}>
          {t('review.bulk.clear')}
        </Button>
      </div>
    </div>
  );
}
