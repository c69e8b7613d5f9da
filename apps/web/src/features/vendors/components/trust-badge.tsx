import { Badge } from '../../../components/ui/badge.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isReliable, TRUST_TONE, trustLevel } from '../utils/trust-level.ts';

/** The trust score as a percent badge: green, amber or red; the tooltip says when it is reliable. */
export function TrustBadge({ score }: { score: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const level = trustLevel(score);
  const percent = format.percent(score * 100);
  const description = isReliable(score)
    ? t('vendors.trust.reliable')
    : t(`vendors.trust.${level}`, { percent });
  return (
    <span title={description} className="trust-badge" data-testid="trust-badge" data-level={level}>
      <Badge tone={TRUST_TONE[level]}>{percent}</Badge>
      <span className="visually-hidden">{description}</span>
    </span>
  );
}
