import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { CANDIDATES_QUERY_KEY } from '../api/get-candidates.ts';
import type { DiscoverySource } from '../api/get-sources.ts';
import { runEnd, runFoundKey, type RunStart } from '../utils/run-outcome.ts';

/**
 * What the runs started from this page found: a run that ends says how many new candidates it
 * added, none included ("ningún candidato nuevo"), in a toast and on its card until the next run,
 * rather than leaving a queued-run toast as the last word. Lives on the page, so switching tabs
 * while a run is pending loses nothing.
 */
export function useRunOutcomes(sources: readonly DiscoverySource[] | undefined) {
  const { t, locale } = useTranslation();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<ReadonlyMap<string, RunStart>>(() => new Map());
  const [found, setFound] = useState<ReadonlyMap<string, number>>(() => new Map());

  useEffect(() => {
    if (!sources || started.size === 0) return;
    const waiting = new Map(started);
    const ended = new Map<string, number>();
    for (const [id, start] of started) {
      const now = sources.find((source) => source.id === id);
      const end = now ? runEnd(start, now) : 'failed';
      if (end === null) continue;
      // A failed run says so on its card already.
      waiting.delete(id);
      if (end === 'failed' || !now) continue;
      ended.set(id, end);
      toast.success(t(runFoundKey('toast', end, locale), { name: now.name, count: end }));
    }
    if (waiting.size === started.size) return;
    setStarted(waiting);
    if (ended.size > 0) {
      setFound((previous) => new Map([...previous, ...ended]));
      // A run too quick to be seen pending still brings its candidates.
      void queryClient.invalidateQueries({ queryKey: CANDIDATES_QUERY_KEY });
    }
  }, [sources, started, t, locale, queryClient]);

  /** Called once a run of `source` (as the list showed it before) is queued. */
  const runQueued = useCallback((source: DiscoverySource) => {
    setStarted((previous) => new Map(previous).set(source.id, source));
    setFound((previous) => {
      const next = new Map(previous);
      next.delete(source.id);
      return next;
    });
  }, []);

  return { found, runQueued };
}
