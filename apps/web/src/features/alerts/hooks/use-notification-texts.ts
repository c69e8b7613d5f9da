import { useCallback, useMemo } from 'react';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import type { Notification } from '../api/get-notifications.ts';
import {
  notificationTexts,
  signedPercentFormat,
  type NotificationTexts,
} from '../utils/notification-text.ts';

/** A notification's sentence, detail and evidence in the active language. */
export function useNotificationTexts(): (notification: Notification) => NotificationTexts {
  const { t, locale } = useTranslation();
  const fmt = useFormat();
  const label = useValueLabel();
  const signedPercent = useMemo(() => signedPercentFormat(locale), [locale]);
  return useCallback(
    (notification: Notification) => notificationTexts(notification, { t, fmt, label, signedPercent }),
    [t, fmt, label, signedPercent],
  );
}
