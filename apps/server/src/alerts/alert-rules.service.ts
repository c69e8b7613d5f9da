import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import { alertRulesRepository, type AlertRuleRow } from '@preciofab/db/repositories/alert-rules.repository';
import {
  ALERT_RULES_MAX_PER_USER,
  alertRuleIssues,
  type AlertRule,
  type AlertRuleCreate,
  type AlertRuleUpdate,
} from '@preciofab/shared/contracts/alerts';
import { NOTIFICATIONS_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { AppError, type FieldError } from '@preciofab/shared/errors';
import type { AuthUser } from '../http/request-context.ts';

const notFound = () => new AppError('not_found', 'errors.alert_rule_not_found');
const invalid = (errors: FieldError[]) => new AppError('validation', 'errors.invalid_request', { errors });

/** Operators manage their own rules, admins everyone's; viewers only read. Checked here, not only
 * by the operations' access level, so the rule holds whatever route calls the service. */
export function canEditRule(user: Pick<AuthUser, 'id' | 'role'>, ownerId: string): boolean {
  return user.role === 'admin' || (user.role === 'operator' && user.id === ownerId);
}

export function toAlertRule(row: AlertRuleRow, user: Pick<AuthUser, 'id' | 'role'>): AlertRule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    active: row.active,
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    can_edit: canEditRule(user, row.owner_id),
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    category: row.category as AlertRule['category'],
    subcategory: row.subcategory,
    region: row.region as AlertRule['region'],
    offer_id: row.offer_id,
    offer_name: row.offer_name,
    change_percent: row.change_percent,
    change_amount: row.change_amount,
    change_currency: row.change_currency,
    missed_crawls: row.missed_crawls,
    failures: row.failures,
    min_confidence: row.min_confidence,
    alert_count: row.alert_count,
    last_alert_at: row.last_alert_at ? row.last_alert_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function createAlertRulesService(db: Db, pubsub: PubSub) {
  /** Every process forgets which kinds have rules (this one already did, in the repository). */
  const announce = () =>
    pubsub.publish(NOTIFICATIONS_CHANNEL, { rules_changed: true }).catch(() => undefined);

  /** The scope's vendor and offer must exist: a rule about nothing would never fire. */
  const checkSubjects = async (rule: { vendor_id: string | null; offer_id: string | null }) => {
    const errors: FieldError[] = [];
    if (rule.vendor_id && !(await alertRulesRepository.vendorExists(db, rule.vendor_id))) {
      errors.push({ field: 'vendor_id', message: 'validation.alert_vendor_unknown' });
    }
    if (rule.offer_id && !(await alertRulesRepository.offerExists(db, rule.offer_id))) {
      errors.push({ field: 'offer_id', message: 'validation.alert_offer_unknown' });
    }
    if (errors.length > 0) throw invalid(errors);
  };

  /** The rule, if the caller may change it; 403 when they may only read it. */
  const editable = async (id: string, user: AuthUser): Promise<AlertRuleRow> => {
    const row = await alertRulesRepository.findById(db, id);
    if (!row) throw notFound();
    if (!canEditRule(user, row.owner_id)) throw new AppError('forbidden', 'errors.forbidden');
    return row;
  };

  return {
    async list(
      user: AuthUser,
      q: { kind?: AlertRule['kind'] | undefined; mine?: boolean | undefined; limit: number; offset: number },
    ) {
      const { rows, total } = await alertRulesRepository.list(db, {
        kind: q.kind,
        ownerId: q.mine ? user.id : undefined,
        limit: q.limit,
        offset: q.offset,
      });
      return { data: rows.map((r) => toAlertRule(r, user)), total, limit: q.limit, offset: q.offset };
    },

    async get(id: string, user: AuthUser): Promise<AlertRule> {
      const row = await alertRulesRepository.findById(db, id);
      if (!row) throw notFound();
      return toAlertRule(row, user);
    },

    async create(body: AlertRuleCreate, user: AuthUser): Promise<AlertRule> {
      if (user.role === 'viewer') throw new AppError('forbidden', 'errors.forbidden');
      await checkSubjects(body);
      const id = await db.transaction(async (tx) => {
        const count = await alertRulesRepository.countByOwnerLocked(tx, user.id);
        if (count >= ALERT_RULES_MAX_PER_USER) {
          throw new AppError('conflict', 'errors.alert_rule_limit', {
            values: { count: ALERT_RULES_MAX_PER_USER },
          });
        }
        return alertRulesRepository.insert(tx, user.id, body);
      });
      await announce();
      return this.get(id, user);
    },

    async update(id: string, body: AlertRuleUpdate, user: AuthUser): Promise<AlertRule> {
      const row = await editable(id, user);
      const current = toAlertRule(row, user);
      const merged = { ...current, ...body };
      const issues = alertRuleIssues(merged);
      if (issues.length > 0) throw invalid(issues);
      await checkSubjects({
        vendor_id: body.vendor_id ?? null,
        offer_id: body.offer_id ?? null,
      });
      if (!(await alertRulesRepository.update(db, id, merged))) throw notFound();
      await announce();
      return this.get(id, user);
    },

    async delete(id: string, user: AuthUser): Promise<void> {
      await editable(id, user);
      if (!(await alertRulesRepository.delete(db, id))) throw notFound();
      await announce();
    },
  };
}
