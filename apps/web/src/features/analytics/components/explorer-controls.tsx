import type { Dispatch } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import { isoCurrencyOptions } from '../../../lib/currency-options.ts';
import {
  AGGREGATIONS,
  DIMENSIONS,
  FILTER_TECHNOLOGIES,
  MEASURES,
  VIEWS,
  type ExplorerAction,
  type ExplorerFilter,
  type ExplorerState,
  type ExplorerView,
} from '../utils/explorer-state.ts';

export function ViewSwitch({
  view,
  onChange,
}: {
  view: ExplorerView;
  onChange: (view: ExplorerView) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="explorer__views" role="group" aria-label={t('analytics.explorer.views_label')}>
      {VIEWS.map((v) => (
        <Button
          key={v}
          size="sm"
          variant={v === view ? 'primary' : 'secondary'}
          aria-pressed={v === view}
          data-testid={`view-${v}`}
          onClick={() => onChange(v)}
        >
          {t(`analytics.explorer.views.${v}`)}
        </Button>
      ))}
    </div>
  );
}

type FiltersProps = {
  filters: readonly ExplorerFilter[];
  onAdd: (filter: ExplorerFilter) => void;
  onRemove: (index: number) => void;
};

/** Spec §2: field, operator and value with a Remove button each; a technology dropdown adds one,
 * and a currency dropdown (any active ISO code, named in the UI language) adds "currency = CODE". */
export function ActiveFilters({ filters, onAdd, onRemove }: FiltersProps) {
  const { t, locale } = useTranslation();
  const valueText = useValueLabel();
  const fieldLabel = (f: ExplorerFilter) =>
    f.field === 'technology' || f.field === 'material' || f.field === 'vendor_name' || f.field === 'currency'
      ? t(`analytics.fields.${f.field}`)
      : f.field;
  const valueLabel = (f: ExplorerFilter) =>
    f.field === 'technology' || f.field === 'material' ? valueText(f.field, f.value) : f.value;
  return (
    <div className="explorer__filters">
      <div className="explorer__filter-list">
        <h3 className="explorer__subtitle">{t('analytics.filters.title')}</h3>
        {filters.length === 0 ? (
          <p className="explorer__muted">{t('analytics.filters.none')}</p>
        ) : (
          <ul data-testid="active-filters">
            {filters.map((f, i) => {
              const operator = t(`analytics.operators.${f.operator}`);
              return (
                <li
                  key={`${f.field}-${f.operator}-${f.value}`}
                  className="explorer__filter"
                  data-testid="active-filter"
                >
                  <span className="explorer__filter-field">{fieldLabel(f)}</span>
                  <span className="explorer__filter-op">{operator}</span>
                  <span className="explorer__filter-value">{valueLabel(f)}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onRemove(i)}
                    aria-label={t('analytics.filters.remove_label', {
                      field: fieldLabel(f),
                      operator,
                      value: valueLabel(f),
                    })}
                  >
                    {t('analytics.filters.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="explorer__adders">
        <label className="explorer__select">
          <span>{t('analytics.filters.technology')}</span>
          <select
            value=""
            data-testid="technology-filter"
            onChange={(event) => {
              if (event.target.value)
                onAdd({ field: 'technology', operator: 'eq', value: event.target.value });
            }}
          >
            <option value="">{t('analytics.filters.technology_placeholder')}</option>
            {FILTER_TECHNOLOGIES.map((tech) => (
              <option key={tech} value={tech}>
                {valueText('technology', tech)}
              </option>
            ))}
          </select>
        </label>
        <label className="explorer__select">
          <span>{t('analytics.filters.currency')}</span>
          <select
            value=""
            data-testid="currency-filter"
            onChange={(event) => {
              if (event.target.value) onAdd({ field: 'currency', operator: 'eq', value: event.target.value });
            }}
          >
            <option value="">{t('analytics.filters.currency_placeholder')}</option>
            {isoCurrencyOptions(locale).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}

/** Dimension, measure and aggregation for the non-table views. */
export function ChartSelectors({
  state,
  dispatch,
}: {
  state: ExplorerState;
  dispatch: Dispatch<ExplorerAction>;
}) {
  const { t } = useTranslation();
  return (
    <div className="explorer__selectors">
      <label className="explorer__select">
        <span>{t('analytics.selectors.dimension')}</span>
        <select
          value={state.dimension}
          data-testid="dimension-select"
          onChange={(e) =>
            dispatch({ type: 'dimension', dimension: e.target.value as ExplorerState['dimension'] })
          }
        >
          {DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {t(`analytics.dimensions.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="explorer__select">
        <span>{t('analytics.selectors.measure')}</span>
        <select
          value={state.measure}
          data-testid="measure-select"
          onChange={(e) => dispatch({ type: 'measure', measure: e.target.value as ExplorerState['measure'] })}
        >
          {MEASURES.map((m) => (
            <option key={m} value={m}>
              {t(`analytics.measures.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="explorer__select">
        <span>{t('analytics.selectors.aggregation')}</span>
        <select
          value={state.aggregation}
          data-testid="aggregation-select"
          onChange={(e) =>
            dispatch({ type: 'aggregation', aggregation: e.target.value as ExplorerState['aggregation'] })
          }
        >
          {AGGREGATIONS.map((a) => (
            <option key={a} value={a}>
              {t(`analytics.aggregations.${a}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
