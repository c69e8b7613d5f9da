import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';
import {
  REVIEW_REASONS,
  REVIEW_STATUSES,
  type ReviewReasonCode,
  type ReviewStatus,
} from '@preciofab/shared/review-hold';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useVendorOptions } from '../../../components/vendor-options/get-vendor-options.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import type { ReviewFilters as Filters } from '../api/get-reviews.ts';

type Props = {
  filters: Filters;
  /** Pending items per reason, whatever the filters (null until the first page arrives). */
  pendingByReason: Partial<Record<ReviewReasonCode, number>> | null;
  onChange: (next: Partial<Filters>) => void;
};

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** Status, reason (with how many wait for each), vendor and category. */
export function ReviewFilters({ filters, pendingByReason, onChange }: Props) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const vendors = useVendorOptions();
  const filtered = filters.reason !== null || filters.vendorId !== null || filters.category !== null;
  return (
    <div className="review-filters" role="group" aria-label={t('review.filters.label')}>
      <SelectField
        label={t('review.filters.status')}
        value={filters.status}
        options={REVIEW_STATUSES.map((status) => ({ value: status, label: t(`review.statuses.${status}`) }))}
        onChange={(event) => {
          const value = event.target.value;
          if (isOneOf<ReviewStatus>(REVIEW_STATUSES, value)) onChange({ status: value });
        }}
        data-testid="filter-status"
      />
      <SelectField
        label={t('review.filters.reason')}
        value={filters.reason ?? ''}
        options={[
          { value: '', label: t('review.filters.all_reasons') },
          ...REVIEW_REASONS.map((reason) => {
            const label = t(`review.reasons.${reason}`);
            const count = pendingByReason?.[reason];
            return {
              value: reason,
              label:
                count === undefined ? label : t('review.filters.reason_option', { reason: label, count }),
            };
          }),
        ]}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ reason: isOneOf<ReviewReasonCode>(REVIEW_REASONS, value) ? value : null });
        }}
        data-testid="filter-reason"
      />
      <SelectField
        label={t('review.filters.vendor')}
        value={filters.vendorId ?? ''}
        options={[
          { value: '', label: vendors.isPending ? t('common.loading') : t('review.filters.all_vendors') },
          ...(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name })),
        ]}
        onChange={(event) => onChange({ vendorId: event.target.value || null })}
        data-testid="filter-vendor"
      />
      <SelectField
        label={t('review.filters.category')}
        value={filters.category ?? ''}
        options={[
          { value: '', label: t('review.filters.all_categories') },
          ...CATEGORIES.map((category) => ({ value: category, label: valueLabel('category', category) })),
        ]}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ category: isOneOf<Category>(CATEGORIES, value) ? value : null });
        }}
        data-testid="filter-category"
      />
      {filtered && (
        <Button
          variant="ghost"
          size="sm"
          className="review-filters__clear"
          onClick={() => onChange({ reason: null, vendorId: null, category: null })}
        >
          {t('review.filters.clear')}
        </Button>
      )}
    </div>
  );
}
