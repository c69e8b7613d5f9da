import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import {
  discoveryCandidatesRepository,
  type CandidateStatus,
  type DiscoveryCandidateRow,
} from '@preciofab/db/repositories/discovery-candidates.repository';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';
import type { ApprovalCategory, DiscoveryCandidate } from '@preciofab/shared/contracts/discovery';
import type { VendorCreate } from '@preciofab/shared/contracts/vendors';
import { AppError } from '@preciofab/shared/errors';
import { createVendorsService } from '../vendors/vendors.service.ts';

export function toCandidate(row: DiscoveryCandidateRow): DiscoveryCandidate {
  return {
    id: row.id,
    title: row.title,
    domain: row.domain,
    url: row.url,
    description: row.description,
    discovered_at: row.discovered_at.toISOString(),
    confidence_score: Number(row.confidence_score),
    category_suggestions: row.category_suggestions,
    status: row.status,
    decision_reason: row.decision_reason,
    approved_category: row.approved_category,
    decided_at: row.decided_at?.toISOString() ?? null,
    source_id: row.source_id,
    source_name: row.source_name,
    vendor_id: row.vendor_id,
  };
}

/** What an approved vendor can do, from the category it was approved under. */
const CAPABILITY_OF: Record<ApprovalCategory, VendorCreate['capabilities'][number]> = {
  additive_manufacturing: 'fdm_printing',
  cnc_machining: 'cnc_milling',
  laser_cutting: 'laser_cutting',
  materials: 'materials_supply',
  unknown: 'design_services',
};

/** Latin American country-code domains, by the country name the vendor form uses. A .mx or generic
 * domain stays in Mexico, the product's home market. */
const LATAM_TLDS: Record<string, string> = {
  ar: 'Argentina',
  bo: 'Bolivia',
  br: 'Brazil',
  cl: 'Chile',
  co: 'Colombia',
  cr: 'Costa Rica',
  cu: 'Cuba',
  do: 'República Dominicana',
  ec: 'Ecuador',
  gt: 'Guatemala',
  hn: 'Honduras',
  ni: 'Nicaragua',
  pa: 'Panamá',
  pe: 'Perú',
  pr: 'Puerto Rico',
  py: 'Paraguay',
  sv: 'El Salvador',
  uy: 'Uruguay',
  ve: 'Venezuela',
};

export function countryOfDomain(domain: string): string {
  const tld = domain.slice(domain.lastIndexOf('.') + 1).toLowerCase();
  return LATAM_TLDS[tld] ?? 'Mexico';
}

/** Spec §7: the category is the first suggestion, or 'unknown'. */
function defaultCategory(row: DiscoveryCandidateRow): ApprovalCategory {
  const first = row.category_suggestions.find((c): c is Category => CATEGORIES.includes(c as Category));
  return first ?? 'unknown';
}

function vendorFromCandidate(row: DiscoveryCandidateRow, category: ApprovalCategory): VendorCreate {
  return {
    name: (row.title?.trim() || row.domain).slice(0, 200),
    type: 'bureau',
    website: new URL(row.url).origin,
    location: null,
    city: null,
    state: null,
    country: countryOfDomain(row.domain),
    country_code: undefined,
    region: undefined,
    capabilities: [CAPABILITY_OF[category]],
    contact_email: null,
    contact_phone: null,
    description: row.description?.slice(0, 4000) ?? null,
    trust_score: 0.5,
  };
}

const notFound = () => new AppError('not_found', 'errors.candidate_not_found');
const decided = () => new AppError('conflict', 'errors.candidate_decided');

export function createDiscoveryCandidatesService(db: Db) {
  /** Locks a pending candidate, or answers 404 / 409. */
  const lockPending = async (tx: Db, id: string): Promise<DiscoveryCandidateRow> => {
    const row = await discoveryCandidatesRepository.lockById(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw decided();
    return row;
  };

  const get = async (id: string): Promise<DiscoveryCandidate> => {
    const row = await discoveryCandidatesRepository.findById(db, id);
    if (!row) throw notFound();
    return toCandidate(row);
  };

  const decide = async (
    id: string,
    status: Extract<CandidateStatus, 'rejected' | 'not_relevant'>,
    reason: string | null,
    actorId: string,
  ): Promise<DiscoveryCandidate> => {
    await db.transaction(async (tx) => {
      const row = await lockPending(tx, id);
      await discoveryCandidatesRepository.decide(tx, id, {
        status,
        reason,
        approvedCategory: null,
        vendorId: null,
        decidedBy: actorId,
      });
      if (status === 'not_relevant') {
        await discoveryCandidatesRepository.excludeDomain(tx, row.domain, reason, actorId);
      }
      await activityRepository.record(tx, {
        actorId,
        action: status === 'rejected' ? 'candidate_rejected' : 'candidate_not_relevant',
        entityType: 'discovery_candidate',
        entityId: id,
        details: { name: row.title || row.domain, domain: row.domain },
      });
    });
    return get(id);
  };

  return {
    async list(f: { status: CandidateStatus; limit: number; offset: number }) {
      const { rows, total } = await discoveryCandidatesRepository.list(db, f);
      return { data: rows.map(toCandidate), total, limit: f.limit, offset: f.offset };
    },

    /** Creates the candidate's vendor, or links the vendor that already has its website, and
     * records the decision, in one transaction. */
    async approve(
      id: string,
      requested: ApprovalCategory | undefined,
      actorId: string,
    ): Promise<{ candidate: DiscoveryCandidate; vendor_id: string }> {
      const vendorId = await db.transaction(async (tx) => {
        const row = await lockPending(tx, id);
        const category = requested ?? defaultCategory(row);
        const existing = await discoveryCandidatesRepository.findVendorIdByDomain(tx, row.domain);
        // The vendors service joins this transaction (it nests), so a failure undoes both.
        const vendorId =
          existing ?? (await createVendorsService(tx).create(vendorFromCandidate(row, category), actorId)).id;
        await discoveryCandidatesRepository.decide(tx, id, {
          status: 'approved',
          reason: null,
          approvedCategory: category,
          vendorId,
          decidedBy: actorId,
        });
        if (row.source_id) await discoverySourcesRepository.addApproved(tx, row.source_id);
        await activityRepository.record(tx, {
          actorId,
          action: 'candidate_approved',
          entityType: 'discovery_candidate',
          entityId: id,
          details: { name: row.title || row.domain, domain: row.domain, category, vendor_id: vendorId },
        });
        return vendorId;
      });
      return { candidate: await get(id), vendor_id: vendorId };
    },

    reject: (id: string, reason: string | null, actorId: string) => decide(id, 'rejected', reason, actorId),

    notRelevant: (id: string, reason: string | null, actorId: string) =>
      decide(id, 'not_relevant', reason, actorId),
  };
}
