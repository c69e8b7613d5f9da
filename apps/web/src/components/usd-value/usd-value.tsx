import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useUnitLabel } from '../../i18n/use-unit-label.ts';
import { Badge } from '../ui/badge.tsx';
import { usdText, type UsdFacts } from './usd-value-text.ts';
import './usd-value.css';

/** A price's USD value per base unit, or a badge saying why it has none (its title, and a hidden
 * text for screen readers, give the reason with the currency and date). */
export function UsdValue({ facts }: { facts: UsdFacts }) {
  const { t } = useTranslation();
  const format = useFormat();
  const unitLabel = useUnitLabel();
  const shown = usdText(facts, t, format, unitLabel);
  if (shown.kind === 'value') {
    return (
      <span className="usd-value" data-testid="usd-value" data-status="converted">
        {shown.text}
      </span>
    );
  }
  return (
    <span className="usd-value" data-testid="usd-value" data-status={shown.status} title={shown.reason}>
      <Badge tone={shown.status === 'no_rate' ? 'warning' : 'neutral'}>{shown.label}</Badge>
      <span className="visually-hidden">{shown.reason}</span>
    </span>
  );
}
