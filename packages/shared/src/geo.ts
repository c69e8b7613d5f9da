import type { Region } from './catalogue.ts';
import { isLatinAmericanCountry } from './countries.ts';

/** Countries operators name, by the spellings they use, with ISO 3166 codes. */
const COUNTRIES: Record<string, string> = {
  mexico: 'MX',
  méxico: 'MX',
  'estados unidos mexicanos': 'MX',
  guatemala: 'GT',
  'el salvador': 'SV',
  honduras: 'HN',
  nicaragua: 'NI',
  'costa rica': 'CR',
  panama: 'PA',
  panamá: 'PA',
  cuba: 'CU',
  'república dominicana': 'DO',
  'republica dominicana': 'DO',
  'dominican republic': 'DO',
  'puerto rico': 'PR',
  colombia: 'CO',
  venezuela: 'VE',
  ecuador: 'EC',
  peru: 'PE',
  perú: 'PE',
  bolivia: 'BO',
  chile: 'CL',
  argentina: 'AR',
  uruguay: 'UY',
  paraguay: 'PY',
  brazil: 'BR',
  brasil: 'BR',
  'united states': 'US',
  usa: 'US',
  'estados unidos': 'US',
  canada: 'CA',
  canadá: 'CA',
  spain: 'ES',
  españa: 'ES',
  germany: 'DE',
  alemania: 'DE',
  china: 'CN',
};

const CDMX_NAMES = new Set([
  'cdmx',
  'ciudad de mexico',
  'ciudad de méxico',
  'mexico city',
  'df',
  'distrito federal',
]);

export function countryCodeOf(country: string): string | undefined {
  const key = country.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(key)) return key.toUpperCase();
  return COUNTRIES[key];
}

/** The benchmark region a vendor belongs to (spec §9 regions). */
export function regionOf(city: string | null | undefined, countryCode: string): Region {
  if (countryCode === 'MX') {
    return city && CDMX_NAMES.has(city.trim().toLowerCase()) ? 'CDMX' : 'Mexico';
  }
  return isLatinAmericanCountry(countryCode) ? 'LATAM' : 'Global';
}

/** The site of a URL: its host, lower-case, without a leading www or a trailing dot. An IP host or
 * localhost keeps its port: two sites on 127.0.0.1 (the demo web, tests) are two sites. */
export function siteDomain(url: string): string {
  const u = new URL(url.trim());
  const host = u.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const literal = host === 'localhost' || host.startsWith('[') || /^[\d.]+$/.test(host);
  return literal && u.port ? `${host}:${u.port}` : host;
}
