import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useAuthToken } from '../../../lib/auth-token.ts';
import type { LinkState, PipelineMessage, Timers } from '../utils/pipeline-client.ts';
import { COMPLETED_HIDE_MS } from '../utils/pipeline-stages.ts';

const browserTimers: Timers = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
};

/** The live link to the pipeline socket and its latest update. The server renders messages in
 * the language named on connect, so a language switch reconnects. */
export function usePipelineStatus() {
  const token = useAuthToken();
  const { language } = useTranslation();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<LinkState>('disconnected');
  const [message, setMessage] = useState<PipelineMessage | null>(null);

  useEffect(() => {
    if (!token) return;
    // The client checks every message with the shared zod contract: loaded after the first paint,
    // it keeps zod out of the JavaScript the dashboard needs to show (issue 4: 170 KB gzipped).
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../utils/pipeline-client.ts').then(({ createPipelineClient, pipelineSocketUrl }) => {
      if (cancelled) return;
      const client = createPipelineClient({
        url: () => pipelineSocketUrl(window.location, token, language),
        createSocket: (url) => new WebSocket(url),
        timers: browserTimers,
        onState: setLink,
        onMessage: setMessage,
      });
      client.start();
      stop = () => client.stop();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, language]);

  useEffect(() => {
    if (message?.status !== 'completed') return;
    // A finished job changed the counts on the dashboard.
    void queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] });
    const timer = window.setTimeout(() => setMessage(null), COMPLETED_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [message, queryClient]);

  return { link, message };
}
