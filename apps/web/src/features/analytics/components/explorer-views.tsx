import { useMemo } from 'react';
import { buildBoxPlotOption } from '../../../components/charts/box-plot-option.ts';
import { observationIdOf } from '../../../components/charts/chart-item.ts';
import { EChart } from '../../../components/charts/echart.tsx';
import { buildHeatmapOption } from '../../../components/charts/heatmap-option.ts';
import { buildScatterOption } from '../../../components/charts/scatter-option.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ObservationSearchResult } from '../api/search-observations.ts';
import { boxGroups, heatCells, heatmapCross, pivotRows, scatterPoints } from '../utils/explorer-data.ts';
import type { ExplorerState } from '../utils/explorer-state.ts';

type Props = { result: ObservationSearchResult; state: ExplorerState; onOpen: (id: string) => void };

function Empty({ text }: { text: string }) {
  return (
    <p className="explorer__empty" data-testid="explorer-empty">
      {text}
    </p>
  );
}

/** Pivot, scatter, heatmap and box plot over the first rows of the search. */
export function ExplorerChartView({ result, state, onOpen }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const { view, dimension, measure, aggregation } = state;
  const rows = result.data;
  const none = t('analytics.not_specified');
  const names = {
    dimension: t(`analytics.dimensions.${dimension}`),
    cross: t(`analytics.dimensions.${heatmapCross(dimension)}`),
    measure: t(`analytics.measures.${measure}`),
    aggregation: t(`analytics.aggregations.${aggregation}`),
  };
  const chart = useMemo(() => {
    if (view === 'scatter') {
      const points = scatterPoints(rows, dimension, measure, none);
      const option = buildScatterOption(points, {
        x: t('analytics.charts.observed'),
        y: names.measure,
        other: t('charts.other'),
      });
      return { count: points.length, option };
    }
    if (view === 'boxplot') {
      const groups = boxGroups(rows, dimension, measure, none);
      return {
        count: groups.length,
        option: buildBoxPlotOption(groups, { value: names.measure, outliers: t('charts.outliers') }),
      };
    }
    if (view === 'heatmap') {
      const cells = heatCells(rows, dimension, measure, aggregation, none);
      return {
        count: cells.length,
        option: buildHeatmapOption(cells, { x: names.dimension, y: names.cross, value: names.measure }),
      };
    }
    return null;
  }, [view, rows, dimension, measure, aggregation, none, t, names.measure, names.dimension, names.cross]);

  const sample = (
    <p className="explorer__muted">
      {t('analytics.explorer.sample', { shown: rows.length, total: result.total })}
    </p>
  );
  const open = (data: unknown) => {
    const id = observationIdOf(data);
    if (id) onOpen(id);
  };

  if (view === 'pivot') {
    const pivot = pivotRows(rows, dimension, measure, aggregation, none);
    if (pivot.length === 0) return <Empty text={t('analytics.empty.pivot')} />;
    return (
      <>
        <div className="explorer-table__scroll">
          <table
            className="explorer-table"
            aria-label={t('analytics.pivot.label', names)}
            data-testid="pivot-table"
          >
            <thead>
              <tr>
                <th scope="col">{names.dimension}</th>
                <th
                  scope="col"
                  className="explorer-table__num"
                >{`${names.aggregation} · ${names.measure}`}</th>
                <th scope="col" className="explorer-table__num">
                  {t('analytics.pivot.observations')}
                </th>
              </tr>
            </thead>
            <tbody>
              {pivot.map((p) => (
                <tr key={p.key} className="explorer-table__row" onClick={() => onOpen(p.observationId)}>
                  <th scope="row">
                    <button
                      type="button"
                      className="explorer-table__vendor"
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(p.observationId);
                      }}
                    >
                      {p.key}
                    </button>
                  </th>
                  <td className="explorer-table__num">
                    {aggregation === 'count' ? format.integer(p.value) : format.decimal(p.value)}
                  </td>
                  <td className="explorer-table__num">{format.integer(p.observations)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {sample}
      </>
    );
  }

  if (!chart || chart.count === 0) {
    return (
      <Empty
        text={t(
          view === 'scatter'
            ? 'analytics.empty.scatter'
            : view === 'boxplot'
              ? 'analytics.empty.boxplot'
              : 'analytics.empty.heatmap',
        )}
      />
    );
  }
  const label =
    view === 'scatter'
      ? t('analytics.charts.scatter', { ...names, count: chart.count })
      : view === 'boxplot'
        ? t('analytics.charts.boxplot', { ...names, count: chart.count })
        : t('analytics.charts.heatmap', { ...names, count: chart.count });
  return (
    <>
      <EChart
        option={chart.option}
        label={label}
        height={view === 'heatmap' ? 420 : 380}
        testId={`chart-${view}`}
        onItemClick={(c) => open(c.data)}
      />
      {sample}
    </>
  );
}
