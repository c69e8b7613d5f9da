import { useMemo, useReducer } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useSearchObservations } from '../api/search-observations.ts';
import { chartRequest, explorerReducer, INITIAL_EXPLORER, tableRequest } from '../utils/explorer-state.ts';
import { ActiveFilters, ChartSelectors, ViewSwitch } from './explorer-controls.tsx';
import { ExplorerTable } from './explorer-table.tsx';
import { ExplorerChartView } from './explorer-views.tsx';
import { QuickInsights } from './quick-insights.tsx';

/** Spec §2 Data Explorer. The table pages on the server; the other views summarise the first
 * rows of the same search. Quick Insights always shows the server's aggregations. */
export function DataExplorer({ onOpenEvidence }: { onOpenEvidence: (id: string) => void }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(explorerReducer, INITIAL_EXPLORER);
  const tableBody = useMemo(() => tableRequest(state), [state]);
  const chartBody = useMemo(() => chartRequest(state), [state]);
  const table = useSearchObservations(tableBody);
  const charts = useSearchObservations(chartBody, state.view !== 'table');
  const active = state.view === 'table' ? table : charts;

  return (
    <>
      <Card title={t('analytics.explorer.title')} className="explorer" aria-busy={active.isFetching}>
        <ViewSwitch view={state.view} onChange={(view) => dispatch({ type: 'view', view })} />
        <ActiveFilters
          filters={state.filters}
          onAdd={(filter) => dispatch({ type: 'add_filter', filter })}
          onRemove={(index) => dispatch({ type: 'remove_filter', index })}
        />
        {state.view !== 'table' && <ChartSelectors state={state} dispatch={dispatch} />}
        <div className="explorer__content">
          {active.isFetching && (
            <div className="explorer__spinner" role="status" data-testid="explorer-loading">
              <Spinner />
              <span className="visually-hidden">{t('analytics.explorer.loading')}</span>
            </div>
          )}
          {active.isError && !active.data ? (
            <Alert>
              <strong>{t('analytics.explorer.error')}</strong> <span>{active.error.message}</span>
            </Alert>
          ) : !active.data ? (
            <p className="explorer__muted">{t('analytics.explorer.loading')}</p>
          ) : state.view === 'table' ? (
            <ExplorerTable
              result={active.data}
              state={state}
              onSort={(field) => dispatch({ type: 'sort', field })}
              onPage={(delta) => dispatch({ type: 'page', delta, total: active.data.total })}
              onOpen={onOpenEvidence}
            />
          ) : (
            <ExplorerChartView result={active.data} state={state} onOpen={onOpenEvidence} />
          )}
        </div>
      </Card>
      <QuickInsights result={table.data} loading={table.isFetching} />
    </>
  );
}
