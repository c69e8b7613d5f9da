import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ChartIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { canWrite, type ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useBenchmarks } from '../api/get-benchmarks.ts';
import { DEFAULT_BENCHMARK_FILTERS, type BenchmarkFilters } from '../utils/benchmark-filters.ts';
import { BenchmarkCard } from './benchmark-card.tsx';
import { BenchmarkFilterCard } from './benchmark-filters.tsx';
import { BenchmarksLoadError, BenchmarksSkeleton, NoBenchmarks } from './benchmarks-states.tsx';
import { CalculateDialog } from './calculate-dialog.tsx';
import './benchmarks.css';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { BENCHMARK_FIELDS } from '../../../lib/export/field-sets.ts';

/** /benchmarks. Viewers only read: the calculate buttons are hidden for them. */
export function BenchmarksPage({ role }: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('benchmarks.title'));
  const [filters, setFilters] = useState<BenchmarkFilters>(DEFAULT_BENCHMARK_FILTERS);
  const [calculating, setCalculating] = useState(false);
  const benchmarks = useBenchmarks(filters);
  const openCalculate = canWrite(role) ? () => setCalculating(true) : null;

  return (
    <div className="benchmarks-page">
      <PageHeader
        title={t('benchmarks.title')}
        subtitle={t('benchmarks.subtitle')}
        actions={
          <div className="benchmarks-page__actions">
            <ExportButton
              rows={benchmarks.data ?? []}
              fields={BENCHMARK_FIELDS}
              fileBase="benchmarks"
              defaultFormat="benchmarks"
              titleKey="benchmarks.title"
            />
            {openCalculate && (
              <Button onClick={openCalculate} data-testid="open-calculate">
                <ChartIcon size={16} />
                {t('benchmarks.calculate')}
              </Button>
            )}
          </div>
        }
      />
      <BenchmarkFilterCard filters={filters} onChange={setFilters} />
      <section
        aria-label={t('benchmarks.list_label')}
        aria-busy={benchmarks.isFetching}
        data-testid="benchmark-list"
        data-filters={`${filters.category}|${filters.region}|${filters.timeWindow}`}
        data-loaded={benchmarks.isPlaceholderData || benchmarks.isFetching ? 'false' : 'true'}
      >
        {benchmarks.isError && !benchmarks.data ? (
          <BenchmarksLoadError onRetry={() => void benchmarks.refetch()} />
        ) : !benchmarks.data ? (
          <BenchmarksSkeleton />
        ) : benchmarks.data.length === 0 ? (
          <NoBenchmarks onCalculate={openCalculate} />
        ) : (
          <div className="benchmark-list">
            {benchmarks.data.map((benchmark) => (
              <BenchmarkCard key={benchmark.id} benchmark={benchmark} />
            ))}
          </div>
        )}
      </section>
      {calculating && <CalculateDialog onClose={() => setCalculating(false)} />}
    </div>
  );
}
