import { countryOfHost, isLatinAmericanCountry } from '@preciofab/shared/countries';
import { countMexicanPlaces } from './mexico-places.ts';

const MX_PHONE = /\+\s?52[\s.(-]*\d/;
/** (55) 1234 5678: Mexico's two-digit area codes with eight-digit numbers (not US (555) 123-4567). */
const MX_LOCAL_PHONE = /\(\d{2}\)\s?\d{4}[\s.-]?\d{4}\b/;
const LATAM_PHONE = /\+\s?(?:54|56|57|51|58|591|593|595|598|502|503|504|505|506|507)[\s.(-]*\d/;
const POSTAL_CODE = /\bc\.?\s?p\.?\s?\d{5}\b/;
const RFC = /\brfc\b|\b[a-z&]{3,4}\d{6}[a-z0-9]{3}\b/;
const PESOS = /\bmxn\b|\bm\.n\.|pesos mexicanos/;
const MEXICO = /\bmexico\b|\bmexican[oa]s?\b/;
const LATAM_WORDS = /\blatinoamerica\b|\blatam\b|america latina|latin america/;
const LATAM_COUNTRIES =
  /\b(?:colombia|argentina|chile|peru|guatemala|costa rica|ecuador|uruguay|paraguay|bolivia|panama|honduras|el salvador|nicaragua|venezuela|republica dominicana)\b/;

/**
 * How strongly a page places its business in Mexico or Latin America, 0 to 1: the domain, phone
 * numbers, addresses (places, C.P.), tax ids (RFC), currency, and the declared language. Each signal
 * adds; none alone is proof (a US shop may say "we ship to Mexico").
 */
export function latamSignal(folded: string, hostname: string, lang: string | null): number {
  let s = 0;
  // The domain's country from the shared ccTLD table: `.co` is Colombia there, as everywhere.
  const country = countryOfHost(hostname);
  if (country === 'MX') s += 0.5;
  else if (country && isLatinAmericanCountry(country)) s += 0.4;
  if (MX_PHONE.test(folded)) s += 0.3;
  else if (MX_LOCAL_PHONE.test(folded)) s += 0.2;
  if (LATAM_PHONE.test(folded)) s += 0.2;
  const places = countMexicanPlaces(folded);
  if (places) s += places > 1 ? 0.4 : 0.3;
  if (POSTAL_CODE.test(folded)) s += 0.2;
  if (RFC.test(folded)) s += 0.15;
  if (PESOS.test(folded)) s += 0.25;
  if (MEXICO.test(folded)) s += 0.2;
  if (LATAM_WORDS.test(folded)) s += 0.1;
  if (LATAM_COUNTRIES.test(folded)) s += 0.15;
  if (lang === 'es-mx') s += 0.3;
  else if (lang?.startsWith('es-') && lang !== 'es-es') s += 0.2;
  else if (lang === 'es') s += 0.1;
  return Math.min(1, s);
}
