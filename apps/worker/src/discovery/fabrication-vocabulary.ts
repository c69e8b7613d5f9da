import type { Category } from '@preciofab/shared/catalogue';

/** Lower-case without accents, so "Impresión", "IMPRESION" and "impresion" match one pattern. */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export type Term = { re: RegExp; weight: number; category: Category | null };

/** Patterns are written folded and matched on whole words. */
const term = (pattern: string, weight: number, category: Category | null): Term => ({
  re: new RegExp(`\\b(?:${pattern})\\b`),
  weight,
  category,
});

/**
 * Bilingual fabrication vocabulary. Weights say how strongly a word points at a fabrication vendor:
 * "impresión 3D" on a home page is near proof; "resina" or "torno" alone are ambiguous (crafts,
 * pottery), so they only add up with others. Category null: fabrication, but no one category.
 */
export const FABRICATION_TERMS: readonly Term[] = [
  term('impresion(?:es)? (?:en )?3d|impres[oa]s? (?:en )?3d', 3, 'additive_manufacturing'),
  term('impresoras? 3d', 2, 'additive_manufacturing'),
  term('3d print(?:ing|ed|er|ers|s)?|3d-print(?:ing|ed)?', 3, 'additive_manufacturing'),
  term('manufactura aditiva|fabricacion aditiva|additive manufacturing', 3, 'additive_manufacturing'),
  term('fdm|fff', 2, 'additive_manufacturing'),
  term('sla|msla|dlp|estereolitografia|stereolithography', 1.5, 'additive_manufacturing'),
  term(
    'sls|sinterizado (?:selectivo )?(?:por )?laser|selective laser sintering',
    2,
    'additive_manufacturing',
  ),
  term('mjf|multi ?jet fusion', 2, 'additive_manufacturing'),
  term('escaneo 3d|escaner 3d|3d scann(?:ing|er)', 1, 'additive_manufacturing'),
  term('maquinados?|mecanizados?|machining', 3, 'cnc_machining'),
  term('cnc', 2, 'cnc_machining'),
  term('fresadoras?|fresado|milling', 2, 'cnc_machining'),
  term('torno cnc|torneado|cnc turning|lathe', 2, 'cnc_machining'),
  term('router cnc|cnc router|centro de maquinado|machining cent(?:er|re)', 2, 'cnc_machining'),
  term('torno|tornos', 1, 'cnc_machining'),
  term('machine shop|taller de maquinado', 2, 'cnc_machining'),
  term('corte (?:con |por |en )?laser|laser[- ]cut(?:ting|ters?|s)?|cortadoras? laser', 3, 'laser_cutting'),
  term('grabado (?:con |por |en )?laser|laser[- ]engrav(?:ing|er|ed)|grabadoras? laser', 3, 'laser_cutting'),
  term('laser co2|co2 laser|fiber laser|laser de fibra', 2, 'laser_cutting'),
  term('acrilicos?|acrylic', 1, 'laser_cutting'),
  term('mdf', 1, 'laser_cutting'),
  term('filamentos?|filaments?', 2, 'materials'),
  term('resinas?|resins?', 1, 'materials'),
  term('pla|abs|petg|tpu', 0.5, 'materials'),
  term('laminas? de acrilico|acrylic sheets?|placas? de acrilico', 2, 'materials'),
  term('venta de (?:filamento|resina|material)(?:es|s)?|materiales para impresion', 2, 'materials'),
  term('fabricacion digital|digital fabrication|fab ?lab|makerspace', 2, null),
  term('prototipos?|prototipado|prototyping|prototypes?|rapid prototyp\\w*', 1, null),
  term('maquila|piezas? (?:a|bajo) (?:medida|pedido)|custom parts', 1, null),
];

/** Commerce: a catalogue or price list is what makes a vendor worth crawling. */
export const COMMERCE_TERMS: readonly Term[] = [
  term('precios?|lista de precios|tarifas?|prices?|pricing', 0.2, null),
  term(
    'cotiza(?:r|cion|ciones)?|cotice|solicita (?:tu|una) cotizacion|get a quote|quote|instant quote',
    0.2,
    null,
  ),
  term('tienda(?: en linea)?|shop|store|catalogos?|catalog(?:ue)?', 0.15, null),
  term('(?:agregar|anadir) al carrito|add to (?:cart|basket)|carrito|comprar|buy now|checkout', 0.25, null),
  term('envios?|envio gratis|shipping', 0.1, null),
];

/** Money as shops print it: $1,234.00, $ 350, 1234.50 MXN. */
export const PRICE_PATTERN =
  /(?:\$\s?\d{1,3}(?:[,.]\d{3})*(?:[.,]\d{2})?\b|\b\d+(?:[.,]\d{2})?\s?(?:mxn|usd|pesos)\b)/g;

/**
 * Pages that mention fabrication without selling it: news, blogs and job boards, and unrelated
 * trades that show up for ambiguous words (a restaurant's "menú de temporada", a hotel).
 */
export const NEGATIVE_TERMS: readonly Term[] = [
  term('noticias|ultimas noticias|ultima hora|breaking news|latest news|headlines', 0.15, null),
  term('periodico|diario|newspaper|redaccion|reporter[oa]?s?|periodistas?|journalists?', 0.15, null),
  term('columnistas?|opinion|editorial|suscribete al|subscribe to our newspaper', 0.1, null),
  term('publicado (?:el|por)|published (?:on|by)|hace \\d+ (?:horas|minutos)', 0.1, null),
  term('vacantes|bolsa de trabajo|empleos|ofertas de empleo|job openings|careers|postulate', 0.15, null),
  term(
    'restaurantes?|restaurant|reservaciones|reservations|platillos|comida|gastronomia|recetas|recipes',
    0.15,
    null,
  ),
  term('desayunos|tacos|bebidas|cocteles|menu del dia|chef', 0.1, null),
  term('hotel|hospedaje|habitaciones|vuelos|turismo|bienes raices|inmobiliaria|real estate', 0.15, null),
];

/** Words in a host that mark a publication rather than a shop. */
export const NEGATIVE_HOST =
  /(^|[.-])(news|noticias|periodico|diario|blog|revista|magazine|jobs|empleos?)([.-]|$)/;

/** The sum of the weights of the distinct terms found in folded text, with each term's category. */
export function matchTerms(folded: string, terms: readonly Term[]) {
  let total = 0;
  const byCategory = new Map<Category, number>();
  for (const t of terms) {
    if (!t.re.test(folded)) continue;
    total += t.weight;
    if (t.category) byCategory.set(t.category, (byCategory.get(t.category) ?? 0) + t.weight);
  }
  return { total, byCategory };
}
