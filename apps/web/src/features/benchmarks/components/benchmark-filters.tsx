import { Card } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  FILTER_CATEGORIES,
  FILTER_REGIONS,
  FILTER_WINDOWS,
  parseFilter,
  type BenchmarkFilters,
} from '../utils/benchmark-filters.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';

type Props = { filters: BenchmarkFilters; onChange: (filters: BenchmarkFilters) => void };

/** Spec §2: category, region and time-window selects. */
export function BenchmarkFilterCard({ filters, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Card className="benchmark-filters" title={t('benchmarks.filters.title')}>
      <div className="benchmark-filters__grid">
        <SelectField
          label={t('benchmarks.filters.category')}
          value={filters.category}
          data-testid="filter-category"
          onChange={(event) => {
            const category = parseFilter(FILTER_CATEGORIES, event.target.value);
            if (category) onChange({ ...filters, category });
          }}
          options={FILTER_CATEGORIES.map((c) => ({ value: c, label: t(`benchmarks.categories.${c}`) }))}
        />
        <SelectField
          label={t('benchmarks.filters.region')}
          value={filters.region}
          data-testid="filter-region"
          onChange={(event) => {
            const region = parseFilter(FILTER_REGIONS, event.target.value);
            if (region) onChange({ ...filters, region });
          }}
          options={FILTER_REGIONS.map((r) => ({ value: r, label: t(`benchmarks.regions.${r}`) }))}
        />
        <SelectField
          label={t('benchmarks.filters.time_window')}
          value={String(filters.timeWindow)}
          data-testid="filter-window"
          onChange={(event) => {
            const timeWindow = parseFilter(FILTER_WINDOWS, event.target.value);
            if (timeWindow) onChange({ ...filters, timeWindow });
          }}
          options={FILTER_WINDOWS.map((days) => ({
            value: String(days),
            label: t('benchmarks.filters.days', { days }),
          }))}
        />
      </div>
    </Card>
  );
}
