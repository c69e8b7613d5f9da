import { useCallback, useMemo } from 'react';
import type { ViewKey } from '@preciofab/shared/contracts/observation-views';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import { monthLabel } from '../../../lib/month-label.ts';
import type { Aggregation, Dimension, Measure } from './explorer-state.ts';

export type KeyLabel = (dimension: Dimension, key: ViewKey, baseUnit?: string | null) => string;

/** The label of a group: its value translated (technology, material), named (vendor), or as a
 * month (date); "not specified" when it has none; with its base unit when it has one. */
export function useKeyLabel(): KeyLabel {
  const { t, locale } = useTranslation();
  const unitLabel = useUnitLabel();
  const valueLabel = useValueLabel();
  return useCallback<KeyLabel>(
    (dimension, key, baseUnit) => {
      const group =
        key.value === null
          ? t('analytics.not_specified')
          : dimension === 'vendor'
            ? (key.label ?? key.value)
            : dimension === 'date'
              ? monthLabel(locale, key.value)
              : valueLabel(dimension, key.value);
      return baseUnit ? t('analytics.charts.group_unit', { group, unit: unitLabel(baseUnit) }) : group;
    },
    [t, locale, unitLabel, valueLabel],
  );
}

/** The names of the selected dimension, measure and aggregation, for headers, axes and labels. */
export function useViewNames(dimension: Dimension, measure: Measure, aggregation: Aggregation) {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      dimension: t(`analytics.dimensions.${dimension}`),
      measure: t(`analytics.measures.${measure}`),
      aggregation: t(`analytics.aggregations.${aggregation}`),
    }),
    [t, dimension, measure, aggregation],
  );
}
