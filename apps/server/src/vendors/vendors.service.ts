import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import {
  vendorsRepository,
  type VendorRow,
  type VendorWrite,
} from '@preciofab/db/repositories/vendors.repository';
import type { Vendor, VendorCreate, VendorUpdate } from '@preciofab/shared/contracts/vendors';
import { AppError } from '@preciofab/shared/errors';
import { storedCountryName } from '@preciofab/shared/country-names';
import { countryCodeOf, regionOf, siteDomain } from '@preciofab/shared/geo';
import { isUniqueViolation } from '../http/error-mapper.ts';

export function toVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    type: row.type as Vendor['type'],
    website: row.website,
    location: row.location,
    city: row.city,
    state: row.state,
    country: row.country,
    country_code: row.country_code.trim(),
    region: row.region as Vendor['region'],
    capabilities: row.capabilities,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    description: row.description,
    trust_score: Number(row.trust_score),
    price_count: row.price_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Fills the derived columns: site domain, country code, benchmark region, and the country's name
 * when none was given (the code's, in the product's language: 'MX' → "México"; Mexico when neither
 * is given). */
function toWrite(
  v: Omit<VendorWrite, 'website_domain' | 'country_code' | 'region' | 'country'> & Partial<VendorWrite>,
): VendorWrite {
  const countryCode = v.country_code ?? (v.country ? countryCodeOf(v.country) : undefined) ?? 'MX';
  return {
    ...v,
    country: v.country ?? storedCountryName(countryCode),
    website_domain: v.website ? siteDomain(v.website) : null,
    country_code: countryCode,
    region: v.region ?? regionOf(v.city, countryCode),
  };
}

const notFound = () => new AppError('not_found', 'errors.vendor_not_found');
const duplicate = () =>
  new AppError('conflict', 'errors.vendor_duplicate', {
    errors: [{ field: 'website', message: 'errors.vendor_duplicate' }],
  });

export function createVendorsService(db: Db) {
  return {
    async get(id: string): Promise<Vendor> {
      const row = await vendorsRepository.findById(db, id);
      if (!row) throw notFound();
      return toVendor(row);
    },

    async create(input: VendorCreate, actorId: string): Promise<Vendor> {
      try {
        const id = await db.transaction(async (tx) => {
          const id = await vendorsRepository.insert(tx, toWrite(input), actorId);
          await activityRepository.record(tx, {
            actorId,
            action: 'vendor_created',
            entityType: 'vendor',
            entityId: id,
            details: { name: input.name },
          });
          return id;
        });
        return await this.get(id);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
    },

    /** Adds every row in one transaction: a duplicate website (in the database or twice in the
     * file) rolls all of them back and names its row. */
    async importMany(rows: readonly VendorCreate[], actorId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const ids: string[] = [];
        for (const [index, row] of rows.entries()) {
          try {
            ids.push(await vendorsRepository.insert(tx, toWrite(row), actorId));
          } catch (err) {
            if (!isUniqueViolation(err)) throw err;
            throw new AppError('conflict', 'errors.vendor_duplicate', {
              errors: [{ field: `rows.${index}.website`, message: 'errors.vendor_duplicate' }],
            });
          }
        }
        await activityRepository.record(tx, {
          actorId,
          action: 'vendors_imported',
          entityType: 'vendor',
          entityId: ids[0] ?? null,
          details: { count: ids.length },
        });
        return ids;
      });
    },

    async update(id: string, patch: VendorUpdate, actorId: string): Promise<Vendor> {
      try {
        await db.transaction(async (tx) => {
          const current = await vendorsRepository.findById(tx, id);
          if (!current) throw notFound();
          const countryChanged = patch.country !== undefined && patch.country_code === undefined;
          const placeChanged = patch.city !== undefined || countryChanged || patch.country_code !== undefined;
          const merged = toWrite({
            name: patch.name ?? current.name,
            type: patch.type ?? current.type,
            website: patch.website !== undefined ? patch.website : current.website,
            location: patch.location !== undefined ? patch.location : current.location,
            city: patch.city !== undefined ? patch.city : current.city,
            state: patch.state !== undefined ? patch.state : current.state,
            // A new code without a name renames the country after it.
            country: patch.country ?? (patch.country_code !== undefined ? undefined : current.country),
            country_code: countryChanged ? undefined : (patch.country_code ?? current.country_code.trim()),
            region: patch.region ?? (placeChanged ? undefined : current.region),
            capabilities: patch.capabilities ?? current.capabilities,
            contact_email: patch.contact_email !== undefined ? patch.contact_email : current.contact_email,
            contact_phone: patch.contact_phone !== undefined ? patch.contact_phone : current.contact_phone,
            description: patch.description !== undefined ? patch.description : current.description,
            trust_score: patch.trust_score ?? Number(current.trust_score),
          });
          await vendorsRepository.update(tx, id, merged);
          await activityRepository.record(tx, {
            actorId,
            action: 'vendor_updated',
            entityType: 'vendor',
            entityId: id,
            details: { name: merged.name, fields: Object.keys(patch) },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
      return this.get(id);
    },

    async delete(id: string, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await vendorsRepository.findById(tx, id);
        if (!current) throw notFound();
        await vendorsRepository.delete(tx, id);
        await activityRepository.record(tx, {
          actorId,
          action: 'vendor_deleted',
          entityType: 'vendor',
          entityId: id,
          details: { name: current.name },
        });
      });
    },
  };
}
