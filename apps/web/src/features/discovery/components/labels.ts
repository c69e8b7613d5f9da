import { useCallback } from 'react';
import { APPROVAL_CATEGORIES } from '@preciofab/shared/contracts/discovery';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** A suggested category in words; a value outside the catalogue is shown as sent. */
export function useCategoryLabel() {
  const { t } = useTranslation();
  return useCallback(
    (category: string) => {
      const known = APPROVAL_CATEGORIES.find((c) => c === category);
      return known ? t(`discovery.categories.${known}`) : category.replaceAll('_', ' ');
    },
    [t],
  );
}
