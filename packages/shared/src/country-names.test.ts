import { describe, expect, it } from 'vitest';
import { countryName, storedCountryName } from './country-names.ts';

describe('countryName', () => {
  it('names a country in the reader’s language, accents included', () => {
    expect(countryName('MX', 'es-MX')).toBe('México');
    expect(countryName('mx', 'en-US')).toBe('Mexico');
    expect(countryName('BR', 'es-MX')).toBe('Brasil');
    expect(countryName('PE', 'es-MX')).toBe('Perú');
    expect(countryName('US', 'es-MX')).toBe('Estados Unidos');
  });

  it('keeps what is not a country code as it came', () => {
    expect(countryName('Mexico', 'es-MX')).toBe('Mexico');
    expect(countryName('', 'es-MX')).toBe('');
  });
});

describe('storedCountryName', () => {
  it('writes the country derived from a code in the product’s language, accent included', () => {
    expect(storedCountryName('MX')).toBe('México');
    expect(storedCountryName('CO')).toBe('Colombia');
  });
});
