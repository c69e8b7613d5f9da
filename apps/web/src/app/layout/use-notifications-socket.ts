import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UNREAD_COUNT_QUERY_KEY } from '../../features/alerts/api/get-unread-count.ts';
import { ALERT_RULES_QUERY_KEY } from '../../features/alerts/api/get-alert-rules.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../../features/alerts/api/get-notifications.ts';
import type { Timers } from '../../features/dashboard/utils/pipeline-client.ts';
import { languageStore } from '../../i18n/language-store.ts';
import { useAuthToken } from '../../lib/auth-token.ts';

const browserTimers: Timers = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
};

/**
 * Keeps the bell live on every screen: the pipeline socket sends the user's unread count on
 * connect and whenever it changes (a new alert, a notification read in another tab). The count
 * goes straight into the unread-count query; the notification lists (and, on a rise, the rules'
 * alert counts) are fetched again. Its own
 * link (the dashboard's panel has another while it shows), reconnecting as the panel's does; it
 * reads no pipeline message, so a language switch does not reconnect it.
 */
export function useNotificationsSocket(): void {
  const token = useAuthToken();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../../features/dashboard/utils/pipeline-client.ts').then(
      ({ createPipelineClient, pipelineSocketUrl }) => {
        if (cancelled) return;
        const client = createPipelineClient({
          url: () => pipelineSocketUrl(window.location, token, languageStore.get()),
          createSocket: (url) => new WebSocket(url),
          timers: browserTimers,
          onState: () => {},
          onMessage: () => {},
          onNotifications: ({ unread }) => {
            const shown = queryClient.getQueryData<{ unread: number }>(UNREAD_COUNT_QUERY_KEY);
            queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, { unread });
            if (shown?.unread === unread) return;
            void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
            // A new alert also counts on its rule's row.
            if (shown === undefined || unread > shown.unread)
              void queryClient.invalidateQueries({ queryKey: ALERT_RULES_QUERY_KEY });
          },
        });
        client.start();
        stop = () => client.stop();
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, queryClient]);
}
