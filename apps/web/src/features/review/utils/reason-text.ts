import type { ReviewReasonItem } from '@preciofab/shared/contracts/review';
import type { Formatters } from '../../../i18n/formatters.ts';
import type { Translate } from '../../../i18n/use-translation.ts';

export type ReasonText = { code: ReviewReasonItem['code']; label: string; detail: string };

/** The jump is a size (the API sends it unsigned): its sign comes from the two prices. */
const signedJump = (
  reason: { previous_price: number; price: number; jump_percent: number },
  format: Formatters,
) => `${reason.price < reason.previous_price ? '−' : '+'}${format.percent(Math.abs(reason.jump_percent))}`;

/** A reason in words with the figures that triggered it: the confidence against the threshold,
 * the price against its group's P10–P90 and the factor, the jump against its limit. */
export function reasonText(reason: ReviewReasonItem, t: Translate, format: Formatters): ReasonText {
  const label = t(`review.reasons.${reason.code}`);
  switch (reason.code) {
    case 'currency_uncertain': {
      const basis = t(`currency_basis.${reason.basis}`);
      const detail = reason.mark
        ? t('review.reason_detail.currency_uncertain_mark', { basis, mark: reason.mark })
        : t('review.reason_detail.currency_uncertain', { basis });
      return { code: reason.code, label, detail };
    }
    case 'low_confidence':
      return {
        code: reason.code,
        label,
        detail: t('review.reason_detail.low_confidence', {
          confidence: format.scorePercent(reason.confidence),
          threshold: format.scorePercent(reason.threshold),
        }),
      };
    case 'outlier': {
      const values = {
        price: format.usdPerUnit(reason.price_net_usd),
        p10: format.usdPerUnit(reason.p10),
        p90: format.usdPerUnit(reason.p90),
        // A plain number, written for the locale: '2', '1.5'.
        factor: reason.factor,
      };
      const below = reason.price_net_usd < reason.p10;
      return {
        code: reason.code,
        label,
        detail: t(below ? 'review.reason_detail.outlier_low' : 'review.reason_detail.outlier_high', values),
      };
    }
    case 'price_jump':
      return {
        code: reason.code,
        label,
        detail: t('review.reason_detail.price_jump', {
          previous: format.money(reason.previous_price, reason.currency),
          price: format.money(reason.price, reason.currency),
          jump: signedJump(reason, format),
          threshold: format.percent(reason.threshold_percent),
        }),
      };
    case 'new_vendor':
      return { code: reason.code, label, detail: t('review.reason_detail.new_vendor') };
  }
}
