import { rng, CUR, type Cur, type Rng } from './lib.ts';
import { type Site, genCards, makeProduct, type Product } from './parts.ts';
import { wooProduct, wooShop, wcPrice, type WooOpts, type WooFormat } from './woo.ts';
import { type PageDef, productTruth, listTruth } from './types.ts';

const PAY_LATAM = ['Visa', 'Mastercard', 'American Express', 'PayPal', 'Mercado Pago'];

function site(
  p: Partial<Site> &
    Pick<Site, 'name' | 'domain' | 'htmlLang' | 'country' | 'phone' | 'address'> & { cur: Cur },
): Site {
  return {
    lang: 'es',
    currencyHints: true,
    email: `ventas@${p.domain.replace(/^www\./, '')}`,
    year: 2024,
    payments: PAY_LATAM,
    dateStyle: 'es-long',
    ...p,
  };
}

type WooPage = {
  file: string;
  site: Site;
  path: string;
  fmt: WooFormat;
  jsonLd: WooOpts['jsonLd'];
  product: (r: Rng, s: Site) => Product;
  notes?: string[];
  summaryExtra?: (o: WooOpts) => string;
  tests: string;
  mustContain: (o: WooOpts) => string[];
  theme?: WooOpts['theme'];
  cssKb?: number;
  jsKb?: number;
};

function build(pg: WooPage): PageDef {
  const r = rng(pg.file);
  const s = pg.site;
  const url = `https://${s.domain}${pg.path}`;
  const p = pg.product(r, s);
  const o: WooOpts = {
    site: s,
    url,
    fmt: pg.fmt,
    theme: pg.theme ?? 'storefront',
    jsonLd: pg.jsonLd,
    yoastProductMeta: true,
    cssKb: pg.cssKb ?? 30,
    jsKb: pg.jsKb ?? 45,
    priceNotes: pg.notes,
  };
  const html = wooProduct(r, {
    ...o,
    product: p,
    related: genCards(r, s, 4),
    upsells: genCards(r, s, 3),
    recent: genCards(r, s, 4),
    topRated: genCards(r, s, 4),
    summaryExtra: pg.summaryExtra?.(o),
  });
  return {
    entry: {
      file: pg.file,
      url,
      platform: 'woocommerce',
      country: s.country || null,
      lang: s.lang,
      page_kind: 'product',
      ...productTruth(s, p),
      tests: pg.tests,
    },
    html,
    mustContain: pg.mustContain(o),
  };
}

const FIL_SPECS: [string, string][] = [
  ['Peso', '1 kg'],
  ['Diámetro', '1.75 mm'],
  ['Tolerancia', '± 0.02 mm'],
  ['Temperatura de impresión', '200 – 230 °C'],
  ['Temperatura de cama', '60 °C'],
  ['Dimensiones del carrete', '200 x 65 mm'],
];

export function wooPages(): (() => PageDef)[] {
  return [
    () =>
      build({
        file: 'woocommerce-product-mx.html',
        site: site({
          name: 'Impresión 3D Monterrey',
          domain: 'www.impresion3dmty.mx',
          htmlLang: 'es-MX',
          country: 'MX',
          cur: CUR.MXN,
          phone: '+52 81 8340 1122',
          whatsapp: '+52 1 81 1234 5678',
          address: [
            'Av. Constitución 2050 Pte., Local 4',
            'Col. Obispado, C.P. 64060',
            'Monterrey, N.L., México',
          ],
          announcement: 'Envío gratis en compras mayores a $999 · Entregas el mismo día en Monterrey',
          payments: ['Visa', 'Mastercard', 'American Express', 'PayPal', 'Mercado Pago', 'OXXO'],
          dateStyle: 'es-long',
        }),
        path: '/producto/filamento-petg-1-75-mm-1-kg-negro/',
        fmt: { symbol: '&#36;', pos: 'left', thou: ',', dec: '.', decimals: 2 },
        jsonLd: 'sale',
        product: (r, s) =>
          makeProduct(r, s, {
            title: 'Filamento PETG 1.75 mm 1 kg Negro',
            brand: 'eSun',
            type: 'Filamento',
            breadcrumbs: ['Filamentos', 'PETG'],
            variants: [{ title: 'Negro', price: 349, compare: 399, sku: 'ESUN-PETG-BK', id: 1 }],
            descriptionHtml: `<p>Filamento PETG de alta resistencia química y mecánica, ideal para piezas funcionales, soportes y exteriores. No requiere cámara cerrada.</p><p>Precio por carrete. En compras de 5 carretes o más solicita precio de mayoreo por WhatsApp.</p>`,
            specs: FIL_SPECS.map(([k, v]) =>
              k === 'Temperatura de impresión'
                ? [k, '230 – 250 °C']
                : k === 'Temperatura de cama'
                  ? [k, '70 – 80 °C']
                  : [k, v],
            ),
            rating: 4.67,
            reviewCount: 128,
          }),
        notes: ['Paga hasta en <strong>3 meses sin intereses</strong> de $116.33', 'Precio con IVA incluido'],
        tests:
          'WooCommerce on .mx (es-MX): sale price in <ins> $349.00 with <del> $399.00 and screen-reader "El precio original era: &#036;399.00"; symbol as &#36; entity in its own span; JSON-LD (footer) price 349.00 with a ListPrice 399.00 priceSpecification; product:price:amount meta; header mini-cart $0.00; upsells (3), related (4), sidebar recently viewed (4) and top rated (4) all with prices; "3 meses sin intereses de $116.33"',
        mustContain: (o) => [wcPrice(o, 349), wcPrice(o, 399), '"priceCurrency":"MXN"'],
      }),

    () =>
      build({
        file: 'woocommerce-product-co.html',
        site: site({
          name: 'Tecno3D Colombia',
          domain: 'www.tecno3d.com.co',
          htmlLang: 'es-CO',
          country: 'CO',
          cur: CUR.COP,
          phone: '+57 601 745 2030',
          whatsapp: '+57 310 555 4411',
          address: ['Calle 80 # 69Q-50, Bodega 12', 'Bogotá D.C., Colombia'],
          announcement: 'Envío gratis por compras superiores a $ 150.000',
          payments: ['Visa', 'Mastercard', 'PSE', 'Nequi', 'Addi', 'Efecty'],
          dateStyle: 'dmy-slash',
        }),
        path: '/producto/filamento-pla-esun-1kg-blanco/',
        fmt: { symbol: '&#36;', pos: 'left_space', thou: '.', dec: ',', decimals: 0 },
        jsonLd: 'sale',
        product: (r, s) =>
          makeProduct(r, s, {
            title: 'Filamento PLA+ eSun 1 kg Blanco',
            brand: 'eSun',
            type: 'Filamento',
            breadcrumbs: ['Filamentos', 'PLA'],
            variants: [{ title: 'Blanco', price: 45900, sku: 'ESUN-PLAP-WH', id: 1 }],
            descriptionHtml: `<p>PLA+ de eSun con mayor tenacidad que el PLA estándar. Carrete de cartón reciclable.</p><p>Envíos a toda Colombia con Servientrega e Interrapidísimo. Bogotá: entrega en 24 horas.</p>`,
            specs: FIL_SPECS,
            rating: 4.8,
            reviewCount: 96,
          }),
        notes: ['Paga en 4 cuotas de $ 11.475 sin intereses con <strong>Addi</strong>', 'IVA incluido'],
        tests:
          'Colombian pesos "$ 45.900" (left_space → &nbsp; after the &#36; span, dot thousands, no decimals) on .com.co; JSON-LD COP 45900; Addi "4 cuotas de $ 11.475"; free shipping over "$ 150.000"; related/upsell/sidebar cards in the same format',
        mustContain: (o) => [wcPrice(o, 45900), '"priceCurrency":"COP"'],
      }),

    () =>
      build({
        file: 'woocommerce-product-ar.html',
        site: site({
          name: 'Maker Store Argentina',
          domain: 'www.makerstore.com.ar',
          htmlLang: 'es-AR',
          country: 'AR',
          cur: CUR.ARS,
          phone: '+54 11 4312 5566',
          whatsapp: '+54 9 11 5555 1234',
          address: ['Av. Córdoba 3456, Piso 2', 'C1188AAR Ciudad Autónoma de Buenos Aires', 'Argentina'],
          announcement: 'Envío gratis en CABA y GBA en compras desde $ 80.000',
          payments: ['Visa', 'Mastercard', 'Mercado Pago', 'Naranja X', 'Transferencia'],
          dateStyle: 'dmy-slash',
        }),
        path: '/producto/hotend-completo-bambu-lab-0-4/',
        fmt: { symbol: '&#36;', pos: 'left_space', thou: '.', dec: ',', decimals: 2 },
        jsonLd: 'regular',
        product: (r, s) =>
          makeProduct(r, s, {
            title: 'Hotend completo para Bambu Lab P1/X1 0,4 mm',
            brand: 'Bambu Lab',
            type: 'Repuestos',
            breadcrumbs: ['Repuestos', 'Hotends'],
            variants: [{ title: '0,4 mm', price: 12345.67, compare: 14524.32, sku: 'BL-HE-04', id: 1 }],
            descriptionHtml: `<p>Hotend original con boquilla de acero endurecido 0,4 mm, termistor y calentador. Compatible con P1P, P1S, X1C y X1E.</p><p>Precio final con IVA. Factura A y B.</p>`,
            specs: [
              ['Boquilla', '0,4 mm acero endurecido'],
              ['Temperatura máxima', '300 °C'],
              ['Potencia del calentador', '48 W'],
              ['Peso', '62 g'],
              ['Garantía', '3 meses'],
            ],
            rating: 4.5,
            reviewCount: 37,
          }),
        notes: [
          '<strong>6 cuotas sin interés</strong> de $ 2.057,61',
          '<small class="precio-sin-impuestos">Precio sin impuestos nacionales: $ 10.203,03</small>',
          '15% OFF pagando por transferencia',
        ],
        tests:
          'Argentine pesos "$ 12.345,67" (dot thousands, comma cents); sale 12.345,67 from 14.524,32 while the JSON-LD states the REGULAR price 14524.32 (truth: the sale price shown); "6 cuotas sin interés de $ 2.057,61"; legally required "Precio sin impuestos nacionales: $ 10.203,03"; free shipping from $ 80.000',
        mustContain: (o) => [wcPrice(o, 12345.67), wcPrice(o, 14524.32), '$ 2.057,61', '"price":"14524.32"'],
      }),

    () =>
      build({
        file: 'woocommerce-product-pe.html',
        site: site({
          name: 'Insumos 3D Perú',
          domain: 'www.insumos3d.pe',
          htmlLang: 'es-PE',
          country: 'PE',
          cur: CUR.PEN,
          phone: '+51 1 712 3344',
          whatsapp: '+51 987 654 321',
          address: ['Av. Javier Prado Este 4200, Tienda 118', 'Santiago de Surco 15023', 'Lima, Perú'],
          announcement: 'Delivery gratis en Lima Metropolitana por compras desde S/ 250',
          payments: ['Visa', 'Mastercard', 'Yape', 'Plin', 'PagoEfectivo'],
          dateStyle: 'dmy-slash',
        }),
        path: '/producto/resina-lavable-en-agua-anycubic-1kg/',
        fmt: { symbol: 'S/', pos: 'left_space', thou: ',', dec: '.', decimals: 2 },
        jsonLd: 'sale',
        product: (r, s) =>
          makeProduct(r, s, {
            title: 'Resina lavable en agua Anycubic 1 kg Gris',
            brand: 'Anycubic',
            type: 'Resina',
            breadcrumbs: ['Resinas', 'Lavable en agua'],
            variants: [{ title: 'Gris', price: 89.9, sku: 'ANY-WW-GR', id: 1 }],
            descriptionHtml: `<p>Resina que se limpia con agua corriente, sin alcohol isopropílico. Ideal para miniaturas y prototipos.</p><p>Stock en Lima. Envíos a provincia por Olva Courier y Shalom.</p>`,
            specs: [
              ['Contenido', '1 kg'],
              ['Longitud de onda', '405 nm'],
              ['Viscosidad', '200–300 mPa·s'],
              ['Temperatura de trabajo', '25 – 35 °C'],
            ],
            rating: 4.6,
            reviewCount: 52,
          }),
        notes: ['Paga con Yape o Plin y recibe 5% de descuento', 'Precio incluye IGV'],
        tests:
          'Peruvian soles "S/ 89.90" (symbol S/ then &nbsp;) on .pe, es-PE; JSON-LD PEN; delivery threshold "S/ 250"; sidebar/related cards in S/',
        mustContain: (o) => [wcPrice(o, 89.9), '"priceCurrency":"PEN"'],
      }),

    () =>
      build({
        file: 'woocommerce-tiers-gt.html',
        site: site({
          name: 'Maker Guate',
          domain: 'www.makerguate.com.gt',
          htmlLang: 'es-GT',
          country: 'GT',
          cur: CUR.GTQ,
          phone: '+502 2334 5566',
          whatsapp: '+502 5512 3344',
          address: ['6a. Avenida 12-34, Zona 9', 'Ciudad de Guatemala 01009', 'Guatemala'],
          announcement: 'Envíos a toda Guatemala · Gratis en compras mayores a Q500',
          payments: ['Visa', 'Mastercard', 'Transferencia', 'Pago contra entrega'],
          dateStyle: 'dmy-slash',
        }),
        path: '/producto/kit-boquillas-mk8-0-4-mm-10-pzas/',
        fmt: { symbol: 'Q', pos: 'left', thou: ',', dec: '.', decimals: 2 },
        jsonLd: 'sale',
        product: (r, s) => {
          const p = makeProduct(r, s, {
            title: 'Kit de boquillas MK8 0.4 mm (10 pzas)',
            brand: 'Creality',
            type: 'Repuestos',
            breadcrumbs: ['Repuestos', 'Boquillas'],
            variants: [{ title: '0.4 mm', price: 120, sku: 'MK8-04-10', id: 1 }],
            tiers: [
              { min: 1, max: 9, price: 120 },
              { min: 10, max: 49, price: 95 },
              { min: 50, price: 82 },
            ],
            descriptionHtml: `<p>Boquillas de latón MK8 rosca M6 para Ender 3, CR-10 y compatibles. Paquete de 10 piezas.</p><p>Precio por paquete; el descuento por volumen se aplica automáticamente en el carrito.</p>`,
            specs: [
              ['Rosca', 'M6'],
              ['Diámetro de salida', '0.4 mm'],
              ['Material', 'Latón'],
              ['Contenido', '10 piezas'],
            ],
            rating: 4.4,
            reviewCount: 21,
            reviewsShown: 6,
          });
          return p;
        },
        summaryExtra: (
          o,
        ) => `<div class="tpt__tiered-pricing" data-display-context="product-page" data-display-type="table" data-product-id="1234" data-product-type="simple" data-tiered-pricing-product-type="simple">
<h3 style="clear:both;margin:20px 0">Precios por volumen</h3>
<table class="shop_table tiered-pricing-table" data-tiered-pricing-table data-product-id="1234" data-price-rules="${'{&quot;10&quot;:&quot;95&quot;,&quot;50&quot;:&quot;82&quot;}'}" data-minimum="1">
	<thead><tr><th><span class="nobr">Cantidad</span></th><th><span class="nobr">Precio</span></th></tr></thead>
	<tbody>
		<tr class="tiered-pricing--active" data-tiered-quantity="1" data-tiered-price="120" data-tiered-price-exclude-taxes="107.14" data-tiered-price-include-taxes="120"><td><span>1 - 9 pzas</span></td><td>${wcPrice(o, 120)} c/u</td></tr>
		<tr data-tiered-quantity="10" data-tiered-price="95" data-tiered-price-exclude-taxes="84.82" data-tiered-price-include-taxes="95"><td><span>10 - 49 pzas</span></td><td>${wcPrice(o, 95)} c/u</td></tr>
		<tr data-tiered-quantity="50" data-tiered-price="82" data-tiered-price-exclude-taxes="73.21" data-tiered-price-include-taxes="82"><td><span>50+ pzas</span></td><td>${wcPrice(o, 82)} c/u</td></tr>
	</tbody>
</table>
<div class="tiered-pricing-dynamic-price-wrapper">Total: <span class="tiered-pricing-dynamic-price">${wcPrice(o, 120)}</span></div>
</div>`,
        tests:
          'Guatemalan quetzal "Q120.00" on .com.gt; quantity-tier table 1–9 pzas Q120.00 c/u, 10–49 Q95.00, 50+ Q82.00 (main is the 1-unit price; tiers are its own offers; data-tiered-price attributes and price-exclude-taxes 107.14 distractors); JSON-LD GTQ 120.00; free shipping over Q500',
        mustContain: (o) => [wcPrice(o, 120), wcPrice(o, 95), wcPrice(o, 82)],
      }),

    () =>
      build({
        file: 'woocommerce-product-sv.html',
        site: site({
          name: 'Tienda Maker El Salvador',
          domain: 'www.tiendamaker.com.sv',
          htmlLang: 'es-SV',
          country: 'SV',
          cur: CUR.USD,
          phone: '+503 2250 6677',
          whatsapp: '+503 7123 4567',
          address: ['Boulevard del Hipódromo #547, Colonia San Benito', 'San Salvador, El Salvador'],
          announcement: 'Envío gratis en San Salvador en compras mayores a $40',
          payments: ['Visa', 'Mastercard', 'Chivo Wallet', 'Transferencia'],
          dateStyle: 'dmy-slash',
        }),
        path: '/producto/filamento-pla-sunlu-1kg-gris/',
        fmt: { symbol: '&#36;', pos: 'left', thou: ',', dec: '.', decimals: 2 },
        jsonLd: 'sale',
        product: (r, s) =>
          makeProduct(r, s, {
            title: 'Filamento PLA Sunlu 1 kg Gris',
            brand: 'Sunlu',
            type: 'Filamento',
            breadcrumbs: ['Filamentos', 'PLA'],
            variants: [{ title: 'Gris', price: 21.5, compare: 24.95, sku: 'SUN-PLA-GR', id: 1 }],
            descriptionHtml: `<p>PLA Sunlu de bobinado ordenado, ideal para impresoras Bambu Lab, Creality y Prusa.</p><p>Retiro en tienda sin costo en San Benito.</p>`,
            specs: FIL_SPECS,
            rating: 4.5,
            reviewCount: 19,
            reviewsShown: 6,
          }),
        notes: ['Precios incluyen IVA'],
        tests: 'El Salvador (.com.sv, es-SV): bare $ means US dollars; sale $21.50 from $24.95; JSON-LD USD',
        mustContain: (o) => [wcPrice(o, 21.5), wcPrice(o, 24.95), '"priceCurrency":"USD"'],
      }),

    () =>
      build({
        file: 'woocommerce-product-hn.html',
        site: site({
          name: 'Electrónica Maker Honduras',
          domain: 'www.makerhn.hn',
          htmlLang: 'es-HN',
          country: 'HN',
          cur: CUR.HNL,
          phone: '+504 2232 4455',
          whatsapp: '+504 9876 5432',
          address: ['Col. Palmira, Avenida República de Chile #1020', 'Tegucigalpa 11101, Honduras'],
          announcement: 'Envío gratis a todo el país en compras mayores a L 1,500',
          payments: ['Visa', 'Mastercard', 'Tigo Money', 'Transferencia'],
          dateStyle: 'dmy-slash',
        }),
        path: '/producto/cama-magnetica-pei-235x235/',
        fmt: { symbol: 'L', pos: 'left_space', thou: ',', dec: '.', decimals: 2 },
        jsonLd: 'sale',
        product: (r, s) =>
          makeProduct(r, s, {
            title: 'Cama magnética PEI 235 x 235 mm',
            brand: 'BIQU',
            type: 'Repuestos',
            breadcrumbs: ['Repuestos', 'Camas y superficies'],
            variants: [{ title: '235 x 235', price: 450, compare: 520, sku: 'BIQU-PEI-235', id: 1 }],
            descriptionHtml: `<p>Lámina de acero flexible con recubrimiento PEI texturizado y base magnética. Para Ender 3, Ender 3 V2, Neo y compatibles.</p>`,
            specs: [
              ['Medidas', '235 x 235 mm'],
              ['Grosor', '0.5 mm'],
              ['Temperatura máxima', '110 °C'],
              ['Peso', '420 g'],
            ],
            rating: 4.7,
            reviewCount: 14,
            reviewsShown: 5,
          }),
        notes: ['ISV incluido'],
        tests:
          'Honduran lempira "L 450.00" (symbol L + &nbsp;) on .hn; sale from L 520.00; JSON-LD HNL; free shipping over L 1,500',
        mustContain: (o) => [wcPrice(o, 450), wcPrice(o, 520)],
      }),

    () =>
      build({
        file: 'woocommerce-product-ch.html',
        site: site({
          name: 'Makershop Basel',
          domain: 'www.makershop-basel.ch',
          lang: 'de',
          htmlLang: 'de-CH',
          country: 'CH',
          cur: CUR.CHF,
          phone: '+41 61 271 33 44',
          address: ['Güterstrasse 120', '4053 Basel', 'Schweiz'],
          announcement: 'Kostenloser Versand ab CHF 150.–',
          payments: ['Visa', 'Mastercard', 'TWINT', 'PostFinance'],
          dateStyle: 'dmy-dot',
        }),
        path: '/produkt/prusa-core-one-bausatz/',
        fmt: { symbol: 'CHF', pos: 'left_space', thou: '’', dec: ',', decimals: 2 },
        jsonLd: 'sale',
        product: (r, s) =>
          makeProduct(r, s, {
            title: 'Prusa CORE One Bausatz',
            brand: 'Prusa',
            type: '3D-Drucker',
            breadcrumbs: ['3D-Drucker', 'Bausätze'],
            variants: [{ title: 'Bausatz', price: 1049.95, sku: 'PRUSA-C1-KIT', id: 1 }],
            descriptionHtml: `<p>CoreXY-Drucker mit geschlossenem Bauraum aus Stahl. Bausatz mit Anleitung, Zusammenbau ca. 6–8 Stunden.</p><p>Inkl. MwSt. und vRG.</p>`,
            specs: [
              ['Bauraum', '250 x 220 x 270 mm'],
              ['Gewicht', '22 kg'],
              ['Düse', '0,4 mm'],
              ['Netzspannung', '230 V'],
            ],
            rating: 4.9,
            reviewCount: 12,
            reviewsShown: 5,
          }),
        notes: ['inkl. 8,1 % MwSt.'],
        tests:
          'Swiss francs "CHF 1’049,95" (typographic apostrophe thousands, comma decimals) on .ch, de-CH; WooCommerce in German; JSON-LD CHF; free shipping from CHF 150.–',
        mustContain: (o) => [wcPrice(o, 1049.95)],
      }),

    () =>
      build({
        file: 'woocommerce-product-uy.html',
        site: site({
          name: 'Filamentos Uruguay',
          domain: 'www.filamentos.com.uy',
          htmlLang: 'es-UY',
          country: 'UY',
          cur: CUR.UYU,
          phone: '+598 2901 2345',
          whatsapp: '+598 99 123 456',
          address: ['Av. 18 de Julio 1234, Local 5', '11100 Montevideo, Uruguay'],
          announcement: 'Envío gratis en Montevideo en compras mayores a 3.000 $U',
          payments: ['Visa', 'Mastercard', 'OCA', 'Abitab', 'RedPagos', 'Mercado Pago'],
          dateStyle: 'dmy-slash',
        }),
        path: '/producto/filamento-pla-1kg-azul/',
        fmt: { symbol: '$U', pos: 'right_space', thou: '.', dec: ',', decimals: 0 },
        jsonLd: 'sale',
        product: (r, s) =>
          makeProduct(r, s, {
            title: 'Filamento PLA 1 kg Azul',
            brand: 'Sunlu',
            type: 'Filamento',
            breadcrumbs: ['Filamentos', 'PLA'],
            variants: [{ title: 'Azul', price: 1500, sku: 'UY-PLA-AZ', id: 1 }],
            descriptionHtml: `<p>PLA de excelente calidad para todo tipo de impresiones. Stock permanente en Montevideo.</p>`,
            specs: FIL_SPECS,
            rating: 4.6,
            reviewCount: 31,
            reviewsShown: 6,
          }),
        notes: ['Hasta 6 cuotas sin recargo con OCA'],
        tests:
          'Uruguayan pesos with the symbol after: "1.500 $U" (right_space, dot thousands) on .com.uy; JSON-LD UYU; free shipping over "3.000 $U"',
        mustContain: (o) => [wcPrice(o, 1500)],
      }),

    () => {
      const file = 'woocommerce-shop-archive-cl.html';
      const r = rng(file);
      const s = site({
        name: 'Impresión3D Chile',
        domain: 'www.impresion3d.cl',
        htmlLang: 'es-CL',
        country: 'CL',
        cur: CUR.CLP,
        phone: '+56 2 2345 6789',
        whatsapp: '+56 9 8765 4321',
        address: ['Av. Providencia 1650, Local 12', 'Providencia, Santiago', 'Región Metropolitana, Chile'],
        announcement: 'Despacho gratis en Santiago por compras sobre $49.990',
        payments: ['Visa', 'Mastercard', 'Webpay', 'Mach', 'Khipu'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.impresion3d.cl/tienda/';
      const cards = genCards(r, s, 24, { saleRate: 0.3 });
      const o: WooOpts = {
        site: s,
        url,
        fmt: { symbol: '&#36;', pos: 'left', thou: '.', dec: ',', decimals: 0 },
        theme: 'storefront',
        jsonLd: 'none',
        cssKb: 30,
        jsKb: 45,
      };
      const html = wooShop(r, {
        ...o,
        title: 'Tienda',
        cards,
        total: 187,
        description: 'Filamentos, resinas, repuestos e impresoras 3D con despacho a todo Chile.',
      });
      return {
        entry: {
          file,
          url,
          platform: 'woocommerce',
          country: 'CL',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, cards),
          tests:
            'WooCommerce shop archive on .cl: 24 product cards with Chilean pesos "$15.990" (dot thousands, no decimals: 15990, not 15.99); sale cards have <del>/<ins> (truth: sale price); price-filter widget min/max inputs and "Despacho gratis … sobre $49.990" are not offers; sold-out cards ("Leer más") still show a price and count',
        },
        html,
        mustContain: cards.map((c) => wcPrice(o, c.price)),
      };
    },
  ];
}
