import { useMemo, useReducer } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useObservationBoxPlot } from '../api/get-observation-box-plot.ts';
import { useObservationPivot } from '../api/get-observation-pivot.ts';
import { useObservationScatter } from '../api/get-observation-scatter.ts';
import { useSearchObservations } from '../api/search-observations.ts';
import {
  boxPlotRequest,
  explorerReducer,
  heatmapRequest,
  INITIAL_EXPLORER,
  pivotRequest,
  scatterRequest,
  tableRequest,
} from '../utils/explorer-state.ts';
import { ActiveFilters, ChartSelectors, ViewSwitch } from './explorer-controls.tsx';
import { ExplorerTable } from './explorer-table.tsx';
import { BoxPlotView, HeatmapView, PivotView, ScatterView } from './explorer-views.tsx';
import { QuickInsights } from './quick-insights.tsx';

/** Spec §2 Data Explorer. The table pages on the server; the pivot, heatmap, box plot and scatter
 * are computed by the server over every observation matching the filters (the scatter over a
 * stated sample of them). Quick Insights always shows the server's aggregations. */
export function DataExplorer({ onOpenEvidence }: { onOpenEvidence: (id: string) => void }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(explorerReducer, INITIAL_EXPLORER);
  const { view } = state;
  // Quick Insights reads the table's aggregations under every view.
  const table = useSearchObservations(useMemo(() => tableRequest(state), [state]));
  const pivot = useObservationPivot(
    useMemo(() => pivotRequest(state), [state]),
    view === 'pivot',
  );
  const heatmap = useObservationPivot(
    useMemo(() => heatmapRequest(state), [state]),
    view === 'heatmap',
  );
  const boxPlot = useObservationBoxPlot(
    useMemo(() => boxPlotRequest(state), [state]),
    view === 'boxplot',
  );
  const scatter = useObservationScatter(
    useMemo(() => scatterRequest(state), [state]),
    view === 'scatter',
  );
  const active = { table, pivot, heatmap, boxplot: boxPlot, scatter }[view];

  const content = () => {
    if (active.isError && !active.data) {
      return (
        <Alert>
          <strong>{t('analytics.explorer.error')}</strong> <span>{active.error.message}</span>
        </Alert>
      );
    }
    const loading = <p className="explorer__muted">{t('analytics.explorer.loading')}</p>;
    const props = { state, onOpen: onOpenEvidence };
    switch (view) {
      case 'table':
        return table.data ? (
          <ExplorerTable
            result={table.data}
            state={state}
            onSort={(field) => dispatch({ type: 'sort', field })}
            onPage={(delta) => dispatch({ type: 'page', delta, total: table.data.total })}
            onOpen={onOpenEvidence}
          />
        ) : (
          loading
        );
      case 'pivot':
        return pivot.data ? <PivotView result={pivot.data} {...props} /> : loading;
      case 'heatmap':
        return heatmap.data ? <HeatmapView result={heatmap.data} {...props} /> : loading;
      case 'boxplot':
        return boxPlot.data ? <BoxPlotView result={boxPlot.data} {...props} /> : loading;
      case 'scatter':
        return scatter.data ? <ScatterView result={scatter.data} {...props} /> : loading;
    }
  };

  return (
    <>
      <Card title={t('analytics.explorer.title')} className="explorer" aria-busy={active.isFetching}>
        <ViewSwitch view={view} onChange={(next) => dispatch({ type: 'view', view: next })} />
        <ActiveFilters
          filters={state.filters}
          onAdd={(filter) => dispatch({ type: 'add_filter', filter })}
          onRemove={(index) => dispatch({ type: 'remove_filter', index })}
        />
        {view !== 'table' && <ChartSelectors state={state} dispatch={dispatch} />}
        <div className="explorer__content">
          {active.isFetching && (
            <div className="explorer__spinner" role="status" data-testid="explorer-loading">
              <Spinner />
              <span className="visually-hidden">{t('analytics.explorer.loading')}</span>
            </div>
          )}
          {content()}
        </div>
      </Card>
      <QuickInsights result={table.data} loading={table.isFetching} />
    </>
  );
}
