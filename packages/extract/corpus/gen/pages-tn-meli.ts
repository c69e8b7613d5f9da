import { rng, CUR, num, EU2, type Cur } from './lib.ts';
import { type Site, genCards, makeProduct } from './parts.ts';
import { tnProduct } from './tiendanube.ts';
import { meliPdp, meliList, andes, type MeliOpts } from './meli.ts';
import { type PageDef, productTruth, listTruth } from './types.ts';

function site(
  p: Partial<Site> &
    Pick<Site, 'name' | 'domain' | 'lang' | 'htmlLang' | 'country' | 'phone' | 'address'> & { cur: Cur },
): Site {
  return {
    currencyHints: true,
    email: `contacto@${p.domain.replace(/^www\./, '')}`,
    year: 2024,
    payments: ['Visa', 'Mastercard', 'American Express', 'Mercado Pago'],
    dateStyle: 'dmy-slash',
    ...p,
  };
}

const ARS_TN: Cur = { ...CUR.ARS, fmt: (v) => '$' + num(v, EU2) };

export function tnMeliPages(): (() => PageDef)[] {
  return [
    () => {
      const file = 'tiendanube-product-ars-variants.html';
      const r = rng(file);
      const s = site({
        name: 'Resinas del Sur',
        domain: 'www.resinasdelsur.com.ar',
        lang: 'es',
        htmlLang: 'es-AR',
        country: 'AR',
        cur: ARS_TN,
        phone: '+54 351 422 3344',
        whatsapp: '+54 9 351 555 6677',
        address: ['Bv. San Juan 1020', 'X5000 Córdoba, Argentina'],
        announcement: 'Envío gratis a todo el país superando los $60.000',
        payments: ['Visa', 'Mastercard', 'Naranja X', 'Mercado Pago', 'Transferencia'],
      });
      const url = 'https://www.resinasdelsur.com.ar/productos/resina-abs-like-elegoo-gris/';
      const p = makeProduct(r, s, {
        title: 'Resina ABS-Like Elegoo Gris',
        brand: 'Elegoo',
        type: 'Resinas',
        breadcrumbs: ['Resinas', 'ABS-Like'],
        optionName: 'Presentación',
        variants: [
          { title: '500 g', price: 22999, sku: 'ELG-ABS-500', id: 1 },
          { title: '1 kg', price: 38999, sku: 'ELG-ABS-1000', id: 2 },
        ],
        descriptionHtml: `<p>Resina tipo ABS de Elegoo: más tenaz y menos quebradiza que la estándar. Ideal para piezas funcionales y encastres.</p><p>Precios con IVA incluido. Hacemos factura A.</p>`,
        specs: [
          ['Longitud de onda', '405 nm'],
          ['Contenido', '500 g / 1 kg'],
          ['Dureza', '82 D'],
          ['Densidad', '1,10 g/cm³'],
        ],
        rating: 4.7,
        reviewCount: 44,
        reviewsShown: 8,
      });
      const html = tnProduct(r, {
        site: s,
        url,
        brand: 'tiendanube',
        storeId: 1234567,
        theme: 'Amazonas',
        jsonLd: 'sale',
        installments: { n: 6, interestFree: true },
        paymentDiscount: { pct: 0.1, label: 'con Transferencia bancaria', showPrice: true },
        extraNotes: ['Precio sin impuestos nacionales: $19.007,44'],
        product: p,
        related: genCards(r, s, 8),
      });
      return {
        entry: {
          file,
          url,
          platform: 'tiendanube',
          country: 'AR',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Tiendanube (Amazonas) Argentina "$22.999,00": two variants 500 g $22.999,00 (default) and 1 kg $38.999,00 (in LS.variants/data-variants JSON, the page shows the default); data-product-price in cents (2299900); "6 cuotas sin interés de $3.833,17"; transfer price "$20.699,10 con Transferencia bancaria" (payment discount, not the offer); "Precio sin impuestos nacionales: $19.007,44"; LS.currency ARS; 8 related cards',
        },
        html,
        mustContain: ['$22.999,00', '$38.999,00', 'data-product-price="2299900"', 'code : "ARS"'],
      };
    },

    () => {
      const file = 'nuvemshop-product-brl.html';
      const r = rng(file);
      const s = site({
        name: 'Casa do Maker',
        domain: 'www.casadomaker.com.br',
        lang: 'pt',
        htmlLang: 'pt-BR',
        country: 'BR',
        cur: CUR.BRL,
        phone: '+55 41 3322-4455',
        whatsapp: '+55 41 99876-5432',
        address: ['Rua XV de Novembro, 1200 - Centro', 'Curitiba - PR, 80060-000', 'CNPJ 23.456.789/0001-10'],
        announcement: 'Frete grátis para compras acima de R$ 349,00',
        payments: ['Visa', 'Mastercard', 'Elo', 'Pix', 'Boleto'],
      });
      const url = 'https://www.casadomaker.com.br/produtos/mesa-pei-texturizada-dupla-face-257x257/';
      const p = makeProduct(r, s, {
        title: 'Mesa PEI Texturizada Dupla Face 257x257 mm',
        brand: 'Casa do Maker',
        type: 'Peças',
        breadcrumbs: ['Peças de reposição', 'Mesas'],
        variants: [{ title: 'Única', price: 199, compare: 249, sku: 'CDM-PEI-257', id: 1 }],
        descriptionHtml: `<p>Chapa de aço mola com PEI texturizado dos dois lados. Compatível com Bambu Lab X1, P1P, P1S e A1.</p><p>Enviamos em até 1 dia útil.</p>`,
        specs: [
          ['Medidas', '257 x 257 mm'],
          ['Espessura', '0,5 mm'],
          ['Temperatura máxima', '120 °C'],
          ['Peso', '380 g'],
        ],
        rating: 4.9,
        reviewCount: 67,
        reviewsShown: 8,
      });
      const html = tnProduct(r, {
        site: s,
        url,
        brand: 'nuvemshop',
        storeId: 2345678,
        theme: 'Patagonia',
        jsonLd: 'sale',
        installments: { n: 6, interestFree: true },
        paymentDiscount: { pct: 0.05, label: 'com Pix', showPrice: true },
        product: p,
        related: genCards(r, s, 8),
        alsoBought: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'tiendanube',
          country: 'BR',
          lang: 'pt',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Nuvemshop (Brazilian Tiendanube) "R$ 199,00" on sale from "R$ 249,00"; "6x de R$ 33,17 sem juros"; "R$ 189,05 com Pix" (payment discount, not the offer); og:type nuvemshop:product with nuvemshop:price; LS.currency BRL; related (8) and complementary (4) cards',
        },
        html,
        mustContain: ['R$ 199,00', 'R$ 249,00', 'R$ 33,17', 'R$ 189,05'],
      };
    },

    () => {
      const file = 'tiendanube-product-mx-jsonld-regular.html';
      const r = rng(file);
      const s = site({
        name: 'Láser & Corte GDL',
        domain: 'www.laserycorte.mx',
        lang: 'es',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 33 3826 1100',
        whatsapp: '+52 1 33 1234 9876',
        address: ['Calle Pedro Moreno 1680', 'Col. Americana, C.P. 44160', 'Guadalajara, Jal., México'],
        announcement: 'Envío gratis en compras mayores a $999',
        payments: ['Visa', 'Mastercard', 'American Express', 'Mercado Pago', 'OXXO'],
      });
      const url = 'https://www.laserycorte.mx/productos/lamina-acrilico-cristal-3mm-60x90/';
      const p = makeProduct(r, s, {
        title: 'Lámina de acrílico cristal 3 mm 60 x 90 cm',
        brand: 'Plastiglas',
        type: 'Materiales',
        breadcrumbs: ['Materiales', 'Acrílico'],
        variants: [{ title: '60 x 90 cm', price: 849, compare: 999, sku: 'ACR-CR-3-6090', id: 1 }],
        descriptionHtml: `<p>Acrílico cast (colado) transparente de 3 mm, ideal para corte y grabado láser CO2. Incluye película protectora en ambas caras.</p><p>¿Necesitas cortes a medida? Cotiza nuestro servicio de corte láser.</p>`,
        specs: [
          ['Medidas', '60 x 90 cm'],
          ['Espesor', '3 mm'],
          ['Peso', '1.9 kg'],
          ['Tipo', 'Cast (colado)'],
          ['Temperatura máxima de servicio', '80 °C'],
        ],
        rating: 4.8,
        reviewCount: 39,
        reviewsShown: 6,
      });
      const html = tnProduct(r, {
        site: s,
        url,
        brand: 'tiendanube',
        storeId: 3456789,
        theme: 'Rio',
        jsonLd: 'regular',
        installments: { n: 12, interestFree: true },
        product: p,
        related: genCards(r, s, 8),
      });
      return {
        entry: {
          file,
          url,
          platform: 'tiendanube',
          country: 'MX',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'sale price shown "$849.00" with struck "$999.00" while the JSON-LD Offer and tiendanube:price meta state the REGULAR 999.00 (truth: 849, what the shopper pays); LS.variants and data-product-price="84900" agree with the page; "12 cuotas sin interés de $70.75"; LS.currency MXN; 8 related cards',
        },
        html,
        mustContain: ['$849.00', '$999.00', '"price": "999.00"', 'data-product-price="84900"'],
      };
    },

    () => {
      const file = 'mercadolibre-pdp-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Mercado Libre',
        domain: 'www.mercadolibre.com.mx',
        lang: 'es',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '',
        address: [
          'Av. Insurgentes Sur 1602, Piso 9',
          'Col. Crédito Constructor, C.P. 03940',
          'Benito Juárez, CDMX',
        ],
      });
      const url = 'https://www.mercadolibre.com.mx/impresora-3d-creality-ender-3-v3-ke/p/MLM24859123';
      const p = makeProduct(r, s, {
        title: 'Impresora 3D Creality Ender-3 V3 KE Velocidad 500 mm/s Color Negro',
        brand: 'Creality',
        type: 'Impresoras 3D',
        breadcrumbs: ['Computación', 'Impresión', 'Impresoras 3D'],
        variants: [{ title: 'Negro', price: 4599.5, compare: 5999, sku: 'MLM24859123', id: 1 }],
        descriptionHtml: `<p>Impresora 3D de alta velocidad con nivelación automática, extrusor directo y pantalla táctil de 4.3 pulgadas.</p><p>Incluye: impresora, muestra de filamento PLA, herramientas y manual. Garantía del vendedor: 12 meses.</p>`,
        specs: [
          ['Marca', 'Creality'],
          ['Modelo', 'Ender-3 V3 KE'],
          ['Volumen de impresión', '220 mm x 220 mm x 240 mm'],
          ['Velocidad de impresión', '500 mm/s'],
          ['Peso', '7.8 kg'],
          ['Voltaje', '110V/220V'],
        ],
        rating: 4.8,
        reviewCount: 1234,
        reviewsShown: 8,
      });
      const o: MeliOpts = { site: s, url, siteId: 'MLM', stateKb: 700, jsKb: 90 };
      const html = meliPdp(r, {
        ...o,
        product: p,
        sold: '+5mil vendidos',
        seller: 'CREALITY TIENDA OFICIAL',
        instalments: {
          n: 12,
          text: (amt) => `en <span class="ui-pdp-color--GREEN">12 meses sin intereses de </span>${amt}`,
        },
        related: genCards(r, s, 10),
        alsoViewed: genCards(r, s, 10),
      });
      return {
        entry: {
          file,
          url,
          platform: 'mercadolibre',
          country: 'MX',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Mercado Libre MX marketplace PDP: andes-money-amount with __fraction "4,599" and superscript __cents "50" (4599.5, not 459950); <s> previous price $5,999; "23% OFF"; "12 meses sin intereses de $383.29" (also split); "+5mil vendidos"; og:title carries the price; JSON-LD MXN; 2 poly-card carousels (20 cards) each with instalments; ~700 KB __PRELOADED_STATE__ with other items\' prices',
        },
        html,
        mustContain: [
          andes(o, 4599.5, { cls: 'ui-pdp-price__part', size: 36, itemprop: true }),
          '<span class="andes-money-amount__fraction" aria-hidden="true">5,999</span>',
        ],
      };
    },

    () => {
      const file = 'mercadolibre-pdp-ar.html';
      const r = rng(file);
      const s = site({
        name: 'Mercado Libre',
        domain: 'www.mercadolibre.com.ar',
        lang: 'es',
        htmlLang: 'es-AR',
        country: 'AR',
        cur: CUR.ARS,
        phone: '',
        address: ['Av. Caseros 3039, Piso 2', 'CP 1264, Parque Patricios, CABA'],
      });
      const url = 'https://www.mercadolibre.com.ar/filamento-pla-grilon3-1kg-175mm/p/MLA19876543';
      const p = makeProduct(r, s, {
        title: 'Filamento Pla Grilon3 1 Kg 1.75 Mm Impresora 3d Color Negro',
        brand: 'Grilon3',
        type: 'Filamentos',
        breadcrumbs: ['Computación', 'Impresión 3D', 'Filamentos'],
        variants: [{ title: 'Negro', price: 12345.67, compare: 14999, sku: 'MLA19876543', id: 1 }],
        descriptionHtml: `<p>Filamento PLA fabricado en Argentina por Grilon3. Excelente terminación y precisión dimensional.</p><p>Facturamos A y B. Envíos a todo el país.</p>`,
        specs: [
          ['Marca', 'Grilon3'],
          ['Material', 'PLA'],
          ['Diámetro', '1.75 mm'],
          ['Peso neto', '1 kg'],
          ['Temperatura de impresión', '190 °C - 220 °C'],
        ],
        rating: 4.7,
        reviewCount: 862,
        reviewsShown: 8,
      });
      const o: MeliOpts = { site: s, url, siteId: 'MLA', stateKb: 400, jsKb: 80 };
      const html = meliPdp(r, {
        ...o,
        product: p,
        sold: '+1000 vendidos',
        seller: 'GRILON3 OFICIAL',
        instalments: { n: 6, text: (amt) => `Mismo precio en 6 cuotas de ${amt}` },
        extraPriceLines: ['Precio sin impuestos nacionales: $ 10.203,03'],
        related: genCards(r, s, 10),
        alsoViewed: genCards(r, s, 10),
      });
      return {
        entry: {
          file,
          url,
          platform: 'mercadolibre',
          country: 'AR',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Mercado Libre AR: __fraction "12.345" (dot thousands) + superscript __cents "67" = 12345.67; previous price $ 14.999; "Mismo precio en 6 cuotas de $ 2.057,61"; "Precio sin impuestos nacionales: $ 10.203,03"; "+1000 vendidos"; 20 recommendation cards',
        },
        html,
        mustContain: [andes(o, 12345.67, { cls: 'ui-pdp-price__part', size: 36, itemprop: true })],
      };
    },

    () => {
      const file = 'mercadolivre-pdp-br.html';
      const r = rng(file);
      const s = site({
        name: 'Mercado Livre',
        domain: 'www.mercadolivre.com.br',
        lang: 'pt',
        htmlLang: 'pt-BR',
        country: 'BR',
        cur: CUR.BRL,
        phone: '',
        address: ['Av. das Nações Unidas, 3.003', 'Bonfim, Osasco/SP - CEP 06233-903'],
      });
      const url = 'https://www.mercadolivre.com.br/impressora-3d-creality-ender-3-v3-se/p/MLB27456123';
      const p = makeProduct(r, s, {
        title: 'Impressora 3D Creality Ender-3 V3 SE Cor Preto 110V/220V',
        brand: 'Creality',
        type: 'Impressoras 3D',
        breadcrumbs: ['Informática', 'Impressão 3D', 'Impressoras 3D'],
        variants: [{ title: 'Preto', price: 1299.9, compare: 1599, sku: 'MLB27456123', id: 1 }],
        descriptionHtml: `<p>Impressora 3D com nivelamento automático e extrusora direta. Pronta para imprimir em 20 minutos.</p><p>Nota fiscal e garantia de 12 meses.</p>`,
        specs: [
          ['Marca', 'Creality'],
          ['Modelo', 'Ender-3 V3 SE'],
          ['Volume de impressão', '220 x 220 x 250 mm'],
          ['Velocidade', '250 mm/s'],
          ['Peso', '7,3 kg'],
        ],
        rating: 4.6,
        reviewCount: 2051,
        reviewsShown: 8,
      });
      const o: MeliOpts = { site: s, url, siteId: 'MLB', stateKb: 500, jsKb: 80 };
      const html = meliPdp(r, {
        ...o,
        product: p,
        sold: '+10mil vendidos',
        seller: 'CREALITY LOJA OFICIAL',
        instalments: {
          n: 10,
          text: (amt) => `em <span class="ui-pdp-color--GREEN">10x ${amt} sem juros</span>`,
        },
        related: genCards(r, s, 10),
        alsoViewed: genCards(r, s, 10),
      });
      return {
        entry: {
          file,
          url,
          platform: 'mercadolibre',
          country: 'BR',
          lang: 'pt',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Mercado Livre BR: "R$" + __fraction "1.299" + superscript __cents "90" = 1299.9; previous R$ 1.599; "em 10x R$ 129,99 sem juros" (split); "+10mil vendidos"; 20 poly-cards; JSON-LD BRL',
        },
        html,
        mustContain: [andes(o, 1299.9, { cls: 'ui-pdp-price__part', size: 36, itemprop: true })],
      };
    },

    () => {
      const file = 'mercadolibre-listing-co.html';
      const r = rng(file);
      const s = site({
        name: 'Mercado Libre',
        domain: 'www.mercadolibre.com.co',
        lang: 'es',
        htmlLang: 'es-CO',
        country: 'CO',
        cur: CUR.COP,
        phone: '',
        address: ['Carrera 17 # 93-09', 'Bogotá D.C., Colombia'],
      });
      const url = 'https://listado.mercadolibre.com.co/filamento-pla';
      const cards = genCards(r, s, 20, { saleRate: 0.4 });
      const o: MeliOpts = { site: s, url, siteId: 'MCO', jsKb: 80 };
      const html = meliList(r, { ...o, query: 'Filamento pla', cards, total: 1331 });
      return {
        entry: {
          file,
          url,
          platform: 'mercadolibre',
          country: 'CO',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, cards),
          tests:
            'Mercado Libre Colombia search listing: 20 poly-cards, current price in .poly-price__current andes-money-amount "$ 45.900" (dot thousands, no cents); many with <s> previous price and "% OFF"; each with "Mismo precio en 3 cuotas de $ …" (not an offer); sidebar price-range filters "Hasta $ 60.000" are not offers; __PRELOADED_STATE__ repeats the prices',
        },
        html,
        mustContain: cards.map(
          (c) =>
            `<span class="andes-money-amount__fraction" aria-hidden="true">${c.price.toLocaleString('de-DE')}</span>`,
        ),
      };
    },
  ];
}
