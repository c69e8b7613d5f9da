import type { Category, MATERIALS, TECHNOLOGIES } from '@preciofab/shared/catalogue';

export type Technology = (typeof TECHNOLOGIES)[number];
export type Material = (typeof MATERIALS)[number];
export type Rule<T> = { value: T; pattern: RegExp };

/* Bilingual patterns, matched on folded text (lower case, no accents). The order matters where
 * one term contains another: laser sintering is SLS before it is a laser cutter, and "laser" is
 * therefore the last technology tried. */

export const TECHNOLOGY_RULES: Rule<Technology>[] = [
  {
    value: 'sls',
    pattern:
      /\bsls\b|sinterizad[oa]s? (selectiv[oa] )?(por|con) laser|sinterizado laser|selective laser sintering|laser sintering/,
  },
  {
    value: 'dmls',
    pattern:
      /\bdmls\b|\bslm\b|sinterizado (directo )?de metal|direct metal laser|impresion 3d (en|de) metal|metal 3d printing|3d printing in metal/,
  },
  { value: 'mjf', pattern: /\bmjf\b|multi ?jet fusion|\bjet fusion\b/ },
  {
    value: 'sla',
    pattern:
      /\bsla\b|\bmsla\b|\bdlp\b|estereolitografia|stereolithography|impresion (3d )?(en|de|con) resina|resin (3d )?printing/,
  },
  {
    value: 'fdm',
    pattern:
      /\bfdm\b|\bfff\b|filamento fundido|deposicion fundida|fused (deposition|filament)|impresion 3d (en|con) filamento/,
  },
  {
    value: 'cnc',
    pattern:
      /\bcnc\b|\bfresad|\bfresadora|\btorno\b|\btornead|\bmilling\b|\bturning\b|\blathe\b|\bmaquinad|\bmecanizad|\bmachining\b|electroerosion|\bedm\b|\brectificad|\bgrinding\b/,
  },
  { value: 'laser', pattern: /\blaser\b|\bco2\b|\bfiber laser\b/ },
];

export const TECHNOLOGY_CATEGORY: Record<Technology, Category> = {
  fdm: 'additive_manufacturing',
  sla: 'additive_manufacturing',
  sls: 'additive_manufacturing',
  mjf: 'additive_manufacturing',
  dmls: 'additive_manufacturing',
  cnc: 'cnc_machining',
  laser: 'laser_cutting',
};

/** Process words without a technology ("impresión 3D" names no printer kind). */
export const CATEGORY_RULES: Rule<Category>[] = [
  {
    value: 'additive_manufacturing',
    pattern:
      /impresion(es)? 3d|impres[oa]s? en (3d|pla|abs|petg|tpu|nylon|resina)|impresion tridimensional|3d print|manufactura aditiva|additive manufacturing/,
  },
  { value: 'laser_cutting', pattern: /corte (por )?laser|grabado laser|laser cut|laser engrav/ },
];

/** Words that make a name a service rather than a product for sale. */
export const SERVICE_WORDS =
  /\b(impresion|impresiones|imprimir|printing|print|servicio|service|corte|cortar|cutting|cut|grabado|grabar|engraving|fresado|maquinado|machining|torneado|mecanizado|diseno|design)\b/;
/** Words of materials sold by the kilo, the litre or the sheet. */
export const PRODUCT_WORDS =
  /\b(filamentos?|filaments?|resinas?|resins?|laminas?|placas?|hojas?|sheets?|planchas?|tableros?|barras?|varillas?|rods?|polvos?|powders?|bobinas?|spools?|carretes?)\b/;
/** Machines for sale: a purchase, not a service. */
export const MACHINE_WORDS = /\b(impresora|printer|cortadora|grabadora|maquina|machine)\b/;
export const SUBSCRIPTION_WORDS =
  /\b(licencia|license|licence|suscripcion|subscription|membresia|membership|mensual|monthly|anual|annual|per month|por mes|al mes)\b|\/\s*(mes|month|mo|ano|year|yr)\b/;

export const SUBCATEGORY_RULES: Record<Category, Rule<string>[]> = {
  additive_manufacturing: [],
  cnc_machining: [
    { value: 'EDM', pattern: /electroerosion|\bedm\b|corte por hilo|wire cut/ },
    { value: 'Grinding', pattern: /\brectificad|\bgrinding\b/ },
    { value: 'Turning', pattern: /\btorno\b|\btornead|\bturning\b|\blathe\b/ },
    { value: 'Milling', pattern: /\bfresad|\bfresadora|\bmilling\b|\brouter\b/ },
  ],
  laser_cutting: [
    { value: 'CO2 Laser', pattern: /\bco2\b/ },
    { value: 'Fiber Laser', pattern: /\bfibra\b|\bfiber\b|\bfibre\b/ },
    { value: 'UV Laser', pattern: /\buv\b|ultravioleta|ultraviolet/ },
  ],
  materials: [
    { value: 'Filaments', pattern: /\bfilamentos?\b|\bfilaments?\b|\bspools?\b|\bbobinas?\b|\bcarretes?\b/ },
    { value: 'Resins', pattern: /\bresinas?\b|\bresins?\b/ },
    {
      value: 'Sheets',
      pattern: /\blaminas?\b|\bplacas?\b|\bhojas?\b|\bsheets?\b|\bplanchas?\b|\btableros?\b/,
    },
    { value: 'Rods', pattern: /\bbarras?\b|\bvarillas?\b|\brods?\b/ },
    { value: 'Powders', pattern: /\bpolvos?\b|\bpowders?\b/ },
  ],
};

export const MATERIAL_RULES: Rule<Material>[] = [
  { value: 'petg', pattern: /\bpetg\b|\bpet-g\b/ },
  { value: 'pla', pattern: /\bpla\+?(?![\p{L}])/u },
  { value: 'abs', pattern: /\babs\b/ },
  { value: 'tpu', pattern: /\btpu\b|\bfilaflex\b/ },
  { value: 'nylon', pattern: /\bnylon\b|\bnailon\b|\bpa ?1[12]\b|\bpoliamida\b|\bpolyamide\b/ },
  { value: 'resin', pattern: /\bresinas?\b|\bresins?\b/ },
  {
    value: 'metal',
    pattern:
      /\bmetal(es|ico|ica)?\b|\baluminio\b|\balumin(i)?um\b|\bacero\b|\bsteel\b|\binoxidable\b|\blaton\b|\bbrass\b|\bcobre\b|\bcopper\b|\btitanio\b|\btitanium\b|\bhierro\b/,
  },
  {
    value: 'wood',
    pattern: /\bmadera\b|\bwood\b|\bmdf\b|\btriplay\b|\bplywood\b|\bpino\b|\bbambu\b|\bbamboo\b/,
  },
  { value: 'acrylic', pattern: /\bacrilico\b|\bacrylic\b|\bpmma\b|\bplexiglas(s)?\b/ },
];
