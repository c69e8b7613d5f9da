import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import {
  discoveryCandidatesRepository,
  type CandidateStatus,
  type DiscoveryCandidateRow,
} from '@preciofab/db/repositories/discovery-candidates.repository';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import { CATEGORIES, VENDOR_TYPES, type Category, type VendorType } from '@preciofab/shared/catalogue';
import type { ApprovalCategory, DiscoveryCandidate } from '@preciofab/shared/contracts/discovery';
import type { VendorCreate } from '@preciofab/shared/contracts/vendors';
import { AppError } from '@preciofab/shared/errors';
import { countryOfHost, LATAM_COUNTRY_NAMES } from '@preciofab/shared/countries';
import { storedCountryName } from '@preciofab/shared/country-names';
import { countryCodeOf, regionOf } from '@preciofab/shared/geo';
import { isUniqueViolation } from '../http/error-mapper.ts';
import { createTargetsService } from '../targets/targets.service.ts';

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
    vendor_type: VENDOR_TYPES.includes(row.vendor_type as VendorType)
      ? (row.vendor_type as VendorType)
      : null,
    city: row.city,
    state: row.state,
    capabilities: row.capabilities,
    price_url: row.price_url,
    status: row.status,
    decision_reason: row.decision_reason,
    approved_category: row.approved_category,
    decided_at: row.decided_at?.toISOString() ?? null,
    source_id: row.source_id,
    source_name: row.source_name,
    vendor_id: row.vendor_id,
  };
}

/** What an approved vendor can do when its home page named nothing (or could not be read): the
 * vendor contract needs at least one capability, so the category it was approved under decides. */
const CAPABILITY_OF: Record<ApprovalCategory, VendorCreate['capabilities'][number]> = {
  additive_manufacturing: 'fdm_printing',
  cnc_machining: 'cnc_milling',
  laser_cutting: 'laser_cutting',
  materials: 'materials_supply',
  unknown: 'design_services',
};

/** The country (ISO code) of a candidate's domain: the Latin American country of its ccTLD
 * (`.co` and `.com.co` are Colombia), or Mexico, the product's home market, for a .mx, generic or
 * other domain. */
export function countryOfDomain(domain: string): string {
  const code = countryOfHost(domain);
  return code && Object.hasOwn(LATAM_COUNTRY_NAMES, code) ? code : 'MX';
}

/** Spec §7: the category is the first suggestion, or 'unknown'. */
function defaultCategory(row: DiscoveryCandidateRow): ApprovalCategory {
  const first = row.category_suggestions.find((c): c is Category => CATEGORIES.includes(c as Category));
  return first ?? 'unknown';
}

/** The catalogue category a capability belongs to: a target filed as 'unknown' needs a real one. */
const CATEGORY_OF_CAPABILITY: Record<VendorCreate['capabilities'][number], Category | null> = {
  fdm_printing: 'additive_manufacturing',
  sla_printing: 'additive_manufacturing',
  sls_printing: 'additive_manufacturing',
  mjf_printing: 'additive_manufacturing',
  cnc_milling: 'cnc_machining',
  cnc_turning: 'cnc_machining',
  laser_cutting: 'laser_cutting',
  laser_engraving: 'laser_cutting',
  materials_supply: 'materials',
  design_services: null,
};

/** The new vendor, prefilled with what the candidate's home page said (type, city, state,
 * capabilities) and, where it said nothing, the defaults: a bureau, the category's capability. */
function vendorFromCandidate(row: DiscoveryCandidateRow, category: ApprovalCategory): VendorCreate {
  const capabilities = row.capabilities.filter(
    (c): c is VendorCreate['capabilities'][number] => c in CATEGORY_OF_CAPABILITY,
  );
  const place = [row.city, row.state].filter(Boolean).join(', ');
  // The place names the profile finds are Mexican; otherwise the domain's country decides.
  const countryCode = row.state ? 'MX' : countryOfDomain(row.domain);
  return {
    name: (row.title?.trim() || row.domain).slice(0, 200),
    type: VENDOR_TYPES.includes(row.vendor_type as VendorType) ? (row.vendor_type as VendorType) : 'bureau',
    website: new URL(row.url).origin,
    location: place || null,
    city: row.city,
    state: row.state,
    // The name is the code's, in the product's language ("México"); readers see it in theirs.
    country: storedCountryName(countryCode),
    country_code: countryCode,
    region: undefined,
    capabilities: capabilities.length > 0 ? capabilities : [CAPABILITY_OF[category]],
    contact_email: null,
    contact_phone: null,
    description: row.description?.slice(0, 4000) ?? null,
    trust_score: 0.5,
  };
}

/** The price page's crawl target is filed under the approved category, or, approved as 'unknown',
 * under the category of the first capability that has one; with neither there is no target. */
function targetCategory(category: ApprovalCategory, capabilities: readonly string[]): Category | null {
  if (category !== 'unknown') return category;
  for (const c of capabilities) {
    const of = CATEGORY_OF_CAPABILITY[c as VendorCreate['capabilities'][number]];
    if (of) return of;
  }
  return null;
}

/** Inserts the approved vendor in the approval's transaction, carrying the candidate's domain
 * (`siteDomain` of its site) so no later run proposes it again. */
async function insertVendor(tx: Db, v: VendorCreate, domain: string, actorId: string): Promise<string> {
  const countryCode = v.country_code ?? (v.country ? countryCodeOf(v.country) : undefined) ?? 'MX';
  try {
    const id = await vendorsRepository.insert(
      tx,
      {
        ...v,
        country: v.country ?? storedCountryName(countryCode),
        website_domain: domain,
        country_code: countryCode,
        region: regionOf(v.city, countryCode),
      },
      actorId,
    );
    await activityRepository.record(tx, {
      actorId,
      action: 'vendor_created',
      entityType: 'vendor',
      entityId: id,
      details: { name: v.name },
    });
    return id;
  } catch (err) {
    // Another approval or a vendor form took the domain since the check: the same 409 as the form.
    if (isUniqueViolation(err)) throw new AppError('conflict', 'errors.vendor_duplicate');
    throw err;
  }
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

    /** Creates the candidate's vendor (or links the vendor that already has its website), a crawl
     * target at its price page when one was found and no target has that URL yet, counts the
     * approval on the source and records the decision, all in one transaction. */
    async approve(
      id: string,
      requested: ApprovalCategory | undefined,
      actorId: string,
    ): Promise<{ candidate: DiscoveryCandidate; vendor_id: string }> {
      const vendorId = await db.transaction(async (tx) => {
        const row = await lockPending(tx, id);
        const category = requested ?? defaultCategory(row);
        const existing = await discoveryCandidatesRepository.findVendorIdByDomain(tx, row.domain);
        const vendorId =
          existing ?? (await insertVendor(tx, vendorFromCandidate(row, category), row.domain, actorId));
        const filedUnder = targetCategory(category, row.capabilities);
        let targetId: string | null = null;
        if (row.price_url && filedUnder) {
          const url = new URL(row.price_url).href;
          if (!(await discoveryCandidatesRepository.targetUrlTaken(tx, url))) {
            // The targets service joins this transaction (it nests), so a failure undoes it all.
            const target = await createTargetsService(tx).create(
              {
                vendor_id: vendorId,
                url,
                category: filedUnder,
                frequency_hours: 24,
                priority: 5,
                active: true,
                currency: null,
              },
              actorId,
            );
            targetId = target.id;
          }
        }
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
          details: {
            name: row.title || row.domain,
            domain: row.domain,
            category,
            vendor_id: vendorId,
            target_id: targetId,
          },
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
