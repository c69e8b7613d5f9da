import type { ReviewReasonItem } from '@preciofab/shared/contracts/review';
import { Badge } from '../../../components/ui/badge.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { reasonText } from '../utils/reason-text.ts';

/** Why an observation was held: each reason by name, with its figures beside it. */
export function ReasonList({ reasons }: { reasons: readonly ReviewReasonItem[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="review-reasons" data-testid="review-reasons">
      {reasons.map((reason) => {
        const text = reasonText(reason, t, format);
        return (
          <li key={reason.code} data-reason={reason.code}>
            <Badge tone={reason.code === 'new_vendor' ? 'neutral' : 'warning'}>{text.label}</Badge>
            <span className="review-reasons__detail">{text.detail}</span>
          </li>
        );
      })}
    </ul>
  );
}
