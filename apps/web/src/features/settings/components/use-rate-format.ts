import { useMemo } from 'react';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** How a rate reads: up to 6 decimals (a strong currency's rate is a fraction: 0.307 KWD per USD),
 * its effective date in the locale, and a currency's name in the UI language. */
export function useRateFormat() {
  const { locale } = useTranslation();
  const format = useFormat();
  return useMemo(() => {
    const units = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
    const names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'code' });
    return {
      units: (value: number) => units.format(value),
      // A YYYY-MM-DD at noon UTC is the same calendar day in every time zone the console runs in.
      day: (isoDate: string) => format.date(`${isoDate}T12:00:00Z`),
      currencyName: (code: string) => {
        try {
          const name = names.of(code);
          return name && name !== code ? name : '';
        } catch {
          return '';
        }
      },
    };
  }, [locale, format]);
}
