import type { AlertKind } from '@preciofab/shared/contracts/alerts';
import {
  ALERTS_EVALUATE_JOB,
  ALERTS_EVALUATE_MAX_IDS,
  type AlertsEvaluatePayload,
} from '@preciofab/shared/contracts/jobs';
import type { Db } from '../client.ts';
import { createJobQueue } from '../job-queue.ts';
import { createLocalPubSub } from '../pubsub.ts';
import { alertRulesRepository } from './alert-rules.repository.ts';
import { alertsRepository } from './alerts.repository.ts';

/** The kinds each event can raise: an event no active rule could turn into an alert is not queued. */
const EVENT_KINDS: Record<AlertsEvaluatePayload['event'], readonly AlertKind[]> = {
  observations_stored: ['price_change', 'new_offer'],
  crawl_run_finished: ['offer_gone', 'target_failing'],
  discovery_run_finished: ['discovery_candidate'],
  benchmark_calculated: ['benchmark_move'],
};

// Queued without the wake-up notice: a runner polls every second, alerts are not that urgent, and
// a NOTIFY in every write transaction would serialize their commits on PostgreSQL (a notifying
// transaction takes a global lock at commit).
const silent = createLocalPubSub();

async function wanted(db: Db, event: AlertsEvaluatePayload['event']): Promise<boolean> {
  const kinds = await alertRulesRepository.activeKinds(db);
  return EVENT_KINDS[event].some((k) => kinds.has(k));
}

function enqueue(tx: Db, payload: AlertsEvaluatePayload): Promise<string | null> {
  return createJobQueue(tx, silent).enqueue(ALERTS_EVALUATE_JOB, payload, {}, tx);
}

/**
 * The write paths' one call each, made inside the transaction of the change so the evaluation is
 * queued if and only if the change commits. Each costs nothing (a cached answer) while no active
 * rule of a kind the event can raise exists.
 */
export const alertTriggers = {
  EVENT_KINDS,

  /** Prices were stored (a crawl batch, a posted price, an import chunk). */
  async observationsStored(tx: Db, ids: readonly string[]): Promise<void> {
    if (ids.length === 0 || !(await wanted(tx, 'observations_stored'))) return;
    for (let i = 0; i < ids.length; i += ALERTS_EVALUATE_MAX_IDS) {
      const chunk = ids.slice(i, i + ALERTS_EVALUATE_MAX_IDS);
      await enqueue(tx, { event: 'observations_stored', observation_ids: chunk });
    }
  },

  /** A crawl run completed. */
  async crawlRunFinished(tx: Db, runId: string): Promise<void> {
    if (!(await wanted(tx, 'crawl_run_finished'))) return;
    await enqueue(tx, { event: 'crawl_run_finished', run_id: runId });
  },

  /** A discovery run saved its candidates in this transaction; `runKey` names the run (its job id). */
  async discoveryRunFinished(tx: Db, sourceId: string, runKey: string): Promise<void> {
    if (!(await wanted(tx, 'discovery_run_finished'))) return;
    const ids = await alertsRepository.candidatesSavedNow(tx, sourceId, ALERTS_EVALUATE_MAX_IDS);
    if (ids.length === 0) return;
    await enqueue(tx, {
      event: 'discovery_run_finished',
      source_id: sourceId,
      run_key: runKey,
      candidate_ids: ids,
    });
  },

  /** A benchmark calculation stored its groups. */
  async benchmarkCalculated(tx: Db, calculationId: string): Promise<void> {
    if (!(await wanted(tx, 'benchmark_calculated'))) return;
    await enqueue(tx, { event: 'benchmark_calculated', calculation_id: calculationId });
  },
};
