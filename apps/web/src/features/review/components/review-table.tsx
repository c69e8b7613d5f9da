import { Badge, type Tone } from '../../../components/ui/badge.tsx';
import '../../../components/ui/data-table.css';
import { Button } from '../../../components/ui/button.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import type { ReviewStatus } from '@preciofab/shared/review-hold';
import type { ReviewItem } from '../api/get-reviews.ts';
import { ReasonList } from './reason-list.tsx';

export const STATUS_TONE: Record<ReviewStatus, Tone> = {
  pending: 'warning',
  approved: 'good',
  rejected: 'danger',
  corrected: 'neutral',
};

type Props = {
  items: readonly ReviewItem[];
  /** Null for a reader: no selection and no actions. */
  actions: {
    selected: ReadonlySet<string>;
    onToggle: (id: string) => void;
    onToggleAll: () => void;
    onApprove: (item: ReviewItem) => void;
    onReject: (item: ReviewItem) => void;
    onCorrect: (item: ReviewItem) => void;
    busyId: string | null;
  } | null;
  onOpen: (item: ReviewItem) => void;
};

/** The queue's rows: the offer and vendor, the price as read, why it was held, and (for
 * operators) a selection box and the three decisions. */
export function ReviewTable({ items, actions, onOpen }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const unitLabel = useUnitLabel();
  const pendingIds = items.filter((item) => item.status === 'pending').map((item) => item.id);
  const allSelected =
    actions !== null && pendingIds.length > 0 && pendingIds.every((id) => actions.selected.has(id));
  return (
    <div className="review-table__scroll">
      <table className="data-table data-table--hover review-table" aria-label={t('review.table.label')}>
        <thead>
          <tr>
            {actions && (
              <th scope="col" className="review-table__check">
                <input
                  type="checkbox"
                  aria-label={t('review.table.select_all')}
                  checked={allSelected}
                  disabled={pendingIds.length === 0}
                  onChange={actions.onToggleAll}
                  data-testid="review-select-all"
                />
              </th>
            )}
            <th scope="col">{t('review.table.offer')}</th>
            <th scope="col">{t('review.table.price')}</th>
            <th scope="col">{t('review.table.reasons')}</th>
            <th scope="col">{t('review.table.observed')}</th>
            <th scope="col">{t('review.table.status')}</th>
            {actions && <th scope="col">{t('review.table.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const o = item.observation;
            const pending = item.status === 'pending';
            return (
              <tr key={item.id} data-testid="review-row" data-id={item.id} data-status={item.status}>
                {actions && (
                  <td className="review-table__check">
                    {pending && (
                      <input
                        type="checkbox"
                        aria-label={t('review.table.select_row', { offer: o.offer_name })}
                        checked={actions.selected.has(item.id)}
                        onChange={() => actions.onToggle(item.id)}
                        data-testid="review-select"
                      />
                    )}
                  </td>
                )}
                <td>
                  <button
                    type="button"
                    className="review-table__offer"
                    onClick={() => onOpen(item)}
                    title={t('review.table.open')}
                    data-testid="review-open"
                  >
                    {o.offer_name}
                  </button>
                  <span className="review-table__vendor">{o.vendor_name}</span>
                </td>
                <td className="review-table__price">
                  {t('usd.per_unit', { amount: format.money(o.price, o.currency), unit: unitLabel(o.unit) })}
                </td>
                <td>
                  <ReasonList reasons={item.reasons} />
                </td>
                <td>
                  <time dateTime={o.observed_at} title={format.dateTime(o.observed_at)}>
                    {format.relativeTime(o.observed_at)}
                  </time>
                </td>
                <td>
                  <Badge tone={STATUS_TONE[item.status]}>{t(`review.statuses.${item.status}`)}</Badge>
                  {item.decided_by_name && (
                    <span className="review-table__vendor">
                      {t('review.table.decided_by', { name: item.decided_by_name })}
                    </span>
                  )}
                </td>
                {actions && (
                  <td>
                    {pending && (
                      <div className="review-table__actions">
                        <Button
                          size="sm"
                          onClick={() => actions.onApprove(item)}
                          loading={actions.busyId === item.id}
                          data-testid="review-approve"
                        >
                          {t('review.table.approve')}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => actions.onCorrect(item)}
                          data-testid="review-correct"
                        >
                          {t('review.table.correct')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => actions.onReject(item)}
                          data-testid="review-reject"
                        >
                          {t('review.table.reject')}
                        </Button>
                      </div>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
