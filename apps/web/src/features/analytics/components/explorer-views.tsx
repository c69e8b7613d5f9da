import { useMemo, type ReactNode } from 'react';
import { buildBoxPlotOption } from '../../../components/charts/box-plot-option.ts';
import { observationIdOf } from '../../../components/charts/chart-item.ts';
import { EChart } from '../../../components/charts/echart.tsx';
import { buildHeatmapOption } from '../../../components/charts/heatmap-option.ts';
import { buildScatterOption } from '../../../components/charts/scatter-option.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import type { ObservationBoxPlot } from '../api/get-observation-box-plot.ts';
import type { ObservationPivot } from '../api/get-observation-pivot.ts';
import type { ObservationScatter } from '../api/get-observation-scatter.ts';
import { boxGroups, heatmapCells, outliersCapped, pivotRows, scatterPoints } from '../utils/explorer-data.ts';
import { useKeyLabel, useViewNames } from '../utils/explorer-labels.ts';
import { heatmapCross, type ExplorerState } from '../utils/explorer-state.ts';

type ViewProps<T> = { result: T; state: ExplorerState; onOpen: (id: string) => void };

function Empty({ text }: { text: string }) {
  return (
    <p className="explorer__empty" data-testid="explorer-empty">
      {text}
    </p>
  );
}

/** What the view was computed over: every observation matching the filters, those without a
 * value of the measure left out, and any bound that was reached. */
function Coverage({ children }: { children: ReactNode }) {
  return (
    <div className="explorer__muted explorer__coverage" data-testid="view-coverage">
      {children}
    </div>
  );
}

function CoverageCounts({
  total,
  measured,
  state,
}: {
  total: number;
  measured: number;
  state: ExplorerState;
}) {
  const { t } = useTranslation();
  const names = useViewNames(state.dimension, state.measure, state.aggregation);
  return (
    <>
      <p>{t('analytics.coverage.all', { count: total })}</p>
      {measured < total && (
        <p>{t('analytics.coverage.left_out', { count: total - measured, measure: names.measure })}</p>
      )}
    </>
  );
}

/** "Showing the 100 largest of 320 groups" (the latest months for the date). */
function GroupBound({ shown, total, date }: { shown: number; total: number; date: boolean }) {
  const { t } = useTranslation();
  if (total <= shown) return null;
  return (
    <p data-testid="view-bound">
      {date
        ? t('analytics.coverage.bound_months', { months: shown, all: total })
        : t('analytics.coverage.bound_groups', { groups: shown, all: total })}
    </p>
  );
}

const openItem = (onOpen: (id: string) => void) => (data: unknown) => {
  const id = observationIdOf(data);
  if (id) onOpen(id);
};

export function PivotView({ result, state, onOpen }: ViewProps<ObservationPivot>) {
  const { t } = useTranslation();
  const format = useFormat();
  const unitLabel = useUnitLabel();
  const label = useKeyLabel();
  const names = useViewNames(state.dimension, state.measure, state.aggregation);
  const { dimension, measure, aggregation } = state;
  const rows = useMemo(
    () => pivotRows(result, dimension, measure, aggregation, label),
    [result, dimension, measure, aggregation, label],
  );
  if (rows.length === 0) return <Empty text={t('analytics.empty.pivot')} />;
  const priced = measure === 'price';
  const value = (v: number) =>
    aggregation === 'count' ? format.integer(v) : priced ? format.usdPerUnit(v) : format.decimal(v);
  const open = (id: string | null) => {
    if (id) onOpen(id);
  };
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
              {priced && <th scope="col">{t('analytics.pivot.base_unit')}</th>}
              <th scope="col" className="explorer-table__num">{`${names.aggregation} · ${names.measure}`}</th>
              <th scope="col" className="explorer-table__num">
                {t('analytics.pivot.observations')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr
                key={p.id}
                className="explorer-table__row"
                data-testid="pivot-row"
                onClick={() => open(p.observationId)}
              >
                <th scope="row">
                  <button
                    type="button"
                    className="explorer-table__vendor"
                    disabled={!p.observationId}
                    onClick={(e) => {
                      e.stopPropagation();
                      open(p.observationId);
                    }}
                  >
                    {p.key}
                  </button>
                </th>
                {priced && <td>{p.baseUnit ? unitLabel(p.baseUnit) : t('analytics.not_specified')}</td>}
                <td className="explorer-table__num">{value(p.value)}</td>
                <td className="explorer-table__num">{format.integer(p.observations)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Coverage>
        <CoverageCounts total={result.total} measured={result.measured} state={state} />
        <GroupBound shown={result.cells.length} total={result.x_groups} date={dimension === 'date'} />
      </Coverage>
    </>
  );
}

export function HeatmapView({ result, state, onOpen }: ViewProps<ObservationPivot>) {
  const { t } = useTranslation();
  const label = useKeyLabel();
  const names = useViewNames(state.dimension, state.measure, state.aggregation);
  const { dimension, measure, aggregation } = state;
  const cross = heatmapCross(dimension);
  const heat = useMemo(
    () => heatmapCells(result, dimension, cross, measure, aggregation, label),
    [result, dimension, cross, measure, aggregation, label],
  );
  const crossName = t(`analytics.dimensions.${cross}`);
  const option = useMemo(
    () =>
      buildHeatmapOption(
        heat.cells,
        { x: names.dimension, y: crossName, value: `${names.aggregation} · ${names.measure}` },
        heat,
      ),
    [heat, names, crossName],
  );
  if (heat.cells.length === 0) return <Empty text={t('analytics.empty.heatmap')} />;
  return (
    <>
      <EChart
        option={option}
        label={t('analytics.charts.heatmap', { ...names, cross: crossName, count: heat.cells.length })}
        height={420}
        testId="chart-heatmap"
        onItemClick={(c) => openItem(onOpen)(c.data)}
      />
      <Coverage>
        <CoverageCounts total={result.total} measured={result.measured} state={state} />
        <GroupBound shown={heat.xs.length} total={result.x_groups} date={dimension === 'date'} />
        <GroupBound shown={heat.ys.length} total={result.y_groups} date={cross === 'date'} />
      </Coverage>
    </>
  );
}

/** "approx.", with the bound in its tooltip, when the quartiles came from the price histogram
 * (above 20,000 values, 5,000 on embedded storage): the server says so and by how much they may be off. */
function ApproxMark({ approximate }: { approximate: ObservationBoxPlot['approximate'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!approximate) return null;
  const error = format.percent(approximate.relative_error * 100);
  return (
    <p data-testid="view-approx">
      <abbr className="explorer__approx" title={t('analytics.coverage.approx_tip', { error })}>
        {t('analytics.coverage.approx')}
      </abbr>{' '}
      {t('analytics.coverage.approx_text', { error })}
    </p>
  );
}

export function BoxPlotView({ result, state, onOpen }: ViewProps<ObservationBoxPlot>) {
  const { t } = useTranslation();
  const label = useKeyLabel();
  const names = useViewNames(state.dimension, state.measure, state.aggregation);
  const { dimension, measure } = state;
  const groups = useMemo(
    () => boxGroups(result, dimension, measure, label),
    [result, dimension, measure, label],
  );
  const option = useMemo(
    () => buildBoxPlotOption(groups, { value: names.measure, outliers: t('charts.outliers') }),
    [groups, names.measure, t],
  );
  if (groups.length === 0) return <Empty text={t('analytics.empty.boxplot')} />;
  return (
    <>
      <EChart
        option={option}
        label={t('analytics.charts.boxplot', { ...names, count: groups.length })}
        height={380}
        testId="chart-boxplot"
        onItemClick={(c) => openItem(onOpen)(c.data)}
      />
      <Coverage>
        <ApproxMark approximate={result.approximate} />
        <CoverageCounts total={result.total} measured={result.measured} state={state} />
        <GroupBound shown={groups.length} total={result.groups_total} date={dimension === 'date'} />
        {outliersCapped(result) && (
          <p data-testid="view-bound">
            {t('analytics.coverage.outliers', { outliers: result.outlier_limit })}
          </p>
        )}
      </Coverage>
    </>
  );
}

export function ScatterView({ result, state, onOpen }: ViewProps<ObservationScatter>) {
  const { t } = useTranslation();
  const label = useKeyLabel();
  const names = useViewNames(state.dimension, state.measure, state.aggregation);
  const { dimension, measure } = state;
  const points = useMemo(
    () => scatterPoints(result, dimension, measure, label),
    [result, dimension, measure, label],
  );
  const option = useMemo(
    () =>
      buildScatterOption(points, {
        x: t('analytics.charts.observed'),
        y: names.measure,
        other: t('charts.other'),
      }),
    [points, names.measure, t],
  );
  if (points.length === 0) return <Empty text={t('analytics.empty.scatter')} />;
  const colourBy = dimension === 'date' ? 'technology' : dimension;
  return (
    <>
      <EChart
        option={option}
        label={t('analytics.charts.scatter', {
          ...names,
          dimension: t(`analytics.dimensions.${colourBy}`),
          count: points.length,
        })}
        height={380}
        testId="chart-scatter"
        onItemClick={(c) => openItem(onOpen)(c.data)}
      />
      <Coverage>
        <CoverageCounts total={result.total} measured={result.measured} state={state} />
        <p data-testid="scatter-sample">
          {result.sample_size < result.measured
            ? t('analytics.coverage.sample', { shown: result.sample_size, measured: result.measured })
            : t('analytics.coverage.sample_all', { count: result.sample_size })}
        </p>
      </Coverage>
    </>
  );
}
