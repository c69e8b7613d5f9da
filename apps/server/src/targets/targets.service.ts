import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import {
  targetsRepository,
  type TargetListFilter,
  type TargetRow,
} from '@preciofab/db/repositories/targets.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import type { Target, TargetCreate, TargetUpdate } from '@preciofab/shared/contracts/targets';
import { AppError } from '@preciofab/shared/errors';
import { siteDomain } from '@preciofab/shared/geo';
import { isUniqueViolation } from '../http/error-mapper.ts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toTarget(row: TargetRow): Target {
  return {
    id: row.id,
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    domain: row.domain,
    url: row.url,
    category: row.category as Target['category'],
    priority: row.priority,
    frequency_hours: row.frequency_hours,
    crawl_frequency_days: row.frequency_hours / 24,
    last_crawled_at: iso(row.last_crawled_at),
    next_crawl_at: iso(row.next_crawl_at),
    active: row.active,
    last_status: row.last_status,
    last_error: row.last_error,
    last_error_code: row.last_error_code,
    currency: row.currency,
    consecutive_failures: row.consecutive_failures,
    created_at: row.created_at.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The vendor a free-text vendor id names, or a 400 on the field (the form's vendor id is typed). */
export async function requireVendor(db: Db, vendorId: string, field = 'vendor_id') {
  const vendor = UUID.test(vendorId) ? await vendorsRepository.findById(db, vendorId) : undefined;
  if (!vendor) {
    throw new AppError('validation', 'errors.invalid_request', {
      errors: [{ field, message: 'errors.vendor_not_found' }],
    });
  }
  return vendor;
}

/** One spelling per page, so the same URL typed twice is caught as a duplicate. */
const normalizeUrl = (url: string): string => new URL(url).href;

const notFound = () => new AppError('not_found', 'errors.target_not_found');
const duplicate = () =>
  new AppError('conflict', 'errors.target_duplicate', {
    errors: [{ field: 'url', message: 'errors.target_duplicate' }],
  });

async function rethrowDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

export function createTargetsService(db: Db) {
  return {
    async list(filter: TargetListFilter) {
      const { rows, total } = await targetsRepository.list(db, filter);
      return { data: rows.map(toTarget), total, limit: filter.limit, offset: filter.offset };
    },

    async get(id: string): Promise<Target> {
      const row = await targetsRepository.findById(db, id);
      if (!row) throw notFound();
      return toTarget(row);
    },

    async create(input: TargetCreate, actorId: string): Promise<Target> {
      const url = normalizeUrl(input.url);
      const id = await rethrowDuplicate(() =>
        db.transaction(async (tx) => {
          const vendor = await requireVendor(tx, input.vendor_id);
          const domain = siteDomain(url);
          const id = await targetsRepository.insert(tx, vendor.id, {
            url,
            domain,
            category: input.category,
            priority: input.priority,
            frequency_hours: input.frequency_hours,
            active: input.active,
            currency: input.currency,
          });
          await activityRepository.record(tx, {
            actorId,
            action: 'target_created',
            entityType: 'crawl_target',
            entityId: id,
            details: { name: domain, vendor_id: vendor.id },
          });
          return id;
        }),
      );
      return this.get(id);
    },

    async update(id: string, patch: TargetUpdate, actorId: string): Promise<Target> {
      await rethrowDuplicate(() =>
        db.transaction(async (tx) => {
          const current = await targetsRepository.findById(tx, id);
          if (!current) throw notFound();
          const url = patch.url !== undefined ? normalizeUrl(patch.url) : current.url;
          const domain = siteDomain(url);
          await targetsRepository.update(tx, id, {
            url,
            domain,
            category: patch.category ?? current.category,
            priority: patch.priority ?? current.priority,
            frequency_hours: patch.frequency_hours ?? current.frequency_hours,
            active: patch.active ?? current.active,
            // Absent keeps the target's currency; null clears it.
            currency: patch.currency,
          });
          await activityRepository.record(tx, {
            actorId,
            action: 'target_updated',
            entityType: 'crawl_target',
            entityId: id,
            details: { name: domain, fields: Object.keys(patch) },
          });
        }),
      );
      return this.get(id);
    },

    async delete(id: string, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await targetsRepository.findById(tx, id);
        if (!current) throw notFound();
        await targetsRepository.delete(tx, id);
        await activityRepository.record(tx, {
          actorId,
          action: 'target_deleted',
          entityType: 'crawl_target',
          entityId: id,
          details: { name: current.domain },
        });
      });
    },
  };
}
