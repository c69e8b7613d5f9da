import type { Category } from '@preciofab/shared/catalogue';
import {
  CATEGORY_RULES,
  MACHINE_WORDS,
  MATERIAL_RULES,
  PRODUCT_WORDS,
  SERVICE_WORDS,
  SUBCATEGORY_RULES,
  SUBSCRIPTION_WORDS,
  TECHNOLOGY_CATEGORY,
  TECHNOLOGY_RULES,
  type Material,
  type Rule,
  type Technology,
} from './classify-dictionary.ts';
import type { OfferField, PriceType } from './offer.ts';
import { parseUnit, type ParsedUnit } from './unit-parser.ts';
import { foldText } from './text-normalize.ts';

export type ClassifyInput = {
  name: string;
  /** Nearest first: the words next to the price, the table caption, the section heading. */
  context?: readonly string[];
  title?: string;
  categoryHint?: Category | null;
  /** The words right at the price ("$499 / mes", "por cm³"): they say subscription or unit. */
  priceText?: string;
  /** A unit already read next to the price; it wins over one in the name. */
  unit?: ParsedUnit | null;
};

export type Classification = {
  category: Category | null;
  subcategory: string | null;
  technology: Technology | null;
  material: Material | null;
  unit: ParsedUnit | null;
  price_type: PriceType | null;
  confidence: Partial<Record<OfferField, number>>;
};

type Reading = { category: Category | null; technology: Technology | null; material: Material | null };

/** Values every rule finds; a text naming two (PLA and PETG) names neither. */
function only<T>(rules: Rule<T>[], text: string): T | null {
  const found = new Set(rules.filter((r) => r.pattern.test(text)).map((r) => r.value));
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

function read(text: string): Reading {
  const technology = TECHNOLOGY_RULES.find((r) => r.pattern.test(text))?.value ?? null;
  const material = only(MATERIAL_RULES, text);
  const service = SERVICE_WORDS.test(text);
  if (PRODUCT_WORDS.test(text) && !service) return { category: 'materials', technology, material };
  if (technology) return { category: TECHNOLOGY_CATEGORY[technology], technology, material };
  return { category: only(CATEGORY_RULES, text), technology, material };
}

/** Places a price in the catalogue from its name first, then its surroundings, then the page
 * title; what no text states stays null rather than guessed ("Servicio express" → all null). */
export function classify(input: ClassifyInput): Classification {
  const weighted = [
    { text: input.name, weight: 0.9 },
    ...(input.context ?? []).map((text) => ({ text, weight: 0.7 })),
    { text: input.title ?? '', weight: 0.5 },
  ].filter((s) => s.text.trim() !== '');
  const sources = weighted.map((s) => foldText(s.text));
  const weights = weighted.map((s) => s.weight);
  const readings = sources.map(read);
  const confidence: Partial<Record<OfferField, number>> = {};

  const catAt = readings.findIndex((r) => r.category !== null);
  let category = catAt >= 0 ? (readings[catAt]?.category ?? null) : null;
  if (category) confidence.category = weights[catAt];
  const nameText = `${foldText(input.name)} ${foldText(input.priceText ?? '')}`;
  const unit = input.unit ?? weighted.map((s) => parseUnit(s.text)).find(Boolean) ?? null;
  // A filament or resin named with a printing technology and priced per cm³ or per gram is the
  // printing of it ("FDM (filamento) — PLA, $2.50 por gramo"): material is sold by the kilo or litre.
  const printTech = readings[catAt]?.technology;
  if (
    category === 'materials' &&
    printTech &&
    TECHNOLOGY_CATEGORY[printTech] === 'additive_manufacturing' &&
    (unit?.unit === 'cm3' || (unit?.unit === 'kg' && Number(unit.unit_size) <= 0.001))
  )
    category = 'additive_manufacturing';
  const technology =
    readings.find((r) => r.technology && TECHNOLOGY_CATEGORY[r.technology] === category)?.technology ?? null;
  const matAt = readings.findIndex((r) => r.material !== null);
  const material = matAt >= 0 ? (readings[matAt]?.material ?? null) : null;
  if (material) confidence.material = weights[matAt];

  // The operator's category only completes a name that carries other evidence.
  if (!category && input.categoryHint && (material || unit)) {
    category = input.categoryHint;
    confidence.category = 0.4;
  }
  if (technology) confidence.technology = confidence.category ?? 0.5;

  const subcategory = category ? subcategoryOf(category, technology, sources) : null;
  if (subcategory) confidence.subcategory = confidence.category ?? 0.5;
  const price_type = priceTypeOf(category, unit, nameText);
  if (price_type) confidence.price_type = Math.min(confidence.category ?? 0.6, 0.8);
  return { category, subcategory, technology, material, unit, price_type, confidence };
}

function subcategoryOf(category: Category, technology: Technology | null, sources: string[]): string | null {
  if (category === 'additive_manufacturing') {
    return technology && technology !== 'cnc' && technology !== 'laser' ? technology.toUpperCase() : null;
  }
  for (const text of sources) {
    const found = only(SUBCATEGORY_RULES[category], text);
    if (found) return found;
  }
  return null;
}

function priceTypeOf(category: Category | null, unit: ParsedUnit | null, name: string): PriceType | null {
  if (SUBSCRIPTION_WORDS.test(name)) return 'license_subscription';
  if (!category) return null;
  if (category === 'materials' || (MACHINE_WORDS.test(name) && !SERVICE_WORDS.test(name))) return 'purchase';
  if (unit?.unit === 'hour' || unit?.unit === 'minute') return 'service_hourly';
  return unit ? 'service_per_part' : null;
}
