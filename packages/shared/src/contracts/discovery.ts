import { z } from 'zod';
import { siteDomain } from '../geo.ts';
import {
  CATEGORIES,
  DEFAULT_DISCOVERY_KEYWORDS,
  DEFAULT_DISCOVERY_SCHEDULE,
  DISCOVERY_REGIONS,
  DISCOVERY_SOURCE_TYPES,
  LANGUAGES,
  VENDOR_TYPES,
} from '../catalogue.ts';
import { isValidCron } from '../cron.ts';
import type { FieldError } from '../errors.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { SECRET_URL_FIELDS } from './discovery-secrets.ts';
import { httpUrl, idParams, isoDateTime, limitQuery, offsetQuery, okResponse, paginated } from './common.ts';

export type DiscoverySourceType = (typeof DISCOVERY_SOURCE_TYPES)[number];
export const DISCOVERY_SOURCE_STATUSES = ['idle', 'queued', 'running', 'failed'] as const;
export const CANDIDATE_STATUSES = ['pending', 'approved', 'rejected', 'not_relevant'] as const;
/** What an approval may file a candidate under: a catalogue category, or 'unknown' (spec §7). */
export const APPROVAL_CATEGORIES = [...CATEGORIES, 'unknown'] as const;
export type ApprovalCategory = (typeof APPROVAL_CATEGORIES)[number];

type ConfigKey =
  'search_query' | 'keywords' | 'region' | 'language' | 'api_endpoint' | 'directory_url' | 'sitemap_url';

/** The config keys each source type uses (spec §3). */
export const SOURCE_TYPE_FIELDS: Record<DiscoverySourceType, readonly ConfigKey[]> = {
  search_engine: ['search_query', 'keywords', 'region', 'language'],
  directory: ['directory_url', 'keywords'],
  association: ['api_endpoint', 'region'],
  sitemap: ['sitemap_url', 'keywords'],
  social_media: ['api_endpoint', 'keywords', 'region'],
  api: ['api_endpoint'],
};

/** Keys a type also accepts through the API without the setup form showing them: a search-engine
 * source may name its own SearXNG instance, overriding the worker's DISCOVERY_SEARCH_URL. */
export const SOURCE_TYPE_EXTRA_FIELDS: Partial<Record<DiscoverySourceType, readonly ConfigKey[]>> = {
  search_engine: ['api_endpoint'],
};

/** The field each type cannot do without, with its spec §5 message. */
const REQUIRED: Record<DiscoverySourceType, { key: ConfigKey; message: string }> = {
  search_engine: { key: 'search_query', message: 'validation.search_query_required' },
  directory: { key: 'directory_url', message: 'validation.directory_url_required' },
  association: { key: 'api_endpoint', message: 'validation.api_endpoint_required' },
  sitemap: { key: 'sitemap_url', message: 'validation.sitemap_url_required' },
  social_media: { key: 'api_endpoint', message: 'validation.api_endpoint_required' },
  api: { key: 'api_endpoint', message: 'validation.api_endpoint_required' },
};

/** A URL field of a form: blank or null means absent. */
const optionalUrl = z
  .union([z.literal(''), httpUrl])
  .nullish()
  .transform((v) => v || undefined);

/** Keywords as a list, or as the comma-separated text of the setup form; trimmed, blanks dropped. */
const keywords = z
  .union([z.array(z.string().max(100)).max(50), z.string().max(2000)])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined) return undefined;
    const list = typeof v === 'string' ? v.split(',') : v;
    return list.map((k) => k.trim()).filter(Boolean);
  });

/** What a client may send as config: the seven spec keys and nothing else; null clears a key. */
export const sourceConfigInput = z.strictObject({
  search_query: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || undefined),
  keywords,
  region: z
    .enum(DISCOVERY_REGIONS)
    .nullish()
    .transform((v) => v ?? undefined),
  language: z
    .enum(LANGUAGES)
    .nullish()
    .transform((v) => v ?? undefined),
  api_endpoint: optionalUrl,
  directory_url: optionalUrl,
  sitemap_url: optionalUrl,
});
export type SourceConfigInput = z.output<typeof sourceConfigInput>;

/** A stored config: only the keys of its type, with the spec §9 defaults filled in. */
export const sourceConfigSchema = z.object({
  search_query: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  region: z.enum(DISCOVERY_REGIONS).optional(),
  language: z.enum(LANGUAGES).optional(),
  api_endpoint: z.string().optional(),
  directory_url: z.string().optional(),
  sitemap_url: z.string().optional(),
});
export type SourceConfig = z.infer<typeof sourceConfigSchema>;

/** Checks a parsed config against its type and fills defaults. Keys of other types are dropped,
 * because the setup modal keeps the fields of a type the user switched away from. */
export function normalizeSourceConfig(
  type: DiscoverySourceType,
  input: SourceConfigInput,
): { config: SourceConfig; errors: FieldError[] } {
  const fields = SOURCE_TYPE_FIELDS[type];
  const accepted = [...fields, ...(SOURCE_TYPE_EXTRA_FIELDS[type] ?? [])];
  const required = REQUIRED[type];
  const errors: FieldError[] = [];
  if (input[required.key] === undefined) {
    errors.push({ field: `config.${required.key}`, message: required.message });
  }
  const config: SourceConfig = {};
  for (const key of accepted) {
    const value = input[key];
    if (value !== undefined) Object.assign(config, { [key]: value });
  }
  if (fields.includes('keywords') && config.keywords === undefined) {
    config.keywords = [...DEFAULT_DISCOVERY_KEYWORDS];
  }
  if (fields.includes('region')) config.region ??= 'Mexico';
  if (fields.includes('language')) config.language ??= 'es';
  return { config, errors };
}

/** '' means manual only (spec §9); anything else must be a five-field cron. */
export const scheduleField = z
  .string()
  .trim()
  .max(100)
  .transform((v) => v.split(/\s+/).filter(Boolean).join(' '))
  .refine((v) => v === '' || isValidCron(v), 'validation.cron_invalid');

const sourceName = z
  .string({ error: 'validation.source_name_required' })
  .trim()
  .min(1, 'validation.source_name_required')
  .max(200);

export const sourceCreateBody = z
  .strictObject({
    name: sourceName,
    type: z.enum(DISCOVERY_SOURCE_TYPES),
    config: sourceConfigInput.prefault({}),
    schedule: scheduleField.default(DEFAULT_DISCOVERY_SCHEDULE),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    // Runs with the other field errors, so one answer lists every §5 message that applies.
    // After other field errors, type or config may still hold the raw input: check only real ones.
    if (!DISCOVERY_SOURCE_TYPES.includes(v.type) || typeof v.config !== 'object' || !v.config) return;
    for (const e of normalizeSourceConfig(v.type, v.config).errors) {
      ctx.addIssue({ code: 'custom', path: e.field.split('.'), message: e.message });
    }
  })
  .transform((v) => ({ ...v, config: normalizeSourceConfig(v.type, v.config).config }));
export type SourceCreate = z.output<typeof sourceCreateBody>;

/** config is merged key by key into the stored one, then checked against the source's type. */
export const sourceUpdateBody = z
  .strictObject({
    name: sourceName,
    config: sourceConfigInput,
    schedule: scheduleField,
    active: z.boolean(),
  })
  .partial();
export type SourceUpdate = z.output<typeof sourceUpdateBody>;

export const discoverySourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(DISCOVERY_SOURCE_TYPES),
  /** Secrets in its URLs (API keys, tokens, user and password) are masked for every role: sending
   * a mask back keeps the stored value (see `discovery-secrets.ts`). */
  config: sourceConfigSchema,
  /** The URL fields of `config` that hold a masked secret. */
  secret_fields: z.array(z.enum(SECRET_URL_FIELDS)),
  /** Five-field cron in `schedule_time_zone`; '' for manual only. */
  schedule: z.string(),
  /** The IANA time zone the schedule is read in (the server's SCHEDULE_TIME_ZONE). */
  schedule_time_zone: z.string(),
  active: z.boolean(),
  status: z.enum(DISCOVERY_SOURCE_STATUSES),
  total_discovered: z.number().int(),
  total_approved: z.number().int(),
  last_run_at: isoDateTime.nullable(),
  /** Why the last run failed: a note with the reason's code and the technical text as a detail
   * (`readIssue` of discovery-issues.ts reads it, and older plain texts too). */
  last_error: z.string().nullable(),
  /** What the last successful run could not read (a home page, a later directory page, one search
   * query): the run went on without it. Empty after a clean run. Notes of discovery-issues.ts, and
   * of discovery-budget.ts for a budget that stopped the run. */
  last_run_errors: z.array(z.string()),
  /** When the schedule next fires (an instant); null for manual-only or inactive sources. */
  next_run_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type DiscoverySource = z.infer<typeof discoverySourceSchema>;

export const discoveryCandidateSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  domain: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  discovered_at: isoDateTime,
  confidence_score: z.number().min(0).max(1),
  category_suggestions: z.array(z.string()),
  /** Inferred from its home page when it could be read; approval prefills the vendor with them. */
  vendor_type: z.enum(VENDOR_TYPES).nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  capabilities: z.array(z.string()),
  /** The page of the site most likely to list prices; approval makes it a crawl target. */
  price_url: z.string().nullable(),
  status: z.enum(CANDIDATE_STATUSES),
  decision_reason: z.string().nullable(),
  approved_category: z.string().nullable(),
  decided_at: isoDateTime.nullable(),
  source_id: z.string().nullable(),
  source_name: z.string().nullable(),
  vendor_id: z.string().nullable(),
});
export type DiscoveryCandidate = z.infer<typeof discoveryCandidateSchema>;

/**
 * The domain discovery de-duplicates on: the host, lower-case, without a leading www. For an IP
 * address or localhost the port stays: sites on one address but different ports are different
 * sites (the fixture and demo webs serve each fictional vendor on its own 127.0.0.1 port). Null
 * for anything that is not an http(s) URL.
 */
export function discoveryDomain(url: string): string | null {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return siteDomain(u.toString()) || null;
  } catch {
    return null;
  }
}

export const candidateListQuery = z.strictObject({
  status: z.enum(CANDIDATE_STATUSES).default('pending'),
  limit: limitQuery(200, 50),
  offset: offsetQuery,
});

export const approveCandidateQuery = z.strictObject({
  category: z.enum(APPROVAL_CATEGORIES).optional(),
});
export const rejectCandidateQuery = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => v || null),
});

export const listDiscoverySourcesOperation = defineOperation({
  ...API_ROUTES.listDiscoverySources,
  tag: 'discovery',
  summary: 'List discovery sources',
  access: 'viewer',
  response: z.object({ data: z.array(discoverySourceSchema), total: z.number().int() }),
});

export const createDiscoverySourceOperation = defineOperation({
  ...API_ROUTES.createDiscoverySource,
  tag: 'discovery',
  summary: 'Add a discovery source (administrators only)',
  access: 'admin',
  body: sourceCreateBody,
  response: discoverySourceSchema,
  status: 201,
});

export const updateDiscoverySourceOperation = defineOperation({
  ...API_ROUTES.updateDiscoverySource,
  tag: 'discovery',
  summary: 'Change a discovery source (administrators only)',
  access: 'admin',
  params: idParams,
  body: sourceUpdateBody,
  response: discoverySourceSchema,
});

export const deleteDiscoverySourceOperation = defineOperation({
  ...API_ROUTES.deleteDiscoverySource,
  tag: 'discovery',
  summary: 'Delete a discovery source; its candidates stay',
  access: 'admin',
  params: idParams,
  response: okResponse,
});

export const runDiscoverySourceOperation = defineOperation({
  ...API_ROUTES.runDiscoverySource,
  tag: 'discovery',
  summary: 'Queue a run of an active discovery source',
  access: 'operator',
  params: idParams,
  response: z.object({ job_id: z.string(), status: z.literal('queued') }),
  status: 202,
});

export const listDiscoveryCandidatesOperation = defineOperation({
  ...API_ROUTES.listDiscoveryCandidates,
  tag: 'discovery',
  summary: 'List discovery candidates by status, most confident first',
  access: 'viewer',
  query: candidateListQuery,
  response: paginated(discoveryCandidateSchema),
});

export const approveCandidateOperation = defineOperation({
  ...API_ROUTES.approveDiscoveryCandidate,
  tag: 'discovery',
  summary: 'Approve a candidate: creates its vendor, or links the existing one with that website',
  access: 'operator',
  params: idParams,
  query: approveCandidateQuery,
  response: z.object({ candidate: discoveryCandidateSchema, vendor_id: z.string() }),
});

export const rejectCandidateOperation = defineOperation({
  ...API_ROUTES.rejectDiscoveryCandidate,
  tag: 'discovery',
  summary: 'Reject a candidate with a reason',
  access: 'operator',
  params: idParams,
  query: rejectCandidateQuery,
  response: discoveryCandidateSchema,
});

export const markCandidateNotRelevantOperation = defineOperation({
  ...API_ROUTES.markDiscoveryCandidateNotRelevant,
  tag: 'discovery',
  summary: 'Mark a candidate not relevant; its domain is never proposed again',
  access: 'operator',
  params: idParams,
  query: rejectCandidateQuery,
  response: discoveryCandidateSchema,
});
