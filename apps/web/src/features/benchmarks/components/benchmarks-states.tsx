import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ChartIcon, TagIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** Spec §2: no benchmark for these filters; go add prices, or calculate. */
export function NoBenchmarks({ onCalculate }: { onCalculate: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="benchmarks-empty">
      <EmptyState
        icon={<ChartIcon size={24} />}
        title={t('benchmarks.empty.title')}
        text={t('benchmarks.empty.text')}
        action={
          <div className="benchmarks-empty__actions">
            <LinkButton to="/prices" variant="secondary">
              <TagIcon size={16} />
              {t('benchmarks.empty.go_prices')}
            </LinkButton>
            {onCalculate && (
              <Button onClick={onCalculate}>
                <ChartIcon size={16} />
                {t('benchmarks.calculate')}
              </Button>
            )}
          </div>
        }
      />
    </Card>
  );
}

export function BenchmarksLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LoadError title={t('benchmarks.load_error')} retryLabel={t('common.try_again')} onRetry={onRetry} />
  );
}

export function BenchmarksSkeleton() {
  return (
    <div className="benchmark-list" data-testid="benchmarks-skeleton">
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index} className="benchmark-card">
          <Skeleton width="50%" height={20} />
          <Skeleton width="80%" />
          <Skeleton height={56} />
        </Card>
      ))}
    </div>
  );
}
