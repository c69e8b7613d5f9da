import { PRICE_TYPES, UNITS } from '@preciofab/shared/catalogue';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { spaced } from '../utils/price-display.ts';

const isUnit = (unit: string): unit is (typeof UNITS)[number] => (UNITS as readonly string[]).includes(unit);
const isPriceType = (type: string): type is (typeof PRICE_TYPES)[number] =>
  (PRICE_TYPES as readonly string[]).includes(type);

/** 'cm3' → 'cm³'; a unit outside the catalogue is shown as stored. */
export function useUnitLabel() {
  const { t } = useTranslation();
  return (unit: string) => (isUnit(unit) ? t(`prices.units.${unit}`) : unit);
}

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
