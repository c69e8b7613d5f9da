import { useCallback } from 'react';
import { UNITS } from '@preciofab/shared/catalogue';
import { useTranslation } from './use-translation.ts';

const isUnit = (unit: string): unit is (typeof UNITS)[number] => (UNITS as readonly string[]).includes(unit);

/** 'cm3' → 'cm³'; a unit outside the catalogue is shown as stored. */
export function useUnitLabel(): (unit: string) => string {
  const { t } = useTranslation();
  return useCallback((unit: string) => (isUnit(unit) ? t(`prices.units.${unit}`) : unit), [t]);
}
