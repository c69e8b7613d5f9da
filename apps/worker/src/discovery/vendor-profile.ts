import type { CAPABILITIES, VendorType } from '@preciofab/shared/catalogue';
import { foldText } from './fabrication-vocabulary.ts';
import { summarizePage, type PageSummary } from './html-page.ts';
import { findMexicanPlace } from './mexico-places.ts';

export type Capability = (typeof CAPABILITIES)[number];

export type VendorProfile = {
  vendor_type: VendorType | null;
  city: string | null;
  state: string | null;
  capabilities: Capability[];
};

/** Phrases a business uses about itself, per vendor type (folded, whole words). */
const TYPE_PHRASES: Record<VendorType, readonly RegExp[]> = {
  marketplace: [
    /\bmarketplace\b/,
    /\bvende (?:en|con) nosotros\b|\bsell (?:on|with) us\b|\bbecome a seller\b/,
    /\bred de (?:fabricantes|proveedores|talleres)\b|\bnetwork of (?:manufacturers|suppliers|shops)\b/,
    /\bcompara (?:precios|proveedores)\b|\bcompare (?:suppliers|vendors|quotes)\b/,
  ],
  makerspace: [
    /\bmakerspace\b|\bmaker space\b|\bhackerspace\b|\bespacio maker\b/,
    /\bfab ?lab\b/,
    /\bmembresias?\b|\bmemberships?\b/,
    /\bcursos\b|\btalleres de\b|\bworkshops\b|\bclases\b/,
  ],
  bureau: [
    /\bservicios? de (?:impresion 3d|maquinado|corte laser|grabado laser|manufactura|fabricacion)\b/,
    /\b(?:3d printing|machining|laser cutting|manufacturing) services?\b/,
    /\bsube tu (?:archivo|modelo|diseno|stl)\b|\bupload your (?:file|model|design|part|stl)\b/,
    /\bcotizacion (?:en linea|inmediata|instantanea)\b|\binstant quote\b|\bcotiza tu (?:pieza|proyecto)\b/,
    /\bbajo pedido\b|\bon[- ]demand\b|\bmaquila\b|\bservice bureau\b/,
  ],
  reseller: [
    /\bdistribuidor(?:es)?(?: autorizados?)?\b|\bdistribuimos\b|\bauthorized (?:dealer|reseller|distributor)\b/,
    /\breseller\b|\brevendedor\b|\btienda oficial\b/,
    /\b(?:creality|prusa|bambu ?lab|anycubic|elegoo|formlabs|flashforge|xtool|glowforge|ultimaker|raise3d)\b/,
    /\b(?:agregar|anadir) al carrito\b|\badd to cart\b/,
  ],
  manufacturer: [
    /\bfabricantes? de\b|\bsomos fabricantes\b|\bmanufacturer of\b/,
    /\bfabricamos\b|\bwe manufacture\b|\bwe make our own\b/,
    /\bnuestra planta\b|\bplanta de produccion\b|\bour (?:factory|plant)\b/,
    /\bmarca propia\b|\bhecho en mexico\b|\bmade in (?:mexico|usa)\b/,
  ],
  freelancer: [
    /\bfreelance(?:r)?\b|\bindependiente\b/,
    /\bportafolio\b|\bportfolio\b/,
    /\bsoy (?:un |una )?(?:disenador|disenadora|ingeniero|ingeniera|maker)\b|\bi'?m a (?:designer|maker|engineer)\b/,
    /\bhola,? soy\b|\bhi,? i'?m\b|\bmi taller\b|\bmy workshop\b/,
  ],
};

const print3d = /\bimpresion(?:es)? 3d\b|\b3d print/;
/** Capability tests on folded text; ambiguous words count only beside 3D printing. */
const CAPABILITY_TESTS: ReadonlyArray<[Capability, (t: string) => boolean]> = [
  [
    'fdm_printing',
    (t) =>
      /\b(?:fdm|fff)\b/.test(t) || (print3d.test(t) && /\b(?:pla|petg|abs|filamentos?|filaments?)\b/.test(t)),
  ],
  [
    'sla_printing',
    (t) =>
      /\b(?:sla|msla|dlp|estereolitografia|stereolithography)\b/.test(t) ||
      (print3d.test(t) && /\bresinas?\b|\bresins?\b/.test(t)),
  ],
  ['sls_printing', (t) => /\bsls\b|\bsinterizado\b|\bselective laser sintering\b/.test(t)],
  ['mjf_printing', (t) => /\bmjf\b|\bmulti ?jet fusion\b/.test(t)],
  [
    'cnc_milling',
    (t) =>
      /\bfresad(?:o|ora|oras)\b|\bmilling\b|\brouter cnc\b|\bcnc router\b|\b(?:maquinado|mecanizado) cnc\b|\bcnc machining\b|\bcentro de maquinado\b/.test(
        t,
      ),
  ],
  [
    'cnc_turning',
    (t) => /\btorno(?:s)?(?: cnc)?\b|\btorneado\b|\bcnc turning\b|\blathe\b|\bturned parts\b/.test(t),
  ],
  [
    'laser_cutting',
    (t) => /\bcorte (?:con |por |en )?laser\b|\blaser[- ]cut(?:ting|ters?)?\b|\bcortadoras? laser\b/.test(t),
  ],
  [
    'laser_engraving',
    (t) =>
      /\bgrabado (?:con |por |en )?laser\b|\blaser[- ]engrav(?:ing|er|ed)\b|\bgrabadoras? laser\b/.test(t),
  ],
  [
    'materials_supply',
    (t) =>
      /\bventa de (?:filamentos?|resinas?|materiales?|acrilicos?|laminas?)\b|\bmateriales? para (?:impresion|corte|maquinado)\b|\b(?:filament|resin|acrylic sheet)s? (?:for sale|store|shop)\b|\b(?:filamentos?|filaments?)\b.{0,80}\b1 ?kg\b/.test(
        t,
      ),
  ],
  [
    'design_services',
    (t) =>
      /\bdiseno (?:3d|industrial|de piezas|de productos?|cad)\b|\bmodelado 3d\b|\b3d (?:design|modell?ing)\b|\bcad design\b|\bproduct design\b|\bingenieria inversa\b|\breverse engineering\b/.test(
        t,
      ),
  ],
];

/** The vendor type with the most distinct phrases, when it has at least two and no tie. */
function guessType(folded: string): VendorType | null {
  const scored = (Object.keys(TYPE_PHRASES) as VendorType[])
    .map((type) => ({ type, n: TYPE_PHRASES[type].filter((re) => re.test(folded)).length }))
    .sort((a, b) => b.n - a.n);
  const [first, second] = scored;
  return first && first.n >= 2 && first.n > (second?.n ?? 0) ? first.type : null;
}

/** What a home page says about the business behind it, for the approval form's defaults. The URL
 * is taken for parity with the extractors' (html, url) signature; the page's words decide. */
export function inferVendorProfile(html: string, _url: string): VendorProfile {
  return profileFromSummary(summarizePage(html));
}

/** `inferVendorProfile` from a page already summarized. */
export function profileFromSummary(page: PageSummary): VendorProfile {
  const folded = foldText([page.title, page.description, page.text].filter(Boolean).join(' \n '));
  const place = findMexicanPlace(folded);
  return {
    vendor_type: guessType(folded),
    city: place.city,
    state: place.state,
    capabilities: CAPABILITY_TESTS.filter(([, test]) => test(folded)).map(([c]) => c),
  };
}
