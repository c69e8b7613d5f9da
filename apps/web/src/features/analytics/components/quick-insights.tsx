import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ObservationSearchResult } from '../api/search-observations.ts';
import { MEASURE_FIELD, MEASURES, type Aggregation } from '../utils/explorer-state.ts';

/** "avg_price_usd" → its type and the measure it reads. */
function parseAlias(alias: string): { type: Aggregation; measure: (typeof MEASURES)[number] | null } | null {
  const match = /^(avg|sum|count)_(.+)$/.exec(alias);
  if (!match) return null;
  const measure = MEASURES.find((m) => MEASURE_FIELD[m] === match[2]) ?? null;
  return { type: match[1] as Aggregation, measure };
}

/** Spec §2: the aggregation results the server returned for the current filters. */
export function QuickInsights({
  result,
  loading,
}: {
  result: ObservationSearchResult | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const entries = Object.entries(result?.aggregations ?? {});
  const label = (alias: string) => {
    const parsed = parseAlias(alias);
    if (!parsed) return alias;
    // A count of the confidence (always present) is the number of observations.
    if (parsed.type === 'count' && parsed.measure === 'confidence')
      return t('analytics.insights.observations');
    if (!parsed.measure) return alias;
    return t(`analytics.insights.${parsed.type}`, { measure: t(`analytics.measures.${parsed.measure}`) });
  };
  const value = (alias: string, v: number | null) => {
    if (v === null) return t('analytics.not_specified');
    const parsed = parseAlias(alias);
    if (parsed?.type === 'count') return format.integer(v);
    return format.decimal(parsed?.measure === 'confidence' ? v * 100 : v);
  };
  return (
    <Card
      title={t('analytics.insights.title')}
      actions={loading ? <Spinner size={16} /> : undefined}
      className="insights"
    >
      {entries.length === 0 ? (
        <p className="explorer__muted">{t('analytics.insights.none')}</p>
      ) : (
        <dl className="insights__list" data-testid="quick-insights">
          {entries.map(([alias, agg]) => (
            <div key={alias} className="insights__item">
              <dt>{label(alias)}</dt>
              <dd>{value(alias, agg.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
