import type { Db } from '@preciofab/db/client';
import { alertChannelsRepository } from '@preciofab/db/repositories/alert-channels.repository';
import {
  alertRulesRepository,
  type ActiveAlertRule,
} from '@preciofab/db/repositories/alert-rules.repository';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import { alertsRepository, type AlertWrite } from '@preciofab/db/repositories/alerts.repository';
import type { AlertKind } from '@preciofab/shared/contracts/alerts';
import type { AlertsEvaluatePayload } from '@preciofab/shared/contracts/jobs';
import {
  benchmarkMoveAlert,
  discoveryAlert,
  newOfferAlert,
  offerGoneAlert,
  priceChangeAlert,
  targetFailingAlert,
} from './alert-match.ts';

const byKind = (rules: readonly ActiveAlertRule[], kind: AlertKind) => rules.filter((r) => r.kind === kind);
const smallest = (values: (number | null)[]) => Math.min(...values.filter((v): v is number => v !== null));

/** The alerts one event raises under the active rules, with their in-app recipients, before storage (which drops the ones
 * already raised: a repeated event stores nothing new). Reads only; no rule, no query. */
export async function alertsForEvent(db: Db, event: AlertsEvaluatePayload): Promise<AlertWrite[]> {
  const rules = await alertRulesRepository.listActive(db, alertTriggers.EVENT_KINDS[event.event]);
  if (rules.length === 0) return [];
  const out: (AlertWrite | null)[] = [];
  switch (event.event) {
    case 'observations_stored': {
      const changes = await alertsRepository.observationChanges(db, event.observation_ids);
      for (const o of changes) {
        for (const rule of byKind(rules, 'price_change')) out.push(priceChangeAlert(rule, o));
        for (const rule of byKind(rules, 'new_offer')) out.push(newOfferAlert(rule, o));
      }
      break;
    }
    case 'crawl_run_finished': {
      const gone = byKind(rules, 'offer_gone');
      if (gone.length > 0) {
        const offers = await alertsRepository.goneOffers(
          db,
          event.run_id,
          smallest(gone.map((r) => r.missed_crawls)),
        );
        for (const g of offers) for (const rule of gone) out.push(offerGoneAlert(rule, g));
      }
      const failing = byKind(rules, 'target_failing');
      if (failing.length > 0) {
        const targets = await alertsRepository.failingTargets(
          db,
          event.run_id,
          smallest(failing.map((r) => r.failures)),
        );
        for (const t of targets)
          for (const rule of failing) out.push(targetFailingAlert(rule, t, event.run_id));
      }
      break;
    }
    case 'discovery_run_finished': {
      const candidates = await alertsRepository.candidates(db, event.candidate_ids);
      const source = { id: event.source_id, name: candidates[0]?.source_name ?? '' };
      for (const rule of rules) out.push(discoveryAlert(rule, candidates, source, event.run_key));
      break;
    }
    case 'benchmark_calculated': {
      const moves = await alertsRepository.benchmarkMoves(db, event.calculation_id);
      for (const b of moves) for (const rule of rules) out.push(benchmarkMoveAlert(rule, b));
      break;
    }
  }
  const found = out.filter((a): a is AlertWrite => a !== null);
  // Who sees each rule's alerts in the console: its owner unless they opted out, and whoever chose it
  // (alert_subscriptions, the channels' per-user choice). Read once per rule that fired.
  const audience = new Map<string, readonly string[]>();
  for (const ruleId of new Set(found.map((a) => a.rule_id))) {
    audience.set(ruleId, await alertChannelsRepository.inAppUserIds(db, ruleId));
  }
  return found.map((a) => ({ ...a, notify: audience.get(a.rule_id) ?? [] }));
}
