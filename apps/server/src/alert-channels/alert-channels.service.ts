import type { Db } from '@preciofab/db/client';
import { alertChannelsRepository } from '@preciofab/db/repositories/alert-channels.repository';
import {
  deliveriesRepository,
  type AttemptRow,
  type DeliveryLogRow,
} from '@preciofab/db/repositories/deliveries.repository';
import type {
  AlertChannelSettings,
  AlertChannelSettingsUpdate,
  AlertDelivery,
  AlertSubscription,
  AlertSubscriptionUpdate,
  DeliveryAttempt,
  UnsubscribeResult,
} from '@preciofab/shared/contracts/alert-channels';
import type { AlertKind } from '@preciofab/shared/contracts/alerts';
import { AppError } from '@preciofab/shared/errors';
import type { AuthUser } from '../http/request-context.ts';

const ruleNotFound = () => new AppError('not_found', 'errors.alert_rule_not_found');
const tokenNotFound = () => new AppError('not_found', 'errors.unsubscribe_not_found');

const toAttempt = (a: AttemptRow): DeliveryAttempt => ({
  attempt: a.attempt,
  attempted_at: a.attempted_at.toISOString(),
  outcome: a.outcome,
  http_status: a.http_status,
  smtp_reply: a.smtp_reply,
  error_code: a.error_code,
  error: a.error,
  duration_ms: a.duration_ms,
});

/** Log rows with their attempts (a digest item shows its digest's), newest first. */
export async function withAttempts(db: Db, rows: DeliveryLogRow[]): Promise<AlertDelivery[]> {
  const attempts = await deliveriesRepository.attempts(
    db,
    rows.map((r) => r.id),
    rows.flatMap((r) => (r.digest_id ? [r.digest_id] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    alert_id: r.alert_id,
    alert_kind: r.alert_kind as AlertKind,
    rule_id: r.rule_id,
    rule_name: r.rule_name,
    channel: r.channel,
    mode: r.mode,
    user_id: r.user_id,
    user_name: r.user_name,
    endpoint_id: r.endpoint_id,
    endpoint_name: r.endpoint_name,
    status: r.status,
    attempts: r.attempts,
    next_attempt_at: r.status === 'queued' ? (r.next_attempt_at?.toISOString() ?? null) : null,
    last_error: r.last_error,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    attempt_log: attempts
      .filter((a) => a.delivery_id === r.id || (r.digest_id !== null && a.digest_id === r.digest_id))
      .map(toAttempt),
  }));
}

/** Each user's channels per rule, their clock, their deliveries, and the one-click unsubscribe. */
export function createAlertChannelsService(db: Db, emailConfigured: boolean) {
  return {
    async listSubscriptions(
      userId: string,
      q: { kind?: string; limit: number; offset: number },
    ): Promise<{ data: AlertSubscription[]; total: number; limit: number; offset: number }> {
      const { rows, total } = await alertChannelsRepository.listSubscriptions(db, userId, q);
      return { data: rows as AlertSubscription[], total, limit: q.limit, offset: q.offset };
    },

    async updateSubscription(
      userId: string,
      ruleId: string,
      body: AlertSubscriptionUpdate,
    ): Promise<AlertSubscription> {
      if (!(await alertChannelsRepository.getSubscription(db, userId, ruleId))) throw ruleNotFound();
      await alertChannelsRepository.upsertSubscription(db, userId, ruleId, body);
      const row = await alertChannelsRepository.getSubscription(db, userId, ruleId);
      if (!row) throw ruleNotFound();
      return row as AlertSubscription;
    },

    async settings(userId: string): Promise<AlertChannelSettings> {
      const s = await alertChannelsRepository.settings(db, userId);
      if (!s) throw new AppError('unauthenticated', 'errors.session_expired');
      return {
        email_address: s.email,
        time_zone: s.time_zone,
        digest_hour: s.digest_hour,
        email_configured: emailConfigured,
      };
    },

    async updateSettings(userId: string, body: AlertChannelSettingsUpdate): Promise<AlertChannelSettings> {
      await alertChannelsRepository.updateSettings(db, userId, body);
      return this.settings(userId);
    },

    /** Admins read every delivery (or one user's); anyone else only their own emails. */
    async listDeliveries(
      user: AuthUser,
      q: { channel?: string; status?: string; user_id?: string; limit: number; offset: number },
    ): Promise<{ data: AlertDelivery[]; total: number; limit: number; offset: number }> {
      const own = user.role !== 'admin';
      const { rows, total } = await deliveriesRepository.list(db, {
        channel: own ? 'email' : q.channel,
        status: q.status,
        userId: own ? user.id : q.user_id,
        limit: q.limit,
        offset: q.offset,
      });
      if (own && q.channel === 'webhook') return { data: [], total: 0, limit: q.limit, offset: q.offset };
      return { data: await withAttempts(db, rows), total, limit: q.limit, offset: q.offset };
    },

    async describeUnsubscribe(token: string): Promise<UnsubscribeResult> {
      const s = await alertChannelsRepository.findByToken(db, token);
      if (!s) throw tokenNotFound();
      return { rule_id: s.rule_id, rule_name: s.rule_name, email: s.email };
    },

    /** Turns the link's subscription's email off (again is fine) and skips its queued emails. */
    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      const done = await db.transaction((tx) => alertChannelsRepository.unsubscribe(tx, token));
      if (!done) throw tokenNotFound();
      return this.describeUnsubscribe(token);
    },
  };
}
