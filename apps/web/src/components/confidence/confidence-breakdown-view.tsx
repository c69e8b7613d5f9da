import { useMemo } from 'react';
import type { ConfidenceBreakdown } from '@preciofab/shared/contracts/observations';
import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EChart } from '../charts/echart.tsx';
import { buildRadarOption } from '../charts/radar-option.ts';
import { Meter } from '../ui/meter.tsx';
import {
  COMPONENTS,
  componentScores,
  confidencePercent,
  displayedTone,
  type ComponentName,
} from './confidence-tone.ts';

/** A breakdown averaged over many observations (the analytics card), not one observation's. */
export type ConfidenceAggregate = { observations: number };

/** The notes under each bar: the factor behind each component's score, of one observation or, for
 * an aggregate, averaged over its observations. */
function useNotes(
  b: ConfidenceBreakdown,
  aggregate: ConfidenceAggregate | undefined,
): Record<ComponentName, string> {
  const { t } = useTranslation();
  const notes = aggregate ? 'confidence.aggregate.notes' : 'confidence.notes';
  const deviation = b.price_consistency.factors.price_deviation;
  return {
    source: t(`${notes}.source`, { count: b.source_reliability.factors.vendor_observations }),
    complete: t(`${notes}.complete`, {
      present: b.data_completeness.factors.present_fields,
      required: b.data_completeness.factors.required_fields,
    }),
    consistent:
      deviation === null
        ? t(`${notes}.consistent_none`)
        : t(`${notes}.consistent`, {
            deviation,
            count: b.price_consistency.factors.similar_observations,
          }),
    fresh: t(`${notes}.fresh`, { count: b.temporal_relevance.factors.age_days }),
  };
}

/** Radar over Source, Complete, Consistent and Fresh, then one bar with its note per component;
 * an aggregate first says how many observations it averages. */
export function ConfidenceBreakdownView({
  breakdown,
  aggregate,
}: {
  breakdown: ConfidenceBreakdown;
  aggregate?: ConfidenceAggregate;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const scores = componentScores(breakdown);
  const notes = useNotes(breakdown, aggregate);
  const names = COMPONENTS.map((c) => t(`confidence.components.${c}`));
  const option = useMemo(() => {
    const s = componentScores(breakdown);
    return buildRadarOption(
      COMPONENTS.map((c) => ({ name: t(`confidence.components.${c}`), score: s[c] })),
      t('confidence.title'),
    );
  }, [breakdown, t]);
  const summary = COMPONENTS.map(
    (c, i) => `${names[i]} ${format.percent(confidencePercent(scores[c]))}`,
  ).join(', ');
  return (
    <div className="confidence-breakdown">
      {aggregate && (
        <p className="confidence-breakdown__scope" data-testid="confidence-aggregate">
          {t('confidence.aggregate.summary', { count: aggregate.observations })}
        </p>
      )}
      <EChart
        option={option}
        label={t('confidence.radar_label', { summary })}
        height={190}
        testId="confidence-radar"
      />
      <ul className="confidence-breakdown__bars">
        {COMPONENTS.map((c, i) => (
          <li key={c}>
            <Meter
              label={names[i]!}
              value={confidencePercent(scores[c])}
              valueText={format.percent(confidencePercent(scores[c]))}
              tone={displayedTone(scores[c])}
            />
            <p className="confidence-breakdown__note">{notes[c]}</p>
          </li>
        ))}
      </ul>
      <p className="confidence-breakdown__weights">{t('confidence.weights')}</p>
    </div>
  );
}
