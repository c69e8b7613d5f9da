import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/** Sets "<page> · PrecioFab" as the tab title, in the active language. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const title = t('app.document_title', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
