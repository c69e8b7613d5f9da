import { useTranslation } from '../../../i18n/use-translation.ts';
import { cx } from '../../../lib/class-names.ts';
import '../../../components/ui/tab-strip.css';
import { REPORT_FILTERS, type ReportFilter } from '../utils/report-filter.ts';

type Props = {
  value: ReportFilter;
  counts: Record<ReportFilter, number> | null;
  onChange: (filter: ReportFilter) => void;
};

/** Spec §2: All (with its count), Pricing, Vendor, Benchmark, as toggle buttons. */
export function ReportFilters({ value, counts, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="tab-strip" role="group" aria-label={t('reports.filters.label')}>
      {REPORT_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={filter === value}
          className={cx('tab-strip__tab', filter === value && 'tab-strip__tab--active')}
          onClick={() => onChange(filter)}
          data-testid={`report-filter-${filter}`}
        >
          {t(`reports.filters.${filter}`)}
          {counts && (
            <span className="tab-strip__count" data-testid={`report-filter-${filter}-count`}>
              {t('reports.filters.count', { count: counts[filter] })}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
