import { Card } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

const TIPS = ['filters', 'sort', 'evidence', 'confidence', 'views'] as const;

/** Spec §2: a list of 5 tips. */
export function AnalyticsTips() {
  const { t } = useTranslation();
  return (
    <Card title={t('analytics.tips.title')} className="analytics-tips">
      <ul className="analytics-tips__list" data-testid="analytics-tips">
        {TIPS.map((tip) => (
          <li key={tip}>{t(`analytics.tips.items.${tip}`)}</li>
        ))}
      </ul>
    </Card>
  );
}
