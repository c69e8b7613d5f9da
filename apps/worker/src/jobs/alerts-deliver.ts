import type { Db } from '@preciofab/db/client';
import { deliveriesRepository, type AttemptRecord } from '@preciofab/db/repositories/deliveries.repository';
import type { AlertData, AlertKind } from '@preciofab/shared/contracts/alerts';
import { DELIVERY_MAX_ATTEMPTS } from '@preciofab/shared/contracts/alert-channels';
import {
  ALERTS_DELIVER_JOB,
  alertDeliveryKey,
  type AlertsDeliverPayload,
  type JobQueue,
} from '@preciofab/shared/contracts/jobs';
import { renderAlertEmail, renderDigestEmail } from '../channels/alert-email.ts';
import type { ChannelSettings } from '../channels/channel-settings.ts';
import type { Mailer, MailOutcome } from '../channels/mailer.ts';
import { alertWebhookBody } from '@preciofab/shared/webhook-payload';
import { sendWebhook, webhookBackoffMs, type WebhookAttempt } from '@preciofab/fetch/webhook-sender';

export type DeliverDeps = {
  db: Db;
  queue: JobQueue<Db>;
  settings: ChannelSettings;
  /** null when SMTP_URL is unset. */
  mailer: Mailer | null;
  /** CRAWLER_ALLOWED_HOSTS: the address policy's exemptions, as for every URL a user supplies. */
  allowedHosts: readonly string[];
  now?: () => Date;
  random?: () => number;
};

export type DeliverResult =
  | { outcome: 'sent' | 'failed' | 'skipped'; attempt: number; reason?: string }
  | { outcome: 'retry'; attempt: number; nextAttemptAt: Date }
  /** Not queued, or not due (a second copy of the job, or a digest already sent). */
  | { outcome: 'not_due' };

const fromMail = (m: MailOutcome): AttemptRecord & { retryable: boolean; retryAfterMs: null } =>
  m.ok
    ? { outcome: 'sent', smtpReply: m.response, durationMs: 0, retryable: false, retryAfterMs: null }
    : {
        outcome: 'failed',
        errorCode: m.code,
        error: m.message,
        smtpReply: m.code.startsWith('smtp_') ? m.message : null,
        durationMs: 0,
        retryable: m.retryable,
        retryAfterMs: null,
      };

const fromWebhook = (
  a: WebhookAttempt,
): AttemptRecord & { retryable: boolean; retryAfterMs: number | null } => ({
  outcome: a.ok ? 'sent' : 'failed',
  httpStatus: a.status,
  errorCode: a.error,
  durationMs: a.durationMs,
  retryable: a.retryable,
  retryAfterMs: a.retryAfterMs,
});

/**
 * Records one attempt and what follows it in one transaction: sent, skipped, failed, or (a
 * retryable failure before the last attempt) queued again with the next job at now + backoff
 * (the queue's run_at), so a waiting retry survives a restart and costs no worker.
 */
async function settle(
  deps: DeliverDeps,
  payload: AlertsDeliverPayload,
  attempt: number,
  rec: AttemptRecord & { retryable?: boolean; retryAfterMs?: number | null },
  now: Date,
): Promise<DeliverResult> {
  const target =
    payload.kind === 'delivery' ? { deliveryId: payload.delivery_id } : { digestId: payload.digest_id };
  const retry = rec.outcome === 'failed' && rec.retryable === true && attempt < DELIVERY_MAX_ATTEMPTS;
  if (!retry) {
    await deliveriesRepository.recordAttempt(deps.db, target, attempt, rec, now, null);
    return {
      outcome: rec.outcome as 'sent' | 'failed' | 'skipped',
      attempt,
      reason: rec.errorCode ?? undefined,
    };
  }
  const wait = webhookBackoffMs(attempt, rec.retryAfterMs ?? null, deps.random);
  const nextAttemptAt = new Date(now.getTime() + wait);
  await deps.db.transaction(async (tx) => {
    await deliveriesRepository.recordAttempt(
      tx,
      target,
      attempt,
      { ...rec, outcome: 'retry' },
      now,
      nextAttemptAt,
    );
    await deps.queue.enqueue(
      ALERTS_DELIVER_JOB,
      payload,
      { runAt: nextAttemptAt, singletonKey: alertDeliveryKey(payload), singletonWhileQueued: true },
      tx,
    );
  });
  return { outcome: 'retry', attempt, nextAttemptAt };
}

const skipped = (reason: string): AttemptRecord => ({ outcome: 'skipped', errorCode: reason, durationMs: 0 });

/** One attempt of one delivery (an email or a webhook POST), or of one user's digest. */
export async function deliver(deps: DeliverDeps, payload: AlertsDeliverPayload): Promise<DeliverResult> {
  const now = (deps.now ?? (() => new Date()))();
  return payload.kind === 'delivery' ? deliverOne(deps, payload, now) : deliverDigest(deps, payload, now);
}

async function deliverOne(
  deps: DeliverDeps,
  payload: Extract<AlertsDeliverPayload, { kind: 'delivery' }>,
  now: Date,
): Promise<DeliverResult> {
  const attempt = await deliveriesRepository.claim(deps.db, payload.delivery_id, now);
  if (attempt === null) return { outcome: 'not_due' };
  const work = await deliveriesRepository.work(deps.db, payload.delivery_id);
  if (!work) return { outcome: 'not_due' };
  const kind = work.alert_kind as AlertKind;
  const data = work.alert_data as AlertData;

  if (work.channel === 'email') {
    if (!deps.mailer || !deps.settings.smtpUrl)
      return settle(deps, payload, attempt, skipped('smtp_not_configured'), now);
    if (!work.user_active) return settle(deps, payload, attempt, skipped('user_inactive'), now);
    if (!work.subscription_email || work.subscription_email === 'off') {
      return settle(deps, payload, attempt, skipped('unsubscribed'), now);
    }
    const email = renderAlertEmail(
      work.user_language ?? 'es',
      {
        kind,
        data,
        ruleName: work.rule_name,
        createdAt: work.alert_created_at,
        unsubscribeToken: work.unsubscribe_token,
      },
      deps.settings.publicUrl,
    );
    const started = Date.now();
    const sent = await deps.mailer.send({
      to: work.user_email!,
      ...email,
      messageId: `<${work.id}@preciofab.alerts>`,
    });
    return settle(deps, payload, attempt, { ...fromMail(sent), durationMs: Date.now() - started }, now);
  }

  if (!work.endpoint_active || !work.endpoint_url || !work.endpoint_secret) {
    return settle(deps, payload, attempt, skipped('endpoint_inactive'), now);
  }
  const body = alertWebhookBody({
    deliveryId: work.id,
    alert: { id: work.alert_id, kind, createdAt: work.alert_created_at, data },
    rule: { id: work.rule_id, name: work.rule_name },
    publicUrl: deps.settings.publicUrl,
    now,
  });
  const sent = await sendWebhook({
    url: work.endpoint_url,
    secret: work.endpoint_secret,
    event: 'alert.created',
    deliveryId: work.id,
    body,
    policy: { allowedHosts: deps.allowedHosts },
  });
  return settle(deps, payload, attempt, fromWebhook(sent), now);
}

async function deliverDigest(
  deps: DeliverDeps,
  payload: Extract<AlertsDeliverPayload, { kind: 'digest' }>,
  now: Date,
): Promise<DeliverResult> {
  const attempt = await deliveriesRepository.claimDigest(deps.db, payload.digest_id, now);
  if (attempt === null) return { outcome: 'not_due' };
  const work = await deliveriesRepository.digestWork(deps.db, payload.digest_id);
  if (!work) return { outcome: 'not_due' };
  if (!deps.mailer || !deps.settings.smtpUrl)
    return settle(deps, payload, attempt, skipped('smtp_not_configured'), now);
  if (!work.user_active) return settle(deps, payload, attempt, skipped('user_inactive'), now);
  if (work.items.length === 0) return settle(deps, payload, attempt, skipped('empty'), now);
  const email = renderDigestEmail(
    work.user_language,
    work.items.map((i) => ({
      kind: i.alert_kind as AlertKind,
      data: i.alert_data as AlertData,
      ruleName: i.rule_name,
      createdAt: i.alert_created_at,
      unsubscribeToken: i.unsubscribe_token,
    })),
    work.local_date,
    deps.settings.publicUrl,
  );
  const started = Date.now();
  const sent = await deps.mailer.send({
    to: work.user_email,
    ...email,
    messageId: `<digest-${payload.digest_id}@preciofab.alerts>`,
  });
  return settle(deps, payload, attempt, { ...fromMail(sent), durationMs: Date.now() - started }, now);
}
