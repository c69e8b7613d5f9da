import { describe, expect, it } from 'vitest';
import { countryFieldValue, defaultCountry } from './vendor-form.ts';

describe("the vendor form's country", () => {
  it('names a stored country from its code in the reader’s language', () => {
    expect(countryFieldValue({ country: 'Mexico', country_code: 'MX' }, 'es-MX')).toBe('México');
    expect(countryFieldValue({ country: 'México', country_code: 'MX' }, 'en-US')).toBe('Mexico');
    expect(countryFieldValue({ country: 'Brazil', country_code: 'BR' }, 'es-MX')).toBe('Brasil');
    expect(defaultCountry('es-MX')).toBe('México');
    expect(defaultCountry('en-US')).toBe('Mexico');
  });

  it("keeps the operator's own words, and a name that would not read back as the same code", () => {
    expect(countryFieldValue({ country: 'Bajío, México', country_code: 'MX' }, 'es-MX')).toBe(
      'Bajío, México',
    );
    // "Francia" is not a spelling the server knows: sent back, it would move the vendor.
    expect(countryFieldValue({ country: 'FR', country_code: 'FR' }, 'es-MX')).toBe('FR');
  });
});
