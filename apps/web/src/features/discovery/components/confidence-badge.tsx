import { Badge } from '../../../components/ui/badge.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { confidenceLevel, confidenceTone } from '../utils/confidence-tone.ts';

/** A candidate's confidence as a percent badge: green from 80 %, amber from 60 %, red below. */
export function ConfidenceBadge({ score }: { score: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = format.percent(Math.round(score * 100));
  return (
    <span
      className="discovery-confidence"
      data-testid="candidate-confidence"
      data-level={confidenceLevel(score)}
    >
      <span className="visually-hidden">{t('discovery.candidates.confidence_label')}</span>
      <Badge tone={confidenceTone(score)}>{percent}</Badge>
    </span>
  );
}
