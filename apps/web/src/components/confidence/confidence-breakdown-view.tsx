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

/** The notes under each bar: the factor behind each component's score. */
function useNotes(b: ConfidenceBreakdown): Record<ComponentName, string> {
  const { t } = useTranslation();
  const deviation = b.price_consistency.factors.price_deviation;
  return {
    source: t('confidence.notes.source', { count: b.source_reliability.factors.vendor_observations }),
    complete: t('confidence.notes.complete', {
      present: b.data_completeness.factors.present_fields,
      required: b.data_completeness.factors.required_fields,
    }),
    consistent:
      deviation === null
        ? t('confidence.notes.consistent_none')
        : t('confidence.notes.consistent', {
            deviation,
            count: b.price_consistency.factors.similar_observations,
          }),
    fresh: t('confidence.notes.fresh', { days: b.temporal_relevance.factors.age_days }),
  };
}

/** Radar over Source, Complete, Consistent and Fresh, then one bar with its note per component. */
export function ConfidenceBreakdownView({ breakdown }: { breakdown: ConfidenceBreakdown }) {
  const { t } = useTranslation();
  const format = useFormat();
  const scores = componentScores(breakdown);
  const notes = useNotes(breakdown);
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
