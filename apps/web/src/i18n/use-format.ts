import { useMemo } from 'react';
import { createFormatters, type Formatters } from './formatters.ts';
import { useTranslation } from './use-translation.ts';

/** Intl formatters for the active locale. */
export function useFormat(): Formatters {
  const { locale } = useTranslation();
  return useMemo(() => createFormatters(locale), [locale]);
}
