import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, ChartIcon, RefreshIcon, TagIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

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
    <Card className="benchmarks-error" role="alert">
      <AlertIcon size={28} />
      <p>{t('benchmarks.load_error')}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RefreshIcon size={16} />
        {t('common.try_again')}
      </Button>
    </Card>
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
