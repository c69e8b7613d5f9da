import { describe, expect, it } from 'vitest';
import { alertRuleCreateBody, alertRuleUpdateBody, notificationSchema } from './alerts.ts';
import { alertsEvaluatePayload, jobContracts } from './jobs.ts';
import { socketMessageSchema } from './pipeline.ts';

const VENDOR = '7f9c1a0e-3b4d-4c5e-8f60-1a2b3c4d5e6f';
const messages = (input: unknown) => {
  const r = alertRuleCreateBody.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('alert rule contract', () => {
  it('takes each kind with the thresholds it needs, nulls for the rest', () => {
    const ok = [
      { kind: 'price_change', change_percent: 10, vendor_id: VENDOR },
      { kind: 'price_change', change_amount: 50, change_currency: 'MXN', category: 'laser_cutting' },
      { kind: 'new_offer', category: 'materials', subcategory: 'Filaments' },
      { kind: 'offer_gone', missed_crawls: 3, offer_id: VENDOR },
      { kind: 'target_failing', failures: 5, region: 'CDMX' },
      { kind: 'discovery_candidate', min_confidence: 0.7 },
      { kind: 'benchmark_move', change_percent: 15, category: 'cnc_machining' },
    ];
    for (const rule of ok) expect(messages({ name: 'Rule', ...rule }), rule.kind).toEqual([]);
    const parsed = alertRuleCreateBody.parse({
      name: '  Rule  ',
      kind: 'discovery_candidate',
      min_confidence: 0.5,
    });
    expect(parsed).toMatchObject({ name: 'Rule', active: true, vendor_id: null, change_percent: null });
  });

  it('refuses a missing threshold, a field the kind ignores and an amount without its currency', () => {
    expect(messages({ name: 'R', kind: 'price_change' })).toEqual([
      'change_percent:validation.alert_change_required',
    ]);
    expect(messages({ name: 'R', kind: 'offer_gone' })).toEqual([
      'missed_crawls:validation.alert_threshold_required',
    ]);
    expect(
      messages({ name: 'R', kind: 'discovery_candidate', min_confidence: 0.5, vendor_id: VENDOR }),
    ).toEqual(['vendor_id:validation.alert_field_not_applicable']);
    expect(messages({ name: 'R', kind: 'target_failing', failures: 2, missed_crawls: 2 })).toEqual([
      'missed_crawls:validation.alert_field_not_applicable',
    ]);
    expect(messages({ name: 'R', kind: 'price_change', change_amount: 5 })).toEqual([
      'change_currency:validation.alert_currency_required',
    ]);
    expect(messages({ name: 'R', kind: 'new_offer', subcategory: 'FDM' })).toEqual([
      'category:validation.alert_subcategory_needs_category',
    ]);
    expect(messages({ name: ' ', kind: 'new_offer' })).toEqual(['name:validation.alert_rule_name_required']);
  });

  it('bounds every threshold and refuses unknown fields', () => {
    const bad = [
      { kind: 'price_change', change_percent: 0 },
      { kind: 'price_change', change_percent: 1001 },
      { kind: 'offer_gone', missed_crawls: 0 },
      { kind: 'offer_gone', missed_crawls: 1.5 },
      { kind: 'target_failing', failures: 101 },
      { kind: 'discovery_candidate', min_confidence: 1.2 },
      { kind: 'price_change', change_amount: 5, change_currency: 'usd' },
      { kind: 'new_offer', owner_id: VENDOR },
      { kind: 'nonsense' },
    ];
    for (const rule of bad) expect(messages({ name: 'R', ...rule }), JSON.stringify(rule)).not.toEqual([]);
    expect(alertRuleUpdateBody.safeParse({ kind: 'new_offer' }).success).toBe(false);
    expect(alertRuleUpdateBody.parse({ change_percent: null, subcategory: '' })).toEqual({
      change_percent: null,
      subcategory: null,
    });
  });

  it('reads a notification by its kind', () => {
    const base = { id: 'n', alert_id: 'a', rule_id: null, rule_name: 'R', created_at: 'x', read_at: null };
    const data = { source_id: null, source_name: 'S', count: 1, candidates: [] };
    expect(notificationSchema.safeParse({ ...base, kind: 'discovery_candidate', data }).success).toBe(true);
    expect(notificationSchema.safeParse({ ...base, kind: 'benchmark_move', data }).success).toBe(false);
  });
});

describe('alerts.evaluate job contract', () => {
  it('takes each event with its own fields', () => {
    const id = VENDOR;
    for (const payload of [
      { event: 'observations_stored', observation_ids: [id] },
      { event: 'crawl_run_finished', run_id: id },
      { event: 'discovery_run_finished', source_id: id, run_key: 'job', candidate_ids: [id] },
      { event: 'benchmark_calculated', calculation_id: id },
    ]) {
      expect(alertsEvaluatePayload.parse(payload)).toEqual(payload);
    }
    expect(jobContracts['alerts.evaluate'].payload).toBe(alertsEvaluatePayload);
  });

  it('refuses an unknown event, a bad id, and an unbounded list', () => {
    const bad = [
      { event: 'something', run_id: VENDOR },
      { event: 'crawl_run_finished', run_id: 'nope' },
      { event: 'observations_stored', observation_ids: [] },
      { event: 'observations_stored', observation_ids: Array.from({ length: 5001 }, () => VENDOR) },
      { event: 'benchmark_calculated' },
    ];
    for (const payload of bad) expect(alertsEvaluatePayload.safeParse(payload).success).toBe(false);
  });
});

describe('socket messages', () => {
  it('tells a notifications update from a pipeline update by its type', () => {
    expect(socketMessageSchema.parse({ type: 'notifications_update', unread: 3 })).toEqual({
      type: 'notifications_update',
      unread: 3,
    });
    expect(socketMessageSchema.safeParse({ type: 'notifications_update', unread: -1 }).success).toBe(false);
  });
});
