import { PRICE_TYPES } from '@preciofab/shared/catalogue';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import { spaced } from '../utils/price-display.ts';

const isPriceType = (type: string): type is (typeof PRICE_TYPES)[number] =>
  (PRICE_TYPES as readonly string[]).includes(type);

export function UnitLabel({ unit }: { unit: string }) {
  return <>{useUnitLabel()(unit)}</>;
}

/** The translated type; an unknown one with its underscores shown as spaces (spec §2). */
export function usePriceTypeLabel() {
  const { t } = useTranslation();
  return (type: string) => (isPriceType(type) ? t(`prices.types.${type}`) : spaced(type));
}

export function PriceTypeLabel({ type }: { type: string }) {
  return <span className="prices-table__type">{usePriceTypeLabel()(type)}</span>;
}
