import type { z } from 'zod';
import { CAPABILITIES } from '@preciofab/shared/catalogue';
import { vendorCreateBody, type Vendor } from '@preciofab/shared/contracts/vendors';

/** The add and edit vendor form: the contract's fields a person fills in (spec §5 messages from the
 * contract). The trust score, country code and region are left to the server. */
export const vendorFormSchema = vendorCreateBody.pick({
  name: true,
  type: true,
  website: true,
  location: true,
  city: true,
  state: true,
  country: true,
  capabilities: true,
  contact_email: true,
  contact_phone: true,
  description: true,
});
export type VendorFormValues = z.input<typeof vendorFormSchema>;

/** A new vendor: a bureau in Mexico. */
export const VENDOR_FORM_DEFAULTS = {
  name: '',
  type: 'bureau',
  website: '',
  location: '',
  city: '',
  state: '',
  country: 'Mexico',
  capabilities: [],
  contact_email: '',
  contact_phone: '',
  description: '',
} satisfies VendorFormValues;

/** The form filled with a vendor, for editing. */
export function vendorToFormValues(vendor: Vendor): VendorFormValues {
  return {
    name: vendor.name,
    type: vendor.type,
    website: vendor.website ?? '',
    location: vendor.location ?? '',
    city: vendor.city ?? '',
    state: vendor.state ?? '',
    country: vendor.country,
    capabilities: CAPABILITIES.filter((c) => vendor.capabilities.includes(c)),
    contact_email: vendor.contact_email ?? '',
    contact_phone: vendor.contact_phone ?? '',
    description: vendor.description ?? '',
  };
}
