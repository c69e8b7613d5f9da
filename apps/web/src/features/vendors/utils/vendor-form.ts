import type { z } from 'zod';
import { CAPABILITIES } from '@preciofab/shared/catalogue';
import { vendorCreateBody, type Vendor } from '@preciofab/shared/contracts/vendors';
import { countryName } from '@preciofab/shared/country-names';
import { countryCodeOf } from '@preciofab/shared/geo';

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

/** A new vendor: a bureau (in Mexico: the form names the country in the reader's language, see
 * `defaultCountry`). */
export const VENDOR_FORM_DEFAULTS = {
  name: '',
  type: 'bureau',
  website: '',
  location: '',
  city: '',
  state: '',
  country: '',
  capabilities: [],
  contact_email: '',
  contact_phone: '',
  description: '',
} satisfies VendorFormValues;

/** A new vendor's country: Mexico, named in the reader's language ("México"). */
export const defaultCountry = (locale: string): string => countryName('MX', locale);

/** A vendor's country as the form shows it: named from its code in the reader's language when the
 * stored name is that country's ('Mexico' → "México"), and when that name reads back as the same
 * code (sent unchanged, it must not move the vendor). A name of the operator's own stays as
 * written. */
export function countryFieldValue(vendor: Pick<Vendor, 'country' | 'country_code'>, locale: string): string {
  const code = vendor.country_code.trim().toUpperCase();
  const named = countryName(code, locale);
  const same = countryCodeOf(vendor.country) === code && countryCodeOf(named) === code;
  return same ? named : vendor.country;
}

/** The form filled with a vendor, for editing, its country in the reader's language. */
export function vendorToFormValues(vendor: Vendor, locale: string): VendorFormValues {
  return {
    name: vendor.name,
    type: vendor.type,
    website: vendor.website ?? '',
    location: vendor.location ?? '',
    city: vendor.city ?? '',
    state: vendor.state ?? '',
    country: countryFieldValue(vendor, locale),
    capabilities: CAPABILITIES.filter((c) => vendor.capabilities.includes(c)),
    contact_email: vendor.contact_email ?? '',
    contact_phone: vendor.contact_phone ?? '',
    description: vendor.description ?? '',
  };
}
