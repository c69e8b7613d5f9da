import { z } from 'zod';
import { CAPABILITIES, REGIONS, VENDOR_TYPES } from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import {
  httpUrl,
  idParams,
  isoDateTime,
  limitQuery,
  offsetQuery,
  okResponse,
  optionalText,
  paginated,
} from './common.ts';

export const vendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(VENDOR_TYPES),
  website: z.string().nullable(),
  location: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  country_code: z.string(),
  region: z.enum(REGIONS),
  capabilities: z.array(z.string()),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  description: z.string().nullable(),
  trust_score: z.number(),
  price_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Vendor = z.infer<typeof vendorSchema>;

const email = z
  .string()
  .trim()
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.email_invalid')
  .max(320);

/** Field rules shared by create and update (spec §5, add vendor). */
const vendorFields = {
  name: z
    .string({ error: 'validation.vendor_name_required' })
    .trim()
    .min(1, 'validation.vendor_name_required')
    .max(200),
  type: z.enum(VENDOR_TYPES),
  website: z
    .union([z.literal(''), httpUrl])
    .nullish()
    .transform((v) => v || null),
  location: optionalText(500),
  city: optionalText(120),
  state: optionalText(120),
  country: z.string().trim().min(1).max(120),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase()),
  region: z.enum(REGIONS),
  capabilities: z
    .array(z.enum(CAPABILITIES), { error: 'validation.capability_required' })
    .min(1, 'validation.capability_required'),
  contact_email: z
    .union([z.literal(''), email])
    .nullish()
    .transform((v) => v || null),
  contact_phone: optionalText(40),
  description: optionalText(4000),
  trust_score: z.number().min(0).max(1),
};

export const vendorCreateBody = z.strictObject({
  ...vendorFields,
  type: vendorFields.type.default('bureau'),
  // Left out, the country is the code's (Mexico when neither is given), named by the server.
  country: vendorFields.country.optional(),
  country_code: vendorFields.country_code.optional(),
  region: vendorFields.region.optional(),
  trust_score: vendorFields.trust_score.default(0.5),
});
export type VendorCreate = z.infer<typeof vendorCreateBody>;

export const vendorUpdateBody = z.strictObject(vendorFields).partial();
export type VendorUpdate = z.infer<typeof vendorUpdateBody>;

export const vendorListQuery = z.strictObject({
  limit: limitQuery(500, 100),
  offset: offsetQuery,
  search: z.string().trim().max(200).optional(),
  vendor_type: z.enum(VENDOR_TYPES).optional(),
  sort: z.enum(['name', 'trust_score', 'created_at', 'city']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const listVendorsOperation = defineOperation({
  ...API_ROUTES.listVendors,
  tag: 'vendors',
  summary: 'List vendors, filtered by search text and vendor type',
  access: 'viewer',
  query: vendorListQuery,
  response: paginated(vendorSchema),
});

export const getVendorOperation = defineOperation({
  ...API_ROUTES.getVendor,
  tag: 'vendors',
  summary: 'One vendor',
  access: 'viewer',
  params: idParams,
  response: vendorSchema,
});

export const createVendorOperation = defineOperation({
  ...API_ROUTES.createVendor,
  tag: 'vendors',
  summary: 'Add a vendor',
  access: 'operator',
  body: vendorCreateBody,
  response: vendorSchema,
  status: 201,
});

export const updateVendorOperation = defineOperation({
  ...API_ROUTES.updateVendor,
  tag: 'vendors',
  summary: 'Change a vendor',
  access: 'operator',
  params: idParams,
  body: vendorUpdateBody,
  response: vendorSchema,
});

export const deleteVendorOperation = defineOperation({
  ...API_ROUTES.deleteVendor,
  tag: 'vendors',
  summary: 'Delete a vendor with its targets, offers and observations',
  access: 'operator',
  params: idParams,
  response: okResponse,
});

/** Most rows one import may carry. */
export const VENDOR_IMPORT_MAX = 1000;
/** Largest CSV file the console reads for an import, checked before reading it: 1,000 rows of 2 KB,
 * ten times a real vendor row (a full one with a description is about 200 bytes). */
export const VENDOR_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** DECISIONS (import from CSV): rows the console read from a file, each a vendor create payload.
 * All or nothing: one invalid row (its errors come back as rows.<index>.<field>) and none is added. */
export const vendorImportBody = z.strictObject({
  rows: z.array(vendorCreateBody).min(1).max(VENDOR_IMPORT_MAX),
});
export type VendorImport = z.infer<typeof vendorImportBody>;

export const vendorImportResult = z.object({
  created: z.number().int(),
  ids: z.array(z.string()),
});

export const importVendorsOperation = defineOperation({
  ...API_ROUTES.importVendors,
  tag: 'vendors',
  summary: 'Add many vendors at once (CSV import), all or none',
  access: 'operator',
  body: vendorImportBody,
  response: vendorImportResult,
  status: 201,
  // The rows of a file the console accepts, as JSON: its text with room for escapes, plus each
  // row's keys and defaults (the server's 1 MB default is smaller than such a file).
  bodyLimit: 2 * VENDOR_IMPORT_MAX_BYTES + VENDOR_IMPORT_MAX * 1024,
});
