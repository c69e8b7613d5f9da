import type { DiscoverySource } from '@preciofab/shared/contracts/discovery';
import { plural } from '../../../i18n/plural.ts';

/** What a source looked like when a run of it was queued. */
export type RunStart = Pick<DiscoverySource, 'total_discovered' | 'last_run_at'>;

/** The end of a run queued from `start`, as the source now reads: how many new candidates it
 * found, 'failed', or null while it has not ended yet. A run has ended once the source is no longer
 * queued or running and its last-run time moved; its total then grew by exactly what the run saved
 * (the worker adds them in the transaction that ends the run, and runs of one source never
 * overlap). */
export function runEnd(start: RunStart, now: DiscoverySource): number | 'failed' | null {
  if (now.status === 'queued' || now.status === 'running') return null;
  if (now.last_run_at === null || now.last_run_at === start.last_run_at) return null;
  if (now.status === 'failed') return 'failed';
  return Math.max(0, now.total_discovered - start.total_discovered);
}

const FOUND_KEYS = {
  card: {
    none: 'discovery.sources.run_found_none',
    one: 'discovery.sources.run_found_one',
    other: 'discovery.sources.run_found',
  },
  toast: {
    none: 'discovery.sources.run_found_none_toast',
    one: 'discovery.sources.run_found_toast_one',
    other: 'discovery.sources.run_found_toast',
  },
} as const;

/** The text saying what an ended run found, on its card or in a toast: none said in words. */
export function runFoundKey(where: keyof typeof FOUND_KEYS, count: number, locale: string) {
  const keys = FOUND_KEYS[where];
  return count === 0 ? keys.none : plural(locale, count, keys);
}
