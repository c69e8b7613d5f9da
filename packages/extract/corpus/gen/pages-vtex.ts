import { rng, CUR, type Cur } from './lib.ts';
import { type Site, genCards, makeProduct } from './parts.ts';
import { vtexProduct, vtexSearch, vtexSplit, vtexText, type VtexOpts, type VtexCulture } from './vtex.ts';
import { type PageDef, productTruth, listTruth } from './types.ts';

function site(
  p: Partial<Site> &
    Pick<Site, 'name' | 'domain' | 'lang' | 'htmlLang' | 'country' | 'phone' | 'address'> & { cur: Cur },
): Site {
  return {
    currencyHints: true,
    email: `atendimento@${p.domain.replace(/^www\./, '')}`,
    year: 2024,
    payments: ['Visa', 'Mastercard', 'American Express', 'Elo', 'Pix', 'Boleto'],
    dateStyle: 'dmy-slash',
    ...p,
  };
}

const BRL: VtexCulture = {
  country: 'BRA',
  locale: 'pt-BR',
  currency: 'BRL',
  symbol: 'R$',
  group: '.',
  decimal: ',',
  fractionDigits: 2,
  literal: true,
};
const COP: VtexCulture = {
  country: 'COL',
  locale: 'es-CO',
  currency: 'COP',
  symbol: '$',
  group: '.',
  decimal: ',',
  fractionDigits: 0,
  literal: true,
};
const MXN: VtexCulture = {
  country: 'MEX',
  locale: 'es-MX',
  currency: 'MXN',
  symbol: '$',
  group: ',',
  decimal: '.',
  fractionDigits: 2,
  literal: false,
};
const USD_EC: VtexCulture = {
  country: 'ECU',
  locale: 'es-EC',
  currency: 'USD',
  symbol: '$',
  group: '.',
  decimal: ',',
  fractionDigits: 2,
  literal: false,
};

export function vtexPages(): (() => PageDef)[] {
  return [
    () => {
      const file = 'vtex-product-brl.html';
      const r = rng(file);
      const s = site({
        name: 'Loja Maker Brasil',
        domain: 'www.lojamakerbrasil.com.br',
        lang: 'pt',
        htmlLang: 'pt-BR',
        country: 'BR',
        cur: CUR.BRL,
        phone: '+55 11 3456-7890',
        whatsapp: '+55 11 98765-4321',
        address: [
          'Rua Vergueiro, 1855 - Vila Mariana',
          'São Paulo - SP, 04101-000',
          'CNPJ 12.345.678/0001-90',
        ],
        announcement: 'Frete grátis para Sul e Sudeste em compras acima de R$ 299,00',
      });
      const url = 'https://www.lojamakerbrasil.com.br/impressora-3d-creality-ender-3-v3-se/p';
      const p = makeProduct(r, s, {
        title: 'Impressora 3D Creality Ender-3 V3 SE',
        handle: 'impressora-3d-creality-ender-3-v3-se',
        brand: 'Creality',
        type: 'Impressoras 3D',
        breadcrumbs: ['Impressoras 3D', 'FDM'],
        variants: [{ title: 'Bivolt', price: 1299.9, compare: 1599.9, sku: '1000245', id: 1 }],
        descriptionHtml: `<p>A Ender-3 V3 SE traz nivelamento automático CR Touch, extrusora direta "Sprite" e velocidade de até 250 mm/s. Montagem em 20 minutos.</p><p>Acompanha: 1 rolo de PLA de amostra, ferramentas, cartão micro SD e manual em português. Garantia de 12 meses com assistência técnica em São Paulo.</p>`,
        specs: [
          ['Volume de impressão', '220 x 220 x 250 mm'],
          ['Velocidade máxima', '250 mm/s'],
          ['Temperatura do bico', '260 °C'],
          ['Temperatura da mesa', '100 °C'],
          ['Peso', '7,2 kg'],
          ['Tensão', 'Bivolt'],
          ['Diâmetro do filamento', '1,75 mm'],
        ],
        rating: 4.7,
        reviewCount: 231,
      });
      const o: VtexOpts = {
        site: s,
        url,
        account: 'lojamakerbr',
        culture: BRL,
        cssKb: 60,
        jsKb: 120,
        stateExtra: 14,
      };
      const pix = 0.05;
      const html = vtexProduct(r, {
        ...o,
        product: p,
        installmentsMax: 10,
        pixDiscount: pix,
        shelves: [
          ['Quem viu, viu também', genCards(r, s, 12)],
          ['Você também pode gostar', genCards(r, s, 12)],
          ['Acessórios recomendados', genCards(r, s, 8)],
        ],
      });
      return {
        entry: {
          file,
          url,
          platform: 'vtex',
          country: 'BR',
          lang: 'pt',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'VTEX IO: price split into currencyCode/currencyLiteral/currencyInteger/currencyGroup/currencyDecimal/currencyFraction spans ("R$ 1.299,90"); struck listPrice R$ 1.599,90; "Economize R$ 300,00"; "em até 10x de R$ 129,99 sem juros"; Pix spot price R$ 1.234,91 (a payment-method discount, not the offer); __STATE__ Apollo cache (~1.5 MB) with Price/ListPrice and 48 installments for ~100 products; __RUNTIME__ culture currency BRL; 3 shelves (32 cards) with split prices',
        },
        html,
        mustContain: [
          vtexSplit(o, 1299.9),
          vtexSplit(o, 1599.9),
          vtexSplit(o, 129.99),
          vtexText(o, 300),
          '"currency":"BRL"',
        ],
      };
    },

    () => {
      const file = 'vtex-product-cop.html';
      const r = rng(file);
      const s = site({
        name: 'Tecnoplaza Colombia',
        domain: 'www.tecnoplaza.com.co',
        lang: 'es',
        htmlLang: 'es-CO',
        country: 'CO',
        cur: CUR.COP,
        phone: '+57 604 444 1234',
        whatsapp: '+57 300 123 4567',
        address: ['Carrera 43A # 1 Sur - 100, Local 215', 'Medellín, Antioquia, Colombia'],
        announcement: 'Envío gratis a toda Colombia por compras superiores a $ 199.900',
        payments: ['Visa', 'Mastercard', 'PSE', 'Nequi', 'Daviplata', 'Efecty'],
      });
      const url = 'https://www.tecnoplaza.com.co/impresora-3d-creality-k1c/p';
      const p = makeProduct(r, s, {
        title: 'Impresora 3D Creality K1C',
        handle: 'impresora-3d-creality-k1c',
        brand: 'Creality',
        type: 'Impresoras 3D',
        breadcrumbs: ['Impresoras 3D', 'FDM'],
        variants: [{ title: 'Única', price: 2499900, compare: 2999900, sku: '30045871', id: 1 }],
        descriptionHtml: `<p>Impresora CoreXY cerrada con velocidad de hasta 600 mm/s, cámara con IA y boquilla de acero endurecido lista para fibra de carbono.</p><p>Garantía de 12 meses directamente con Tecnoplaza. Soporte técnico en Medellín y Bogotá.</p>`,
        specs: [
          ['Volumen de impresión', '220 x 220 x 250 mm'],
          ['Velocidad máxima', '600 mm/s'],
          ['Temperatura de boquilla', '300 °C'],
          ['Peso', '12,5 kg'],
          ['Voltaje', '110 V'],
        ],
        rating: 4.6,
        reviewCount: 58,
      });
      const o: VtexOpts = {
        site: s,
        url,
        account: 'tecnoplazaco',
        culture: COP,
        cssKb: 50,
        jsKb: 100,
        stateExtra: 30,
      };
      const html = vtexProduct(r, {
        ...o,
        product: p,
        installmentsMax: 12,
        shelves: [
          ['También te puede interesar', genCards(r, s, 12)],
          ['Vistos recientemente', genCards(r, s, 6)],
        ],
      });
      return {
        entry: {
          file,
          url,
          platform: 'vtex',
          country: 'CO',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'VTEX Colombia: "$ 2.499.900" split into currencyInteger/currencyGroup spans with dot groups and no decimals (2499900, not 2499.9); list price $ 2.999.900; "Hasta 12x de $ 208.325 sin intereses"; __RUNTIME__ culture COP with customCurrencyDecimalDigits 0; shelves (18 cards)',
        },
        html,
        mustContain: [vtexSplit(o, 2499900), vtexSplit(o, 2999900), vtexSplit(o, 208325)],
      };
    },

    () => {
      const file = 'vtex-product-ec-usd.html';
      const r = rng(file);
      const s = site({
        name: 'MegaMaker Ecuador',
        domain: 'www.megamaker.com.ec',
        lang: 'es',
        htmlLang: 'es-EC',
        country: 'EC',
        cur: CUR.USD,
        phone: '+593 2 245 6789',
        whatsapp: '+593 99 876 5432',
        address: ['Av. República de El Salvador N34-183 y Suiza', 'Quito 170505, Ecuador'],
        announcement: 'Envío gratis a todo Ecuador en compras mayores a $60',
        payments: ['Visa', 'Mastercard', 'Diners Club', 'Transferencia', 'PayPhone'],
      });
      const url = 'https://www.megamaker.com.ec/filamento-pla-premium-1kg/p';
      const p = makeProduct(r, s, {
        title: 'Filamento PLA Premium 1 kg 1.75 mm',
        handle: 'filamento-pla-premium-1kg',
        brand: 'Polymaker',
        type: 'Filamentos',
        breadcrumbs: ['Filamentos', 'PLA'],
        optionName: 'Color',
        variants: [
          { title: 'Negro', price: 21.5, compare: 24.9, sku: '5501', id: 1 },
          { title: 'Blanco', price: 21.5, compare: 24.9, sku: '5502', id: 2 },
        ],
        descriptionHtml: `<p>PLA de alta calidad con tolerancia ± 0.02 mm. Precio incluye IVA 15%.</p>`,
        specs: [
          ['Peso', '1 kg'],
          ['Diámetro', '1.75 mm'],
          ['Temperatura', '190 – 220 °C'],
          ['Origen', 'China'],
        ],
        rating: 4.5,
        reviewCount: 27,
        reviewsShown: 6,
      });
      const o: VtexOpts = {
        site: s,
        url,
        account: 'megamakerec',
        culture: USD_EC,
        cssKb: 40,
        jsKb: 70,
        stateExtra: 10,
      };
      const html = vtexProduct(r, {
        ...o,
        product: p,
        installmentsMax: 6,
        shelves: [['Productos relacionados', genCards(r, s, 10)]],
      });
      return {
        entry: {
          file,
          url,
          platform: 'vtex',
          country: 'EC',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Ecuador (.com.ec, es-EC): bare $ is US dollars, printed the es-EC way "$21,50" (comma decimals, split spans); list price $24,90; two colour variants at one price; culture currency USD; 10-card shelf',
        },
        html,
        mustContain: [vtexSplit(o, 21.5), vtexSplit(o, 24.9)],
      };
    },

    () => {
      const file = 'vtex-search-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Tu Tienda Maker',
        domain: 'www.tutiendamaker.com.mx',
        lang: 'es',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 33 3615 2200',
        address: ['Av. Vallarta 3233, Local 8', 'Col. Vallarta Poniente, C.P. 44110', 'Guadalajara, Jalisco'],
        announcement: 'Envío gratis en compras mayores a $999',
        payments: ['Visa', 'Mastercard', 'American Express', 'PayPal', 'OXXO', 'SPEI'],
      });
      const url = 'https://www.tutiendamaker.com.mx/filamento?_q=filamento&map=ft';
      const cards = genCards(r, s, 24, { saleRate: 0.35 });
      const o: VtexOpts = {
        site: s,
        url,
        account: 'tutiendamaker',
        culture: MXN,
        cssKb: 50,
        jsKb: 90,
        stateExtra: 24,
      };
      const html = vtexSearch(r, { ...o, term: 'filamento', cards, total: 137 });
      return {
        entry: {
          file,
          url,
          platform: 'vtex',
          country: 'MX',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, cards),
          tests:
            'VTEX search result ("filamento", 137 results, first 24 rendered): every product-summary has a split sellingPrice (truth), some a struck listPrice, all an instalment line "Hasta 6x de $… sin intereses" (not offers); price-range filter labels; __STATE__ also holds 24 extra prefetched products that are not rendered (not offers); every rendered card counts, whatever its stock',
        },
        html,
        mustContain: cards.map((c) => vtexSplit(o, c.price)),
      };
    },
  ];
}
